package quad

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

// TestCheckMoveAgreesWithIsLegal: a client that builds moves with
// MarkMove and BlockMove is told why one is refused in ParseMove's words.
func TestCheckMoveAgreesWithIsLegal(t *testing.T) {
	universe := []game.Move{game.Noop, game.Move(1 << 12)}
	for r := 1; r <= 11; r++ {
		for c := 1; c <= 11; c++ {
			universe = append(universe, MarkMove(r, c), BlockMove(r, c))
		}
	}
	for _, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v, _ := game.Lookup(name)
			gametest.CheckerAgrees(t, v, universe, 20, 7)
		})
	}
}

func TestCheckMoveSaysWhy(t *testing.T) {
	v, _ := game.Lookup("quad5")
	s := v.New()
	s.Apply(MarkMove(2, 2))
	tests := []struct {
		m    game.Move
		want string
	}{
		{MarkMove(2, 2), "r2c2 is occupied by x"},
		{MarkMove(1, 1), "r1c1 is a missing corner: the four corner cells are not part of the board"},
		{MarkMove(6, 1), "row 6 is off the 5×5 board"},
		{game.Noop, "noop is not a Quad move: the player in control must mark or block"},
	}
	for _, tt := range tests {
		if err := game.Check(s, tt.m); err == nil || err.Error() != tt.want {
			t.Errorf("Check(%s) = %v, want %q", s.FormatMove(tt.m), err, tt.want)
		}
	}
}
