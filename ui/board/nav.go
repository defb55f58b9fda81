package board

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/common"
)

// The screens the board and the rules open that sit above them in the
// client: the menu, a new game's setup, the analysis board's setup. They
// live with the other screens, which import the board, so the board asks
// for them through these; the screens' package sets them when it is
// initialised.
var (
	// OpenMenu opens the menu with notice in its status line.
	OpenMenu func(c *common.Common, notice string) common.Screen
	// OpenSetup opens a new game's setup of v with seats filled in;
	// waiting, when not nil, is the game that waits behind it (Esc goes
	// back to it).
	OpenSetup func(c *common.Common, v *game.Variant, seats []savefmt.SeatConfig, waiting *BoardScreen) common.Screen
	// OpenAnalysisSetup opens the analysis board's setup on v at position.
	OpenAnalysisSetup func(c *common.Common, v *game.Variant, position string) common.Screen
	// OpenRoom shows a room the client entered (a rematch's, TV's next
	// game), with the command that leaves it when it cannot be shown.
	OpenRoom func(c *common.Common, room roomapi.Room) (common.Screen, tea.Cmd)
)
