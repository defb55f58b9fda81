// Package all registers every game of tabletop; import it for its side
// effect to make all variants available through game.Lookup.
package all

import (
	_ "github.com/tabletop/tabletop/game/pentago"
	_ "github.com/tabletop/tabletop/game/quad"
	_ "github.com/tabletop/tabletop/game/tictacchess"
)
