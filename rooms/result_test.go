package rooms_test

import (
	"strings"
	"testing"

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
