package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// A local match offers every action; a room none (its host decides),
// and the board's help shows only what the match offers.
func TestMatchOffers(t *testing.T) {
	acts := []matchAction{actUndo, actRedo, actHint, actResign, actPause, actNewGame, actRematch}
	v, _ := game.Lookup("quad5")
	local := newLocalMatch(&common{}, v, v.New(), "", make([]savefmt.SeatConfig, len(v.Roles)))
	room := &roomMatch{v: v, st: v.New()}
	for _, a := range acts {
		if !local.offers(a) {
			t.Errorf("a local match does not offer action %d", a)
		}
		if room.offers(a) {
			t.Errorf("a room offers action %d", a)
		}
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
