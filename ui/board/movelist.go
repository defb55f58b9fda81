package board

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui/match"
)

// The move list numbers full moves, as chess does: a full move is one
// turn of every player, a four-player game's round, and a turn is every
// action its player takes before the next player's (a Pentago placement
// and its rotation: "1. red 413 4cw"). A line shows one player's turn;
// the first turn of each round carries its number.

// moveLine is one line of the move list.
type moveLine struct {
	round       int // the full move's number on a round's first turn, else 0
	mover, text string
	// first and last are the History entries the line shows.
	first, last int
}

// moveLines groups a game's history (History) into the move list's
// lines. A new round starts with a turn of a role that comes no later
// in v's role order than the turn before it (play has come round), and
// with every turn where all roles choose at once; a resignation that
// lets the others play on is a line of its own, in no round.
func moveLines(v *game.Variant, h []match.PlayedMove) []moveLine {
	var lines []moveLine
	round, prev := 0, len(v.Roles) // prev: the role index of the turn before
	for i, pm := range h {
		if n := len(lines); n > 0 && !pm.Resign && !h[i-1].Resign && pm.Mover == h[i-1].Mover && pm.Mover != match.JointMover {
			lines[n-1].text += " " + pm.Text // the same player's turn goes on
			lines[n-1].last = i
			continue
		}
		line := moveLine{mover: pm.Mover, text: pm.Text, first: i, last: i}
		if !pm.Resign {
			r := v.RoleIndex(pm.Mover)
			if pm.Mover == match.JointMover || int(r) <= prev {
				round++
				line.round = round
			}
			prev = int(r)
		}
		lines = append(lines, line)
	}
	return lines
}

// lineOf is the index of the line showing History entry i.
func lineOf(lines []moveLine, i int) int {
	for k, l := range lines {
		if i <= l.last {
			return k
		}
	}
	return len(lines) - 1
}

// numbered is a line's number column: "  1. " on a round's first turn,
// blank on the others.
func (l moveLine) numbered() string {
	if l.round == 0 {
		return strings.Repeat(" ", 5)
	}
	return fmt.Sprintf("%3d. ", l.round)
}

// moveLines is the move list's lines (see moveLines).
func (b *BoardScreen) moveLines() []moveLine { return moveLines(b.variant, b.History()) }
