package server

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The save directory keeps at most MaxSaves games: a new player's first
// save beyond it evicts the least recently saved; saving again or after a
// removal does not.
func TestSaveDirCapsTheNumberOfSaves(t *testing.T) {
	dir := t.TempDir()
	d, err := newSaveDir(dir, 100, 3)
	if err != nil {
		t.Fatal(err)
	}
	path := func(id string) string { return d.For(id).(*fileSave).path }
	age := time.Now().Add(-time.Hour)
	for i, id := range []string{"a", "b", "c"} {
		if err := d.For(id).Save([]byte("game " + id)); err != nil {
			t.Fatal(err)
		}
		// Distinct ages, oldest first, whatever the clock's resolution.
		mod := age.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(path(id), mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	exists := func(id string) bool { _, err := os.Stat(path(id)); return err == nil }
	count := func() int { n, _ := d.saveNames(); return len(n) }

	if err := d.For("b").Save([]byte("game b again")); err != nil { // b is now the newest
		t.Fatal(err)
	}
	if count() != 3 || !exists("a") {
		t.Fatalf("saving an existing game evicted one: %d files", count())
	}
	if err := d.For("d").Save([]byte("game d")); err != nil {
		t.Fatal(err)
	}
	if exists("a") || !exists("b") || !exists("c") || !exists("d") || count() != 3 {
		t.Fatalf("the oldest save (a) should be evicted: a %v b %v c %v d %v, %d files", exists("a"), exists("b"), exists("c"), exists("d"), count())
	}
	if _, err := d.For("a").Load(); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("an evicted game loads: %v", err)
	}
	if err := d.For("c").Remove(); err != nil {
		t.Fatal(err)
	}
	if err := d.For("e").Save([]byte("game e")); err != nil {
		t.Fatal(err)
	}
	if !exists("b") || !exists("d") || !exists("e") || count() != 3 {
		t.Fatalf("after a removal a new save should fit without eviction: %d files", count())
	}

	// A restart counts the files already there (and ignores others).
	if err := os.WriteFile(filepath.Join(dir, "saves", ".save-123"), []byte("partial"), 0o600); err != nil {
		t.Fatal(err)
	}
	d2, err := newSaveDir(dir, 100, 3)
	if err != nil {
		t.Fatal(err)
	}
	if d2.count != 3 {
		t.Fatalf("restart counted %d saves, want 3", d2.count)
	}
	if err := d2.For("f").Save([]byte("game f")); err != nil {
		t.Fatal(err)
	}
	if n, _ := d2.saveNames(); len(n) != 3 {
		t.Fatalf("after restart the cap does not hold: %d files", len(n))
	}
}
