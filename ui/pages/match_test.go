package pages

import (
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// The selection belongs to a position: a room update that changes the
// position clears it, one that does not keeps it.
func TestRoomSelectionFollowsPosition(t *testing.T) {
	room := newFakeRoom("tictacchess", 0)
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	wait := startIn(m)
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("join did not open the room board: %T", m.Cur)
	}
	for range 3 {
		m.Update(uitest.Key("left")) // to red's piece on its spawn, (1 4)
	}
	m.Update(uitest.Key("enter"))
	if b.Selected == nil {
		t.Fatalf("red's piece not selected: status %q", b.Status)
	}
	rm(b).Refresh() // nothing changed
	b.Sync()
	if b.Selected == nil {
		t.Fatal("a refresh without a change cleared the selection")
	}
	room.remote("(move 1 4 3 5)")
	m.Update(wait())
	if b.Selected != nil {
		t.Fatalf("the selection survived a new position %q", b.Game().String())
	}
}
