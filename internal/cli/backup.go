package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/store"
)

// runBackup copies a server's SQLite store to a file, safely while the
// server runs.
//
//	tabletop backup [--data DIR | --store DSN] FILE
func runBackup(c *commandLine, args []string) error {
	env := envReader{fs: c.flags}
	dataDir := env.String("data", "TABLETOP_DATA", server.DefaultDataDir(), "the server's data directory (its store is DATA/tabletop.db)")
	dsn := env.String("store", "TABLETOP_STORE", "", "the server's store, if not in the data directory")
	c.help = `Usage: tabletop backup [--data DIR | --store FILE] BACKUP-FILE

Copies the SQLite store of a tabletop server (rooms, players, ratings,
finished games) to BACKUP-FILE, which must not exist. The server may keep
running: the copy is one consistent snapshot (SQLite's VACUUM INTO). To
restore, stop the server and put the copy in the store's place.

A PostgreSQL store is backed up with PostgreSQL's own tools instead:
  pg_dump --format=custom --file=tabletop.dump DSN
  pg_restore --clean --if-exists --dbname=DSN tabletop.dump   (to restore)

Flags (each also settable by the environment variable shown):
`
	pos, err := c.parse(args, 1)
	if err != nil {
		return err
	}
	if env.err != nil {
		return usageError{env.err.Error()}
	}
	if len(pos) != 1 {
		return usagef("name the backup file (e.g. tabletop backup tabletop-%s.db)", time.Now().Format("2006-01-02"))
	}
	src := *dsn
	if src == "" {
		src = filepath.Join(*dataDir, "tabletop.db")
	}
	if server.SharedDSN(src) {
		return errors.New("a PostgreSQL store is backed up with pg_dump (see tabletop backup -h)")
	}
	if _, err := os.Stat(strings.TrimPrefix(src, "sqlite:")); err != nil {
		return fmt.Errorf("no store at %s: %w", src, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	db, err := store.Open(ctx, src)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := store.BackupSQLite(ctx, db, pos[0]); err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "backed up %s to %s\n", src, pos[0])
	return nil
}
