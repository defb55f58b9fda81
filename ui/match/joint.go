package match

import (
	"strings"

	"github.com/tabletop/tabletop/ui/common"

	"github.com/tabletop/tabletop/game"
)

// jointShort is a joint turn in the move list: each role and its move,
// in role order.
func jointShort(s game.State, moves []game.Move) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = s.Variant().RoleName(game.Role(i)) + " " + common.MoveName(s, m)
	}
	return strings.Join(parts, " · ")
}

// JointMover names the movers of a joint turn in the move list.
const JointMover = "all"

// HistoryOf is the move list of a game: each turn played from start, in
// its short notation with the role that played it (JointMover for a turn
// where every role chose at once).
func HistoryOf(start game.State, moves []game.Move) []PlayedMove {
	out, _ := HistoryFrom(start.Clone(), moves, nil)
	return out
}

// HistoryFrom appends to out the move list of moves played from s, which
// it plays them on (whole turns only), and returns it with how many of
// moves it played: a list kept with its position goes on from there when
// the game does (see HistoryOf).
func HistoryFrom(s game.State, moves []game.Move, out []PlayedMove) ([]PlayedMove, int) {
	v := s.Variant()
	i := 0
	for i < len(moves) {
		n := game.TurnSize(s)
		if len(moves)-i < n {
			break
		}
		step := moves[i : i+n]
		if game.JointTurn(s) {
			out = append(out, PlayedMove{Text: jointShort(s, step), Mover: JointMover})
		} else {
			_, resign := game.Resigner(step[0])
			out = append(out, PlayedMove{Text: common.MoveName(s, step[0]), Mover: v.RoleName(game.TurnMover(s, step)), Resign: resign})
		}
		game.ApplyTurn(s, step)
		i += n
	}
	return out, i
}
