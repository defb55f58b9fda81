// Package pgtest gives tests a fresh PostgreSQL schema on the server that
// TABLETOP_TEST_POSTGRES names, and skips them, saying so, when it names
// none. Only tests import it.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Env names a PostgreSQL server for the tests, e.g.
// postgres://tabletop@127.0.0.1:25432/tabletop_test?sslmode=disable.
const Env = "TABLETOP_TEST_POSTGRES"

// FreshSchema makes a schema named prefix plus a random suffix on the
// server Env names and returns a DSN whose search_path is that schema; it
// is dropped when the test ends. Without Env the test is skipped, and what
// says which tests is the message's subject.
func FreshSchema(t testing.TB, prefix, what string) string {
	t.Helper()
	dsn := os.Getenv(Env)
	if dsn == "" {
		t.Skip(Env + " is not set: " + what + " skipped (set it to a postgres:// DSN to run them)")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connect to %s: %v", Env, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := prefix + hex.EncodeToString(b[:])
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
