package cli

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/metrics"
	"github.com/tabletop/tabletop/server/store"
)

// openServeStore opens the store named by dsn — by default an SQLite
// file in the data directory — checks it (see checkServeStore) and gives
// it to cfg's rooms. initStore lets an empty store replace one the data
// directory shows was used.
func openServeStore(cfg *server.Config, dsn string, initStore bool) (*store.Store, error) {
	dir := cfg.DataDir
	if dir == "" {
		dir = server.DefaultDataDir()
	}
	if dsn == "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("data directory: %w", err)
		}
		dsn = filepath.Join(dir, "tabletop.db")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	name := storeName(dsn)
	fresh, err := store.Fresh(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	if used := usedBefore(dir, cfg.HostKeyPath); fresh && used != "" && !initStore {
		return nil, fmt.Errorf("store %s is missing or empty, but the data directory %s was used before (%s): started so, the server would have no rooms, players or ratings.\n"+
			"  If the store was lost, put its last backup (made with tabletop backup) in its place and start again;\n"+
			"  to start with an empty store on purpose, add --init-store", name, dir, used)
	}
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("store %s: %w%s", name, err, restoreHint)
	}
	if err := store.Check(ctx, db); err != nil {
		db.Close()
		return nil, checkProblem(name, err)
	}
	cfg.Store = server.NewRoomStore(db, !server.SharedDSN(dsn))
	return db, nil
}

// restoreSteps are the way back from a damaged store; restoreHint is
// for an error that may be damage.
const (
	restoreSteps = "put the last backup made with tabletop backup in its place\n" +
		"  (keep the damaged file aside for inspection) and start again"
	restoreHint = ".\n  If the file is damaged, restore it: " + restoreSteps
)

// checkProblem says what store.Check found, and what to do.
func checkProblem(name string, err error) error {
	var damage *store.DamageError
	switch {
	case errors.As(err, &damage):
		return fmt.Errorf("store %s is damaged: the integrity check (%s) found: %s.\n  Restore it: %s", name, damage.Check, strings.Join(damage.Problems, "; "), restoreSteps)
	case errors.Is(err, store.ErrNotWritable):
		return fmt.Errorf("store %s cannot be written (%w): the server would accept moves it cannot keep.\n"+
			"  Check the permissions of the store and of its directory, and the disk (full, or mounted read-only)", name, errors.Unwrap(err))
	}
	return fmt.Errorf("store %s: %w", name, err)
}

// storeName is the store as messages name it: the file, or the database
// URL without its password.
func storeName(dsn string) string {
	if !server.SharedDSN(dsn) {
		return dsn
	}
	if u, err := url.Parse(dsn); err == nil {
		return u.Redacted()
	}
	return "(PostgreSQL)"
}

// usedBefore names what shows that a server already ran on the data
// directory — its host key, saved games — or returns "" for a directory
// a first start would make.
func usedBefore(dataDir, hostKey string) string {
	if hostKey == "" {
		hostKey = filepath.Join(dataDir, "host_ed25519")
	}
	if _, err := os.Stat(hostKey); err == nil {
		return "its host key " + hostKey + " exists"
	}
	saves := filepath.Join(dataDir, "saves")
	if entries, err := os.ReadDir(saves); err == nil && len(entries) > 0 {
		return fmt.Sprintf("%s holds %d files", saves, len(entries))
	}
	return ""
}

// serveMetrics serves the server's metrics and health on addr until the
// returned stop is called. The gauges read srv, which exists only now.
func serveMetrics(srv *server.Server, m *metrics.Metrics, addr string, logger *log.Logger) (func(), error) {
	m.Watch(srv.Gauges())
	ctx, cancel := context.WithCancel(context.Background())
	at, _, err := metrics.Serve(ctx, addr, m.Handler(srv.Healthy))
	if err != nil {
		cancel()
		return nil, fmt.Errorf("metrics: %w", err)
	}
	logger.Info("metrics", "addr", at.String())
	return cancel, nil
}
