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

// historyOf is the move list of a game: each turn played from start, in
// its short notation with the role that played it (jointMover for a turn
// where every role chose at once).
func historyOf(start game.State, moves []game.Move) []playedMove {
	v := start.Variant()
	var out []playedMove
	s := start.Clone()
	for i := 0; i < len(moves); {
		n := game.TurnSize(s)
		if len(moves)-i < n {
			break
		}
		step := moves[i : i+n]
		if game.JointTurn(s) {
			out = append(out, playedMove{text: jointShort(s, step), mover: jointMover})
		} else {
			out = append(out, playedMove{text: moveName(s, step[0]), mover: v.RoleName(game.TurnMover(s, step))})
		}
		game.ApplyTurn(s, step)
		i += n
	}
	return out
}
