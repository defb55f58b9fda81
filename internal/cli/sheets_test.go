package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui"
)

// The operator's sheets become games of the server's rooms; a sheet that
// does not load is left out with a warning, a missing folder is refused.
func TestServeGamesRegistersSheets(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../games/tictactoe.kif")
	if err != nil {
		t.Fatal(err)
	}
	// The bundled sheet under its own name, so that the test registers no
	// game the other tests' lists of games do not expect.
	os.WriteFile(filepath.Join(dir, "tictactoe.kif"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "broken.kif"), []byte("(role a"), 0o644)
	var out, errOut bytes.Buffer
	c := newCommandLine("serve", nil, &out, &errOut)
	if _, _, err := serveConfig(c, []string{"--games", dir}); err != nil {
		t.Fatal(err)
	}
	if _, err := game.Lookup("tictactoe"); err != nil || !strings.Contains(errOut.String(), "game=tictactoe") {
		t.Errorf("the served sheet is not a game: %v; log %q", err, errOut.String())
	}
	if !strings.Contains(errOut.String(), "broken.kif") {
		t.Errorf("no warning about the broken sheet: %q", errOut.String())
	}
	c = newCommandLine("serve", nil, &out, &errOut)
	if _, _, err := serveConfig(c, []string{"--games", filepath.Join(dir, "missing")}); err == nil {
		t.Error("a missing --games folder was accepted")
	}
}

// play, rules, match, analyze and bench take a rule sheet's path where a
// game's name goes; a sheet that is not GDL says why.
func TestSheetPathArguments(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.kif")
	os.WriteFile(bad, []byte("(role a) (init (p))\n(<= (legal a x) (true (q))"), 0o644)
	var out, errOut bytes.Buffer
	if code := Run([]string{"bench", "--duration", "10ms", "../../games/connectfour.kif"}, nil, &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "connectfour ") {
		t.Errorf("bench FILE.kif: exit %d, %q %q", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if code := Run([]string{"rules", bad}, strings.NewReader(""), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "bad") {
		t.Errorf("rules with a broken sheet: exit %d, %q", code, errOut.String())
	}
	errOut.Reset()
	// The client plays simultaneous games hot-seat: play takes them.
	var start ui.Start
	if err := startGame(&start, []string{"../../games/rockpaperscissors.kif"}, "", seatFlags{"right=ai:easy"}); err != nil || start.Seats["right"].AI != true {
		t.Errorf("play with a simultaneous game: %v, %+v", err, start)
	}
	// analyze searches for one role of a simultaneous turn: --role, or
	// the first role.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "for left (level"},
		{[]string{"--role", "right"}, "for right (level"},
	} {
		out.Reset()
		args := append([]string{"analyze", "rockpaperscissors", "--budget", "20ms"}, tc.args...)
		if code := Run(args, nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), tc.want) || !strings.Contains(out.String(), "move:  (throw ") {
			t.Errorf("%v: exit %d, %q, %q", args, code, out.String(), errOut.String())
		}
	}
	errOut.Reset()
	if code := Run([]string{"analyze", "rockpaperscissors", "--role", "up"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "has the roles left, right") {
		t.Errorf("analyze --role up: exit %d, %q", code, errOut.String())
	}
	errOut.Reset()
	if code := Run([]string{"analyze", "quad5", "--role", "o"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "x is to move") {
		t.Errorf("analyze quad5 --role o: exit %d, %q", code, errOut.String())
	}
	// match plays the simultaneous turns (each AI role searches its own
	// move, then the moves are played together).
	errOut.Reset()
	out.Reset()
	if code := Run([]string{"match", "rockpaperscissors", "--seat", "left=ai:hard", "--games", "2", "--budget", "10ms"}, nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), "2 games") {
		t.Errorf("match with a simultaneous game: exit %d, %q, %q", code, out.String(), errOut.String())
	}
	errOut.Reset()
	out.Reset()
	if code := Run([]string{"match", "../../games/tictactoe.kif", "--games", "1", "--budget", "10ms"}, nil, &out, &errOut); code != 0 {
		t.Errorf("match FILE.kif: exit %d, %q", code, errOut.String())
	}
	if strings.Contains(out.String(), "1 games") || !strings.Contains(out.String(), "tictactoe: 1 game,") {
		t.Errorf("match --games 1 says:\n%s", out.String())
	}
}
