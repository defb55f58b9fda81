package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/jackc/pgx/v5"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/server/store"
)

// node is a server on a given store that a test may stop midway, as a
// restart or a crash would.
type node struct {
	*testServer
	stop func()
}

// startNode starts a server on 127.0.0.1:0 with its data in dir and its
// rooms in rs; it stops when the test ends, if not before.
func startNode(t *testing.T, dir string, rs rooms.Store, mod func(*Config)) *node {
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
func openDB(t *testing.T, dsn string) store.Store {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// postgresEnv names a PostgreSQL server for the tests, as in server/store.
const postgresEnv = "TABLETOP_TEST_POSTGRES"

// postgresDSN makes a fresh schema on the server named by
// TABLETOP_TEST_POSTGRES (skipping the test, saying so, when it is not
// set) and returns a DSN using it; the schema is dropped at the end.
func postgresDSN(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv(postgresEnv)
	if dsn == "" {
		t.Skip(postgresEnv + " is not set: PostgreSQL tests skipped (set it to a postgres:// DSN to run them)")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connect to %s: %v", postgresEnv, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "tabletop_srv_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
		_ = admin.Close(ctx)
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// sharedBackends runs test on a store that two in-process nodes share:
// one SQLite file (two Store values of one process see each other's
// events) and, when TABLETOP_TEST_POSTGRES is set, PostgreSQL.
func sharedBackends(t *testing.T, test func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { test(t, filepath.Join(t.TempDir(), "tabletop.db")) })
	t.Run("postgres", func(t *testing.T) { test(t, postgresDSN(t)) })
}
