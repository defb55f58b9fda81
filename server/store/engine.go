package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
	"time"
)

// engine implements Store over either database. The few places where
// SQLite and PostgreSQL differ are its dialect fields.
type engine struct {
	db   database
	node string
	hub  *hub
	// forUpdate locks the rows a transaction reads before it writes
	// them (" FOR UPDATE" on PostgreSQL); SQLite needs nothing, since
	// its write transactions are serialised (BEGIN IMMEDIATE).
	forUpdate string
	// notify, when set, sends an event inside the writing transaction
	// (PostgreSQL's NOTIFY, delivered at commit to every node). When nil
	// the event goes to this process's hub after the commit.
	notify  func(ctx context.Context, t tx, ev Event) error
	closeDB func()
	closing sync.Once
	// fault, set only by tests, fails a transaction at a named stage to
	// show that everything before it in the transaction is undone.
	fault func(stage string) error
	// group, on SQLite, runs the writes (see groupCommit).
	group *groupCommit
	// moves, on PostgreSQL, writes the moves (see moveBatcher).
	moves *moveBatcher
}

func newNodeID() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func newGameID() string {
	var b [10]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Node is the node identity of the Store.
func (e *engine) Node() string { return e.node }

// Subscribe implements RoomStore.
func (e *engine) Subscribe(ctx context.Context) <-chan Event { return e.hub.subscribe(ctx) }

// Close closes the database once.
func (e *engine) Close() error {
	e.closing.Do(e.closeDB)
	return nil
}

// write runs fn in a read-write transaction and commits it. An event fn
// returns for a room (ev.Room != "") is sent to every subscriber once the
// transaction has committed, never for a rolled-back one.
func (e *engine) write(ctx context.Context, fn func(t tx) (Event, error)) error {
	if e.group != nil {
		return e.group.write(ctx, func(t tx) (Event, error) {
			ev, err := fn(t)
			ev.Node = e.node
			return ev, err
		})
	}
	t, err := e.db.begin(ctx)
	if err != nil {
		return err
	}
	ev, err := fn(t)
	if err == nil && ev.Room != "" {
		ev.Node = e.node
		if e.notify != nil {
			err = e.notify(ctx, t, ev)
		}
	}
	if err != nil {
		_ = t.rollback(ctx)
		return err
	}
	if err := t.commit(ctx); err != nil {
		return err
	}
	if ev.Room != "" && e.notify == nil {
		e.hub.publish(ev)
	}
	return nil
}

// read runs fn in a read-only transaction: one consistent state.
func (e *engine) read(ctx context.Context, fn func(t tx) error) error {
	t, err := e.db.snapshot(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = t.rollback(ctx) }()
	return fn(t)
}

// ms and fromMS store times as Unix milliseconds, the zero time as 0.
func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// notFound maps the drivers' "no rows" to err.
func notFound(scanErr, err error) error {
	if errors.Is(scanErr, errNoRows) {
		return err
	}
	return scanErr
}
