package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/tabletop/tabletop/ai"
)

// Issue 12, defect 2: while the board is hidden (too small), keys do
// not play, resign or make the AI move; resize, quit and help still act.
func TestNoKeysActOnAHiddenBoard(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	for _, k := range []string{"enter", " ", "r", "y", "u", "n", "m"} {
		uitest.Press(m, k)
	}
	m.Update(uitest.Click(5, 5))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.Cur != common.Screen(b) || len(lm(b).Moves()) != 0 || b.Ended() {
		t.Fatalf("keys acted on the hidden board: screen %T, %d moves, ended %v", m.Cur, len(lm(b).Moves()), b.Ended())
	}
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	m.Update(uitest.Key("?"))
	if !b.help.ShowAll {
		t.Fatal("? should still toggle the help")
	}
	m.Update(uitest.Key("?"))
	if cmd := uitest.Press(m, "ctrl+c"); cmd == nil {
		t.Fatal("ctrl+c should still quit")
	}

	// Against the AI, space must not make it move while hidden.
	m, b = newVsAI(t, ai.Max)
	uitest.Press(m, "enter")
	job := lm(b).Job
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	m.Update(uitest.Key(" "))
	if job == nil || job.Ctx.Err() != nil {
		t.Fatal("space on the hidden board made the AI move now")
	}
	lm(b).CancelJob()
}

// endGameQuad5 plays x's square in Quad 5×5 by keys.
func endGameQuad5(t *testing.T, w, h int) (*common.Shell, *BoardScreen) {
	m, b := newTestClient(t, "quad5", w, h)
	for _, p := range uitest.Quad5Square {
		for _, k := range uitest.KeysTo(b.cursorCell.Row, b.cursorCell.Col, p[0], p[1], 0) {
			uitest.Press(m, k)
		}
		m.Update(uitest.Key("enter"))
	}
	if !b.Ended() {
		t.Fatalf("the game did not end:\n%s", uitest.ViewText(m))
	}
	return m, b
}

// The end-of-game buttons are drawn where the layout says, and a click on
// each does what it says, at every size.
func TestEndButtons(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 35}, {160, 50}} {
		for _, want := range []endAction{endRematch, endNewGame, EndMenu} {
			m, b := endGameQuad5(t, sz[0], sz[1])
			l := b.Layout()
			if len(l.Buttons) != 3 {
				t.Fatalf("%v: %d buttons", sz, len(l.Buttons))
			}
			lines := strings.Split(uitest.ViewText(m), "\n")
			var hit Button
			for _, bt := range l.Buttons {
				row := []rune(lines[bt.Y])
				if bt.X+bt.w > len(row) || string(row[bt.X:bt.X+bt.w]) != bt.label {
					t.Fatalf("%v: button %q not drawn at (%d,%d): %q", sz, bt.label, bt.X, bt.Y, lines[bt.Y])
				}
				if bt.Action == want {
					hit = bt
				}
			}
			m.Update(uitest.Click(hit.X+hit.w-1, hit.Y))
			switch s := m.Cur.(type) {
			case *BoardScreen:
				if want != endRematch || s == b || len(lm(s).Moves()) != 0 {
					t.Fatalf("%v %q: board %v moves %d", sz, hit.label, s == b, len(lm(s).Moves()))
				}
			case *opened:
				if what := map[endAction]string{endNewGame: "setup quad5", EndMenu: "menu"}[want]; s.what != what {
					t.Fatalf("%v %q opened the %s", sz, hit.label, s.what)
				}
			default:
				t.Fatalf("%v %q: %T", sz, hit.label, m.Cur)
			}
		}
	}
	// No buttons while the game goes on: a click there is a click on the panel.
	_, b := newTestClient(t, "quad5", 80, 24)
	if len(b.Layout().Buttons) != 0 {
		t.Fatal("buttons before the end")
	}
}

// A key that means nothing on the board says so instead of doing nothing.
func TestUnknownKeySaysSo(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	m.Update(uitest.Key("Z"))
	if !b.IsErr || !strings.Contains(b.Status, "? shows the keys") {
		t.Fatalf("status %q", b.Status)
	}
}

// Issue 23, defect 10: once ? has expanded the key help (the board's;
// the menu's is TestMenuExpandedHelpOffersFewerKeys in ui/pages), ? is
// listed as folding it, not as "more keys".
func TestExpandedHelpOffersFewerKeys(t *testing.T) {
	m, _ := newTestClient(t, "quad5", 120, 40)
	m.Update(uitest.Key("?"))
	if v := uitest.ViewText(m); strings.Contains(v, "more keys") || !strings.Contains(v, "fewer keys") {
		t.Errorf("the board's expanded help:\n%s", v)
	}
}
