package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite" // the pure-Go SQLite driver: no cgo, cross-compiles
)

// sqlitePragmas are set on every connection. WAL lets readers run beside
// the writer; synchronous=NORMAL in WAL mode loses no committed
// transaction when the process dies (kill -9), only, at worst, the last
// ones on a power cut; the busy timeout makes a second Store on the file
// wait for the write lock instead of failing.
var sqlitePragmas = []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(1)"}

// sqliteReaders bounds the read connections.
const sqliteReaders = 4

// uriPath escapes what would end or garble the path of a file: URI.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23")

func sqliteDSN(path string, txlock string) string {
	q := url.Values{}
	for _, p := range sqlitePragmas {
		q.Add("_pragma", p)
	}
	if txlock != "" {
		q.Set("_txlock", txlock)
	}
	return "file:" + uriPath.Replace(filepath.ToSlash(path)) + "?" + q.Encode()
}

func openSQLite(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, fmt.Errorf("store: empty SQLite path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	// Write transactions BEGIN IMMEDIATE: they take the write lock at
	// once, so two writers never both read and then fail to upgrade.
	writes, err := sql.Open("sqlite", sqliteDSN(abs, "immediate"))
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	writes.SetMaxOpenConns(1)
	reads, err := sql.Open("sqlite", sqliteDSN(abs, ""))
	if err != nil {
		writes.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	reads.SetMaxOpenConns(sqliteReaders)
	db := sqlDB{reads: reads, writes: writes, stmts: newStmtCache(writes)}
	closeDB := func() {
		db.stmts.close()
		reads.Close()
		writes.Close()
	}
	if err := migrateSQLite(ctx, db); err != nil {
		closeDB()
		return nil, err
	}
	if err := db.stmts.prepare(ctx, append(hotStatements, sqlSavepoint, sqlRollbackTo, sqlRelease)...); err != nil {
		closeDB()
		return nil, fmt.Errorf("store: %w", err)
	}
	h := acquireHub(abs)
	e := &engine{db: db, node: newNodeID(), hub: h, group: newGroupCommit(db, h)}
	e.closeDB = func() {
		e.group.close()
		releaseHub(abs)
		closeDB()
	}
	return newStore(e), nil
}

// migrateSQLite applies the migrations, trying again for a while when the
// file is busy: several stores opening one new file at once (nodes of one
// machine starting together) can meet SQLite's "database is locked" while
// one of them turns the file to WAL mode, a case SQLite's busy timeout
// does not wait out.
func migrateSQLite(ctx context.Context, db sqlDB) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := migrate(ctx, db, "")
		var se *sqlite.Error
		if err == nil || !errors.As(err, &se) || se.Code()&0xff != sqliteBusy || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// sqliteBusy is SQLITE_BUSY, the primary result code of "database is
// locked" (extended codes keep it in the low byte).
const sqliteBusy = 5

// BackupSQLite writes a consistent copy of an SQLite store to dest (a
// new file) while the server runs, with SQLite's VACUUM INTO. A
// PostgreSQL store is backed up with pg_dump instead.
func BackupSQLite(ctx context.Context, s *Store, dest string) error {
	db, ok := s.e.db.(sqlDB)
	if !ok {
		return fmt.Errorf("store: not an SQLite store; back PostgreSQL up with pg_dump")
	}
	// The copy holds what the data directory (0700) keeps from others:
	// made here first, empty and 0600, for VACUUM INTO to fill, since
	// SQLite would create it with the umask's mode (0644).
	f, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("store: backup %s exists", dest)
	}
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	f.Close()
	if _, err := db.reads.ExecContext(ctx, `VACUUM INTO $1`, dest); err != nil {
		os.Remove(dest)
		return err
	}
	return nil
}
