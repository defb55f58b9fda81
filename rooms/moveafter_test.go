package rooms_test

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// hookStore is a memory store that runs before once, just before it
// stores the next move: another node's change that lands in the store
// between the mover's look at the room and its move.
type hookStore struct {
	*rooms.MemoryStore
	before func()
}

func (s *hookStore) AppendMove(ctx context.Context, code string, m rooms.MoveRecord) (uint64, error) {
	if f := s.before; f != nil {
		s.before = nil
		f()
	}
	return s.MemoryStore.AppendMove(ctx, code, m)
}

// A change another node stored just before this node's move (a chat
// line, a seat given up) reaches the mover's copy of the room: the
// store's version after the move says something else changed in
// between. No move or line is lost or doubled.
func TestMoverSeesAnotherNodesChange(t *testing.T) {
	for _, c := range roomstest.NodeChanges() {
		t.Run(c.Name, func(t *testing.T) {
			shared := rooms.NewMemoryStore()
			st := &hookStore{MemoryStore: shared}
			h1 := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour})
			t.Cleanup(h1.Close)
			h2 := startHost(t, rooms.HostConfig{Store: shared, SeatHold: time.Hour})
			t.Cleanup(h2.Close)
			a, err := h1.Create(ana, rooms.RoomSpec{Variant: nim2.Name, AfterHold: rooms.SeatOpen,
				Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
			if err != nil {
				t.Fatal(err)
			}
			b, err := h2.Join(rooms.Player{Name: "bob"}, a.Code())
			if err != nil {
				t.Fatal(err)
			}
			roomstest.MoverSeesChange(t, c, a, b, 1, func(f func()) { st.before = f },
				func(code string) (rooms.Record, error) { return shared.Load(context.Background(), code) })
		})
	}
}
