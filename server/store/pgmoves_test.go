package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// holdMoveBatches makes the batcher of s act as if its batches were all
// being written, so that moves queue; release writes the queue.
func holdMoveBatches(s *engine) (release func()) {
	b := s.moves
	b.mu.Lock()
	b.running = maxMoveBatches
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		b.running = 1 // the run below; the others end
		b.mu.Unlock()
		go b.run()
	}
}

func (b *moveBatcher) queued() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.queue)
}

// appendAll appends moves[i] to room codes[i], all at once, with the
// batcher held until all are queued, and returns each one's version and
// error.
func appendAll(t *testing.T, s *engine, codes []string, moves []Move) ([]int64, []error) {
	t.Helper()
	release := holdMoveBatches(s)
	versions, errs := make([]int64, len(moves)), make([]error, len(moves))
	var wg sync.WaitGroup
	for i := range moves {
		wg.Add(1)
		go func() {
			defer wg.Done()
			versions[i], errs[i] = s.AppendMove(context.Background(), codes[i], moves[i])
		}()
	}
	deadline := time.Now().Add(10 * time.Second)
	for s.moves.queued() < len(moves) && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	release()
	wg.Wait()
	return versions, errs
}

// TestMoveBatchSharesAStatement (PostgreSQL): moves of many rooms sent
// while the batches are out are stored in one statement, each answered
// as if alone (its room's version; a stale move its conflict, a room's
// second move after its first), each with its event; a batch that
// PostgreSQL refuses as a whole (a move it cannot store) is written
// again a move at a time, and only that move fails.
func TestMoveBatchSharesAStatement(t *testing.T) {
	s := storeOpener(postgresTestDSN(t))(t)
	ctx := context.Background()
	const rooms = 20
	var codes []string
	var moves []Move
	for i := range rooms {
		code := fmt.Sprintf("M%03d", i)
		mustCreate(t, s, twoSeatRoom(code, false, "fp-a", "fp-b"))
		codes, moves = append(codes, code), append(moves, Move{Number: 0, Text: "(place a1 cw)", Remaining: time.Minute, At: time.Now()})
	}
	mustCreate(t, s, twoSeatRoom("STALE", false, "fp-a", "fp-b"))
	events := s.Subscribe(ctx)
	// Move 5 of a room with none.
	codes, moves = append(codes, "STALE"), append(moves, Move{Number: 5, Text: "stale"})
	before := s.e.moves.statements.Load()
	versions, errs := appendAll(t, s.e, codes, moves)
	for i := range rooms {
		if errs[i] != nil || versions[i] != 2 {
			t.Fatalf("move of room %s: version %d, %v; want 2", codes[i], versions[i], errs[i])
		}
	}
	if !errors.Is(errs[rooms], ErrConflict) {
		t.Fatalf("the stale move: %v, want a conflict", errs[rooms])
	}
	if n := s.e.moves.statements.Load() - before; n != 1 {
		t.Fatalf("%d moves took %d statements, want 1", len(moves), n)
	}
	seen := map[string]int{}
	for len(seen) < rooms {
		select {
		case ev := <-events:
			if ev.Move != nil {
				seen[ev.Room] = ev.Moves
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("events for %d of %d rooms", len(seen), rooms)
		}
	}

	// A text PostgreSQL refuses (a NUL byte) fails its batch: the others
	// are written again, alone.
	codes, moves = codes[1:rooms], moves[1:rooms]
	for i := range moves {
		moves[i] = Move{Number: 1, Text: "(place c3 cw)", Seat: 1, At: time.Now()}
	}
	codes, moves = append(codes, "M000"), append(moves, Move{Number: 1, Text: "bad\x00"})
	before = s.e.moves.statements.Load()
	versions, errs = appendAll(t, s.e, codes, moves)
	for i := range len(moves) - 1 {
		if errs[i] != nil || versions[i] != 3 {
			t.Fatalf("move of room %s: version %d, %v; want 3", codes[i], versions[i], errs[i])
		}
	}
	if errs[len(moves)-1] == nil {
		t.Fatal("the move PostgreSQL cannot store was stored")
	}
	if n := s.e.moves.statements.Load() - before; n != int64(len(moves))+1 {
		t.Fatalf("%d statements, want the batch and then each move alone (%d)", n, len(moves)+1)
	}
	if r, err := s.Room(ctx, "M000"); err != nil || len(r.Moves) != 1 {
		t.Fatalf("room M000: %d moves (%v), want 1", len(r.Moves), err)
	}
}

// TestMoveBatchTakesOneMovePerRoom: a batch takes one move of each room
// (a second waits for the next batch, since the batch's compare-and-set
// sees the rooms as they were before it), in the order queued, and
// leaves out moves whose callers gave up.
func TestMoveBatchTakesOneMovePerRoom(t *testing.T) {
	b := &moveBatcher{running: 1}
	move := func(code string, n int) *batchedMove { return &batchedMove{code: code, m: Move{Number: n}} }
	a0, a1, b0, c0, a2 := move("A", 0), move("A", 1), move("B", 0), move("C", 0), move("A", 2)
	c0.state.Store(writeAbandoned)
	b.queue = []*batchedMove{a0, a1, b0, c0, a2}
	if got := b.take(); len(got) != 2 || got[0] != a0 || got[1] != b0 {
		t.Fatalf("first batch %v, want A's move 0 and B's", got)
	}
	if got := b.take(); len(got) != 1 || got[0] != a1 {
		t.Fatalf("second batch %v, want A's move 1", got)
	}
	if got := b.take(); len(got) != 1 || got[0] != a2 {
		t.Fatalf("third batch %v, want A's move 2", got)
	}
	if got := b.take(); len(got) != 0 || b.running != 0 {
		t.Fatalf("after the queue: %v, %d running; want none", got, b.running)
	}
}

// TestMoveBatchFindsItsRoomsByKey (PostgreSQL): the statement of a batch
// reads its rooms and seats by their keys however many rooms the store
// holds, once PostgreSQL knows the table is large. Costed as it would be
// on any connection, a batch of 20 moves among 2000 rooms read the whole
// rooms table (a hash join over a scan of it), for every batch.
func TestMoveBatchFindsItsRoomsByKey(t *testing.T) {
	s := storeOpener(postgresTestDSN(t))(t)
	ctx := context.Background()
	fillRooms(t, s, 2000)
	var batch []*batchedMove
	for i := range 20 {
		batch = append(batch, &batchedMove{code: fmt.Sprintf("R%d", 100*i+1), m: Move{Text: "(place a1 cw)", At: time.Now()}})
	}
	rs, err := s.e.moves.db.query(ctx, "EXPLAIN "+sqlMoveBatch, s.e.moves.batchArgs(batch)...)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var plan strings.Builder
	for rs.Next() {
		var line string
		if err := rs.Scan(&line); err != nil {
			t.Fatal(err)
		}
		plan.WriteString(line + "\n")
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	for _, scan := range []string{"Seq Scan on rooms", "Bitmap Heap Scan on rooms", "Seq Scan on seats", "Hash Join"} {
		if strings.Contains(plan.String(), scan) {
			t.Fatalf("the batch's plan has a %s:\n%s", scan, plan.String())
		}
	}
	if !strings.Contains(plan.String(), "Index Scan using rooms_pkey") {
		t.Fatalf("the batch's plan does not find its rooms by key:\n%s", plan.String())
	}
}
