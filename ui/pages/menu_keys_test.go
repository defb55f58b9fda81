package pages

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// Issue 23, defect 3: a click is a press and a release. The press on the
// result's [ Menu ] opens the menu; the release that follows must not
// also choose the menu item under the pointer (it resumed a saved game).
// Every screen acts on the press.
func TestClickOnMenuButtonDoesNotClickThrough(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 35}} {
		m, b := newTestClient(t, "quad5", sz[0], sz[1])
		uitest.Send(m, uitest.Quad5SquareKeys()...)
		if !b.Ended() {
			t.Fatalf("the game did not end:\n%s", uitest.ViewText(m))
		}
		var hit board.Button
		for _, bt := range b.Layout().Buttons {
			if bt.Action == board.EndMenu {
				hit = bt
			}
		}
		m.Update(uitest.Click(hit.X, hit.Y))
		mn, ok := m.Cur.(*menuScreen)
		if !ok {
			t.Fatalf("%v: the press on [ Menu ] opened %T", sz, m.Cur)
		}
		m.Update(tea.MouseReleaseMsg{X: hit.X, Y: hit.Y, Button: tea.MouseLeft})
		if m.Cur != common.Screen(mn) {
			t.Fatalf("%v: the release after [ Menu ] went on to %T", sz, m.Cur)
		}
	}
}

// Issue 23, defect 10: once ? has expanded the menu's key help, ? is
// listed as folding it, not as "more keys" (the board's:
// TestExpandedHelpOffersFewerKeys in ui/board).
func TestMenuExpandedHelpOffersFewerKeys(t *testing.T) {
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(uitest.Key("?"))
	if v := uitest.ViewText(m); strings.Contains(v, "more keys") || !strings.Contains(v, "fewer keys") {
		t.Errorf("the menu's expanded help:\n%s", v)
	}
}

// The setup of a new game offers the clocks with c (a game's clocks:
// TestLocalClockRunsAndIsSaved in ui/board).
func TestSetupOffersAClock(t *testing.T) {
	m, _ := newTestClient(t, "quad5", 80, 24)
	m.Update(uitest.Key("n")) // the setup of a new game
	m.Update(uitest.Key("c"))
	if v := uitest.ViewText(m); !strings.Contains(v, "clock: 5 min + 3 s") {
		t.Fatalf("c does not choose a clock:\n%s", v)
	}
}
