package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/table"
)

// TestMatchWithAGGPSeat runs `tabletop match quad5 --seat x=ggp:URL
// --seat o=ai:easy --json --record DIR` against tabletop's GGP player on
// a loopback port: the usual JSON result, and one GGP match record per
// game that replays to its goals.
func TestMatchWithAGGPSeat(t *testing.T) {
	player := ggp.NewPlayer(ggp.PlayerConfig{Level: ai.Easy, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	srv := httptest.NewServer(player)
	defer srv.Close()
	defer player.Close()
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	args := []string{"match", "quad5", "--seat", "x=ggp:" + srv.URL, "--seat", "o=ai:easy", "--games", "2",
		"--startclock", "2s", "--playclock", "500ms", "--record", dir, "--json"}
	if code := Run(args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	// A clock of 500 ms is for tabletop's own player: ggp-base's read
	// whole seconds, which the warning says, and nothing else is said.
	warning, rest, _ := strings.Cut(errOut.String(), "\n")
	if !strings.Contains(warning, "not whole seconds") || rest != "" {
		t.Errorf("stderr: %s", errOut.String())
	}
	var res table.MatchResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if res.Games != 2 || len(res.Players) != 2 || res.Players[0].Spec != "ggp:"+srv.URL {
		t.Errorf("result %+v", res)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 2 {
		t.Fatalf("%d records, want 2", len(files))
	}
	v, _ := game.Lookup("quad5")
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := ggp.ReadRecord(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		end, err := rec.Replay(v)
		if err != nil || !end.Terminal() || end.Goal(0) != rec.GoalValues[0] || !rec.IsCompleted {
			t.Errorf("%s does not replay to its goals: %v", f, err)
		}
	}
}

func TestSeatSpec(t *testing.T) {
	tests := []struct{ spec, want, err string }{
		{"AI:Hard", "ai:hard", ""},
		{"random", "random", ""},
		{"ggp:http://127.0.0.1:9147", "ggp:http://127.0.0.1:9147", ""},
		{" GGP:http://Host:9147/Path ", "ggp:http://Host:9147/Path", ""},
		{"ggp:127.0.0.1:9147", "", "not a player's address"},
		{"ggp:", "", "not a player's address"},
		{"chess-engine", "", "ggp:URL"},
	}
	for _, tt := range tests {
		got, err := seatSpec(tt.spec, 0)
		if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("seatSpec(%q) = %q, %v; want %q, %q", tt.spec, got, err, tt.want, tt.err)
		}
	}
}
