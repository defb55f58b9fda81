package game_test

import (
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
)

// The menu order comes from each variant's Order: Quad by board size,
// then Pentago, then Tic-Tac-Chess.
func TestVariantsMenuOrder(t *testing.T) {
	want := []string{"quad5", "quad7", "quad11", "pentago", "pentago-split", "tictacchess"}
	if got := game.Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
}
