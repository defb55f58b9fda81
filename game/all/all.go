// Package all registers every game of tabletop, and the exact solvers
// beside them; import it for its side effect to make all variants
// available through game.Lookup (and their solvers through
// game.SolverFor).
package all

import (
	_ "github.com/tabletop/tabletop/game/pentago"
	_ "github.com/tabletop/tabletop/game/pentagoexact"
	_ "github.com/tabletop/tabletop/game/quad"
	_ "github.com/tabletop/tabletop/game/tictacchess"
)
