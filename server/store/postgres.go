package store

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tabletop/tabletop/internal/procstat"
)

// roomChannel is the NOTIFY channel of the room events of the store in
// schema. NOTIFY's channels belong to the database, not to a schema: two
// deployments in two schemas of one database (or the tests' schemas)
// would get each other's events, for rooms whose codes may be the same.
// The schema public keeps the name of before, so that nodes of the
// version before hear the new ones while a deployment is upgraded; a
// name over PostgreSQL's 63 bytes is named by a hash.
func roomChannel(schema string) string {
	const base = "tabletop_rooms"
	if schema == "public" {
		return base
	}
	if ch := base + "." + schema; len(ch) <= 63 {
		return ch
	}
	h := fnv.New64a()
	h.Write([]byte(schema))
	return fmt.Sprintf("%s#%016x", base, h.Sum64())
}

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
	var schema string
	if err := db.queryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	channel := roomChannel(schema)
	e := &engine{db: db, node: newNodeID(), hub: newHub(), forUpdate: " FOR UPDATE", notify: pgNotifier(channel)}
	movesPool, err := pgxpool.NewWithConfig(ctx, moveBatchConfig(cfg, e.node))
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	e.moves = &moveBatcher{e: e, db: pgDB{pool: movesPool}, channel: channel}
	lcfg := cfg.ConnConfig.Copy()
	lcfg.RuntimeParams["application_name"] = listenerName(e.node) // names it in pg_stat_activity
	l := &listener{cfg: lcfg, hub: e.hub, channel: channel}
	lctx, stop := context.WithCancel(context.Background())
	// The first LISTEN is made before Open returns, so that a subscriber
	// misses nothing committed after it.
	conn, err := l.connect(ctx)
	if err != nil {
		stop()
		movesPool.Close()
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
		movesPool.Close()
		pool.Close()
	}
	return newStore(e), nil
}

func listenerName(node string) string { return "tabletop-listen-" + node }

// moveBatchConfig is the configuration of the connection a node's move
// batches are written on (moveBatcher): one connection, since a node
// writes one batch at a time, named in pg_stat_activity, whose settings
// suit the one statement it runs (sqlMoveBatch):
//   - plan_cache_mode=force_generic_plan: the statement is planned once
//     for the connection, not for each batch. Its parameters are arrays,
//     so PostgreSQL kept planning it anew (custom plans), about a tenth
//     of the database's CPU in the 1000-room load test.
//   - enable_hashjoin and enable_mergejoin off: the batch's rooms and
//     seats are found by their keys, a few rows each. Costed for a disk,
//     PostgreSQL joined a batch of 20 moves by reading every waiting and
//     playing room (a hash join over a scan of the table, and of every
//     version of each row its moves left); that grows with the rooms of
//     the whole deployment, not with the batch.
//   - enable_seqscan and enable_bitmapscan off: the generic plan is made
//     with the statistics of the moment, and a deployment's tables often
//     have none yet (autovacuum analyses a new table within a minute or
//     so) or those of a much smaller table. So planned, the rooms were
//     read by a scan of the table, or of every waiting and playing room
//     through rooms_by_status, at every batch, until an analyze made
//     PostgreSQL plan again: in the 1000-room load test, whether the
//     first batches came before or after the first analyze of the run's
//     new tables decided the run's cost (see sqlMoveBatch). With these
//     off, the rooms are read by their key whatever the statistics.
func moveBatchConfig(cfg *pgxpool.Config, node string) *pgxpool.Config {
	c := cfg.Copy()
	c.MaxConns, c.MinConns = 1, 0
	c.ConnConfig.RuntimeParams["application_name"] = "tabletop-moves-" + node
	for k, v := range moveBatchSettings {
		c.ConnConfig.RuntimeParams[k] = v
	}
	return c
}

// moveBatchSettings are the planner's settings of the batches'
// connection (moveBatchConfig).
var moveBatchSettings = map[string]string{
	"plan_cache_mode":   "force_generic_plan",
	"enable_hashjoin":   "off",
	"enable_mergejoin":  "off",
	"enable_seqscan":    "off",
	"enable_bitmapscan": "off",
}

// ServerProcess is the process id of the PostgreSQL server dsn names,
// when it runs on this machine (Linux): the parent of a connection's
// backend, the postmaster. The load test and the benchmarks read the
// database's CPU from it (procstat.TreeCPU).
func ServerProcess(ctx context.Context, dsn string) (int, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	defer conn.Close(ctx)
	var backend int
	if err := conn.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	pid, ok := procstat.Parent(backend)
	if !ok {
		return 0, fmt.Errorf("store: the PostgreSQL server's backend %d is not a process here", backend)
	}
	return pid, nil
}

// pgNotifier sends ev on channel inside the writing transaction:
// PostgreSQL delivers it to every listening node when, and only if, the
// transaction commits.
func pgNotifier(channel string) func(context.Context, tx, Event) error {
	return func(ctx context.Context, t tx, ev Event) error {
		_, err := t.exec(ctx, `SELECT pg_notify($1, $2)`, channel, formatEvent(ev))
		return err
	}
}

// formatEvent and parseEvent are the NOTIFY payload: "CODE MOVES
// VERSION NODE", and for a move's event " SEAT REMAINING_MS AT_MS TEXT"
// after it (the text last: it may hold spaces). PostgreSQL bounds a
// payload at 8000 bytes: a move whose text would not fit is announced
// without it, and the other nodes read the room instead.
func formatEvent(ev Event) string {
	before, after := eventParts(ev)
	return before + strconv.FormatInt(ev.Version, 10) + after
}

// eventParts are ev's payload before and after its version, which the
// statement storing a move fills in (see sqlMoveBatch).
func eventParts(ev Event) (before, after string) {
	before, after = ev.Room+" "+strconv.Itoa(ev.Moves)+" ", " "+ev.Node
	if m := ev.Move; m != nil && len(m.Text) <= maxEventText {
		after += " " + strconv.Itoa(m.Seat) + " " + strconv.FormatInt(m.Remaining.Milliseconds(), 10) + " " +
			strconv.FormatInt(ms(m.At), 10) + " " + m.Text
	}
	return before, after
}

// maxEventText is the longest move text an event carries.
const maxEventText = 4000

func parseEvent(s string) (Event, error) {
	f := strings.SplitN(s, " ", 8)
	if len(f) != 4 && len(f) != 8 {
		return Event{}, fmt.Errorf("store: bad room event %q", s)
	}
	moves, err1 := strconv.Atoi(f[1])
	version, err2 := strconv.ParseInt(f[2], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return Event{}, fmt.Errorf("store: bad room event %q: %w", s, err)
	}
	ev := Event{Room: f[0], Moves: moves, Version: version, Node: f[3]}
	if len(f) == 4 {
		return ev, nil
	}
	seat, err1 := strconv.Atoi(f[4])
	remaining, err2 := strconv.ParseInt(f[5], 10, 64)
	at, err3 := strconv.ParseInt(f[6], 10, 64)
	if err := errors.Join(err1, err2, err3); err != nil {
		return Event{}, fmt.Errorf("store: bad room event %q: %w", s, err)
	}
	if moves < 1 || f[7] == "" {
		return Event{}, fmt.Errorf("store: bad room event %q: a move without a number or text", s)
	}
	ev.Move = &Move{Number: moves - 1, Text: f[7], Seat: seat, Remaining: time.Duration(remaining) * time.Millisecond, At: fromMS(at)}
	return ev, nil
}

// listen passes conn's notifications to the hub until the connection
// fails or ctx ends, and closes conn. It waits without a context: pgx
// starts a goroutine to watch a context that can end at every wait (a
// notification), a goroutine and a wake-up a move on every node; the end
// of ctx closes the connection's socket instead, which ends the wait.
func (l *listener) listen(ctx context.Context, conn *pgx.Conn) {
	stop := context.AfterFunc(ctx, func() { _ = conn.PgConn().Conn().Close() })
	defer stop()
	for {
		n, err := conn.WaitForNotification(context.Background())
		if err != nil {
			_ = conn.Close(context.Background())
			return
		}
		if ev, err := parseEvent(n.Payload); err == nil {
			l.hub.publish(ev)
		}
	}
}

// listener holds one dedicated connection (LISTEN does not mix with a
// pool) and passes the notifications to the hub. When the connection
// drops it reconnects, and subscribers get a Lost event, since
// notifications sent meanwhile are gone.
type listener struct {
	cfg     *pgx.ConnConfig
	hub     *hub
	channel string // roomChannel of the store's schema
}

func (l *listener) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, l.cfg.Copy())
	if err != nil {
		return nil, fmt.Errorf("store: listen: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{l.channel}.Sanitize()); err != nil {
		_ = conn.Close(ctx)
		return nil, fmt.Errorf("store: listen: %w", err)
	}
	return conn, nil
}

func (l *listener) run(ctx context.Context, conn *pgx.Conn) {
	backoff := 50 * time.Millisecond
	for {
		if conn != nil {
			l.listen(ctx, conn)
			conn = nil
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
