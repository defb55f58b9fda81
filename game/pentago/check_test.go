package pentago

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

// TestCheckMoveAgreesWithIsLegal: a client that builds moves with
// PlaceMove and RotateMove is told why one is refused in ParseMove's
// words.
func TestCheckMoveAgreesWithIsLegal(t *testing.T) {
	universe := []game.Move{game.Noop, game.Move(1 << 20)}
	for q := 1; q <= 4; q++ {
		universe = append(universe, RotateMove(q, true), RotateMove(q, false))
		for x := 1; x <= 3; x++ {
			for y := 1; y <= 3; y++ {
				universe = append(universe, PlaceMove(q, x, y))
			}
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
	v, _ := game.Lookup("pentago")
	s := v.New()
	if err := game.Check(s, RotateMove(1, true)); err == nil || err.Error() != "(rotate 1 clockwise): it is time to place, not to rotate" {
		t.Errorf("rotation before placing: %v", err)
	}
}
