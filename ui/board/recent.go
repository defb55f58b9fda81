package board

import (
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui/adapters"
)

// What happened since the player last looked: the board marks every
// move since this client's last turn (three moves in a four-player game
// against the AI), or the last turn when every seat is this client's or
// none is. The cells are traced through the moves that followed, so a
// Pentago stone is marked where the rotation took it.

// recentLimit bounds how many moves are marked.
const recentLimit = 8

// recentView is what the board marks of the recent moves.
type recentView struct {
	cells []adapters.Pos
	// moves are the recent moves, oldest first (for the adapter's
	// overlay: Pentago's handles show the last rotation).
	moves []game.Move
}

// recentKey is what the recent moves are worked out from: the moves
// (the match's version), the turn reviewed, and which seats are this
// client's (bit r for role r).
type recentKey struct {
	version   uint64
	reviewing bool
	turn      int
	mine      uint64
}

// Recent returns the recent moves of the position shown (the reviewed
// one in review mode). They are kept while the moves, the turn reviewed
// and the client's seats are the same: working them out replays the
// game, and every frame marks them.
func (b *BoardScreen) Recent() recentView {
	roles := len(b.variant.Roles)
	if roles > 64 {
		return b.recent()
	}
	k := recentKey{version: b.Match.Version(), reviewing: b.Reviewing()}
	if k.reviewing {
		k.turn = b.Review.Turn
	}
	for r := range roles {
		if b.Mine(game.Role(r)) {
			k.mine |= 1 << r
		}
	}
	return b.recentMemo.Get(k, b.recent)
}

// recent works the recent moves out (see Recent).
func (b *BoardScreen) recent() recentView {
	start, moves := b.Match.Replay()
	var steps [][]game.Move
	var movers []game.Role  // NoRole for a turn where all chose
	var states []game.State // the position turn i was played in, from `from` on
	if b.Reviewing() {
		steps, movers, states = replayTurns(start, moves, b.Review.Turn)
	} else {
		steps, movers, states = b.turnLog.Of(start, moves, recentLimit)
	}
	n := len(steps)
	if n == 0 {
		return recentView{}
	}
	from := max(n-recentLimit, 0)
	k := b.recentFrom(movers, from)
	var rv recentView
	for i := k; i < n; i++ {
		for _, m := range steps[i] {
			cells := b.adapter.MoveCells(states[i], m)
			for j := i + 1; j < n; j++ {
				for _, later := range steps[j] {
					cells = b.AdapterCaps.TraceOf(states[j], later, cells)
				}
			}
			rv.cells = append(rv.cells, cells...)
			rv.moves = append(rv.moves, m)
		}
	}
	return rv
}

// replayTurns is common.TurnLog's Of for the first upTo turns of the
// game, worked out anew (review steps back and forth).
func replayTurns(start game.State, moves []game.Move, upTo int) ([][]game.Move, []game.Role, []game.State) {
	steps := game.SplitTurns(start, moves)
	steps = steps[:min(upTo, len(steps))]
	n := len(steps)
	movers, states := make([]game.Role, n), make([]game.State, n)
	s := start.Clone()
	for i, step := range steps {
		movers[i] = game.TurnMover(s, step)
		if i >= n-recentLimit {
			states[i] = s.Clone()
		}
		game.ApplyTurn(s, step)
	}
	return steps, movers, states
}

// recentFrom returns the first recent move: the one after the last move
// of the player now to move when that is a person at this client (with
// several at the keyboard, each sees every other player's move since
// their own turn), else after this client's last move; or, when that is
// the last move (or no seat or every seat is this client's), the first
// move of the last mover's last turn.
func (b *BoardScreen) recentFrom(movers []game.Role, from int) int {
	n := len(movers)
	toMove := b.Game().ToMove()
	ownTurn := toMove != game.NoRole && b.Mine(toMove) && !b.Reviewing()
	mine, all := -1, true
	for i, r := range movers {
		if b.Mine(r) && (!ownTurn || r == toMove) {
			mine = i
		}
		if !b.Mine(r) {
			all = false
		}
	}
	if mine >= 0 && mine < n-1 && !all {
		return max(mine+1, from)
	}
	k := n - 1
	for k > from && movers[k-1] == movers[n-1] {
		k--
	}
	return k
}
