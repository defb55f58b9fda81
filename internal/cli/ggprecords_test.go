package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui"
)

// recordOneGame plays one game of gameArg with `tabletop match --record
// dir` and returns the match record it wrote.
func recordOneGame(t *testing.T, dir, gameArg string) string {
	t.Helper()
	before, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var out, errOut bytes.Buffer
	if code := Run([]string{"match", gameArg, "--games", "1", "--record", dir}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("match %s --record: exit %d: %s", gameArg, code, errOut.String())
	}
	after, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, p := range after {
		if !slices.Contains(before, p) {
			return p
		}
	}
	t.Fatalf("match %s --record wrote no record", gameArg)
	return ""
}

// rewriteRecord writes a copy of the record at path, changed by edit,
// under a new match id.
func rewriteRecord(t *testing.T, path, id string, edit func(*ggp.Record)) string {
	t.Helper()
	rec, err := readGGPRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	rec.MatchID = id
	edit(rec)
	out, err := rec.WriteFile(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ggpRecordSet records a native game (quad5), a game known only from
// its bundled sheet (tic-tac-toe) and a game of simultaneous turns (rock
// paper scissors); each is returned with the game it opens as. These
// register no game.
func ggpRecordSet(t *testing.T, dir string) map[string]string {
	t.Helper()
	set := map[string]string{}
	for _, name := range []string{"quad5", "tictactoe", "rockpaperscissors"} {
		set[recordOneGame(t, dir, name)] = name
	}
	return set
}

// sheetRecordSet records a game read from a sheet file that is not
// bundled, and writes two copies whose gameName does not lead to the
// rules: one names no game this run knows, one names quad5 for moves of
// another game. They open with the record's own sheet, which registers
// games: run it only in a process of its own (see inProcessOfItsOwn).
func sheetRecordSet(t *testing.T, dir string) map[string]string {
	t.Helper()
	sheet, err := os.ReadFile("../../games/tictactoe.kif")
	if err != nil {
		t.Fatal(err)
	}
	sheetPath := filepath.Join(t.TempDir(), "ggprectoe.kif")
	if err := os.WriteFile(sheetPath, sheet, 0o644); err != nil {
		t.Fatal(err)
	}
	fromSheet := recordOneGame(t, dir, sheetPath)
	return map[string]string{
		fromSheet: "ggprectoe",
		rewriteRecord(t, fromSheet, "renamed", func(r *ggp.Record) { r.GameName = "ggprec-unknown" }): "ggprec-unknown",
		rewriteRecord(t, fromSheet, "misnamed", func(r *ggp.Record) { r.GameName = "quad5" }):         "gdl:quad5",
	}
}

// inProcessOfItsOwn reports whether the test runs in a process of its
// own; when not, it runs the test so and reports false. Games registered
// there do not change the game lists other tests check.
func inProcessOfItsOwn(t *testing.T) bool {
	t.Helper()
	if os.Getenv("TABLETOP_TEST_OWN_PROCESS") == t.Name() {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$")
	cmd.Env = append(os.Environ(), "TABLETOP_TEST_OWN_PROCESS="+t.Name())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	return false
}

func TestGamesListsGGPRecords(t *testing.T) {
	dir := t.TempDir()
	keepTwo(t, dir)
	set := ggpRecordSet(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "broken.json"), []byte(`{"matchId": "x", "moves": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := Run([]string{"games", "--dir", dir}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	list := out.String()
	for _, want := range []string{"x resigned: o wins", "x completes the square", "quad5       x: random, o: random  goals x ", "moves)  [GGP record]",
		"tictactoe", "rockpaperscissors left: random, right: random  goals left ", "broken.json  (unreadable: not a match record"} {
		if !strings.Contains(list, want) {
			t.Errorf("the list has no %q:\n%s", want, list)
		}
	}
	out.Reset()
	if code := Run([]string{"games", "--dir", dir, "--json"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut.String())
	}
	var recs []listedRecord
	if err := json.Unmarshal(out.Bytes(), &recs); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2+len(set)+1 {
		t.Fatalf("--json lists %d records, want %d:\n%s", len(recs), 2+len(set)+1, out.String())
	}
	for _, r := range recs {
		if _, isGGP := set[r.Path]; !isGGP {
			continue
		}
		rec, err := readGGPRecord(r.Path)
		if err != nil {
			t.Fatal(err)
		}
		if r.Format != "ggp" || r.Problem != "" || r.Variant != rec.GameName || r.Moves != len(rec.Moves) ||
			len(r.Players) != len(rec.Roles) || r.Ended.IsZero() || !strings.HasPrefix(r.Result, "goals ") {
			t.Errorf("--json: %+v for %s", r, filepath.Base(r.Path))
		}
	}
}

// TestGGPRecordsOpenInReview opens records of a native game, a game
// known from its bundled sheet and a game of simultaneous turns as
// `tabletop games N` does, and steps through them.
func TestGGPRecordsOpenInReview(t *testing.T) {
	openEachInReview(t, ggpRecordSet(t, t.TempDir()))
}

// TestGGPRecordsOpenWithTheirSheets: a record of a game this run does
// not know, or knows under its name with other rules, opens with its
// gameRulesheet.
func TestGGPRecordsOpenWithTheirSheets(t *testing.T) {
	if !inProcessOfItsOwn(t) {
		return
	}
	dir := t.TempDir()
	set := sheetRecordSet(t, dir)
	var out, errOut bytes.Buffer
	if code := Run([]string{"games", "--dir", dir}, strings.NewReader(""), &out, &errOut); code != 0 || strings.Count(out.String(), "[GGP record]") != 3 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	openEachInReview(t, set)
}

// openEachInReview opens each record as `tabletop games N` does, checks
// it opens as its game, and steps through it.
func openEachInReview(t *testing.T, set map[string]string) {
	for path, variant := range set {
		t.Run(filepath.Base(path), func(t *testing.T) {
			rec, err := readGGPRecord(path)
			if err != nil {
				t.Fatal(err)
			}
			sv, err := ggpRecordGame(path)
			if err != nil {
				t.Fatal(err)
			}
			if sv.Variant != variant || len(sv.Moves) != len(rec.Moves) {
				t.Fatalf("opens as %s with %d turns, want %s with %d", sv.Variant, len(sv.Moves), variant, len(rec.Moves))
			}
			v, err := game.Lookup(sv.Variant)
			if err != nil {
				t.Fatal(err)
			}
			_, end, err := rec.Turns(v)
			if err != nil || !end.Terminal() {
				t.Fatalf("replay: %v, over %v", err, end.Terminal())
			}
			for r, g := range rec.GoalValues {
				if end.Goal(game.Role(r)) != g {
					t.Errorf("%s's goal is %d on the replay, %d in the record", v.Roles[r], end.Goal(game.Role(r)), g)
				}
			}
			stepThrough(t, sv, len(rec.Moves))
		})
	}
}

// stepThrough opens sv in the client and steps from its end to its start
// and back.
func stepThrough(t *testing.T, sv savefmt.SavedGame, turns int) {
	t.Helper()
	// The client's settings go to a directory of the test's.
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	m := ui.New(ui.Options{ColorProfile: colorprofile.ASCII, Store: savefmt.NewFileStore(filepath.Join(t.TempDir(), "save.txt")), AIDelay: -1,
		Start: ui.Start{Game: &sv}})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	end := ansi.Strip(m.View().Content)
	if want := fmt.Sprintf("reviewing move %d of %d", turns, turns); !strings.Contains(end, want) {
		t.Fatalf("does not open in review at its end (%q):\n%s", want, end)
	}
	for at := turns - 1; at >= 0; at-- {
		m.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
		want := fmt.Sprintf("reviewing move %d of %d", at, turns)
		if at == 0 {
			want = fmt.Sprintf("reviewing the start (%d moves)", turns)
		}
		if view := ansi.Strip(m.View().Content); !strings.Contains(view, want) {
			t.Fatalf("step back to %d: no %q:\n%s", at, want, view)
		}
	}
	if start := ansi.Strip(m.View().Content); start == end {
		t.Fatal("the start looks like the end")
	}
	for range turns {
		m.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	}
	if view := ansi.Strip(m.View().Content); view != end {
		t.Fatalf("stepping forward again does not come back to the end:\n%s", view)
	}
}

// TestGGPRecordProblems: a file that is not a usable match record is
// refused with one line, never a crash.
func TestGGPRecordProblems(t *testing.T) {
	dir := t.TempDir()
	quad := recordOneGame(t, dir, "quad5")
	tests := []struct{ name, text, want string }{
		{"truncated", `{"matchId": "x", "moves": [`, "not a match record"},
		{"foreign JSON", `{"name": "something else", "moves": 3}`, "not a match record"},
		{"a JSON list", `[1, 2, 3]`, "not a match record"},
		{"no id", `{"gameName": "quad5", "moves": []}`, "no matchId"},
		{"unknown game, no rules", `{"matchId": "u", "gameName": "no-such-game", "moves": [["noop"]]}`,
			"no-such-game is not a game known here, and it has no gameRulesheet"},
		{"no game named", `{"matchId": "n", "moves": []}`, "it names no game"},
		{"illegal move, no rules", `{"matchId": "i", "gameName": "quad5", "gameRoleNames": ["x", "o"], "moves": [["(mark r9 c9)", "noop"]]}`,
			"(mark r9 c9) is not a legal move for x"},
		{"roles of another game", `{"matchId": "r", "gameName": "quad5", "gameRoleNames": ["left", "right"], "moves": []}`,
			"quad5 has roles x o, the record left right"},
		{"bad rule sheet", `{"matchId": "s", "gameName": "nothing-known", "gameRulesheet": "(role", "moves": []}`, "nothing-known"},
		{"a move its sheet refuses", `{"matchId": "m", "gameName": "breakthrough", "gameRoleNames": ["white", "black"], "gameRulesheet": ` +
			mustJSON(t, "../../games/breakthrough.kif") + `, "moves": [["(fly 1 1)", "noop"]]}`, "do not replay on its rule sheet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".json")
			if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			code := Run([]string{"games", path}, strings.NewReader(""), &out, &errOut)
			if code != 1 || out.Len() != 0 || strings.Count(errOut.String(), "\n") != 1 ||
				!strings.Contains(errOut.String(), "not a usable GGP match record") || !strings.Contains(errOut.String(), tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want one line with %q", code, out.String(), errOut.String(), tt.want)
			}
		})
	}
	// A record as ggp-base and Tiltyard write it: the game named by its
	// repository address only, no rules, moves spaced out.
	tiltyard := filepath.Join(dir, "tiltyard.json")
	text := `{"matchId": "tiltyard.ticTacToe.1", "gameMetaURL": "http://games.ggp.org/base/games/ticTacToe/v0/",
		"gameRoleNames": ["xplayer", "oplayer"], "startTime": 1700000000000, "startClock": 30, "playClock": 15,
		"moves": [["( mark 2 2 )", "noop"], ["noop", "( mark 1 1 )"]], "errors": [["", ""], ["", ""]],
		"isCompleted": false, "isAborted": false}`
	if err := os.WriteFile(tiltyard, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	sv, err := ggpRecordGame(tiltyard)
	if err != nil || sv.Variant != "tictactoe" || strings.Join(sv.Moves, " ") != "(mark 2 2) (mark 1 1)" || sv.Result != "unfinished" {
		t.Errorf("a Tiltyard record: %+v, %v", sv, err)
	}
	// It stopped early: it opens in review where it stopped all the same.
	stepThrough(t, sv, 2)
	// A sound record still opens after the bad ones.
	if _, err := ggpRecordGame(quad); err != nil {
		t.Errorf("%s: %v", quad, err)
	}
}

// mustJSON is the text of the file at path as a JSON string.
func mustJSON(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(string(data))
	return string(out)
}
