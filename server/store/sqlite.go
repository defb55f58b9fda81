package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver: no cgo, cross-compiles
)

// sqlitePragmas are set on every connection. WAL lets readers run beside
// the writer; synchronous=NORMAL in WAL mode loses no committed
// transaction when the process dies (kill -9), only, at worst, the last
// ones on a power cut; the busy timeout makes a second Store on the file
// wait for the write lock instead of failing.
var sqlitePragmas = []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(1)"}

// sqliteReaders bounds the read connections.
const sqliteReaders = 4

func sqliteDSN(path string, txlock string) string {
	q := url.Values{}
	for _, p := range sqlitePragmas {
		q.Add("_pragma", p)
	}
	if txlock != "" {
		q.Set("_txlock", txlock)
	}
	return "file:" + filepath.ToSlash(path) + "?" + q.Encode()
}

func openSQLite(ctx context.Context, path string) (Store, error) {
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
	db := sqlDB{reads: reads, writes: writes}
	closeDB := func() {
		reads.Close()
		writes.Close()
	}
	if err := migrate(ctx, db, ""); err != nil {
		closeDB()
		return nil, err
	}
	e := &engine{db: db, node: newNodeID(), hub: acquireHub(abs)}
	e.closeDB = func() {
		releaseHub(abs)
		closeDB()
	}
	return e, nil
}
