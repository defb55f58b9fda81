package server

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/server/store"
)

// testStoreSaves opens the saves of a node on the store named by dsn,
// with its legacy save files in dir; its clock steps a minute per save so
// that ages are distinct whatever the clock's resolution.
func testStoreSaves(t *testing.T, dsn, dir string, maxBytes, keep int) *storeSaves {
	t.Helper()
	legacy, err := newSaveDir(dir, maxBytes, keep)
	if err != nil {
		t.Fatal(err)
	}
	s := newStoreSaves(openDB(t, dsn), legacy, maxBytes, keep, log.New(&syncBuffer{}))
	clock := time.Now().Add(-time.Hour)
	s.now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	return s
}

// The store keeps at most MaxSaves games, as the save directory did: a
// new player's first save beyond it evicts the least recently saved;
// saving again or after a removal does not. A save made on one node
// loads on another.
func TestStoreSavesCapTheNumberOfSaves(t *testing.T) {
	sharedBackends(t, func(t *testing.T, dsn string) {
		d := testStoreSaves(t, dsn, t.TempDir(), 100, 3)
		other := testStoreSaves(t, dsn, t.TempDir(), 100, 3) // another node
		other.now = d.now
		exists := func(id string) bool { _, err := other.For(id).Load(); return err == nil }
		for _, id := range []string{"a", "b", "c"} {
			if err := d.For(id).Save([]byte("game " + id)); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := other.For("b").Load(); err != nil || string(got) != "game b" {
			t.Fatalf("the other node loads %q, %v", got, err)
		}
		if err := d.For("b").Save([]byte("game b again")); err != nil { // b is now the newest
			t.Fatal(err)
		}
		if !exists("a") || !exists("b") || !exists("c") {
			t.Fatal("saving an existing game evicted one")
		}
		if err := other.For("d").Save([]byte("game d")); err != nil {
			t.Fatal(err)
		}
		if exists("a") || !exists("b") || !exists("c") || !exists("d") {
			t.Fatalf("the oldest save (a) should be evicted: a %v b %v c %v d %v", exists("a"), exists("b"), exists("c"), exists("d"))
		}
		if _, err := d.For("a").Load(); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("an evicted game loads: %v", err)
		}
		if err := d.For("c").Remove(); err != nil {
			t.Fatal(err)
		}
		if err := d.For("c").Remove(); err != nil {
			t.Fatalf("removing no save: %v", err)
		}
		if err := d.For("e").Save([]byte("game e")); err != nil {
			t.Fatal(err)
		}
		if !exists("b") || !exists("d") || !exists("e") {
			t.Fatal("after a removal a new save should fit without eviction")
		}
		if err := d.For("e").Save(make([]byte, 101)); !errors.Is(err, errTooBig) {
			t.Fatalf("oversized save: %v", err)
		}
		if got, _ := d.For("e").Load(); string(got) != "game e" {
			t.Fatalf("an oversized save replaced the game: %q", got)
		}
		type sessionOnly interface{ SessionOnly() bool }
		if k, ok := d.For("e").(sessionOnly); ok && k.SessionOnly() {
			t.Error("a key holder's save says it ends with the session")
		}
	})
}

// A save file from before the store kept saves is imported on its key's
// next session, once, and renamed; a game already in the store wins; a
// file over the size limit stays where it is.
func TestLegacySaveFilesAreImported(t *testing.T) {
	sharedBackends(t, func(t *testing.T, dsn string) {
		dir := t.TempDir()
		files, err := newSaveDir(dir, 100, 10)
		if err != nil {
			t.Fatal(err)
		}
		for id, data := range map[string]string{"SHA256:old": "old game", "SHA256:both": "file game", "SHA256:big": strings.Repeat("x", 101)} {
			if err := os.WriteFile(files.For(id).(*fileSave).path, []byte(data), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		s := testStoreSaves(t, dsn, dir, 100, 10)
		if err := s.put(t.Context(), "SHA256:both", []byte("store game"), time.Now(), true); err != nil {
			t.Fatal(err)
		}
		path := func(id string) string { return files.For(id).(*fileSave).path }
		gone := func(id string) bool { _, err := os.Stat(path(id)); return errors.Is(err, os.ErrNotExist) }

		if got, err := s.For("SHA256:old").Load(); err != nil || string(got) != "old game" {
			t.Fatalf("imported save: %q, %v", got, err)
		}
		if !gone("SHA256:old") {
			t.Fatal("an imported file is still a save file")
		}
		if _, err := os.Stat(path("SHA256:old") + importedSuffix); err != nil {
			t.Fatalf("an imported file is not kept renamed: %v", err)
		}
		if got, _ := s.For("SHA256:both").Load(); string(got) != "store game" || !gone("SHA256:both") {
			t.Fatalf("the store's game should win over the file: %q", got)
		}
		if _, err := s.For("SHA256:big").Load(); !errors.Is(err, os.ErrNotExist) || gone("SHA256:big") {
			t.Fatalf("an oversized file: %v, file gone %v", err, gone("SHA256:big"))
		}

		// Removed in the store, the game does not come back from the file
		// on the next node or run.
		if err := s.For("SHA256:old").Remove(); err != nil {
			t.Fatal(err)
		}
		again := testStoreSaves(t, dsn, dir, 100, 10)
		if _, err := again.For("SHA256:old").Load(); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("a removed game was imported again: %v", err)
		}
		if names, _ := again.legacy.saveNames(); len(names) != 1 || filepath.Ext(names[0]) != saveSuffix {
			t.Fatalf("save files left: %v", names)
		}
	})
}

// A key holder's game saved over SSH on one server run is offered under
// Continue on the next, even on another node with another data
// directory: the save is in the store, not in a file.
func TestSavedGameContinuesAfterRestart(t *testing.T) {
	sharedBackends(t, func(t *testing.T, dsn string) {
		dir1, dir2 := t.TempDir(), t.TempDir()
		key := newKey(t)
		player := gossh.FingerprintSHA256(key.PublicKey())
		db1 := openDB(t, dsn)
		n1 := startNode(t, dir1, NewRoomStore(db1, true), nil)

		tm := openTerm(t, n1.addr, termOpts{user: "ana", key: key, width: 100, height: 30})
		tm.waitFor(0, "Quad 5×5")
		tm.send("\r") // Quad 5×5 → setup
		tm.waitFor(0, "Start")
		m := tm.mark()
		tm.send("\r") // start: ana (x) against the AI (o)
		tm.waitFor(m, "enter marks")
		m = tm.mark()
		tm.send("\r")              // x marks the centre
		tm.waitFor(m, "Moves (2)") // o replied
		waitSaved(t, db1, player)
		tm.close()
		n1.stop()
		if names, _ := n1.saves.(*storeSaves).legacy.saveNames(); len(names) != 0 {
			t.Fatalf("the save went to a file: %v", names)
		}
		db1.Close()

		n2 := startNode(t, dir2, NewRoomStore(openDB(t, dsn), true), nil)
		tm = openTerm(t, n2.addr, termOpts{user: "ana", key: key, width: 100, height: 30})
		tm.waitFor(0, "Continue")
		tm.close()
		guest := openTerm(t, n2.addr, termOpts{user: "cy", width: 100, height: 30})
		guest.waitFor(0, "Quad 5×5")
		if strings.Contains(guest.text(0), "Continue") {
			t.Fatal("a guest is offered a key holder's game")
		}
		guest.close()
	})
}

// waitSaved waits until the store holds a saved game of player.
func waitSaved(t *testing.T, db *store.Store, player string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, err := db.LoadSave(t.Context(), player)
		if err == nil {
			return
		}
		if !errors.Is(err, store.ErrNotFound) || time.Now().After(deadline) {
			t.Fatalf("no saved game in the store: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
