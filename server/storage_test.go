package server

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/server/store"
	"github.com/tabletop/tabletop/server/store/pgtest"
)

// node is a server on a given store that a test may stop midway, as a
// restart or a crash would.
type node struct {
	*testServer
	stop func()
}

// startNode starts a server on 127.0.0.1:0 with its data in dir and its
// rooms in rs; it stops when the test ends, if not before.
func startNode(t *testing.T, dir string, rs rooms.RecordStore, mod func(*Config)) *node {
	t.Helper()
	logs := &syncBuffer{}
	cfg := Config{
		Listen:          "127.0.0.1:0",
		DataDir:         dir,
		MaxConnsPerIP:   -1,
		ConnsPerMinute:  -1,
		AIBudget:        20 * time.Millisecond,
		ShutdownNotice:  50 * time.Millisecond,
		JanitorInterval: 50 * time.Millisecond,
		Store:           rs,
		Logger:          log.NewWithOptions(logs, log.Options{Level: log.DebugLevel}),
	}
	if mod != nil {
		mod(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(l) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := s.Shutdown(ctx); err != nil {
				t.Errorf("shutdown: %v", err)
			}
			if err := <-served; !errors.Is(err, ErrServerClosed) {
				t.Errorf("serve returned %v", err)
			}
		})
	}
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			t.Logf("server %s log:\n%s", l.Addr(), tail(logs.String()))
		}
	})
	return &node{testServer: &testServer{Server: s, addr: l.Addr().String(), logs: logs}, stop: stop}
}

// openDB opens the store named by dsn; it closes when the test ends.
func openDB(t *testing.T, dsn string) *store.Store {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// postgresDSN is a fresh PostgreSQL schema for the test (see pgtest).
func postgresDSN(t *testing.T) string {
	return pgtest.FreshSchema(t, "tabletop_srv_", "PostgreSQL tests")
}

// sharedBackends runs test on a store that two in-process nodes share:
// one SQLite file (two Store values of one process see each other's
// events) and, when TABLETOP_TEST_POSTGRES is set, PostgreSQL.
func sharedBackends(t *testing.T, test func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { test(t, filepath.Join(t.TempDir(), "tabletop.db")) })
	t.Run("postgres", func(t *testing.T) { test(t, postgresDSN(t)) })
}
