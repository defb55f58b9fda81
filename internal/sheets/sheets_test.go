package sheets

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/game/gdl"
)

func TestRegisterBundledSkipsNativeNames(t *testing.T) {
	begin := time.Now()
	vs, err := RegisterBundled(nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("bundled sheets compiled in %v", time.Since(begin))
	got := map[string]string{}
	for _, v := range vs {
		got[v.Name] = v.Title
	}
	want := map[string]string{"connectfour": "Connect Four", "breakthrough": "", "tictactoe": "", "rockpaperscissors": ""}
	for name, title := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("bundled game %s not registered (got %v)", name, got)
		}
		if title != "" && got[name] != title {
			t.Errorf("%s: title %q, want %q", name, got[name], title)
		}
	}
	for _, native := range []string{"quad5", "quad7", "quad11", "pentago", "tictacchess"} {
		if _, ok := got[native]; ok {
			t.Errorf("the sheet duplicating native %s was registered", native)
		}
		if v, _ := game.Lookup(native); v == nil || gdl.IsGDL(v) {
			t.Errorf("native %s replaced", native)
		}
	}
	again, err := RegisterBundled(nil)
	if err != nil || len(again) != len(vs) {
		t.Fatalf("a second registration: %d games, %v", len(again), err)
	}
}

func TestLoadFileNamesAndErrors(t *testing.T) {
	dir := t.TempDir()
	native := filepath.Join(dir, "quad5.kif")
	src, err := os.ReadFile("../../games/quad5.kif")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(native, src, 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := LoadFile(native)
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "gdl:quad5" {
		t.Errorf("a sheet named like a native game is registered as %q, want gdl:quad5", v.Name)
	}
	if v2, err := LoadFile(native); err != nil || v2 != v {
		t.Errorf("loading the same sheet again: %v, %v", v2, err)
	}
	bad := filepath.Join(dir, "bad.kif")
	os.WriteFile(bad, []byte("(role x) (init (p))"), 0o644)
	if _, err := LoadFile(bad); err == nil {
		t.Error("a sheet without legal, goal and terminal was accepted")
	}
	vs, err := RegisterDir(dir, nil)
	if err == nil || len(vs) != 1 || vs[0] != v {
		t.Errorf("RegisterDir: %v, %v; want the good sheet and the bad one's error", vs, err)
	}
	if vs, err := RegisterDir(filepath.Join(dir, "missing"), nil); err != nil || len(vs) != 0 {
		t.Errorf("a missing folder: %v, %v", vs, err)
	}
}

func TestTurnTaking(t *testing.T) {
	for _, tc := range []struct {
		sheet string
		want  bool
	}{
		{"tictactoe", true},
		{"connectfour", true},
		{"rockpaperscissors", false},
	} {
		src, err := os.ReadFile("../../games/" + tc.sheet + ".kif")
		if err != nil {
			t.Fatal(err)
		}
		v, err := gdl.Load(tc.sheet, src)
		if err != nil {
			t.Fatal(err)
		}
		if got := TurnTaking(v); got != tc.want {
			t.Errorf("TurnTaking(%s) = %v, want %v", tc.sheet, got, tc.want)
		}
	}
	dir := t.TempDir()
	src, _ := os.ReadFile("../../games/rockpaperscissors.kif")
	os.WriteFile(filepath.Join(dir, "rps2.kif"), src, 0o644)
	if vs, err := RegisterDir(dir, TurnTaking); len(vs) != 0 || !errors.Is(err, ErrRefused) {
		t.Errorf("a simultaneous sheet under TurnTaking: %v, %v", vs, err)
	}
	if _, err := game.Lookup("rps2"); err == nil {
		t.Error("a refused sheet was registered")
	}
}

// TestSheetFileIsItsOwnGame: a file named like a bundled sheet (or like
// another file loaded before) is its own game under a name of its own,
// and remembers its file and hash, so that a save of it can name it.
func TestSheetFileIsItsOwnGame(t *testing.T) {
	if _, err := RegisterBundled(nil); err != nil {
		t.Fatal(err)
	}
	bundled, err := game.Lookup("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../games/tictactoe.kif")
	if err != nil {
		t.Fatal(err)
	}
	one, two := t.TempDir(), t.TempDir()
	// Two other tic-tac-toes: the bundled text with another title, and
	// with the roles swapped.
	texts := map[string][]byte{
		one: append([]byte("; title: Another tic-tac-toe\n"), src...),
		two: []byte(strings.NewReplacer("xplayer", "first", "oplayer", "second").Replace(string(src))),
	}
	seen := map[string]bool{bundled.Name: true}
	for dir, text := range texts {
		path := filepath.Join(dir, "tictactoe.kif")
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		v, err := LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if seen[v.Name] || !strings.HasPrefix(v.Name, "tictactoe-") {
			t.Errorf("%s loaded as %q, want a name of its own (seen %v)", path, v.Name, seen)
		}
		seen[v.Name] = true
		if again, err := LoadFile(path); err != nil || again != v {
			t.Errorf("the same file again: %v, %v", again, err)
		}
		if p, h, ok := Origin(v.Name); !ok || p != path || h != Hash(text) {
			t.Errorf("Origin(%s) = %q %q %v, want %s and its hash", v.Name, p, h, ok, path)
		}
		if got, ok := ByHash(Hash(text)); !ok || got != v {
			t.Errorf("ByHash: %v %v", got, ok)
		}
	}
	if _, _, ok := Origin(bundled.Name); ok {
		t.Errorf("the bundled sheet has a file")
	}
}

// TestSummaryReadsAsWords: the menu's line for a sheet is its first
// comment that reads as words, not an editor's mode line or a rule of
// asterisks.
func TestSummaryReadsAsWords(t *testing.T) {
	v := &game.Variant{Summary: "-*-Lisp-*-", Rules: "-*-Lisp-*-\n*******\n* chess.kif   *\nFirst Draft: Tom"}
	if got := summary(v); got != "chess.kif" {
		t.Errorf("summary %q, want chess.kif", got)
	}
	v = &game.Variant{Summary: "A game read from a GDL rule sheet"}
	if got := summary(v); got != v.Summary {
		t.Errorf("no comments: %q", got)
	}
}
