package ggp

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

// TestNativeTwin recognises tabletop's own games from their bundled rule
// sheets by behaviour, and nothing for the other sheets.
func TestNativeTwin(t *testing.T) {
	want := map[string]string{
		"quad5": "quad5", "quad7": "quad7", "quad11": "quad11",
		"pentago": "pentago", "pentago-split": "pentago-split", "tictacchess": "tictacchess",
	}
	for _, f := range games.Files() {
		t.Run(f.Name, func(t *testing.T) {
			v, err := gdl.Load(f.Name, f.Source)
			if err != nil {
				t.Fatal(err)
			}
			twin, ok := nativeTwin(v, time.Now().Add(time.Minute))
			got := ""
			if ok {
				got = twin.Name
			}
			if got != want[f.Name] {
				t.Errorf("nativeTwin(%s) = %q, want %q", f.Name, got, want[f.Name])
			}
		})
	}
}

// TestNativeTwinIsBehaviour: sheets that differ from a native game in
// one rule are not taken for it, though they read almost the same.
func TestNativeTwinIsBehaviour(t *testing.T) {
	quad5, _ := games.Lookup("quad5")
	tests := []struct {
		name     string
		src      string
		old, new string
	}{
		{"square worth 90", string(quad5.Source), "(goal x 100) (owns_square x)", "(goal x 90) (owns_square x)"},
		{"o's square worth 90", string(quad5.Source), "(goal o 100) (not (owns_square x))", "(goal o 90) (not (owns_square x))"},
	}
	q, _ := game.Lookup("quad5")
	for _, tt := range tests {
		src := strings.Replace(tt.src, tt.old, tt.new, 1)
		if src == tt.src {
			t.Fatalf("%s: %q is not in the sheet", tt.name, tt.old)
		}
		v, err := gdl.Load("changed", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if behavesAlike(v, q, time.Now().Add(time.Minute)) {
			t.Errorf("%s: taken for quad5", tt.name)
		}
	}
	ttt, _ := games.Lookup("tictactoe")
	v, err := gdl.Load("tictactoe", ttt.Source)
	if err != nil {
		t.Fatal(err)
	}
	if behavesAlike(v, q, time.Now().Add(time.Minute)) {
		t.Errorf("tic-tac-toe taken for quad5")
	}
}
