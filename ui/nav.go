package ui

import (
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// The screens the board and the rules open that sit above them in the
// client: the menu, a new game's setup, the analysis board's setup. They
// live with the other screens, which import the board, so the board asks
// for them through these; the screens' package sets them when it is
// initialised.
var (
	// openMenu opens the menu with notice in its status line.
	openMenu func(c *common, notice string) screen
	// openSetup opens a new game's setup of v with seats filled in;
	// waiting, when not nil, is the game that waits behind it (Esc goes
	// back to it).
	openSetup func(c *common, v *game.Variant, seats []savefmt.SeatConfig, waiting *boardScreen) screen
	// openAnalysisSetup opens the analysis board's setup on v at position.
	openAnalysisSetup func(c *common, v *game.Variant, position string) screen
)
