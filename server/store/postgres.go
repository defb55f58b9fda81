package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// roomChannel is the NOTIFY channel of room events.
const roomChannel = "tabletop_rooms"

// migrationLock takes the advisory lock that serialises the migrations of
// nodes starting at once.
const migrationLock = `SELECT pg_advisory_xact_lock(hashtext('tabletop migrations'))`

// defaultPoolConns is a node's connections to PostgreSQL unless the DSN's
// pool_max_conns says otherwise. Two nodes with 16 each (and a listener
// each) stay well within PostgreSQL's default of 100 connections.
const defaultPoolConns = 16

func openPostgres(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		// pgxpool's default is the number of cores (at least 4): a node
		// with a thousand rooms then queues for connections while the
		// database waits on the network, not on its cores.
		cfg.MaxConns = max(cfg.MaxConns, defaultPoolConns)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db := pgDB{pool: pool}
	if err := migrate(ctx, db, migrationLock); err != nil {
		pool.Close()
		return nil, err
	}
	e := &engine{db: db, node: newNodeID(), hub: newHub(), forUpdate: " FOR UPDATE", notify: pgNotify}
	lcfg := cfg.ConnConfig.Copy()
	lcfg.RuntimeParams["application_name"] = listenerName(e.node) // names it in pg_stat_activity
	l := &listener{cfg: lcfg, hub: e.hub}
	lctx, stop := context.WithCancel(context.Background())
	// The first LISTEN is made before Open returns, so that a subscriber
	// misses nothing committed after it.
	conn, err := l.connect(ctx)
	if err != nil {
		stop()
		pool.Close()
		return nil, err
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l.run(lctx, conn)
	}()
	e.closeDB = func() {
		stop()
		wg.Wait()
		e.hub.close()
		pool.Close()
	}
	return newStore(e), nil
}

func listenerName(node string) string { return "tabletop-listen-" + node }

// pgNotify sends ev inside the writing transaction: PostgreSQL delivers
// it to every listening node when, and only if, the transaction commits.
func pgNotify(ctx context.Context, t tx, ev Event) error {
	_, err := t.exec(ctx, `SELECT pg_notify($1, $2)`, roomChannel, formatEvent(ev))
	return err
}

// formatEvent and parseEvent are the NOTIFY payload: "CODE MOVES VERSION NODE".
func formatEvent(ev Event) string {
	return ev.Room + " " + strconv.Itoa(ev.Moves) + " " + strconv.FormatInt(ev.Version, 10) + " " + ev.Node
}

func parseEvent(s string) (Event, error) {
	f := strings.Fields(s)
	if len(f) != 4 {
		return Event{}, fmt.Errorf("store: bad room event %q", s)
	}
	moves, err1 := strconv.Atoi(f[1])
	version, err2 := strconv.ParseInt(f[2], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return Event{}, fmt.Errorf("store: bad room event %q: %w", s, err)
	}
	return Event{Room: f[0], Moves: moves, Version: version, Node: f[3]}, nil
}

// listener holds one dedicated connection (LISTEN does not mix with a
// pool) and passes the notifications to the hub. When the connection
// drops it reconnects, and subscribers get a Lost event, since
// notifications sent meanwhile are gone.
type listener struct {
	cfg *pgx.ConnConfig
	hub *hub
}

func (l *listener) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, l.cfg.Copy())
	if err != nil {
		return nil, fmt.Errorf("store: listen: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+roomChannel); err != nil {
		_ = conn.Close(ctx)
		return nil, fmt.Errorf("store: listen: %w", err)
	}
	return conn, nil
}

func (l *listener) run(ctx context.Context, conn *pgx.Conn) {
	backoff := 50 * time.Millisecond
	for {
		for conn != nil {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				_ = conn.Close(context.Background())
				conn = nil
				break
			}
			if ev, err := parseEvent(n.Payload); err == nil {
				l.hub.publish(ev)
			}
		}
		if ctx.Err() != nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		var err error
		if conn, err = l.connect(ctx); err != nil {
			backoff = min(2*backoff, 5*time.Second)
			continue
		}
		backoff = 50 * time.Millisecond
		l.hub.publish(Event{Lost: true})
	}
}
