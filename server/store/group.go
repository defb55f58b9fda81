package store

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// groupCommit is SQLite's write path: every write of the store goes to
// one committer goroutine, which runs the writes waiting when it is free
// in one transaction and commits them together (a failing write undoes
// itself alone: see commit). SQLite writes one transaction at a time, and a transaction's
// own cost (BEGIN IMMEDIATE, the commit's WAL frames for the rooms' and
// seats' pages, the driver's round trips) was most of a move's: at a
// thousand moves a second, one transaction a move fell behind and moves
// timed out. A write is done, and its caller told, only once the
// transaction that holds it has committed (WAL with synchronous=NORMAL:
// nothing acknowledged is lost to kill -9); a write that fails is rolled
// back to its savepoint and the others of its transaction go on.
type groupCommit struct {
	db  sqlDB
	hub *hub

	mu      sync.Mutex
	queue   []*groupWrite
	wake    chan struct{} // one slot: the queue is not empty
	stop    chan struct{}
	stopped chan struct{}

	// commits counts the transactions committed (tests read it).
	commits atomic.Int64
}

// errStoreClosed is the error of a write to a store being closed.
var errStoreClosed = errors.New("store: closed")

// maxGroup bounds the writes of one transaction, so that a long queue
// still commits in steps.
const maxGroup = 256

// groupWrite is one write waiting for its transaction.
type groupWrite struct {
	ctx   context.Context
	fn    func(t tx) (Event, error)
	state atomic.Int32 // writeQueued, writeTaken or writeAbandoned
	ev    Event
	err   error
	done  chan struct{}
}

const (
	writeQueued int32 = iota
	writeTaken
	writeAbandoned
)

func newGroupCommit(db sqlDB, h *hub) *groupCommit {
	g := &groupCommit{db: db, hub: h, wake: make(chan struct{}, 1), stop: make(chan struct{}), stopped: make(chan struct{})}
	go g.run()
	return g
}

// write runs fn in a transaction shared with the writes waiting beside
// it, and returns when that transaction committed (or fn failed). A
// write whose ctx ends before the committer takes it is not run; once
// taken, it is carried out and its result waited for.
func (g *groupCommit) write(ctx context.Context, fn func(t tx) (Event, error)) error {
	w := &groupWrite{ctx: ctx, fn: fn, done: make(chan struct{})}
	g.mu.Lock()
	g.queue = append(g.queue, w)
	g.mu.Unlock()
	select {
	case g.wake <- struct{}{}:
	default:
	}
	select {
	case <-w.done:
		return w.err
	case <-ctx.Done():
		if w.state.CompareAndSwap(writeQueued, writeAbandoned) {
			return ctx.Err()
		}
		<-w.done // taken: its result is on its way
		return w.err
	case <-g.stopped:
		return errStoreClosed
	}
}

// close stops the committer once the writes it has taken are done.
func (g *groupCommit) close() {
	close(g.stop)
	<-g.stopped
}

func (g *groupCommit) run() {
	defer close(g.stopped)
	for {
		select {
		case <-g.stop:
			return
		case <-g.wake:
		}
		for {
			batch := g.take()
			if len(batch) == 0 {
				break
			}
			g.commit(batch)
		}
	}
}

// take removes up to maxGroup writes from the queue, those not abandoned.
func (g *groupCommit) take() []*groupWrite {
	g.mu.Lock()
	n := min(len(g.queue), maxGroup)
	queued := g.queue[:n]
	g.queue = append(g.queue[:0:0], g.queue[n:]...)
	g.mu.Unlock()
	batch := queued[:0]
	for _, w := range queued {
		if w.state.CompareAndSwap(writeQueued, writeTaken) {
			batch = append(batch, w)
		}
	}
	return batch
}

// commit runs batch in one transaction and tells each write its result.
// The statements run without the callers' deadlines: SQLite interrupting
// one would roll the whole transaction back, and a write that was taken
// is carried out whatever its caller's patience.
//
// The writes run first without savepoints: a savepoint makes SQLite
// journal every page a write changes (a fifth of the committer's time at
// a thousand moves a second, with the journal's memory mapped and
// unmapped each time), and almost every write succeeds. When one fails,
// the transaction is rolled back and the group runs again, each write in
// a savepoint of its own, so that the failure undoes that write alone.
func (g *groupCommit) commit(batch []*groupWrite) {
	err := g.transact(batch, false)
	if errors.Is(err, errRedoInSavepoints) {
		for _, w := range batch {
			w.ev, w.err = Event{}, nil
		}
		err = g.transact(batch, true)
	}
	for _, w := range batch {
		if err != nil && w.err == nil {
			w.err = err
		}
		if w.err == nil && w.ev.Room != "" {
			g.hub.publish(w.ev)
		}
		close(w.done)
	}
}

// errRedoInSavepoints is transact's answer when a write of a group run
// without savepoints failed: nothing was committed.
var errRedoInSavepoints = errors.New("store: a write of the group failed; run it again in savepoints")

// transact runs batch in one transaction, each write in a savepoint of
// its own or none, and commits it. Without savepoints, a write that
// fails rolls everything back: a lone write then has its own error as
// its result; a group asks to be run again (errRedoInSavepoints). The
// error returned is otherwise the transaction's own, after which nothing
// of the batch is committed.
func (g *groupCommit) transact(batch []*groupWrite, savepoints bool) error {
	ctx := context.Background()
	t, err := g.db.begin(ctx)
	if err != nil {
		return err
	}
	bt, failed := batchTx{t}, false
	for _, w := range batch {
		if savepoints {
			err = g.one(bt, w)
		} else {
			w.ev, w.err = w.fn(bt)
			failed = w.err != nil
		}
		if err != nil || failed {
			break
		}
	}
	if err != nil || failed {
		_ = t.rollback(ctx)
		if err == nil && len(batch) > 1 {
			return errRedoInSavepoints
		}
		return err
	}
	if err = t.commit(ctx); err == nil {
		g.commits.Add(1)
	}
	return err
}

// one runs w in a savepoint of t: w's error rolls back only w. The
// error returned is the transaction's own (a savepoint that cannot be
// set or undone), after which nothing of the batch is committed.
func (g *groupCommit) one(t batchTx, w *groupWrite) error {
	ctx := context.Background()
	if _, err := t.exec(ctx, sqlSavepoint); err != nil {
		return err
	}
	w.ev, w.err = w.fn(t)
	if w.err != nil {
		if _, err := t.exec(ctx, sqlRollbackTo); err != nil {
			return err
		}
	}
	_, err := t.exec(ctx, sqlRelease)
	return err
}

// The savepoint of each write in a group's transaction.
const (
	sqlSavepoint  = `SAVEPOINT w`
	sqlRollbackTo = `ROLLBACK TO w`
	sqlRelease    = `RELEASE w`
)

// batchTx is a group's transaction as each write sees it: its statements
// run without the write's context (see commit).
type batchTx struct{ t tx }

func (b batchTx) exec(_ context.Context, q string, args ...any) (int64, error) {
	return b.t.exec(context.Background(), q, args...)
}

func (b batchTx) queryRow(_ context.Context, q string, args ...any) row {
	return b.t.queryRow(context.Background(), q, args...)
}

func (b batchTx) query(_ context.Context, q string, args ...any) (rows, error) {
	return b.t.query(context.Background(), q, args...)
}

// A write does not commit or roll back the group's transaction: its
// savepoint is released or rolled back by the committer.
func (b batchTx) commit(context.Context) error   { return nil }
func (b batchTx) rollback(context.Context) error { return nil }
