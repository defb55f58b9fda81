package tictacchess

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// winningMove returns a move of role r that completes a centre line in the
// position with all pieces occ, and whether there is one. A line piece
// cannot be the one that moves (that would break the line), so the
// mover is another own piece: a knight jump to the empty third cell, or a
// capture onto it when another player holds it.
func (s *State) winningMove(r int, occ uint64) (game.Move, bool) {
	own := s.pieces[r]
	if bits.OnesCount64(own&centreMask) < 2 {
		return game.Noop, false
	}
	for _, l := range lineMask {
		if bits.OnesCount64(own&l) != 2 {
			continue
		}
		third := l &^ own
		t := bits.TrailingZeros64(third)
		helpers := own &^ l
		var from uint64
		if occ&third == 0 {
			from = knightNear[t] & helpers
		} else {
			from = kingNear[t] & helpers
		}
		if from != 0 {
			return encode(bits.TrailingZeros64(from), t), true
		}
	}
	return game.Noop, false
}

// Forcing implements game.Tactics. A move that completes a centre line
// is listed alone. Otherwise, when the next player in turn could complete
// a line with its next action, the moves that leave it no such action
// (captures of a line piece or of its helpers, occupying the third cell
// out of its reach); when none does, every legal move, since all of them
// lose. Only the next player's threats are forcing: a later player's line
// can still be stopped by the players in between. It does not allocate.
func (s *State) Forcing(buf []game.Move) []game.Move {
	if s.Terminal() {
		return buf
	}
	r := s.role()
	occ := s.occupied()
	if m, ok := s.winningMove(r, occ); ok {
		return append(buf, m)
	}
	if int(s.step)+1 >= LastStep {
		return buf // the game ends before the next player moves
	}
	next := (r + 1) % Players
	if _, ok := s.winningMove(next, occ); !ok {
		return buf
	}
	n := len(buf)
	buf = s.Legal(buf)
	if len(buf) == n+1 && buf[n] == game.Noop {
		return buf
	}
	k := n
	for _, m := range buf[n:] {
		c := *s
		c.Apply(m)
		if _, ok := c.winningMove(next, c.occupied()); !ok {
			buf[k] = m
			k++
		}
	}
	if k == n {
		return buf // nothing stops it: every move loses
	}
	return buf[:k]
}

// Candidates implements game.Tactics: every legal move.
func (s *State) Candidates(buf []game.Move) []game.Move { return s.Legal(buf) }
