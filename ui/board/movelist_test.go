package board

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/ui/match"
)

func TestMoveListNumbersFullMoves(t *testing.T) {
	pm := func(mover, text string) match.PlayedMove { return match.PlayedMove{Mover: mover, Text: text} }
	resign := match.PlayedMove{Mover: "blue", Text: "blue resigns", Resign: true}
	for _, c := range []struct {
		variant string
		h       []match.PlayedMove
		want    []string
	}{
		{"quad5", []match.PlayedMove{pm("x", "r3c3"), pm("o", "r2c2"), pm("x", "r4c4")},
			[]string{"  1. x r3c3", "     o r2c2", "  2. x r4c4"}},
		{"pentago", []match.PlayedMove{pm("red", "413"), pm("red", "4cw"), pm("black", "226"), pm("black", "1ccw"), pm("red", "111")},
			[]string{"  1. red 413 4cw", "     black 226 1ccw", "  2. red 111"}},
		{"tictacchess", []match.PlayedMove{pm("red", "14-22"), resign, pm("yellow", "41-33"), pm("green", "47-55"), pm("red", "22-34")},
			[]string{"  1. red 14-22", "     blue blue resigns", "     yellow 41-33", "     green 47-55", "  2. red 22-34"}},
		{"tictacchess", []match.PlayedMove{pm("blue", "74-53"), pm("green", "47-55"), pm("red", "14-22")},
			[]string{"  1. blue 74-53", "     green 47-55", "  2. red 14-22"}},
		{"quad5", []match.PlayedMove{pm(match.JointMover, "a"), pm(match.JointMover, "b")},
			[]string{"  1. all a", "  2. all b"}},
	} {
		v, err := game.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		lines := moveLines(v, c.h)
		var got []string
		for _, l := range lines {
			got = append(got, l.numbered()+l.mover+" "+l.text)
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: lines %q, want %q", c.variant, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: line %d %q, want %q", c.variant, i, got[i], c.want[i])
			}
		}
	}
	v, _ := game.Lookup("pentago")
	lines := moveLines(v, []match.PlayedMove{pm("red", "413"), pm("red", "4cw"), pm("black", "226")})
	for i, want := range []int{0, 0, 1} {
		if got := lineOf(lines, i); got != want {
			t.Errorf("move %d is on line %d, want %d", i, got, want)
		}
	}
}
