package server

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// hookRoomStore is a node's room store that runs before once, just
// before it stores the next move: another node's change that lands in
// the database between the mover's look at the room and its move.
type hookRoomStore struct {
	*RoomStore
	before func()
}

func (s *hookRoomStore) AppendMove(ctx context.Context, code string, m rooms.MoveRecord) (uint64, error) {
	if f := s.before; f != nil {
		s.before = nil
		f()
	}
	return s.RoomStore.AppendMove(ctx, code, m)
}

// A change another node stored just before this node's move (a chat
// line, a seat given up) reaches the mover's copy of the room, on SQLite
// and PostgreSQL, without a move or a line lost or doubled (the store
// compares a move by its number, not by the room's version).
func TestMoverSeesAnotherNodesChange(t *testing.T) {
	for _, c := range roomstest.NodeChanges() {
		t.Run(c.Name, func(t *testing.T) {
			sharedBackends(t, func(t *testing.T, dsn string) {
				db := openDB(t, dsn)
				st := &hookRoomStore{RoomStore: NewRoomStore(db, false)}
				h1 := rooms.NewHost(rooms.HostConfig{Store: st, Node: db.Node(), SeatHold: time.Hour,
					Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
				if _, err := h1.Start(); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(h1.Close)
				h2 := hostOn(t, dsn)
				a, err := h1.Create(anaKey, rooms.RoomSpec{Variant: "quad5", AfterHold: rooms.SeatOpen,
					Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
				if err != nil {
					t.Fatal(err)
				}
				defer a.Leave()
				b, err := h2.Join(rooms.Player{Name: "bob"}, a.Code())
				if err != nil {
					t.Fatal(err)
				}
				roomstest.MoverSeesChange(t, c, a, b, quad.MarkMove(2, 2), func(f func()) { st.before = f },
					func(code string) (rooms.Record, error) { return st.Load(context.Background(), code) })
			})
		})
	}
}
