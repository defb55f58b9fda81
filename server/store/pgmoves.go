package store

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// moveBatcher is PostgreSQL's group commit of moves: the moves a node's
// rooms send while a batch is on its way are written together, in one
// statement (sqlMoveBatch) and so one round trip and one transaction.
// A move alone goes at once, as before. At a thousand moves a second on
// two cores the database's own CPU was about 0.7 ms a move, a statement,
// a commit and a NOTIFY each (the listeners woken at every commit); a
// batch shares the statement's start, the commit and the wake-ups.
//
// A move is stored, and its caller told, only once the batch's
// transaction committed. A batch that PostgreSQL refuses as a whole (an
// error of the statement, after which nothing of it is committed) is run
// again a move at a time, so that each move gets its own answer; an
// error of the connection is every move's answer, as it was each move's
// alone (the commit may have happened).
type moveBatcher struct {
	e       *engine
	db      querier // the batches' own connection (moveBatchConfig)
	channel string  // where the moves' events are sent (roomChannel)

	mu      sync.Mutex
	queue   []*batchedMove
	running int // batches being written, at most maxMoveBatches

	// statements counts the statements written (tests read it).
	statements atomic.Int64
}

// maxMoveBatches is how many batches a node writes at once. While one
// is out the next moves wait and go together. One: with two or four,
// BenchmarkAppendMoveParallel/postgres (16 writers) made smaller batches
// and spent more of the database's CPU and the node's per move
// (PostgreSQL 159–194 µs a move against 61–80, the writers 66–88 µs
// against 32–43, load 8–12) and stored fewer moves a second.
const maxMoveBatches = 1

// maxMoveBatch bounds the moves of one batch.
const maxMoveBatch = 256

// batchTimeout bounds a batch whose moves' contexts have no deadline.
const batchTimeout = 30 * time.Second

// batchedMove is one move waiting for its batch.
type batchedMove struct {
	ctx     context.Context
	code    string
	m       Move
	state   atomic.Int32 // writeQueued, writeTaken or writeAbandoned
	stored  bool         // the batch's compare-and-set took it
	version int64
	err     error
	done    chan struct{}
}

// add stores m in room code with the moves waiting beside it and
// returns the room's version after it. A move whose ctx ends before a
// batch takes it is not written; once taken, its result is waited for.
func (b *moveBatcher) add(ctx context.Context, code string, m Move) (int64, error) {
	w := &batchedMove{ctx: ctx, code: code, m: m, done: make(chan struct{})}
	b.mu.Lock()
	b.queue = append(b.queue, w)
	start := b.running < maxMoveBatches
	if start {
		b.running++
	}
	b.mu.Unlock()
	if start {
		go b.run()
	}
	select {
	case <-w.done:
	case <-ctx.Done():
		if w.state.CompareAndSwap(writeQueued, writeAbandoned) {
			return 0, ctx.Err()
		}
		<-w.done
	}
	return w.version, w.err
}

// run writes batches until the queue is empty.
func (b *moveBatcher) run() {
	for {
		batch := b.take()
		if len(batch) == 0 {
			return
		}
		b.write(batch)
	}
}

// take removes up to maxMoveBatch moves from the queue, those not
// abandoned and one per room (a room's next move, which a node sends
// only after the last was answered, waits for the next batch); with none
// it ends its run.
func (b *moveBatcher) take() []*batchedMove {
	b.mu.Lock()
	defer b.mu.Unlock()
	var batch []*batchedMove
	rest := b.queue[:0]
	for _, w := range b.queue {
		switch {
		case len(batch) == maxMoveBatch || slices.ContainsFunc(batch, func(o *batchedMove) bool { return o.code == w.code }):
			rest = append(rest, w)
		case w.state.CompareAndSwap(writeQueued, writeTaken):
			batch = append(batch, w)
		}
	}
	clear(b.queue[len(rest):])
	b.queue = rest
	if len(batch) == 0 {
		b.running--
	}
	return batch
}

// write stores batch and tells each move its result.
func (b *moveBatcher) write(batch []*batchedMove) {
	ctx, cancel := batchContext(batch)
	defer cancel()
	err := b.writeMoves(ctx, batch)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && len(batch) > 1 {
		for _, w := range batch {
			w.stored, w.version = false, 0
			b.answer(ctx, w, b.writeMoves(ctx, []*batchedMove{w}))
		}
		return
	}
	for _, w := range batch {
		b.answer(ctx, w, err)
	}
}

// answer tells w its result: err, or why the compare-and-set did not
// take it.
func (b *moveBatcher) answer(ctx context.Context, w *batchedMove, err error) {
	switch {
	case err != nil:
		w.err = err
	case !w.stored:
		w.err = whyNot(ctx, b.e.db, w.code, "move", int64(w.m.Number))
	}
	close(w.done)
}

// batchContext is the context a batch is written in: its moves' latest
// deadline (or batchTimeout), not cancelled by any one caller.
func batchContext(batch []*batchedMove) (context.Context, context.CancelFunc) {
	var latest time.Time
	for _, w := range batch {
		d, ok := w.ctx.Deadline()
		if !ok {
			return context.WithTimeout(context.Background(), batchTimeout)
		}
		if d.After(latest) {
			latest = d
		}
	}
	return context.WithDeadline(context.Background(), latest)
}

// writeMoves runs sqlMoveBatch for batch, in the order of the rooms'
// codes (two nodes' batches lock rooms in the same order), and marks
// the moves it stored with their rooms' versions.
func (b *moveBatcher) writeMoves(ctx context.Context, batch []*batchedMove) error {
	b.statements.Add(1)
	slices.SortFunc(batch, func(x, y *batchedMove) int { return strings.Compare(x.code, y.code) })
	n := len(batch)
	rs, err := b.db.query(ctx, sqlMoveBatch, b.batchArgs(batch)...)
	if err != nil {
		return err
	}
	defer rs.Close()
	for rs.Next() {
		var i int64
		var version int64
		var sent string
		if err := rs.Scan(&i, &version, &sent); err != nil {
			return err
		}
		if i >= 1 && i <= int64(n) {
			batch[i-1].stored, batch[i-1].version = true, version
		}
	}
	rs.Close()
	return rs.Err()
}

// batchArgs are sqlMoveBatch's parameters for batch.
func (b *moveBatcher) batchArgs(batch []*batchedMove) []any {
	n := len(batch)
	codes, texts, befores, afters := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	plies, seats := make([]int32, n), make([]int32, n)
	ats, remaining := make([]int64, n), make([]int64, n)
	for i, w := range batch {
		m := w.m
		codes[i], texts[i], plies[i], seats[i] = w.code, m.Text, int32(m.Number), int32(m.Seat)
		ats[i], remaining[i] = ms(m.At), m.Remaining.Milliseconds()
		befores[i], afters[i] = eventParts(Event{Room: w.code, Moves: m.Number + 1, Node: b.e.node, Move: &m})
	}
	return []any{codes, plies, ats, seats, texts, remaining, befores, afters, b.channel}
}

// sqlMoveBatch stores a batch of moves, given as arrays (one element a
// move, each in another room): for each, the compare-and-set on its
// room, the move's row and the mover's clock, as data-modifying parts of
// one statement (each runs once, whether read or not), the last two only
// for the moves the first took; and the event of each move taken,
// pgNotifier's on channel $9, sent when the statement's transaction
// commits. It returns
// the moves taken: their place in the arrays (from 1) and their rooms'
// versions. A move whose compare-and-set fails changes nothing; whyNot
// then says why.
//
// The rooms are read by their key, whatever the statistics the generic
// plan was made with (moveBatchConfig): "r.code = ANY($1)" gives the
// scan of rooms its key condition whichever side of the join it is on,
// and the status test is wrapped in IS TRUE so that it is no index
// condition on rooms_by_status, which PostgreSQL preferred without
// statistics (two values of a column are a hundredth of the table by
// its defaults), reading every waiting and playing room at each batch.
const sqlMoveBatch = `WITH cas AS (
		UPDATE rooms r SET move_count = r.move_count + 1, version = r.version + 1,
			turn_started_ms = i.at_ms, updated_ms = i.at_ms, status = 'playing', offer = ''
		FROM unnest($1::text[], $2::integer[], $3::bigint[], $4::integer[], $5::text[], $6::bigint[], $7::text[], $8::text[])
			WITH ORDINALITY AS i(code, ply, at_ms, seat, text, remaining_ms, before, after, idx)
		WHERE r.code = ANY ($1::text[]) AND r.code = i.code AND r.move_count = i.ply
			AND (r.status IN ('waiting', 'playing')) IS TRUE
		RETURNING i.*, r.version
	), ins AS (
		INSERT INTO moves (room_code, ply, seat, text, played_ms) SELECT code, ply, seat, text, at_ms FROM cas
	), clock AS (
		UPDATE seats s SET remaining_ms = c.remaining_ms FROM cas c
		WHERE s.room_code = c.code AND s.seat = c.seat AND s.remaining_ms <> c.remaining_ms
	)
	SELECT idx, version, pg_notify($9, before || version::text || after)::text FROM cas ORDER BY idx`
