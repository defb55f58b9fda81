package ui

import (
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/match"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// A local match offers every action; a room none but resigning (its
// host decides), and the board's help shows only what the match offers.
// What a match offers is what it implements, asked once (CapsOf).
func TestMatchOffers(t *testing.T) {
	v, _ := game.Lookup("quad5")
	local := match.CapsOf(match.NewLocalMatch(&common.Common{Styles: &themes.Styles{}}, v, v.New(), "", make([]savefmt.SeatConfig, len(v.Roles))).AsMatch())
	room := match.CapsOf(&match.RoomMatch{Variant: v, Current: v.New()})
	acts := []struct {
		name        string
		local, room bool
	}{
		{"undo", local.Undo != nil, room.Undo != nil},
		{"hint", local.Hint != nil, room.Hint != nil},
		{"pause", local.AICtl != nil, room.AICtl != nil},
		{"new game and rematch", local.Rematch != nil, room.Rematch != nil},
		{"keeping the game", local.Keep != nil, room.Keep != nil},
		{"handing the keyboard over", local.HandOver != nil, room.HandOver != nil},
	}
	for _, a := range acts {
		if !a.local {
			t.Errorf("a local match does not offer %s", a.name)
		}
		if a.room {
			t.Errorf("a room offers %s", a.name)
		}
	}
	if local.Resign == nil || room.Resign == nil {
		t.Error("a match does not offer resigning")
	}
	if local.Save == nil || room.Save == nil {
		t.Error("a game cannot be saved as a file")
	}
}

// The selection belongs to a position: a room update that changes the
// position clears it, one that does not keeps it.
func TestRoomSelectionFollowsPosition(t *testing.T) {
	room := newFakeRoom("tictacchess", 0)
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	wait := startIn(m)
	b, ok := m.cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("join did not open the room board: %T", m.cur)
	}
	for range 3 {
		m.Update(keyMsg("left")) // to red's piece on its spawn, (1 4)
	}
	m.Update(keyMsg("enter"))
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
