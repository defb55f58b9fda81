package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/server/store"
)

// backup copies a store that stays open (as a running server's would) and
// the copy opens with its data.
func TestBackupCopiesTheStore(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(context.Background(), filepath.Join(dir, "tabletop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.SeePlayer(context.Background(), "SHA256:ana", "ana", time.Now()); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "copy.db")
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"backup", "--data", dir, out}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if fi, err := os.Stat(out); err != nil || (runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600) {
		t.Fatalf("the copy's mode %v, %v: want 0600, like the data directory it comes from", fi.Mode(), err)
	}
	cp, err := store.Open(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if p, err := cp.Player(context.Background(), "SHA256:ana"); err != nil || p.Name != "ana" {
		t.Fatalf("the copy has %+v, %v", p, err)
	}
	// Again to the same file: refused, the copy kept.
	stderr.Reset()
	if code := Run([]string{"backup", "--data", dir, out}, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "exists") {
		t.Fatalf("second backup to one file: exit %d, %q", code, stderr.String())
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"backup"}, 2, "name the backup file"},
		{[]string{"backup", "--store", "postgres://db.example/tabletop", "x.db"}, 1, "pg_dump"},
		{[]string{"backup", "--data", t.TempDir(), "x.db"}, 1, "no store at"},
	} {
		stderr.Reset()
		if code := Run(c.args, nil, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, %q; want %d, %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}
