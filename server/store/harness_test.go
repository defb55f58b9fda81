package store

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tabletop/tabletop/server/store/pgtest"
)

// opener opens another Store on the test's database: each call is
// another node. Stores are closed when the test ends.
type opener func(t testing.TB) *Store

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

// postgresTestDSN is a fresh PostgreSQL schema for the test (see pgtest).
func postgresTestDSN(t testing.TB) string {
	return pgtest.FreshSchema(t, "tabletop_test_", "PostgreSQL store tests")
}

func storeOpener(dsn string) opener {
	return func(t testing.TB) *Store {
		t.Helper()
		s, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}
