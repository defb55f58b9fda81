package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/jackc/pgx/v5"
)

// A server checks its store before it serves (see Check and Fresh): an
// emptied store must not be taken for a new one, damage must not wait
// for the request that touches it, and a store that cannot be written
// must not accept players whose moves it would then refuse.

// DamageError says that a store failed its integrity check.
type DamageError struct {
	Check    string   // the check that failed, e.g. "PRAGMA quick_check"
	Problems []string // what it found (the first few)
}

// Error names the check and the first problems it found.
func (e *DamageError) Error() string {
	return fmt.Sprintf("store: %s found damage: %s", e.Check, strings.Join(e.Problems, "; "))
}

// ErrNotWritable is returned by Check for a store that cannot be written
// (errors.Is; the error unwraps to the database's own).
var ErrNotWritable = errors.New("store: cannot be written")

// maxProblems bounds the problems a DamageError lists.
const maxProblems = 5

// Check makes the quick checks a server makes at start: on SQLite an
// integrity check of every page (PRAGMA quick_check; a *DamageError
// when it fails), and on both engines a write, so that a store that
// cannot be written (a read-only file, directory or disk; a read-only
// database role) is found now (ErrNotWritable) and not at the first move.
func Check(ctx context.Context, s *Store) error {
	e := s.e
	if db, ok := e.db.(sqlDB); ok {
		if err := quickCheck(ctx, db); err != nil {
			return err
		}
	}
	// A row no one reads (the served mark is row 1), written and removed
	// in one transaction: it needs write access and leaves nothing.
	err := e.write(ctx, func(t tx) (Event, error) {
		if _, err := t.exec(ctx, `INSERT INTO served (id, until_ms) VALUES (0, 0) ON CONFLICT (id) DO NOTHING`); err != nil {
			return Event{}, err
		}
		_, err := t.exec(ctx, `DELETE FROM served WHERE id = 0`)
		return Event{}, err
	})
	if err != nil {
		return &notWritableError{err}
	}
	return nil
}

// notWritableError is Check's ErrNotWritable, with the cause.
type notWritableError struct{ err error }

func (e *notWritableError) Error() string        { return "store: cannot be written: " + e.err.Error() }
func (e *notWritableError) Unwrap() error        { return e.err }
func (e *notWritableError) Is(target error) bool { return target == ErrNotWritable }

// quickCheck runs SQLite's quick_check: the structure of every page and
// record (not whether indexes match their tables, which integrity_check
// adds at many times the cost).
func quickCheck(ctx context.Context, db sqlDB) error {
	const check = "PRAGMA quick_check"
	rs, err := db.reads.QueryContext(ctx, check)
	if err != nil {
		return &DamageError{Check: check, Problems: []string{err.Error()}}
	}
	defer rs.Close()
	var problems []string
	for rs.Next() {
		var line string
		if err := rs.Scan(&line); err != nil {
			return err
		}
		for _, l := range strings.Split(line, "\n") {
			if l != "ok" && l != "*** in database main ***" && len(problems) < maxProblems {
				problems = append(problems, l)
			}
		}
	}
	if err := rs.Err(); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return &DamageError{Check: check, Problems: problems}
	}
	return nil
}

// Fresh reports whether dsn names a store no server has used yet: an
// SQLite file that is missing or empty (nothing in its write-ahead log
// either), or a PostgreSQL schema without tabletop's tables. It creates
// and changes nothing.
func Fresh(ctx context.Context, dsn string) (bool, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			return false, fmt.Errorf("store: %w", err)
		}
		defer conn.Close(ctx)
		var missing bool
		err = conn.QueryRow(ctx, `SELECT to_regclass('schema_migrations') IS NULL`).Scan(&missing)
		return missing, err
	}
	path := strings.TrimPrefix(dsn, "sqlite:")
	for _, f := range []string{path, path + "-wal"} {
		fi, err := os.Stat(f)
		switch {
		case err == nil && fi.Size() > 0:
			return false, nil
		case err != nil && !errors.Is(err, os.ErrNotExist):
			return false, fmt.Errorf("store: %w", err)
		}
	}
	return true, nil
}
