package ui

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
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
	if !b.Help.ShowAll {
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

// quad5Square is the game the tests end by keys: x's square in Quad 5×5,
// r2c2, r2c4, r4c4, r4c2 against o's r1c2, r1c3, r1c4.
var quad5Square = []adapters.Pos{{Row: 1, Col: 1}, {Row: 0, Col: 1}, {Row: 1, Col: 3}, {Row: 0, Col: 2}, {Row: 3, Col: 3}, {Row: 0, Col: 3}, {Row: 3, Col: 1}}

// quad5SquareKeys are the key messages that play quad5Square from the
// cursor's start at the centre.
func quad5SquareKeys() []tea.Msg {
	var msgs []tea.Msg
	cur := adapters.Pos{Row: 2, Col: 2}
	for _, p := range quad5Square {
		for _, k := range keysTo(cur, p, 0) {
			msgs = append(msgs, uitest.Keys(k)...)
		}
		msgs = append(msgs, uitest.Key("enter"))
		cur = p
	}
	return msgs
}

// endGameQuad5 plays x's square in Quad 5×5 by keys.
func endGameQuad5(t *testing.T, w, h int) (*Model, *board.BoardScreen) {
	m, b := newTestClient(t, "quad5", w, h)
	for _, p := range quad5Square {
		for _, k := range keysTo(b.CursorCell, p, 0) {
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
		for _, want := range []board.EndAction{board.EndRematch, board.EndNewGame, board.EndMenu} {
			m, b := endGameQuad5(t, sz[0], sz[1])
			l := b.Layout()
			if len(l.Buttons) != 3 {
				t.Fatalf("%v: %d buttons", sz, len(l.Buttons))
			}
			lines := strings.Split(uitest.ViewText(m), "\n")
			var hit board.Button
			for _, bt := range l.Buttons {
				row := []rune(lines[bt.Y])
				if bt.X+bt.W > len(row) || string(row[bt.X:bt.X+bt.W]) != bt.Label {
					t.Fatalf("%v: button %q not drawn at (%d,%d): %q", sz, bt.Label, bt.X, bt.Y, lines[bt.Y])
				}
				if bt.Action == want {
					hit = bt
				}
			}
			m.Update(uitest.Click(hit.X+hit.W-1, hit.Y))
			switch s := m.Cur.(type) {
			case *board.BoardScreen:
				if want != board.EndRematch || s == b || len(lm(s).Moves()) != 0 {
					t.Fatalf("%v %q: board %v moves %d", sz, hit.Label, s == b, len(lm(s).Moves()))
				}
			case *pages.SetupScreen:
				if want != board.EndNewGame {
					t.Fatalf("%v %q opened the setup", sz, hit.Label)
				}
			case *pages.MenuScreen:
				if want != board.EndMenu {
					t.Fatalf("%v %q opened the menu", sz, hit.Label)
				}
			default:
				t.Fatalf("%v %q: %T", sz, hit.Label, m.Cur)
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

// Issue 23, defect 10: once ? has expanded the key help (menu and
// board), ? is listed as folding it, not as "more keys".
func TestExpandedHelpOffersFewerKeys(t *testing.T) {
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(uitest.Key("?"))
	if v := uitest.ViewText(m); strings.Contains(v, "more keys") || !strings.Contains(v, "fewer keys") {
		t.Errorf("the menu's expanded help:\n%s", v)
	}
	m, _ = newTestClient(t, "quad5", 120, 40)
	m.Update(uitest.Key("?"))
	if v := uitest.ViewText(m); strings.Contains(v, "more keys") || !strings.Contains(v, "fewer keys") {
		t.Errorf("the board's expanded help:\n%s", v)
	}
}

// Issue 23, defect 3: a click is a press and a release. The press on the
// result's [ Menu ] opens the menu; the release that follows must not
// also choose the menu item under the pointer (it resumed a saved game).
// Every screen acts on the press.
func TestClickOnMenuButtonDoesNotClickThrough(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 35}} {
		m, b := endGameQuad5(t, sz[0], sz[1])
		var hit board.Button
		for _, bt := range b.Layout().Buttons {
			if bt.Action == board.EndMenu {
				hit = bt
			}
		}
		m.Update(uitest.Click(hit.X, hit.Y))
		mn, ok := m.Cur.(*pages.MenuScreen)
		if !ok {
			t.Fatalf("%v: the press on [ Menu ] opened %T", sz, m.Cur)
		}
		m.Update(tea.MouseReleaseMsg{X: hit.X, Y: hit.Y, Button: tea.MouseLeft})
		if m.Cur != common.Screen(mn) {
			t.Fatalf("%v: the release after [ Menu ] went on to %T", sz, m.Cur)
		}
	}
}
