package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The store's SQL is written once, with $1-style parameters that both
// engines accept; these small interfaces let it run on database/sql (for
// SQLite) and on pgx's native pool (for PostgreSQL) alike.

// querier runs statements; a database, or a transaction.
type querier interface {
	exec(ctx context.Context, q string, args ...any) (int64, error) // rows affected
	queryRow(ctx context.Context, q string, args ...any) row
	query(ctx context.Context, q string, args ...any) (rows, error)
}

type row interface{ Scan(dest ...any) error }

type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// database is a querier that starts transactions.
type database interface {
	querier
	begin(ctx context.Context) (tx, error)    // a read-write transaction
	snapshot(ctx context.Context) (tx, error) // a read-only one
}

type tx interface {
	querier
	commit(ctx context.Context) error
	rollback(ctx context.Context) error
}

// errNoRows is either driver's "no rows" error.
var errNoRows = errors.New("no rows")

// --- database/sql (SQLite) ---

type sqlDB struct {
	reads  *sql.DB // a pool of readers: WAL lets them run beside the writer
	writes *sql.DB // one connection: writers queue here, not in SQLite's busy loop
	// stmts keeps the statements of every move prepared on the writer
	// (hotStatements): SQLite parsing them for every move was a third of
	// a move's cost in the store.
	stmts *stmtCache
}

// stmtCacheMax bounds the prepared statements kept.
const stmtCacheMax = 128

// stmtCache is a bounded set of statements prepared on one database.
type stmtCache struct {
	db    *sql.DB
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, stmts: map[string]*sql.Stmt{}}
}

// prepare prepares qs. It must not run inside a transaction of the
// writer, whose one connection the preparing would wait for.
func (c *stmtCache) prepare(ctx context.Context, qs ...string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, q := range qs {
		if _, ok := c.stmts[q]; ok || len(c.stmts) >= stmtCacheMax {
			continue
		}
		st, err := c.db.PrepareContext(ctx, q)
		if err != nil {
			return err
		}
		c.stmts[q] = st
	}
	return nil
}

// get returns q prepared, or nil when it was not (the caller runs it
// unprepared).
func (c *stmtCache) get(q string) *sql.Stmt {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stmts[q]
}

// close closes the statements; the cache is not used after.
func (c *stmtCache) close() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.stmts {
		st.Close()
		delete(c.stmts, q)
	}
}

func (d sqlDB) exec(ctx context.Context, q string, args ...any) (int64, error) {
	return sqlExec(d.writes.ExecContext(ctx, q, args...))
}

func (d sqlDB) queryRow(ctx context.Context, q string, args ...any) row {
	return sqlRow{d.reads.QueryRowContext(ctx, q, args...)}
}

func (d sqlDB) query(ctx context.Context, q string, args ...any) (rows, error) {
	r, err := d.reads.QueryContext(ctx, q, args...)
	return sqlRows{r}, err
}

// snapshot starts a read-only transaction, so that a room's row, seats
// and moves are read from one state of the database.
func (d sqlDB) snapshot(ctx context.Context) (tx, error) {
	t, err := d.reads.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	return sqlTx{t: t}, err
}

func (d sqlDB) begin(ctx context.Context) (tx, error) {
	t, err := d.writes.BeginTx(ctx, nil) // BEGIN IMMEDIATE: see the DSN's _txlock
	return sqlTx{t: t, stmts: d.stmts, bound: map[string]*sql.Stmt{}}, err
}

// sqlTx is a transaction; one that writes runs its statements prepared
// once on the writer (stmts), each bound to the transaction once
// (bound): a group commit's transaction runs the same few statements for
// every move of its batch, and binding one (Tx.StmtContext) allocates a
// statement and registers it with the database until the transaction
// ends.
type sqlTx struct {
	t     *sql.Tx
	stmts *stmtCache
	bound map[string]*sql.Stmt // nil in a read-only transaction
}

// stmt is q prepared for this transaction, or nil.
func (t sqlTx) stmt(ctx context.Context, q string) *sql.Stmt {
	if st := t.bound[q]; st != nil {
		return st
	}
	st := t.stmts.get(q)
	if st == nil {
		return nil
	}
	st = t.t.StmtContext(ctx, st)
	if t.bound != nil {
		t.bound[q] = st
	}
	return st
}

func (t sqlTx) exec(ctx context.Context, q string, args ...any) (int64, error) {
	if st := t.stmt(ctx, q); st != nil {
		return sqlExec(st.ExecContext(ctx, args...))
	}
	return sqlExec(t.t.ExecContext(ctx, q, args...))
}
func (t sqlTx) queryRow(ctx context.Context, q string, args ...any) row {
	if st := t.stmt(ctx, q); st != nil {
		return sqlRow{st.QueryRowContext(ctx, args...)}
	}
	return sqlRow{t.t.QueryRowContext(ctx, q, args...)}
}
func (t sqlTx) query(ctx context.Context, q string, args ...any) (rows, error) {
	if st := t.stmt(ctx, q); st != nil {
		r, err := st.QueryContext(ctx, args...)
		return sqlRows{r}, err
	}
	r, err := t.t.QueryContext(ctx, q, args...)
	return sqlRows{r}, err
}
func (t sqlTx) commit(context.Context) error   { return t.t.Commit() }
func (t sqlTx) rollback(context.Context) error { return t.t.Rollback() }

func sqlExec(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

type sqlRow struct{ r *sql.Row }

func (r sqlRow) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return errNoRows
	}
	return err
}

type sqlRows struct{ r *sql.Rows }

func (r sqlRows) Next() bool             { return r.r.Next() }
func (r sqlRows) Scan(dest ...any) error { return r.r.Scan(dest...) }
func (r sqlRows) Err() error             { return r.r.Err() }
func (r sqlRows) Close()                 { _ = r.r.Close() }

// --- pgx (PostgreSQL) ---

type pgDB struct{ pool *pgxpool.Pool }

func (d pgDB) exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := d.pool.Exec(ctx, q, args...)
	return tag.RowsAffected(), err
}
func (d pgDB) queryRow(ctx context.Context, q string, args ...any) row {
	return pgRow{d.pool.QueryRow(ctx, q, args...)}
}
func (d pgDB) query(ctx context.Context, q string, args ...any) (rows, error) {
	return d.pool.Query(ctx, q, args...)
}
func (d pgDB) snapshot(ctx context.Context) (tx, error) {
	t, err := d.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	return pgTx{t}, err
}

func (d pgDB) begin(ctx context.Context) (tx, error) {
	t, err := d.pool.Begin(ctx)
	return pgTx{t}, err
}

type pgTx struct{ t pgx.Tx }

func (t pgTx) exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := t.t.Exec(ctx, q, args...)
	return tag.RowsAffected(), err
}
func (t pgTx) queryRow(ctx context.Context, q string, args ...any) row {
	return pgRow{t.t.QueryRow(ctx, q, args...)}
}
func (t pgTx) query(ctx context.Context, q string, args ...any) (rows, error) {
	return t.t.Query(ctx, q, args...)
}
func (t pgTx) commit(ctx context.Context) error   { return t.t.Commit(ctx) }
func (t pgTx) rollback(ctx context.Context) error { return t.t.Rollback(ctx) }

type pgRow struct{ r pgx.Row }

func (r pgRow) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return errNoRows
	}
	return err
}
