package server

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
)

// slowStore is a store whose next move write fails as one that waited
// past its deadline for the database does (the rooms load test's
// "context deadline exceeded" at 1000 rooms on SQLite).
type slowStore struct {
	rooms.RecordStore
	rooms.NodeStore
	failNext atomic.Bool
}

func (s *slowStore) AppendMove(ctx context.Context, code string, m rooms.MoveRecord) (uint64, error) {
	if s.failNext.CompareAndSwap(true, false) {
		return 0, context.DeadlineExceeded
	}
	return s.RecordStore.AppendMove(ctx, code, m)
}

// A move that could not be stored in time is not acknowledged: the
// mover's screen says so and keeps the position, the other player never
// sees it, the store does not have it, and typed again it is played.
// Nothing the players were shown as played is lost — a load test that
// counts such a refused move as lost counts a move nobody was told of.
func TestUnstoredMoveIsRefusedNotLost(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := openDB(t, filepath.Join(dir, "tabletop.db"))
	rs := NewRoomStore(db, true)
	st := &slowStore{RecordStore: rs, NodeStore: rs.NodeStore()}
	n := startNode(t, dir, st, nil)
	obs, err := n.Lobby().Create(observer, rooms.RoomSpec{Variant: "pentago", Seats: openSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	defer obs.Leave()
	ana := &seat{name: "ana", key: newKey(t)}
	bob := &seat{name: "bob", key: newKey(t)}
	// ana takes the first seat, whose move it is, before bob comes: on a
	// busy machine bob's join could land first, and ana's move would be
	// a premove.
	ana.join(t, n.addr, obs.Code())
	ana.term.waitFor(0, "Moves (0)")
	bob.join(t, n.addr, obs.Code())
	bob.term.waitFor(0, "Moves (0)")

	short, _ := pickMove(t, obs.View(), game.NewRand(1))
	st.failNext.Store(true)
	markA, markB := ana.term.mark(), bob.term.mark()
	ana.term.typeMove(short)
	ana.term.waitFor(markA, "could not store that")
	time.Sleep(200 * time.Millisecond) // what bob's screen would show by now
	if text := bob.term.text(markB); len(obs.View().Moves) != 0 || strings.Contains(text, "Moves (1)") {
		t.Fatalf("a refused move reached the room (%d moves) or bob's screen:\n%s", len(obs.View().Moves), tail(text))
	}
	if r, err := db.Room(context.Background(), obs.Code()); err != nil || len(r.Moves) != 0 {
		t.Fatalf("the store has %d moves (%v) after a refused one", len(r.Moves), err)
	}
	ana.term.typeMove(short) // typed again: stored and shown
	bob.term.waitFor(markB, "Moves (1)")
	if r, err := db.Room(context.Background(), obs.Code()); err != nil || len(r.Moves) != 1 {
		t.Fatalf("the store has %d moves (%v) after the move was played", len(r.Moves), err)
	}
	if !strings.Contains(n.logs.String(), "deadline exceeded") {
		t.Fatalf("the refused move is not in the log:\n%s", tail(n.logs.String()))
	}
}
