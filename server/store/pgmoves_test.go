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
// holds and whatever PostgreSQL's statistics of them, in the generic
// plan the batches' connection makes once (moveBatchConfig). Costed as
// on any connection, a batch of 20 moves among 2000 rooms read the whole
// rooms table (a hash join over a scan of it); planned before the tables
// had statistics (a new deployment's, the load test's), it read every
// waiting and playing room through rooms_by_status at each batch; planned
// with the statistics of one room, it read the table through its key
// from end to end.
func TestMoveBatchFindsItsRoomsByKey(t *testing.T) {
	for _, tc := range []struct {
		name string
		fill func(t *testing.T, s *Store)
	}{
		{"2000 rooms, analyzed", func(t *testing.T, s *Store) { fillRooms(t, s, 2000) }},
		{"2000 rooms, never analyzed", func(t *testing.T, s *Store) { addRooms(t, s, 1, 2000, false) }},
		{"one room, analyzed", func(t *testing.T, s *Store) { addRooms(t, s, 1, 1, true) }},
		{"one room analyzed, then 2000", func(t *testing.T, s *Store) {
			addRooms(t, s, 1, 1, true)
			addRooms(t, s, 2, 2000, false)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := storeOpener(postgresTestDSN(t))(t)
			tc.fill(t, s)
			plan := moveBatchPlan(t, s)
			for _, scan := range []string{"Seq Scan on rooms", "Bitmap Heap Scan on rooms", "rooms_by_status", "Seq Scan on seats", "Hash Join"} {
				if strings.Contains(plan, scan) {
					t.Fatalf("the batch's plan has a %s:\n%s", scan, plan)
				}
			}
			lines := strings.Split(plan, "\n")
			found := false
			for i, l := range lines {
				if !strings.Contains(l, "Scan using rooms_pkey on rooms") && !strings.Contains(l, "Scan using seats_pkey on seats") {
					continue
				}
				found = found || strings.Contains(l, "rooms_pkey")
				if i+1 == len(lines) || !strings.Contains(lines[i+1], "Index Cond: ") {
					t.Fatalf("the batch's plan reads a table through its key without a key condition:\n%s", plan)
				}
			}
			if !found {
				t.Fatalf("the batch's plan does not find its rooms by key:\n%s", plan)
			}
		})
	}
}

// moveBatchPlan is the generic plan of sqlMoveBatch on s's batches'
// connection, as EXPLAIN shows it (a prepared statement, so that the
// plan is the one its executions share).
func moveBatchPlan(t *testing.T, s *Store) string {
	t.Helper()
	ctx := context.Background()
	db := s.e.moves.db
	if _, err := db.exec(ctx, "PREPARE plan_check AS "+sqlMoveBatch); err != nil {
		t.Fatal(err)
	}
	defer db.exec(ctx, "DEALLOCATE plan_check")
	rs, err := db.query(ctx, `EXPLAIN (COSTS OFF) EXECUTE plan_check('{R1,R101}', '{0,0}', '{1,1}', '{0,0}', '{a,b}', '{0,0}', '{x,y}', '{x,y}', 'c')`)
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
	return plan.String()
}
