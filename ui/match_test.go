package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// A local match offers every action; a room none but resigning (its
// host decides), and the board's help shows only what the match offers. What a match
// offers is what it implements, asked once (capsOf).
func TestMatchOffers(t *testing.T) {
	v, _ := game.Lookup("quad5")
	local := capsOf(newLocalMatch(&common{st: &themes.Styles{}}, v, v.New(), "", make([]savefmt.SeatConfig, len(v.Roles))).asMatch())
	room := capsOf(&roomMatch{v: v, st: v.New()})
	acts := []struct {
		name        string
		local, room bool
	}{
		{"undo", local.undo != nil, room.undo != nil},
		{"hint", local.hint != nil, room.hint != nil},
		{"pause", local.aiCtl != nil, room.aiCtl != nil},
		{"new game and rematch", local.rematch != nil, room.rematch != nil},
		{"keeping the game", local.keep != nil, room.keep != nil},
		{"handing the keyboard over", local.handOver != nil, room.handOver != nil},
	}
	for _, a := range acts {
		if !a.local {
			t.Errorf("a local match does not offer %s", a.name)
		}
		if a.room {
			t.Errorf("a room offers %s", a.name)
		}
	}
	if local.resign == nil || room.resign == nil {
		t.Error("a match does not offer resigning")
	}
	if local.save == nil || room.save == nil {
		t.Error("a game cannot be saved as a file")
	}
}

// The selection belongs to a position: a room update that changes the
// position clears it, one that does not keeps it.
func TestRoomSelectionFollowsPosition(t *testing.T) {
	room := newFakeRoom("tictacchess", 0)
	m := New(Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	wait := m.Init()
	b, ok := m.cur.(*boardScreen)
	if !ok {
		t.Fatalf("join did not open the room board: %T", m.cur)
	}
	for range 3 {
		m.Update(keyMsg("left")) // to red's piece on its spawn, (1 4)
	}
	m.Update(keyMsg("enter"))
	if b.sel == nil {
		t.Fatalf("red's piece not selected: status %q", b.status)
	}
	rm(b).refresh() // nothing changed
	b.sync()
	if b.sel == nil {
		t.Fatal("a refresh without a change cleared the selection")
	}
	room.remote("(move 1 4 3 5)")
	m.Update(wait())
	if b.sel != nil {
		t.Fatalf("the selection survived a new position %q", b.game().String())
	}
}
