package tictacchess

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

// TestCheckMoveAgreesWithIsLegal: a client that builds moves with MoveOf
// is told why one is refused in ParseMove's words.
func TestCheckMoveAgreesWithIsLegal(t *testing.T) {
	universe := []game.Move{game.Noop}
	for x1 := 1; x1 <= Size; x1++ {
		for y1 := 1; y1 <= Size; y1++ {
			for x2 := 1; x2 <= Size; x2++ {
				for y2 := 1; y2 <= Size; y2++ {
					universe = append(universe, MoveOf(x1, y1, x2, y2))
				}
			}
		}
	}
	v, _ := game.Lookup("tictacchess")
	gametest.CheckerAgrees(t, v, universe, 3, 7)
}
