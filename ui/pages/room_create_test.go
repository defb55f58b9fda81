package pages

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

func TestCreateRoomFlow(t *testing.T) {
	room := newFakeRoom("pentago", 0)
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for !strings.Contains(uitest.ViewText(m), "> Create room") {
		m.Update(uitest.Key("down"))
	}
	m.Update(uitest.Key("enter")) // variant picker
	m.Update(uitest.Key("enter")) // Quad 5×5 room setup
	if _, ok := m.Cur.(*setupScreen); !ok {
		t.Fatalf("no room setup: %T\n%s", m.Cur, uitest.ViewText(m))
	}
	_, create := m.Update(uitest.Key("enter"))
	m.Update(create()) // the lobby's answer
	if b, ok := m.Cur.(*board.BoardScreen); !ok || rm(b) == nil {
		t.Fatalf("no room board: %T", m.Cur)
	}
}

// A room's setup has no name fields: enter and tab go on to Start.
func TestRoomSetupHasNoNames(t *testing.T) {
	room := newFakeRoom("pentago", 0)
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	v, _ := game.Lookup("pentago")
	s := newSetup(m.C, v, true)
	m.Cur = s
	if strings.Contains(uitest.ViewText(m), "(name)") {
		t.Fatalf("a room setup shows name fields:\n%s", uitest.ViewText(m))
	}
	m.Update(uitest.Key("up"))
	m.Update(uitest.Key("up"))
	m.Update(uitest.Key("enter"))
	m.Update(uitest.Key("tab"))
	if s.editing || s.row != 2 {
		t.Fatalf("enter and tab should move on: row %d editing %v", s.row, s.editing)
	}
	_, create := m.Update(uitest.Key("enter"))
	m.Update(create()) // the lobby's answer
	if b, ok := m.Cur.(*board.BoardScreen); !ok || rm(b) == nil {
		t.Fatalf("no room board: %T", m.Cur)
	}
}
