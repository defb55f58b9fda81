package ui

import (
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/rooms"
)

// A join whose screen was left before the lobby answered (esc while
// "joining room K7QX…") does not keep the seat it claimed: no screen
// takes the answer, and the client leaves the room in a command. (Before
// the root model did so, the room stayed joined, with the menu shown.)
func TestRoomJoinedAfterItsScreenWasLeftIsLeft(t *testing.T) {
	t.Parallel()
	room := newFakeRoom("quad5", 0)
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	join := m.Init()
	m.Update(keyMsg("esc"))
	if _, ok := m.cur.(*pages.MenuScreen); !ok {
		t.Fatalf("esc while joining: %T, want the menu", m.cur)
	}
	_, cmd := m.Update(join())
	if _, ok := m.cur.(*pages.MenuScreen); !ok || room.left {
		t.Fatalf("the late answer: %T, room left in Update %v", m.cur, room.left)
	}
	runCmd(m, cmd)
	if !room.left {
		t.Fatal("the room joined for a screen gone was not left")
	}
}

// A rematch's room (R once the room's game is over and both agreed) is
// joined in a command, the board saying so meanwhile; the answer leaves
// this room for it.
func TestRematchRoomIsJoinedInACommand(t *testing.T) {
	t.Parallel()
	room := newFakeRoom("quad5", 0)
	room.rematch = "R2D2"
	lobby := &countingLobby{fakeLobby: fakeLobby{room}}
	m, b := openRoom(t, lobby)
	room.Resign(1)
	rm(b).Refresh()
	lobby.joins = 0
	_, cmd := m.Update(keyMsg("R"))
	if cmd == nil || lobby.joins != 0 || b.Status != "joining room R2D2…" {
		t.Fatalf("R: command %v, joins in Update %d, status %q", cmd != nil, lobby.joins, b.Status)
	}
	if _, again := m.Update(keyMsg("R")); again != nil {
		t.Fatal("a second R while the join is out joined again")
	}
	_, next := m.Update(cmd())
	nb, ok := m.cur.(*board.BoardScreen)
	if !ok || nb == b || lobby.joins != 1 {
		t.Fatalf("after the answer: %T (same board %v), joins %d", m.cur, nb == b, lobby.joins)
	}
	_ = next // the old room's leave and the new board's waiter
}

// countingLobby counts its joins and joins any code.
type countingLobby struct {
	fakeLobby
	joins int
}

func (l *countingLobby) Join(p rooms.Player, code string) (rooms.Room, error) {
	l.joins++
	return l.room, nil
}
