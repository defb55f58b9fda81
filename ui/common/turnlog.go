package common

import (
	"slices"

	"github.com/tabletop/tabletop/game"
)

// TurnLog is a game's moves split into turns (game.SplitTurns), who
// played each turn (game.TurnMover) and the positions the last few turns
// were played in, kept from one call to the next: a game that went on
// from the same start by more moves has only its new turns split and
// played, not the whole game replayed (each session of a room did that
// after every move to mark the recent moves).
type TurnLog struct {
	// start is the start it was played from, the caller's own: compared
	// by identity (every game's State is a pointer).
	start  game.State
	moves  []game.Move   // the moves split, the log's own copy
	turns  [][]game.Move // them in turns, each capped at its end
	movers []game.Role
	before []game.State // the position each turn was played in; nil for all but the last keep
	after  game.State   // the position after them, the log's own
}

// Of splits moves, played from start, into turns: it returns them with
// who played each (NoRole for a turn where all chose) and the position
// each was played in, nil for all but the last keep. What it returns is
// good until the next call.
func (t *TurnLog) Of(start game.State, moves []game.Move, keep int) (turns [][]game.Move, movers []game.Role, before []game.State) {
	if t.after == nil || start != t.start || len(moves) < len(t.moves) || !slices.Equal(moves[:len(t.moves)], t.moves) {
		// Not the game it went on from: a new log (a new copy of the
		// moves, so that turns handed out before stay as they were).
		*t = TurnLog{start: start, after: start.Clone()}
	}
	added := 0 // turns split by this call
	for i := len(t.moves); i < len(moves); added++ {
		s := t.after.Clone()
		n := game.ApplyTurn(t.after, moves[i:])
		if n == 0 {
			break // a turn not complete yet
		}
		turn := moves[i : i+n]
		t.moves = append(t.moves, turn...)
		end := len(t.moves)
		// The log's own moves (which later appends never change below
		// its length), capped so that no append to a turn reaches them.
		t.turns = append(t.turns, t.moves[end-n:end:end])
		t.movers = append(t.movers, game.TurnMover(s, turn))
		t.before = append(t.before, s)
		i += n
	}
	for i := max(len(t.before)-keep-added, 0); i < len(t.before)-keep; i++ {
		t.before[i] = nil // not asked for again: let the position go
	}
	return t.turns, t.movers, t.before
}
