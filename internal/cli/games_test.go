package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/savefmt"
)

// keepTwo keeps two finished games in dir the way the client does.
func keepTwo(t *testing.T, dir string) {
	t.Helper()
	keep := savefmt.KeepRecords(dir)
	seats := []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: "max"}}
	games := []savefmt.FinishedGame{
		{Game: savefmt.SavedGame{Variant: "quad5", Seats: seats, Moves: []string{"r2c2", "r1c2", "r2c4", "r1c3", "r4c4", "r1c4", "r4c2"}},
			Result: "game over: x wins — x completes the square r2c2–r4c2–r4c4–r2c4", Ended: time.Date(2026, 11, 24, 4, 0, 0, 0, time.UTC)},
		{Game: savefmt.SavedGame{Variant: "quad5", Seats: seats, Moves: []string{"r2c2"}},
			Result: "x resigned: o wins", Resigned: "x", Ended: time.Date(2026, 11, 24, 5, 0, 0, 0, time.UTC)},
	}
	for _, g := range games {
		if _, err := keep(g); err != nil {
			t.Fatal(err)
		}
	}
}

func TestGamesLists(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if code := Run([]string{"games", "--dir", dir}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), "no finished games") {
		t.Fatalf("empty: exit %d, %q %q", code, out.String(), errOut.String())
	}
	keepTwo(t, dir)
	out.Reset()
	if code := Run([]string{"games", "--dir", dir}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(out.String(), "\n")
	if !strings.Contains(lines[0], "  1  ") || !strings.Contains(lines[0], "x resigned: o wins") ||
		!strings.Contains(lines[1], "x completes the square") || !strings.Contains(lines[1], "x: ana, o: AI max") {
		t.Fatalf("list, newest first:\n%s", out.String())
	}
	out.Reset()
	if code := Run([]string{"games", "--dir", dir, "--json"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut.String())
	}
	var recs []savefmt.Record
	if err := json.Unmarshal(out.Bytes(), &recs); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[1].Moves != 7 || recs[1].Variant != "quad5" || recs[0].Result != "x resigned: o wins" {
		t.Fatalf("--json: %+v", recs)
	}
}

func TestGamesUsageErrors(t *testing.T) {
	dir := t.TempDir()
	keepTwo(t, dir)
	for _, args := range [][]string{
		{"games", "--dir", dir, "3"},
		{"games", "--dir", dir, "0"},
		{"games", "--dir", dir, "no-such-file.txt"},
		{"games", "1", "2"},
	} {
		var out, errOut bytes.Buffer
		code := Run(args, strings.NewReader(""), &out, &errOut)
		if code != 2 || out.Len() != 0 || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want a usage error", args, code, out.String(), errOut.String())
		}
	}
}
