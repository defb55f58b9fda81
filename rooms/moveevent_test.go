package rooms_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// loadCounter is a memory store that counts its reads of a room.
type loadCounter struct {
	*rooms.MemoryStore
	loads atomic.Int64
	// dropMoves strips the move from the events, as a store that sends
	// none does.
	dropMoves bool
}

func (s *loadCounter) Load(ctx context.Context, code string) (rooms.Record, error) {
	s.loads.Add(1)
	return s.MemoryStore.Load(ctx, code)
}

func (s *loadCounter) Subscribe(ctx context.Context) <-chan rooms.Event {
	in := s.MemoryStore.Subscribe(ctx)
	if !s.dropMoves {
		return in
	}
	out := make(chan rooms.Event, 256)
	go func() {
		defer close(out)
		for ev := range in {
			ev.Move = nil
			out <- ev
		}
	}()
	return out
}

// A move stored by one node reaches the other's copy of the room from
// its event, which carries it: the other node plays it without reading
// the room from the store, and both copies agree, clocks too. A store
// whose events carry no move is read once a move.
func TestMoveEventPlaysWithoutReading(t *testing.T) {
	for _, tc := range []struct {
		name      string
		dropMoves bool
	}{{"move in the event", false}, {"no move in the event", true}} {
		t.Run(tc.name, func(t *testing.T) {
			st := &loadCounter{MemoryStore: rooms.NewMemoryStore(), dropMoves: tc.dropMoves}
			a, b, _ := twoNodeRoom(t, rooms.HostConfig{Store: st, Nodes: st.MemoryStore, SeatHold: time.Hour},
				rooms.RoomSpec{Clock: rooms.TimeControl{Initial: time.Hour}})
			roomstest.WaitView(t, b, "bob seated", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
			before := st.loads.Load()
			players := []rooms.Room{a, b}
			for n := 1; n <= 3; n++ {
				mover, other := players[(n-1)%2], players[n%2]
				if err := mover.Play(1); err != nil {
					t.Fatalf("move %d: %v", n, err)
				}
				roomstest.WaitView(t, other, "the move on the other node", func(v rooms.RoomView) bool { return len(v.Moves) == n })
				mv, ov := mover.View(), other.View()
				if ov.Position != mv.Position || ov.Clocks[(n-1)%2] != mv.Clocks[(n-1)%2] {
					t.Fatalf("after move %d the other node has %q, clocks %v; the mover's %q, clocks %v", n, ov.Position, ov.Clocks, mv.Position, mv.Clocks)
				}
			}
			reads := st.loads.Load() - before
			if want := int64(0); tc.dropMoves {
				if reads < 3 {
					t.Fatalf("%d reads of the room for 3 moves without them in the events", reads)
				}
			} else if reads != want {
				t.Fatalf("%d reads of the room for 3 moves carried by their events, want %d", reads, want)
			}
		})
	}
}
