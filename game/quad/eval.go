package quad

import "math/bits"

// Estimate implements game.Evaluator: est[x] and est[o], each 0–10000,
// summing to 10000. It scans the squares once (no allocation) and counts,
// per player, the "live" squares that hold no enemy mark and no white
// stone: with three own corners (a threat: the fourth corner completes it)
// or two.
//
//   - A player in control with a threat wins at once: near 100 for it.
//   - A player in control facing threats on more distinct cells than it can
//     stop (blockers left + one mark) loses: near 100 for the other.
//   - Otherwise a midgame score from threats, two-corner squares, blocker
//     balance and tempo is blended, as the marks run out, with what rule 3
//     would give now: x 95 with an open quad, else 90/50/10 by blockers.
func (s *State) Estimate(est []int) {
	if s.over {
		est[0], est[1] = int(s.goals[0])*100, int(s.goals[1])*100
		return
	}
	rl := s.rules
	x, o, white := s.stones[0], s.stones[1], s.white
	// tally[k] counts the squares by key k = x corners | o corners<<3 |
	// 64 if a white stone is on a corner: one counter increment per
	// square and no unpredictable branch, so the scan stays cheap on the
	// 1173 squares of quad11.
	var tally [128]uint16
	var threatCells [2]set128
	for _, m := range rl.masks {
		k := bits.OnesCount64(m.lo&x.lo) + bits.OnesCount64(m.hi&x.hi) |
			(bits.OnesCount64(m.lo&o.lo)+bits.OnesCount64(m.hi&o.hi))<<3
		if m.lo&white.lo|m.hi&white.hi != 0 {
			k |= 64
		}
		tally[k]++
		switch k {
		case 3: // three x corners, the fourth empty
			threatCells[0] = threatCells[0].or(m.andNot(x))
		case 3 << 3:
			threatCells[1] = threatCells[1].or(m.andNot(o))
		}
	}
	two := [2]int{int(tally[2]), int(tally[2<<3])}
	three := [2]int{int(tally[3]), int(tally[3<<3])}
	me := s.toMove
	other := 1 - me
	switch {
	case three[me] > 0:
		// The mover completes the square (or, with x's open quad on o's
		// last mark, x still has its 95: the same side is ahead).
		est[me], est[other] = 9800, 200
		return
	case threatCells[other].count() > int(s.blockers[me])+1:
		est[other], est[me] = 9500, 500
		return
	}

	// Midgame value for x, around 5000.
	v := 5000
	v += 700*(three[0]-three[1]) + 120*(two[0]-two[1])
	v += 200 * int(s.blockers[0]-s.blockers[1])
	if me == 0 {
		v += 150
	} else {
		v -= 150
	}
	// Rule 3 if the game stopped now.
	end := 5000
	switch {
	case three[0] > 0:
		end = 9500
	case s.blockers[0] > s.blockers[1]:
		end = 9000
	case s.blockers[0] < s.blockers[1]:
		end = 1000
	}
	used := 2*int(rl.marks) - int(s.marks[0]) - int(s.marks[1])
	total := 2 * int(rl.marks)
	v = (v*(total-used) + end*used) / total
	v = min(max(v, 300), 9700)
	est[0], est[1] = v, 10000-v
}
