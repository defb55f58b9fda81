package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/metrics"
	"github.com/tabletop/tabletop/server/store"
)

// openServeStore opens the store named by dsn — by default an SQLite
// file in the data directory — and gives it to cfg's rooms.
func openServeStore(cfg *server.Config, dsn string) (store.Store, error) {
	if dsn == "" {
		dir := cfg.DataDir
		if dir == "" {
			dir = server.DefaultDataDir()
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("data directory: %w", err)
		}
		dsn = filepath.Join(dir, "tabletop.db")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	cfg.Store = server.NewRoomStore(db, !server.SharedDSN(dsn))
	return db, nil
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
