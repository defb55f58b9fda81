package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/rooms"
)

// Issue 12, defect 4: a menu description that does not fit ends in "…".
func TestMenuDescriptionsShowTheyAreCut(t *testing.T) {
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := uitest.ViewText(m); !strings.Contains(v, "own the four …") && !strings.Contains(v, "own the four…") {
		t.Fatalf("cut descriptions do not end in …:\n%s", v)
	}
	if v := uitest.ViewText(m); !strings.Contains(v, "tilted ones too.") {
		t.Fatalf("the selected item's description is not shown whole:\n%s", v)
	}
}

// Issue 23, defect 8: the menu comes back with its cursor on the item
// last chosen (Esc from the room list or the ratings put it at the top).
func TestMenuCursorComesBackToTheChosenItem(t *testing.T) {
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Remote: true, Standings: &fakeStandings{},
		Player: rooms.Player{ID: "SHA256:ana", Name: "ana"}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for {
		mn := m.Cur.(*menuScreen)
		if it, ok := mn.list.selected(); ok && it.title == "Ratings" {
			break
		}
		before := mn.list.Index()
		m.Update(uitest.Key("down"))
		if mn.list.Index() == before {
			t.Fatal("no Ratings item in the menu")
		}
	}
	m.Update(uitest.Key("enter"))
	if _, ok := m.Cur.(*standingsScreen); !ok {
		t.Fatalf("enter on Ratings opened %T", m.Cur)
	}
	m.Update(uitest.Key("esc"))
	mn, ok := m.Cur.(*menuScreen)
	if !ok {
		t.Fatalf("esc from the ratings went to %T", m.Cur)
	}
	if it, _ := mn.list.selected(); it.title != "Ratings" {
		t.Fatalf("back in the menu the cursor is on %q, not Ratings", it.title)
	}
}
