package quad

// Weights of Estimate, in hundredths of a goal point of x.
const (
	evalTwo     = 100  // per live two-corner square
	evalBlocker = 900  // per blocker of effective advantage, midgame
	evalTempo   = 150  // for the role in control
	evalForkWin = 9000 // the mover can fork and the other has no blocker
)

// Estimate implements game.Evaluator: est[x] and est[o], each 0–10000,
// summing to 10000. One scan of the squares (no allocation) counts, per
// player, the live squares (no enemy mark, no white stone) with two or
// three own corners, the threat cells (completing a three-corner square)
// and the fork cells (on two live two-corner squares: a mark there makes
// two threats at once).
//
//   - A player in control with a threat wins at once: near 100 for it.
//   - A player in control facing threats on more distinct cells than it can
//     stop (blockers left + one mark) loses: near 100 for the other; with
//     fewer, it pays a blocker for every threat cell but one.
//   - A fork costs the other player a blocker (it must block one threat
//     and mark the other), or the game if it has none: the mover can fork
//     at once, the other player only if the mover cannot kill all its fork
//     cells with one mark.
//   - Blockers left decide a game that runs out of marks (90/10), so the
//     effective blocker balance weighs much; the midgame value from live
//     squares, blockers and tempo is blended, as the marks run out, with
//     what rule 3 would give: x 95 with an open quad, else 90/50/10.
func (s *State) Estimate(est []int) {
	if s.over {
		est[0], est[1] = int(s.goals[0])*100, int(s.goals[1])*100
		return
	}
	var t tally
	s.scan(&t)
	me := s.toMove
	other := 1 - me
	if t.three[me] > 0 {
		// The mover completes the square (or, with x's open quad on o's
		// last mark, x still has its 95: the same side is ahead).
		est[me], est[other] = 9800, 200
		return
	}
	blockers := [2]int{int(s.blockers[0]), int(s.blockers[1])}
	if n := t.threat[other].count(); n > 0 {
		if n > blockers[me]+1 {
			est[other], est[me] = 9500, 500
			return
		}
		blockers[me] -= n - 1
	}
	empty := s.emptyCells()
	forkMe := t.fork[me].and(empty).count()
	forkOther := t.fork[other].and(empty).count()
	if forkMe > 0 && t.threat[other].empty() {
		if blockers[other] == 0 {
			est[me], est[other] = evalForkWin, 10000-evalForkWin
			return
		}
		blockers[other]--
	}
	if forkOther > 1 {
		if blockers[me] > 0 {
			blockers[me]--
		}
	}
	diff := blockers[0] - blockers[1]

	// Midgame value for x, around 5000.
	v := 5000 + evalTwo*(t.two[0]-t.two[1]) + evalBlocker*diff
	if me == 0 {
		v += evalTempo
	} else {
		v -= evalTempo
	}
	// Rule 3 if the game stopped now.
	end := 5000
	switch {
	case t.three[0] > 0:
		end = 9500
	case diff > 0:
		end = 9000
	case diff < 0:
		end = 1000
	}
	rl := s.rules
	used := 2*int(rl.marks) - int(s.marks[0]) - int(s.marks[1])
	total := 2 * int(rl.marks)
	v = (v*(total-used) + end*used) / total
	v = min(max(v, 300), 9700)
	est[0], est[1] = v, 10000-v
}
