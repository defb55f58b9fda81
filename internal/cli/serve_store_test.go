package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/store"
	"github.com/tabletop/tabletop/server/store/storetest"
)

// serveArgsEnv makes the test binary run tabletop with the JSON list of
// arguments it holds (see TestHelperRunServe).
const serveArgsEnv = "TABLETOP_TEST_SERVE_ARGS"

// TestHelperRunServe is not a test of its own: the serve tests run the
// test binary again with TABLETOP_TEST_SERVE_ARGS set, and this runs
// tabletop with those arguments in that process and exits with its
// status.
func TestHelperRunServe(t *testing.T) {
	var args []string
	if err := json.Unmarshal([]byte(os.Getenv(serveArgsEnv)), &args); err != nil {
		t.Skip("a child process of the serve tests")
	}
	os.Exit(Run(args, os.Stdin, os.Stdout, os.Stderr))
}

// startServe runs tabletop serve with args on data directory dir in
// another process until it refuses to start (exit status and its
// output) or serves (status -1; it is killed).
func startServe(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts server processes")
	}
	all, _ := json.Marshal(append([]string{"serve", "--listen", "127.0.0.1:0", "--data", dir}, args...))
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperRunServe$")
	cmd.Env = append(os.Environ(), serveArgsEnv+"="+string(all))
	out, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		buf := make([]byte, 4096)
		for {
			n, err := out.Read(buf)
			if n > 0 {
				lines <- string(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	var text strings.Builder
	deadline := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				err := cmd.Wait()
				code := cmd.ProcessState.ExitCode()
				if err == nil {
					code = 0
				}
				return code, text.String()
			}
			text.WriteString(l)
			if strings.Contains(text.String(), "serving") {
				_ = cmd.Process.Kill()
				_ = cmd.Wait()
				return -1, text.String()
			}
		case <-deadline:
			_ = cmd.Process.Kill()
			t.Fatalf("serve neither served nor stopped in 30 s:\n%s", text.String())
		}
	}
}

// usedDataDir makes a data directory a server has run on: host key,
// store with players.
func usedDataDir(t *testing.T) (dir, db string) {
	t.Helper()
	dir = t.TempDir()
	if _, err := server.LoadOrCreateHostKey(filepath.Join(dir, "host_ed25519")); err != nil {
		t.Fatal(err)
	}
	db = filepath.Join(dir, "tabletop.db")
	s, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	// Enough players that the middle of the file is theirs, not the
	// schema's: such damage goes unnoticed until a request reads it.
	for i := range 3000 {
		if _, err := s.SeePlayer(ctx, fmt.Sprintf("SHA256:player%d", i), fmt.Sprintf("player %d with a long enough name to fill pages", i), time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return dir, db
}

// Finding 4: a store emptied (or lost) in a data directory a server ran
// on was served as a new one. It is refused, naming the file and the way
// out, unless the operator says --init-store; a first start still makes
// a store.
func TestServeRefusesAnEmptiedStore(t *testing.T) {
	t.Parallel()
	dir, db := usedDataDir(t)
	if err := os.Truncate(db, 0); err != nil {
		t.Fatal(err)
	}
	code, out := startServe(t, dir)
	for _, want := range []string{db + " is missing or empty", "host key", "tabletop backup", "--init-store"} {
		if code != 1 || !strings.Contains(out, want) {
			t.Fatalf("emptied store: exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
	if err := os.Remove(db); err != nil {
		t.Fatal(err)
	}
	if code, out := startServe(t, dir); code != 1 || !strings.Contains(out, "missing or empty") {
		t.Fatalf("missing store: exit %d:\n%s", code, out)
	}
	if code, out := startServe(t, dir, "--init-store"); code != -1 {
		t.Fatalf("with --init-store: exit %d:\n%s", code, out)
	}
	if code, out := startServe(t, t.TempDir()); code != -1 {
		t.Fatalf("a first start: exit %d:\n%s", code, out)
	}
}

// Finding 5: a store with damaged pages was served; the damage showed
// only when a request touched them. It is refused at start, saying what
// the check found and how to restore.
func TestServeRefusesADamagedStore(t *testing.T) {
	t.Parallel()
	dir, db := usedDataDir(t)
	storetest.Damage(t, db, 3)
	code, out := startServe(t, dir)
	for _, want := range []string{db + " is damaged", "quick_check", "tabletop backup"} {
		if code != 1 || !strings.Contains(out, want) {
			t.Fatalf("damaged store: exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
	t.Logf("refused:\n%s", out)
}

// Finding 6: a read-only store was accepted, then every write failed.
// It is refused at start.
func TestServeRefusesAReadOnlyStore(t *testing.T) {
	t.Parallel()
	dir, db := usedDataDir(t)
	storetest.ReadOnly(t, db)
	code, out := startServe(t, dir)
	if code != 1 || !strings.Contains(out, db+" cannot be written") {
		t.Fatalf("read-only store: exit %d:\n%s", code, out)
	}
	t.Logf("refused:\n%s", out)
}
