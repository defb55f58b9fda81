package quad

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

var _ game.Tactics = (*State)(nil)

// tally is what one scan of the squares finds, per role: the live squares
// (no enemy mark and no white stone on a corner) with two or three own
// corners, the cells that complete a three-corner square (threats), and
// the cells that lie on two or more live two-corner squares (forks: a mark
// there makes two threats at once).
type tally struct {
	two, three [2]int
	threat     [2]set128
	fork       [2]set128
}

// scan classifies every square once. It branches only on the rare live
// squares, so it stays cheap on the 1173 squares of quad11.
func (s *State) scan(t *tally) {
	x, o, white := s.stones[0], s.stones[1], s.white
	var once [2]set128
	for _, m := range s.rules.masks {
		if m.lo&white.lo|m.hi&white.hi != 0 {
			continue
		}
		nx := bits.OnesCount64(m.lo&x.lo) + bits.OnesCount64(m.hi&x.hi)
		no := bits.OnesCount64(m.lo&o.lo) + bits.OnesCount64(m.hi&o.hi)
		if nx != 0 && no != 0 || nx+no < 2 {
			continue
		}
		r, n, own := 0, nx, x
		if no != 0 {
			r, n, own = 1, no, o
		}
		rest := m.andNot(own)
		switch n {
		case 2:
			t.two[r]++
			t.fork[r] = t.fork[r].or(once[r].and(rest))
			once[r] = once[r].or(rest)
		case 3:
			t.three[r]++
			t.threat[r] = t.threat[r].or(rest)
		}
	}
}

// Forcing implements game.Tactics. A mover with a threat wins by marking
// it. A mover facing threats must fill every threat cell before its turn
// ends: with one, by a mark or a block there; with more, by blocks on all
// but the last, so only blocks are listed; with more than its blockers
// plus one it has lost, and a single action stands for all.
func (s *State) Forcing(buf []game.Move) []game.Move {
	if s.over {
		return buf
	}
	var t tally
	s.scan(&t)
	return s.forcing(&t, buf)
}

func (s *State) forcing(t *tally, buf []game.Move) []game.Move {
	me := s.toMove
	coord := &s.rules.coordOf
	if !t.threat[me].empty() {
		return append(buf, markBits|game.Move(coord[t.threat[me].first()]))
	}
	tc := t.threat[1-me]
	n := tc.count()
	switch {
	case n == 0:
		return buf
	case n > int(s.blockers[me])+1:
		return append(buf, markBits|game.Move(coord[tc.first()]))
	case n == 1:
		buf = append(buf, markBits|game.Move(coord[tc.first()]))
		if s.blockers[me] > 0 {
			buf = append(buf, blockBits|game.Move(coord[tc.first()]))
		}
		return buf
	}
	return s.appendMoves(buf, tc, blockBits)
}

// Candidates implements game.Tactics: every mark, and blocks only on the
// opponent's fork cells (a block spends a blocker, and blockers left
// decide a game that runs out of marks; threats are answered by Forcing).
func (s *State) Candidates(buf []game.Move) []game.Move {
	if s.over {
		return buf
	}
	empty := s.emptyCells()
	buf = s.appendMoves(buf, empty, markBits)
	if s.blockers[s.toMove] > 0 {
		var t tally
		s.scan(&t)
		buf = s.appendMoves(buf, t.fork[1-s.toMove].and(empty), blockBits)
	}
	return buf
}
