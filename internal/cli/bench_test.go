package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bench plays a ground GDL game in its lanes unless asked for one game
// at a time, and refuses lanes for a game that has none.
func TestBenchEngines(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"../../games/tictactoe.kif"}, "256 games at once", 0},
		{[]string{"--engine", "state", "../../games/tictactoe.kif"}, "one game at a time", 0},
		{[]string{"--engine", "lanes", "quad5"}, "has no lanes", 1},
		{[]string{"--engine", "fast", "quad5"}, "--engine must be", 2},
	} {
		var out, errOut bytes.Buffer
		args := append([]string{"bench", "--duration", "10ms"}, tc.args...)
		code := Run(args, nil, &out, &errOut)
		if code != tc.code || !strings.Contains(out.String()+errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, %q %q; want exit %d and %q", tc.args, code, out.String(), errOut.String(), tc.code, tc.want)
		}
	}
}

// bench --prolog writes the sheet's Prolog translation and, with swipl on
// PATH, plays it and gives the ratio; without, it says how to run it.
func TestBenchProlog(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	args := []string{"bench", "--duration", "50ms", "--prolog", "--prolog-dir", dir, "../../games/tictactoe.kif"}
	if code := Run(args, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	pl, err := os.ReadFile(filepath.Join(dir, "tictactoe.pl"))
	if err != nil || !bytes.Contains(pl, []byte("'g_legal'(")) || !bytes.Contains(pl, []byte("bench(Seconds, Seed, MaxPlies)")) {
		t.Fatalf("translation: %v\n%s", err, pl)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := "as fast"
	if _, err := exec.LookPath("swipl"); err != nil {
		want = "swipl not found"
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "tictactoe prolog") || !strings.Contains(lines[1], want) {
		t.Fatalf("output %q, want a second line with %q", out.String(), want)
	}
}

func TestParsePrologBench(t *testing.T) {
	res, err := parsePrologBench([]byte("Warning: something\nprolog 12 345 1.500000\n"))
	if err != nil || res.games != 12 || res.plies != 345 || res.cpu != 1500*time.Millisecond {
		t.Errorf("got %+v, %v", res, err)
	}
	for _, bad := range []string{"", "prolog 1 2", "prolog x 2 1.0", "prolog 1 2 0"} {
		if _, err := parsePrologBench([]byte(bad)); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}
