package board

import (
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/ui/match"
)

func pm(mover, text string) match.PlayedMove { return match.PlayedMove{Mover: mover, Text: text} }

// moveListCases are games' histories and their move lists.
var moveListCases = []struct {
	variant string
	h       []match.PlayedMove
	want    []string
}{
	{"quad5", []match.PlayedMove{pm("x", "r3c3"), pm("o", "r2c2"), pm("x", "r4c4")},
		[]string{"  1. x r3c3", "     o r2c2", "  2. x r4c4"}},
	{"pentago", []match.PlayedMove{pm("red", "413"), pm("red", "4cw"), pm("black", "226"), pm("black", "1ccw"), pm("red", "111")},
		[]string{"  1. red 413 4cw", "     black 226 1ccw", "  2. red 111"}},
	{"tictacchess", []match.PlayedMove{pm("red", "14-22"), resignBlue, pm("yellow", "41-33"), pm("green", "47-55"), pm("red", "22-34")},
		[]string{"  1. red 14-22", "     blue blue resigns", "     yellow 41-33", "     green 47-55", "  2. red 22-34"}},
	{"tictacchess", []match.PlayedMove{pm("blue", "74-53"), pm("green", "47-55"), pm("red", "14-22")},
		[]string{"  1. blue 74-53", "     green 47-55", "  2. red 14-22"}},
	{"quad5", []match.PlayedMove{pm(match.JointMover, "a"), pm(match.JointMover, "b")},
		[]string{"  1. all a", "  2. all b"}},
}

var resignBlue = match.PlayedMove{Mover: "blue", Text: "blue resigns", Resign: true}

// lineTexts are the lines as the tests write them.
func lineTexts(lines []moveLine) []string {
	var got []string
	for _, l := range lines {
		got = append(got, l.numbered()+l.mover+" "+l.text)
	}
	return got
}

func TestMoveListNumbersFullMoves(t *testing.T) {
	for _, c := range moveListCases {
		v, err := game.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		got := lineTexts(moveLines(v, c.h))
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

// TestMoveListGoesOnFromTheLinesKept: the move list kept from move to
// move (moveListLog) is the list grouped afresh after every move, and
// draws again only the line the move went on and the new ones; a
// history that is not the kept one's continued (an undo, another game)
// is grouped and drawn afresh.
func TestMoveListGoesOnFromTheLinesKept(t *testing.T) {
	for _, c := range moveListCases {
		v, err := game.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		var g moveListLog
		h := make([]match.PlayedMove, 0, len(c.h)) // one history growing, as historyLog's does
		draws := 0
		draw := func(ml moveLine) string { draws++; return ml.numbered() + ml.mover + " " + ml.text }
		for k := range c.h {
			h = append(h, c.h[k])
			before := draws
			got, want := lineTexts(g.of(v, h)), lineTexts(moveLines(v, h))
			if !slices.Equal(got, want) {
				t.Fatalf("%s after %d moves: kept lines %q, afresh %q", c.variant, k+1, got, want)
			}
			if drawn := g.drawnLines(listKey{}, draw); !slices.Equal(drawn, want) {
				t.Fatalf("%s after %d moves: drawn %q, want %q", c.variant, k+1, drawn, want)
			}
			if n := draws - before; n > 2 {
				t.Errorf("%s after %d moves: %d lines drawn again, want at most 2", c.variant, k+1, n)
			}
		}
		undone := slices.Clone(c.h[:len(c.h)-1])
		if got, want := lineTexts(g.of(v, undone)), lineTexts(moveLines(v, undone)); !slices.Equal(got, want) {
			t.Fatalf("%s after an undo: kept lines %q, afresh %q", c.variant, got, want)
		}
		if drawn := g.drawnLines(listKey{}, draw); !slices.Equal(drawn, lineTexts(moveLines(v, undone))) {
			t.Fatalf("%s after an undo: drawn %q", c.variant, drawn)
		}
	}
}
