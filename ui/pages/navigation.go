package pages

import (
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
)

// init gives the board the screens above it that it opens (see
// OpenMenu).
func init() {
	board.OpenMenu = func(c *common.Common, notice string) common.Screen { return newMenu(c, notice) }
	board.OpenSetup = func(c *common.Common, v *game.Variant, seats []savefmt.SeatConfig, waiting *board.BoardScreen) common.Screen {
		s := newSetupFrom(c, v, seats)
		s.game = waiting
		return s
	}
	board.OpenAnalysisSetup = func(c *common.Common, v *game.Variant, position string) common.Screen {
		return newAnalysisSetup(c, v, position)
	}
	board.OpenRoom = newRoomBoard
}
