package server

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
)

// The store's events reach the rooms converted as the store publishes
// them, with no goroutine of the adapter between (a wake-up an event):
// when a move's write returns, its event, with the move, is already in
// the rooms' channel.
func TestRoomEventsReachTheRoomsWithoutAGoroutine(t *testing.T) {
	rs := NewRoomStore(openDB(t, filepath.Join(t.TempDir(), "tabletop.db")), true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := rs.Subscribe(ctx)
	buf := make([]byte, 1<<20)
	if stacks := string(buf[:runtime.Stack(buf, true)]); strings.Contains(stacks, "(*RoomStore).Subscribe") {
		t.Errorf("a goroutine passes the store's events on:\n%s", stacks)
	}
	now := time.Now()
	rec := rooms.Record{Code: "EVNT", Variant: "pentago", Start: "start", AfterHold: rooms.SeatOpen, Spectators: rooms.SpectatorsAll, Created: now,
		Seats: []rooms.SeatRecord{{Kind: rooms.SeatPlayer, Name: "ana", PlayerID: "SHA256:a"}, {Kind: rooms.SeatPlayer, Name: "bob", PlayerID: "SHA256:b"}}}
	if err := rs.Create(ctx, rec); err != nil {
		t.Fatal(err)
	}
	<-events // the room's creation
	ver, err := rs.AppendMove(ctx, rec.Code, rooms.MoveRecord{Number: 0, Text: "a1", Seat: 0, At: now})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case ev := <-events:
		if ev.Room != rec.Code || ev.Version != ver || ev.Move == nil || ev.Move.Text != "a1" || ev.Lost {
			t.Errorf("the move's event is %+v (move %+v), want room %s at version %d with the move a1", ev, ev.Move, rec.Code, ver)
		}
	default:
		t.Error("the move was stored, its event is not in the rooms' channel yet")
	}
}
