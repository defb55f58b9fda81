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
	// roundAfter and prevAfter are the round and the role index of the
	// last turn (the role count before any) after this line: where
	// grouping goes on (appendMoveLines).
	roundAfter, prevAfter int
}

// moveLines groups a game's history (History) into the move list's
// lines. A new round starts with a turn of a role that comes no later
// in v's role order than the turn before it (play has come round), and
// with every turn where all roles choose at once; a resignation that
// lets the others play on is a line of its own, in no round.
func moveLines(v *game.Variant, h []match.PlayedMove) []moveLine {
	return appendMoveLines(v, h, nil)
}

// appendMoveLines groups the entries of h after those lines shows (the
// last line goes on where its turn does) and appends their lines.
func appendMoveLines(v *game.Variant, h []match.PlayedMove, lines []moveLine) []moveLine {
	// round and prev (the role index of the turn before) as the last
	// line left them.
	round, prev, from := 0, len(v.Roles), 0
	if n := len(lines); n > 0 {
		round, prev, from = lines[n-1].roundAfter, lines[n-1].prevAfter, lines[n-1].last+1
	}
	for i := from; i < len(h); i++ {
		pm := h[i]
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
		line.roundAfter, line.prevAfter = round, prev
		lines = append(lines, line)
	}
	return lines
}

// moveListLog is the move list last worked out, grouped (moveLines) and
// drawn outside review, with the history it was worked out from: after
// a move, only the list's last line (the turn the move may go on) and
// the new ones are grouped and drawn again, not the whole list (the
// players and watchers of a room each drew every line after every move).
// The history's entries before its length never change (historyLog), so
// a history that starts at the same entry and is no shorter goes on from
// the one kept.
type moveListLog struct {
	v     *game.Variant
	hist  []match.PlayedMove
	lines []moveLine
	// drawn are the lines as the list shows them outside review, the
	// first len(drawn) of lines, in the styles drawnIn.
	drawn   []string
	drawnIn listKey
}

// of is moveLines(v, h), going on from the lines kept.
func (g *moveListLog) of(v *game.Variant, h []match.PlayedMove) []moveLine {
	n := len(g.hist)
	if v != g.v || len(h) < n || (n > 0 && &h[0] != &g.hist[0]) {
		// Another game, or another history: worked out afresh (new
		// slices, so that those handed out before stay as they were).
		*g = moveListLog{v: v}
		n = 0
	}
	if n == len(h) && n > 0 {
		return g.lines
	}
	if k := len(g.lines); k > 0 {
		// The last line's turn may go on (appendMoveLines): drawn again.
		g.drawn = g.drawn[:min(len(g.drawn), k-1)]
	}
	g.lines, g.hist = appendMoveLines(v, h, g.lines), h
	return g.lines
}

// drawnLines are the lines of the move list outside review, each drawn
// by draw, in the styles key names: those drawn before in the same
// styles are kept.
func (g *moveListLog) drawnLines(key listKey, draw func(moveLine) string) []string {
	if key.theme != g.drawnIn.theme || key.ascii != g.drawnIn.ascii {
		g.drawn, g.drawnIn = nil, key
	}
	for _, ml := range g.lines[len(g.drawn):] {
		g.drawn = append(g.drawn, draw(ml))
	}
	return g.drawn
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
func (b *BoardScreen) moveLines() []moveLine { return b.listLog.of(b.variant, b.History()) }
