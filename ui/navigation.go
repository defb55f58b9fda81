package ui

import (
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// init gives the board the screens above it that it opens (see
// openMenu).
func init() {
	openMenu = func(c *common, notice string) screen { return newMenu(c, notice) }
	openSetup = func(c *common, v *game.Variant, seats []savefmt.SeatConfig, waiting *boardScreen) screen {
		s := newSetupFrom(c, v, seats)
		s.game = waiting
		return s
	}
	openAnalysisSetup = func(c *common, v *game.Variant, position string) screen {
		return newAnalysisSetup(c, v, position)
	}
}
