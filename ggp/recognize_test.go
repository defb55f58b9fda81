package ggp

import (
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

// TestNativeTwinIsBehaviour: a sheet that differs from Quad 5×5 in one
// rule is not Quad 5×5, though it reads almost the same.
func TestNativeTwinIsBehaviour(t *testing.T) {
	f, _ := games.Lookup("tictactoe")
	v, err := gdl.Load("ttt", f.Source)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := game.Lookup("quad5")
	if behavesAlike(v, q, time.Now().Add(time.Minute)) {
		t.Errorf("tic-tac-toe taken for quad5")
	}
}
