package ui

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// A watcher in a room who presses a key that plays is told they watch,
// not whose turn it is as if they played.
func TestRoomWatcherIsToldTheyWatch(t *testing.T) {
	room := newFakeRoom("quad5") // no seat of this client's
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Init()
	b, ok := m.cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("join did not open the room board: %T", m.cur)
	}
	for _, k := range []string{"enter", ":"} {
		b.SetStatus("", false)
		sendKey(m, k)
		if !strings.Contains(b.Status, "you are watching") || strings.Contains(b.Status, "turn") {
			t.Fatalf("watcher pressing %q: status %q", k, b.Status)
		}
	}
	if len(room.moves) != 0 {
		t.Fatalf("a watcher's key played %v", room.moves)
	}
}
