package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tabletop/tabletop/server/store/storetest"
)

// Fresh tells a store nobody used (missing, emptied) from one in use.
func TestFreshStore(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "tabletop.db")
		want := func(what string, fresh bool) {
			t.Helper()
			got, err := Fresh(ctx, path)
			if err != nil || got != fresh {
				t.Fatalf("%s: fresh %v, %v; want %v", what, got, err, fresh)
			}
		}
		want("missing", true)
		s := storeOpener(path)(t)
		want("open", false)
		s.Close()
		want("closed", false)
		if err := os.Truncate(path, 0); err != nil {
			t.Fatal(err)
		}
		want("truncated to 0 bytes", true)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := postgresTestDSN(t)
		if fresh, err := Fresh(ctx, dsn); err != nil || !fresh {
			t.Fatalf("a new schema: fresh %v, %v", fresh, err)
		}
		storeOpener(dsn)(t)
		if fresh, err := Fresh(ctx, dsn); err != nil || fresh {
			t.Fatalf("a schema in use: fresh %v, %v", fresh, err)
		}
	})
}

// damagedStore makes an SQLite store with a few hundred rooms, closes it
// and writes three pages of random bytes into the middle of its file.
func damagedStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tabletop.db")
	s := storeOpener(path)(t)
	for i := range 300 {
		r := twoSeatRoom(fmt.Sprintf("D%03d", i), false, "fp-a", "fp-b")
		mustCreate(t, s, r)
		for n := range 6 {
			if _, err := s.AppendMove(ctx, r.Code, Move{Number: n, Text: fmt.Sprintf("move number %d of room %d", n, i), At: t0}); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.Close() // the last connection's close checkpoints the log into the file
	storetest.Damage(t, path, 3)
	return path
}

// A store with damaged pages in the middle still opens, as it did for the
// server that then served it; Check finds the damage.
func TestCheckFindsDamage(t *testing.T) {
	path := damagedStore(t)
	s := storeOpener(path)(t)
	var damage *DamageError
	if err := Check(ctx, s); !errors.As(err, &damage) || len(damage.Problems) == 0 {
		t.Fatalf("Check on a damaged store: %v", err)
	} else {
		t.Logf("found: %v", err)
	}
}

// A sound store passes, and Check leaves no trace in it.
func TestCheckPassesASoundStore(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		if err := Check(ctx, s); err != nil {
			t.Fatal(err)
		}
		if last, _, err := s.Resume(ctx, "n", time.Now(), time.Second); err != nil || !last.IsZero() {
			t.Fatalf("after Check the store says it was served at %v (%v)", last, err)
		}
	})
}

// A read-only store opens (it needs no migration), but Check finds that
// it cannot be written.
func TestCheckFindsAReadOnlyStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabletop.db")
	storeOpener(path)(t).Close()
	storetest.ReadOnly(t, path)
	s := storeOpener(path)(t)
	if err := Check(ctx, s); !errors.Is(err, ErrNotWritable) {
		t.Fatalf("Check on a read-only store: %v", err)
	} else {
		t.Logf("found: %v", err)
	}
}
