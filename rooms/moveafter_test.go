package rooms_test

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/roomapi"
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
	guest := rooms.Player{Name: "bob"}
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, b rooms.Room)
		seen   func(v rooms.RoomView) bool
	}{
		{"a chat line", func(t *testing.T, b rooms.Room) {
			if err := b.(roomapi.Chatter).Say("hello"); err != nil {
				t.Error(err)
			}
		}, func(v rooms.RoomView) bool { return len(v.Chat) == 1 && v.Chat[0].Text == "hello" }},
		{"a seat given up", func(t *testing.T, b rooms.Room) { b.Leave() },
			func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatOpen }},
	} {
		t.Run(tc.name, func(t *testing.T) {
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
			b, err := h2.Join(guest, a.Code())
			if err != nil {
				t.Fatal(err)
			}
			roomstest.WaitView(t, a, "bob seated on the other node", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
			st.before = func() { tc.change(t, b) }
			if err := a.Play(1); err != nil {
				t.Fatal(err)
			}
			v := roomstest.WaitView(t, a, tc.name+" on the mover's node", tc.seen)
			rec, err := shared.Load(context.Background(), a.Code())
			if err != nil {
				t.Fatal(err)
			}
			if len(v.Moves) != 1 || len(rec.Moves) != 1 || len(v.Chat) != len(rec.Chat) {
				t.Fatalf("the mover's copy has %d moves and %d chat lines, the store %d and %d", len(v.Moves), len(v.Chat), len(rec.Moves), len(rec.Chat))
			}
		})
	}
}
