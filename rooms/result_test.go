package rooms_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/rooms"
)

// Issue 23, defect 8: a room's game ends with the reason a local game
// gives ("game over: x wins — x completes the square …"), in the
// players' status and the stored result, not "game over: x wins" alone.
func TestRoomGameEndsWithItsReason(t *testing.T) {
	st := rooms.NewMemoryStore()
	h := startHost(t, rooms.HostConfig{Store: st, Exclusive: true})
	t.Cleanup(h.Close)
	a, err := h.Create(ana, rooms.RoomSpec{Variant: "quad5", Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := h.Join(bob, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	// x marks the corners of the square r2c2–r2c4–r4c4–r4c2; o the top row.
	turns := [][2]int{{2, 2}, {1, 2}, {2, 4}, {1, 3}, {4, 2}, {1, 4}, {4, 4}}
	for i, rc := range turns {
		if err := []rooms.Room{a, b}[i%2].Play(quad.MarkMove(rc[0], rc[1])); err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
	}
	v := a.View()
	if !v.Finished || !strings.Contains(v.Note, "x wins — ") || !strings.Contains(v.Note, "square") {
		t.Fatalf("finished %v, note %q: want the win with its reason", v.Finished, v.Note)
	}
	if rec := stored(t, st, a.Code()); !strings.Contains(rec.Result, "square") {
		t.Fatalf("stored result %q: want the reason", rec.Result)
	}
}

// Issue 23, defect 10: the first join of a quick match's room, whose
// seats were held for its players at the pairing, says "joined as", not
// "is back"; a return after moves says "is back".
func TestMatchedRoomFirstJoinIsAJoin(t *testing.T) {
	h := startHost(t, rooms.HostConfig{Store: rooms.NewMemoryStore(), Exclusive: true, SeatHold: time.Hour})
	t.Cleanup(h.Close)
	code, err := h.CreateMatched("quad5", []rooms.Player{ana, bob})
	if err != nil {
		t.Fatal(err)
	}
	a, err := h.Join(ana, code)
	if err != nil {
		t.Fatal(err)
	}
	if note := a.View().Note; note != "ana joined as x" {
		t.Fatalf("ana's first join: %q", note)
	}
	if err := a.Play(quad.MarkMove(3, 3)); err != nil {
		t.Fatal(err)
	}
	a.Leave()
	b, err := h.Join(bob, code)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Leave()
	if a, err = h.Join(ana, code); err != nil {
		t.Fatal(err)
	}
	defer a.Leave()
	if note := b.View().Note; note != "ana is back" {
		t.Fatalf("ana's return after a move: %q", note)
	}
}
