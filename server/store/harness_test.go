package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
)

// postgresEnv names a PostgreSQL server for the tests, e.g.
// postgres://postgres:secret@127.0.0.1:5432/tabletop_test?sslmode=disable.
const postgresEnv = "TABLETOP_TEST_POSTGRES"

// opener opens another Store on the test's database: each call is
// another node. Stores are closed when the test ends.
type opener func(t testing.TB) Store

// eachBackend runs test against SQLite, and against PostgreSQL when
// TABLETOP_TEST_POSTGRES names a server (else that subtest skips, saying
// so). Every run gets an empty database.
func eachBackend(t *testing.T, test func(t *testing.T, open opener)) {
	t.Run("sqlite", func(t *testing.T) { test(t, storeOpener(sqliteTestDSN(t))) })
	t.Run("postgres", func(t *testing.T) { test(t, storeOpener(postgresTestDSN(t))) })
}

func sqliteTestDSN(t testing.TB) string {
	return "sqlite:" + filepath.Join(t.TempDir(), "tabletop.db")
}

// postgresTestDSN makes a fresh schema for the test on the server named
// by TABLETOP_TEST_POSTGRES and returns a DSN whose search_path is that
// schema; it is dropped when the test ends.
func postgresTestDSN(t testing.TB) string {
	dsn := os.Getenv(postgresEnv)
	if dsn == "" {
		t.Skip(postgresEnv + " is not set: PostgreSQL store tests skipped (set it to a postgres:// DSN to run them)")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connect to %s: %v", postgresEnv, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "tabletop_test_" + hex.EncodeToString(b[:])
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
	q.Set("search_path", schema) // pgx passes it on as a run-time parameter
	u.RawQuery = q.Encode()
	return u.String()
}

func storeOpener(dsn string) opener {
	return func(t testing.TB) Store {
		t.Helper()
		s, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}
