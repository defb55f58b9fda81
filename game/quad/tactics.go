package quad

import "github.com/tabletop/tabletop/game"

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

// scan finds the live squares with two or three corners of one role from
// the pairs of that role's marks: a square is counted from its two lowest
// own corners only. With k marks this looks at no more than 3·k·(k−1)/2
// squares, far fewer than all of them (1173 on quad11) for most of a game.
func (s *State) scan(t *tally) {
	rl := s.rules
	pt := pairTables[rl.n]
	var cells [2][maxN * maxN]uint8
	var n [2]int
	for r := 0; r < 2; r++ {
		st := s.stones[r]
		for w := st.lo; w != 0; w &= w - 1 {
			cells[r][n[r]] = uint8(trailing(w))
			n[r]++
		}
		for w := st.hi; w != 0; w &= w - 1 {
			cells[r][n[r]] = uint8(64 + trailing(w))
			n[r]++
		}
	}
	for r := 0; r < 2; r++ {
		own := s.stones[r]
		dead := s.stones[1-r].or(s.white)
		var once set128
		cs := cells[r][:n[r]]
		for i, a := range cs {
			row := pt.sq[int(a)*pt.cells:]
			for _, b := range cs[i+1:] {
				for _, q := range row[b] {
					if q == noSquare {
						break
					}
					m := rl.masks[q]
					if m.lo&dead.lo|m.hi&dead.hi != 0 {
						continue
					}
					mine := m.and(own)
					// Count the square once: from its two lowest own corners.
					if mine.first() != int(a) || mine.andNot(bit(int(a))).first() != int(b) {
						continue
					}
					rest := m.andNot(own)
					switch mine.count() {
					case 2:
						t.two[r]++
						t.fork[r] = t.fork[r].or(once.and(rest))
						once = once.or(rest)
					case 3:
						t.three[r]++
						t.threat[r] = t.threat[r].or(rest)
					}
				}
			}
		}
	}
}

// scanAll is the plain scan over every square, kept as the reference for
// the tests of scan.
func (s *State) scanAll(t *tally) {
	x, o, white := s.stones[0], s.stones[1], s.white
	var once [2]set128
	for _, m := range s.rules.masks {
		if m.lo&white.lo|m.hi&white.hi != 0 {
			continue
		}
		nx := m.and(x).count()
		no := m.and(o).count()
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
