package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

// migrations are the schema's versions, NNNN_name.sql, applied in order;
// one set of files serves both engines (see 0001_init.sql).
//
//go:embed migrations/*.sql
var migrations embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, n := range names {
		base := strings.TrimPrefix(n, "migrations/")
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("store: migration %s is not named NNNN_name.sql", base)
		}
		body, err := migrations.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := 1; i < len(out); i++ {
		if out[i].version == out[i-1].version {
			return nil, fmt.Errorf("store: two migrations numbered %d", out[i].version)
		}
	}
	return out, nil
}

// migrate applies the migrations not yet recorded in schema_migrations,
// each in its own transaction with its record, so a failed one leaves
// the schema as it was. lock, run first in each transaction, keeps nodes
// starting together from applying one twice (PostgreSQL takes an
// advisory lock; SQLite's write transactions are serialised anyway).
func migrate(ctx context.Context, db database, lock string) error {
	list, err := loadMigrations()
	if err != nil {
		return err
	}
	return applyMigrations(ctx, db, lock, list)
}

func applyMigrations(ctx context.Context, db database, lock string, list []migration) error {
	if err := applyMigration(ctx, db, lock, migration{name: "schema_migrations", sql: `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ms BIGINT NOT NULL)`}); err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	}
	for _, m := range list {
		if err := applyMigration(ctx, db, lock, m); err != nil {
			return fmt.Errorf("store: migration %s: %w", m.name, err)
		}
	}
	return nil
}

func applyMigration(ctx context.Context, db database, lock string, m migration) error {
	t, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = t.rollback(ctx) }()
	if lock != "" {
		if _, err := t.exec(ctx, lock); err != nil {
			return err
		}
	}
	if m.version == 0 { // the migrations table itself
		if _, err := t.exec(ctx, m.sql); err != nil {
			return err
		}
		return t.commit(ctx)
	}
	var n int
	if err := t.queryRow(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = $1`, m.version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := t.exec(ctx, m.sql); err != nil {
		return err
	}
	if _, err := t.exec(ctx, `INSERT INTO schema_migrations (version, name, applied_ms) VALUES ($1, $2, $3)`,
		m.version, m.name, ms(time.Now())); err != nil {
		return err
	}
	return t.commit(ctx)
}
