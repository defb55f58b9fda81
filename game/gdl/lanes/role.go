package lanes

import "math/bits"

// Roles that only pass. In a turn-taking game every role but the one in
// control has one legal move, and the legal moves of the others (4pttc:
// 247 of each role's 248 entries, three roles of four) cost most of a
// ply's position code and of the walks over the roles' entries, for
// nothing. A role's guard is a literal of a base atom that each of most
// of its legal moves implies ((true (control red)) for each of red's
// moves): where it is false in every lane that chooses, those moves are
// false there too, and the code only they need (the role's own code)
// and their entries in the chooser are skipped. The free entries, those
// the guard does not imply (the pass), are always evaluated.
//
// The lanes' games begin at different plies, so that every word would
// have lanes of each role to move; a loaded game is parked (kept out of
// play, its position as loaded) until the playing lanes are at its
// phase (each guard's value as in most of them), for at most as many
// Steps as the game has roles, so that the lanes move in step.

// roleGuard is what a role's guard lets the lanes skip.
type roleGuard struct {
	lit  int32   // the guard: a base atom<<1, with the low bit set when negated; -1 for none
	free int     // the entries Code.legal[r][:free] are not implied by it
	code []int32 // what only the guarded legal atoms need, evaluated unless skipped
}

// guardCandidates is how many of the base literals that most of a
// role's legal atoms' first rules read are tried as its guard.
const guardCandidates = 4

// findGuard returns role r's guard (or -1) and, by entry of n.Legal[r],
// whether the guard is implied by it.
func findGuard(n *Net, r int) (int32, []bool) {
	p := n.Prog
	seen := map[int32]int{}
	var order []int32
	count := func(l int32) {
		if l>>1 < int32(n.NBase) {
			if seen[l] == 0 {
				order = append(order, l)
			}
			seen[l]++
		}
	}
	for _, e := range n.Legal[r] {
		q := p.PosOf[e.Atom]
		if q < 0 {
			count(e.Atom << 1) // a legal atom folded into a base atom
			continue
		}
		if p.SegOf[q] >= 0 || p.RuleLo[q] == p.RuleLo[q+1] {
			continue
		}
		for _, l := range p.Lits[p.LitLo[p.RuleLo[q]]:p.LitLo[p.RuleLo[q]+1]] {
			count(l)
		}
	}
	// The most read first, in the order met among equals.
	best, bestN := int32(-1), 0
	var bestIn []bool
	for range guardCandidates {
		c := int32(-1)
		for _, l := range order {
			if seen[l] > 0 && (c < 0 || seen[l] > seen[c]) {
				c = l
			}
		}
		if c < 0 {
			break
		}
		seen[c] = 0
		in, k := impliedBy(n, r, c)
		if k > bestN {
			best, bestN, bestIn = c, k, in
		}
	}
	return best, bestIn
}

// impliedBy returns, by entry of n.Legal[r], whether the entry's legal
// atom implies literal g, and how many do. An atom implies g when it is
// g's atom (g positive), or each of its rules has g or a positive
// literal that implies g; loop segments and inputs imply nothing.
func impliedBy(n *Net, r int, g int32) ([]bool, int) {
	p := n.Prog
	memo := make([]int8, n.NAtoms) // 0 unknown, 1 yes, 2 no
	var implies func(a int32) bool
	implies = func(a int32) bool {
		if g&1 == 0 && a == g>>1 {
			return true
		}
		q := p.PosOf[a]
		if q < 0 || p.SegOf[q] >= 0 || p.RuleLo[q] == p.RuleLo[q+1] {
			return false
		}
		if memo[a] != 0 {
			return memo[a] == 1
		}
		memo[a] = 2 // no, unless every rule says yes below
		for ru := p.RuleLo[q]; ru < p.RuleLo[q+1]; ru++ {
			ok := false
			for _, l := range p.Lits[p.LitLo[ru]:p.LitLo[ru+1]] {
				if l == g || l&1 == 0 && implies(l>>1) {
					ok = true
					break
				}
			}
			if !ok {
				return false
			}
		}
		memo[a] = 1
		return true
	}
	in := make([]bool, len(n.Legal[r]))
	k := 0
	for i, e := range n.Legal[r] {
		if in[i] = implies(e.Atom); in[i] {
			k++
		}
	}
	return in, k
}

// compileRoles finds each role's guard, fills lp.legal and lp.legalAt
// with each role's free entries first, and compiles the position code
// (the positions inPos keeps): lp.position what every ply needs, and
// each guarded role's own code. needed is what the moves code and the
// goals need of the position (their cones), the sample sm orders the
// rules' literals (see rulesAt).
func (lp *Code) compileRoles(n *Net, inPos func(int32) bool, needed []bool, sm *Sample) {
	p := n.Prog
	lp.guards = make([]roleGuard, len(n.Legal))
	lp.legal = make([][]laneEntry, len(n.Legal))
	lp.legalAt = make([][]int32, len(n.Legal))
	shared := []int32{n.Terminal}
	guarded := make([][]int32, len(n.Legal))
	for r, ls := range n.Legal {
		lp.maxLegal = max(lp.maxLegal, len(ls))
		g, in := findGuard(n, r)
		lp.guards[r].lit = g
		for pass := 0; pass < 2; pass++ { // the free entries, then the guarded ones
			for i, e := range ls {
				if (g >= 0 && in[i]) != (pass == 1) {
					continue
				}
				lp.legal[r] = append(lp.legal[r], laneEntry{e.Atom, n.DoesOf[r][e.Move]})
				lp.legalAt[r] = append(lp.legalAt[r], e.Atom)
				if pass == 0 {
					shared = append(shared, e.Atom)
				} else {
					guarded[r] = append(guarded[r], e.Atom)
				}
			}
			if pass == 0 {
				lp.guards[r].free = len(lp.legal[r])
			}
		}
	}
	lp.markInStep(n, guarded)
	common := p.cone(shared)
	for q := range common {
		common[q] = common[q] || needed[q]
	}
	owner := filled(len(p.Atoms), int32(-1))
	for r, as := range guarded {
		for q, in := range p.cone(as) {
			switch {
			case !in || common[q]:
			case owner[q] < 0:
				owner[q] = int32(r)
			case owner[q] != int32(r):
				common[q] = true // two roles' own code: evaluated every ply
			}
		}
	}
	lp.position = lp.laneCode(p, func(q int32) bool { return inPos(q) && (common[q] || owner[q] < 0) }, sm)
	for r := range guarded {
		if len(guarded[r]) > 0 {
			lp.guards[r].code = lp.laneCode(p, func(q int32) bool { return inPos(q) && !common[q] && owner[q] == int32(r) }, sm)
			lp.guardedRoles++
		}
	}
}

// markInStep sets lp.inStep where two or more roles have guarded
// entries: their loaded games are parked until they are in step (see
// unpark), so each such role's guard, where it is a base atom, is false
// in every lane while another role moves.
func (lp *Code) markInStep(n *Net, guarded [][]int32) {
	var roles []int
	for r := range guarded {
		if len(guarded[r]) > 0 {
			roles = append(roles, r)
		}
	}
	if len(roles) < 2 {
		return
	}
	lp.inStep = make([]bool, n.NAtoms)
	for _, r := range roles {
		if g := lp.guards[r].lit; g >= 0 && g&1 == 0 {
			lp.inStep[g>>1] = true
		}
	}
}

// guardWord is role r's guard in every lane: where it is false, none of
// the role's guarded entries is legal.
func (l *Sim) guardWord(r int) lword {
	return l.w.lit(l.lp.guards[r].lit)
}

// roleCode evaluates each guarded role's own code where some lane that
// may choose (playing, not over) needs it, and marks the others skipped:
// their guarded entries are false in those lanes, and their atoms stale.
func (l *Sim) roleCode() {
	choosing := andNot(l.active, l.w.get(l.n.Terminal))
	for r, g := range l.lp.guards {
		l.skipped[r] = false
		if len(g.code) == 0 && g.free == len(l.lp.legal[r]) {
			continue
		}
		if and(l.guardWord(r), choosing) == (lword{}) {
			l.skipped[r] = true
			continue
		}
		l.n.Prog.runLanes(g.code, l.w)
	}
}

// unpark puts into play the parked lanes at the phase of most playing
// lanes (of the first parked lane when none plays, so that some lane
// plays), those whose game is over, and those parked for parkMax Steps.
func (l *Sim) unpark() {
	from := l.active
	if from == (lword{}) {
		from = firstLane(l.parked)
	}
	half := popCount(from) / 2
	join := l.parked
	for r, g := range l.lp.guards {
		if g.lit < 0 {
			continue
		}
		if gw := l.guardWord(r); popCount(and(gw, from)) > half {
			join = and(join, gw)
		} else {
			join = andNot(join, gw)
		}
	}
	join = or(join, and(l.parked, l.w.get(l.n.Terminal)))
	for k := 0; k < laneWords; k++ {
		j := join.word(k)
		for m := l.parked.word(k) &^ j; m != 0; m &= m - 1 {
			if lane := k<<6 | bits.TrailingZeros64(m); l.loaded[lane]+l.parkMax <= l.step {
				j |= m & -m
			}
		}
		for m := j; m != 0; m &= m - 1 {
			lane := k<<6 | bits.TrailingZeros64(m)
			d := l.step - l.loaded[lane]
			l.loaded[lane] += d
			if l.expiry[lane] != noExpiry {
				l.expiry[lane] += d
				l.nextExpiry = min(l.nextExpiry, l.expiry[lane])
			}
		}
		join = join.withWord(k, j)
	}
	l.active = or(l.active, join)
	l.parked = andNot(l.parked, join)
}

// firstLane is the lowest lane of x, alone.
func firstLane(x lword) lword {
	for k := 0; k < laneWords; k++ {
		if w := x.word(k); w != 0 {
			return lword{}.withWord(k, w&-w)
		}
	}
	return lword{}
}

// filled returns n copies of v.
func filled(n int, v int32) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = v
	}
	return s
}
