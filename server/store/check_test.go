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

// BenchmarkCheck times the start's checks of an SQLite store of 1000
// rooms of 60 moves and 10 000 players (its file about 4.6 MB).
func BenchmarkCheck(b *testing.B) {
	path := filepath.Join(b.TempDir(), "tabletop.db")
	s := storeOpener(path)(b)
	err := s.e.write(ctx, func(t tx) (Event, error) {
		for i := range 1000 {
			code := fmt.Sprintf("B%03d", i)
			if _, err := t.exec(ctx, `INSERT INTO rooms (code, variant, start, status, created_ms, updated_ms, move_count) VALUES ($1, 'pentago', '', 'playing', 1, 1, 60)`, code); err != nil {
				return Event{}, err
			}
			for n := range 60 {
				if _, err := t.exec(ctx, sqlInsertMove, code, n, n%2, fmt.Sprintf("move %d of room %d", n, i), 1); err != nil {
					return Event{}, err
				}
			}
		}
		for i := range 10000 {
			if _, err := t.exec(ctx, `INSERT INTO players (fingerprint, name, created_ms, last_seen_ms) VALUES ($1, $2, 1, 1)`,
				fmt.Sprintf("SHA256:%043d", i), fmt.Sprintf("player %d", i)); err != nil {
				return Event{}, err
			}
		}
		return Event{}, nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if fi, err := os.Stat(path); err == nil {
		b.Logf("store file %d KB", fi.Size()>>10)
	}
	b.ResetTimer()
	for range b.N {
		if err := Check(ctx, s); err != nil {
			b.Fatal(err)
		}
	}
}
