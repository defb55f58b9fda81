package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// holdCommitter blocks s's committer in a write until the returned
// release is called, so that the writes made meanwhile wait together.
func holdCommitter(t *testing.T, s *engine) (release func()) {
	t.Helper()
	held, done := make(chan struct{}), make(chan struct{})
	go func() {
		_ = s.write(context.Background(), func(tx) (Event, error) {
			close(held)
			<-done
			return Event{}, nil
		})
	}()
	<-held
	return func() { close(done) }
}

// Moves of many rooms written while the committer is busy commit in one
// transaction, and each is stored and announced; a move that fails its
// compare-and-set in that transaction fails alone, and a write that fails
// after a statement leaves nothing of it.
func TestGroupCommitSharesTransactions(t *testing.T) {
	s := storeOpener(sqliteTestDSN(t))(t).e
	ctx := context.Background()
	const rooms = 20
	for i := range rooms {
		if err := s.CreateRoom(ctx, twoSeatRoom(fmt.Sprintf("G%03d", i), false, "fp-a", "fp-b")); err != nil {
			t.Fatal(err)
		}
	}
	events := s.Subscribe(ctx)
	release := holdCommitter(t, s)
	before := s.group.commits.Load()
	var wg sync.WaitGroup
	errs := make([]error, rooms+1)
	for i := range rooms + 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The last one is move 5 of room G000, which has none: its
			// compare-and-set fails.
			code, n := fmt.Sprintf("G%03d", i%rooms), 0
			if i == rooms {
				n = 5
			}
			_, errs[i] = s.AppendMove(ctx, code, Move{Number: n, Text: "(place a1 cw)", At: time.Now()})
		}()
	}
	failed := errors.New("fails after its insert")
	var halfErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		halfErr = s.write(ctx, func(t tx) (Event, error) {
			if _, err := t.exec(ctx, sqlInsertMove, "G001", 7, 0, "(half)", time.Now().UnixMilli()); err != nil {
				return Event{}, err
			}
			return Event{}, failed
		})
	}()
	deadline := time.Now().Add(10 * time.Second)
	for s.queued() < rooms+2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	release()
	wg.Wait()
	for i, err := range errs[:rooms] {
		if err != nil {
			t.Fatalf("move of room %d: %v", i, err)
		}
	}
	if !errors.Is(errs[rooms], ErrConflict) {
		t.Fatalf("the stale move: %v, want a conflict", errs[rooms])
	}
	if !errors.Is(halfErr, failed) {
		t.Fatalf("the failing write: %v", halfErr)
	}
	if n := s.group.commits.Load() - before; n > 2 {
		t.Fatalf("%d moves took %d transactions, want them shared (the held write's and one more)", rooms, n)
	}
	for i := range rooms {
		r, err := s.Room(ctx, fmt.Sprintf("G%03d", i))
		if err != nil || len(r.Moves) != 1 {
			t.Fatalf("room %d: %d moves stored (%v), want 1", i, len(r.Moves), err)
		}
	}
	seen := map[string]bool{}
	for len(seen) < rooms {
		select {
		case ev := <-events:
			if ev.Moves == 1 {
				seen[ev.Room] = true
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("events for %d of %d moves", len(seen), rooms)
		}
	}
}

// A write whose caller gives up while it waits for the committer is
// never run; one the committer has taken is carried out and reported,
// whatever its caller's deadline.
func TestGroupCommitAbandonedWrite(t *testing.T) {
	s := storeOpener(sqliteTestDSN(t))(t).e
	if err := s.CreateRoom(context.Background(), twoSeatRoom("GIVE", false, "fp-a", "fp-b")); err != nil {
		t.Fatal(err)
	}
	release := holdCommitter(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := s.AppendMove(ctx, "GIVE", Move{Number: 0, Text: "m", At: time.Now()})
	release()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a move that waited past its deadline: %v", err)
	}
	r, err := s.Room(context.Background(), "GIVE")
	if err != nil || len(r.Moves) != 0 {
		t.Fatalf("the abandoned move was stored: %d moves (%v)", len(r.Moves), err)
	}
	// Taken, then its deadline passes during its transaction: done.
	ctx2, cancel2 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel2()
	err = s.write(ctx2, func(t tx) (Event, error) {
		cancel2()
		_, err := t.exec(ctx2, sqlInsertMove, "GIVE", 0, 0, "late", time.Now().UnixMilli())
		return Event{}, err
	})
	if err != nil {
		t.Fatalf("a taken write whose deadline passed during it: %v", err)
	}
}

// queued is how many writes wait for the committer.
func (e *engine) queued() int {
	e.group.mu.Lock()
	defer e.group.mu.Unlock()
	return len(e.group.queue)
}

// groupKillRooms are the rooms TestKillMidGroupLosesNoAcknowledgedMove's
// writer plays in at once, each from a goroutine of its own.
const groupKillRooms = 24

// TestKillMidGroupLosesNoAcknowledgedMove kills (SIGKILL on Unix) a
// writer whose moves of many rooms commit in shared transactions, at
// whatever point it has reached — between groups or in the middle of
// one — and checks that every move whose AppendMove returned is stored,
// in order, and that the file is sound. The writer reports how many
// transactions it committed beside how many moves, to show that the
// moves did share them.
func TestKillMidGroupLosesNoAcknowledgedMove(t *testing.T) {
	cmd, lines, path := startKillChild(t, "TestKillMidGroupLosesNoAcknowledgedMove", groupKillChild)
	acked := make([]int, groupKillRooms) // per room: the moves acknowledged
	total, shared := 0, false
	for total < 2000 && lines.Scan() {
		var room, n, commits, moves int
		if _, err := fmt.Sscanf(lines.Text(), "commits %d moves %d", &commits, &moves); err == nil {
			shared = shared || commits < moves
			continue
		}
		if _, err := fmt.Sscanf(lines.Text(), "%d %d", &room, &n); err == nil && room >= 0 && room < groupKillRooms {
			acked[room] = max(acked[room], n+1)
			total++
		}
	}
	kill(t, cmd)
	if total < 2000 {
		t.Fatalf("the writer stopped after %d moves", total)
	}
	if !shared {
		t.Fatal("every move had a transaction of its own: no group was killed")
	}
	s := reopenChecked(t, path)
	kept := 0
	for i, want := range acked {
		r, err := s.Room(context.Background(), fmt.Sprintf("K%03d", i))
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Moves) < want {
			t.Fatalf("room %d has %d moves after the kill; %d were acknowledged", i, len(r.Moves), want)
		}
		for j, m := range r.Moves {
			if m != fmt.Sprint("m", j) {
				t.Fatalf("room %d: move %d is %q", i, j, m)
			}
		}
		kept += len(r.Moves)
	}
	t.Logf("killed after %d acknowledged moves; %d kept", total, kept)
}

// groupKillChild appends moves to groupKillRooms rooms at once until it
// is killed, writing "ROOM MOVE" once each AppendMove has returned.
func groupKillChild(s *Store) {
	ctx := context.Background()
	var out sync.Mutex
	var moves atomic.Int64
	for i := range groupKillRooms {
		exitOn(s.CreateRoom(ctx, Room{Code: fmt.Sprintf("K%03d", i), Variant: "quad", Seats: []Seat{{Kind: SeatOpen}}}))
	}
	for i := range groupKillRooms {
		go func() {
			for n := 0; ; n++ {
				_, err := s.AppendMove(ctx, fmt.Sprintf("K%03d", i), Move{Number: n, Text: fmt.Sprint("m", n), At: time.Now()})
				exitOn(err)
				m := moves.Add(1)
				out.Lock()
				fmt.Println(i, n)
				if m%100 == 0 {
					fmt.Println("commits", s.e.group.commits.Load(), "moves", m)
				}
				out.Unlock()
			}
		}()
	}
	select {}
}

// The statements of every move run on SQLite without a temporary table:
// SQLite opens one, with a page cache of its own allocated and freed
// each time, for a RETURNING clause (and for some IN lists and sorts),
// which cost the committer an mmap and a munmap a move. EXPLAIN lists
// the table's opening (OpenEphemeral) when a statement would.
func TestMoveStatementsUseNoTemporaryTable(t *testing.T) {
	db := sqliteOf(t)
	for _, q := range hotStatements {
		for _, op := range explainOps(t, db, q) {
			if op == "OpenEphemeral" || op == "OpenAutoindex" || op == "SorterOpen" {
				t.Errorf("%s opens a temporary table (%s)", q, op)
			}
		}
	}
}

// A move's compare-and-set leaves the room's indexes alone: an indexed
// column in its SET list (the status) made SQLite delete and insert the
// room's entry of rooms_by_status on every move, a page more to commit.
func TestMoveCompareAndSetWritesNoIndex(t *testing.T) {
	for _, op := range explainOps(t, sqliteOf(t), sqlMoveCAS) {
		if op == "IdxDelete" || op == "IdxInsert" {
			t.Errorf("the move's compare-and-set writes an index (%s)", op)
		}
	}
}

// sqliteOf is a fresh SQLite store's database.
func sqliteOf(t *testing.T) sqlDB {
	t.Helper()
	s := storeOpener(sqliteTestDSN(t))(t).e
	db, ok := s.db.(sqlDB)
	if !ok {
		t.Fatalf("the SQLite store's database is a %T", s.db)
	}
	return db
}

// explainOps lists the operations SQLite's EXPLAIN gives for q.
func explainOps(t *testing.T, db sqlDB, q string) []string {
	t.Helper()
	rows, err := db.writes.QueryContext(context.Background(), "EXPLAIN "+q, "A", 1, 2, 3, 4)
	if err != nil {
		t.Fatalf("EXPLAIN %s: %v", q, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	vals, ptrs := make([]any, len(cols)), make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var ops []string
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		ops = append(ops, fmt.Sprint(vals[1])) // the columns: addr, opcode, p1, …
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ops) == 0 {
		t.Fatalf("EXPLAIN %s listed no operations", q)
	}
	return ops
}

// A transaction of the writer binds each prepared statement to itself
// once: a group commit runs the same statements for every move of its
// batch, and each binding allocated a statement registered with the
// database until the transaction ended.
func TestTransactionBindsAStatementOnce(t *testing.T) {
	db := sqliteOf(t)
	ctx := context.Background()
	tx, err := db.begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.rollback(ctx) }()
	st := tx.(sqlTx)
	first := st.stmt(ctx, sqlInsertMove)
	if first == nil {
		t.Fatal("the move's insert is not prepared")
	}
	if again := st.stmt(ctx, sqlInsertMove); again != first {
		t.Errorf("the move's insert was bound to the transaction twice (%p, then %p)", first, again)
	}
}
