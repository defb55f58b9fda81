package ui

import (
	"strings"
	"testing"

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
		sendKey(m, k)
	}
	m.Update(click(5, 5))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.cur != screen(b) || len(lm(b).moves) != 0 || b.ended() {
		t.Fatalf("keys acted on the hidden board: screen %T, %d moves, ended %v", m.cur, len(lm(b).moves), b.ended())
	}
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	m.Update(keyMsg("?"))
	if !b.help.ShowAll {
		t.Fatal("? should still toggle the help")
	}
	m.Update(keyMsg("?"))
	if cmd := press(m, "ctrl+c"); cmd == nil {
		t.Fatal("ctrl+c should still quit")
	}

	// Against the AI, space must not make it move while hidden.
	m, b = newVsAI(t, ai.Max)
	press(m, "enter")
	job := lm(b).job
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	m.Update(keyMsg(" "))
	if job == nil || job.ctx.Err() != nil {
		t.Fatal("space on the hidden board made the AI move now")
	}
	lm(b).cancelJob()
}

// endGameQuad5 plays x's square in Quad 5×5 by keys.
func endGameQuad5(t *testing.T, w, h int) (*Model, *boardScreen) {
	m, b := newTestClient(t, "quad5", w, h)
	for _, p := range []pos{{1, 1}, {0, 1}, {1, 3}, {0, 2}, {3, 3}, {0, 3}, {3, 1}} {
		for _, k := range keysTo(b.cur, p, 0) {
			sendKey(m, k)
		}
		m.Update(keyMsg("enter"))
	}
	if !b.ended() {
		t.Fatalf("the game did not end:\n%s", viewText(m))
	}
	return m, b
}

// The end-of-game buttons are drawn where the layout says, and a click on
// each does what it says, at every size.
func TestEndButtons(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 35}, {160, 50}} {
		for _, want := range []endAction{endRematch, endNewGame, endMenu} {
			m, b := endGameQuad5(t, sz[0], sz[1])
			l := b.layout()
			if len(l.buttons) != 3 {
				t.Fatalf("%v: %d buttons", sz, len(l.buttons))
			}
			lines := strings.Split(viewText(m), "\n")
			var hit button
			for _, bt := range l.buttons {
				row := []rune(lines[bt.y])
				if bt.x+bt.w > len(row) || string(row[bt.x:bt.x+bt.w]) != bt.label {
					t.Fatalf("%v: button %q not drawn at (%d,%d): %q", sz, bt.label, bt.x, bt.y, lines[bt.y])
				}
				if bt.action == want {
					hit = bt
				}
			}
			m.Update(click(hit.x+hit.w-1, hit.y))
			switch s := m.cur.(type) {
			case *boardScreen:
				if want != endRematch || s == b || len(lm(s).moves) != 0 {
					t.Fatalf("%v %q: board %v moves %d", sz, hit.label, s == b, len(lm(s).moves))
				}
			case *setupScreen:
				if want != endNewGame {
					t.Fatalf("%v %q opened the setup", sz, hit.label)
				}
			case *menuScreen:
				if want != endMenu {
					t.Fatalf("%v %q opened the menu", sz, hit.label)
				}
			default:
				t.Fatalf("%v %q: %T", sz, hit.label, m.cur)
			}
		}
	}
	// No buttons while the game goes on: a click there is a click on the panel.
	_, b := newTestClient(t, "quad5", 80, 24)
	if len(b.layout().buttons) != 0 {
		t.Fatal("buttons before the end")
	}
}

// A key that means nothing on the board says so instead of doing nothing.
func TestUnknownKeySaysSo(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	m.Update(keyMsg("Z"))
	if !b.isErr || !strings.Contains(b.status, "? shows the keys") {
		t.Fatalf("status %q", b.status)
	}
}

// Issue 23, defect 10: once ? has expanded the key help (menu and
// board), ? is listed as folding it, not as "more keys".
func TestExpandedHelpOffersFewerKeys(t *testing.T) {
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(keyMsg("?"))
	if v := viewText(m); strings.Contains(v, "more keys") || !strings.Contains(v, "fewer keys") {
		t.Errorf("the menu's expanded help:\n%s", v)
	}
	m, _ = newTestClient(t, "quad5", 120, 40)
	m.Update(keyMsg("?"))
	if v := viewText(m); strings.Contains(v, "more keys") || !strings.Contains(v, "fewer keys") {
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
		var hit button
		for _, bt := range b.layout().buttons {
			if bt.action == endMenu {
				hit = bt
			}
		}
		m.Update(click(hit.x, hit.y))
		mn, ok := m.cur.(*menuScreen)
		if !ok {
			t.Fatalf("%v: the press on [ Menu ] opened %T", sz, m.cur)
		}
		m.Update(tea.MouseReleaseMsg{X: hit.x, Y: hit.y, Button: tea.MouseLeft})
		if m.cur != screen(mn) {
			t.Fatalf("%v: the release after [ Menu ] went on to %T", sz, m.cur)
		}
	}
}
