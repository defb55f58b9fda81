package ui

import (
	"strings"

	"github.com/tabletop/tabletop/game"
)

// jointShort is a joint turn in the move list: each role and its move,
// in role order.
func jointShort(s game.State, moves []game.Move) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = s.Variant().RoleName(game.Role(i)) + " " + moveName(s, m)
	}
	return strings.Join(parts, " · ")
}

// jointMover names the movers of a joint turn in the move list.
const jointMover = "all"
