package lanes

// What the moves decide is mostly ORs over rules that each read a does
// atom: a cell holds a player's piece next when the player moves there
// from any of the cells that reach it, a cell is left when any move
// leaves it, a piece is captured when a move ends on its cell. Each
// such OR reads every does atom it names at every ply, though a ply sets
// few of them: 256 lanes choose a few hundred distinct moves of 4pttc's
// 992. So the moves code has a second form, in which these rules are
// pushed from their does atoms instead of pulled: before it runs, for
// each does atom the ply set, each rule that reads it is evaluated (the
// does atom's words AND the rule's other literals, which the position
// decided already) and ORed into the atom the rule's OR reads in its
// place (its push target, cleared first). A ply takes the form that
// costs less, counted from the does atoms it set (lanePush.cheaper).

// pushMin is the fewest rules of an OR that are pushed: pushing one adds
// a target to clear and to read.
const pushMin = 2

// lanePush is the push form of the moves code.
type lanePush struct {
	code    []int32 // the moves code, reading the targets
	targets []int32 // the atoms cleared, then ORed into
	// fanLo and fan list by does atom (from doesLo) the rules that read
	// it: fan[fanLo[a-doesLo]:fanLo[a-doesLo+1]].
	doesLo int32
	fanLo  []int32
	fan    []pushRule
	cost   []int32 // by does atom (from doesLo): what pushing its rules costs, in half operands
	lits   []int32 // the rules' other literals
	saves  int     // what the pull form spends on the rules pushed, in operands
	extra  int     // the atoms added as targets (the code's own: Code.newTemp)
}

// pushRule is a rule pushed from its does atom: target |= does AND
// lits[lo:hi].
type pushRule struct{ target, lo, hi int32 }

// compilePush returns the push form of the moves code of n (the
// positions inMoves keeps), or nil when no OR has enough rules to push.
// A rule is pushed from its one positive does literal when every other
// literal is ready before the moves code runs. the sample sm orders the
// kept rules' literals (see rulesAt).
func (c *Code) compilePush(n *Net, inMoves func(int32) bool, ready func(int32) bool, sm *Sample) *lanePush {
	p := n.Prog
	isDoes := map[int32]bool{}
	lo, hi := int32(n.NAtoms), int32(-1)
	for r := range n.DoesOf {
		for _, a := range n.DoesOf[r] {
			if a >= 0 {
				isDoes[a] = true
				lo, hi = min(lo, a), max(hi, a)
			}
		}
	}
	if hi < 0 {
		return nil
	}
	lp := &lanePush{doesLo: lo}
	fans := make([][]pushRule, hi-lo+1)
	instr := func(code []int32, q int32) []int32 {
		out, rules := p.Atoms[q], p.rulesAt(q, sm)
		var kept, pushed [][]int32
		var from []int32
		for _, r := range rules {
			if d := pushedFrom(r, isDoes, ready); d >= 0 {
				pushed, from = append(pushed, r), append(from, d)
			} else {
				kept = append(kept, r)
			}
		}
		if len(pushed) < pushMin {
			return c.appendRules(code, out, rules, sm)
		}
		target := out
		if len(kept) > 0 {
			target = c.newTemp()
			lp.extra++
			kept = append(kept, []int32{target << 1})
		}
		lp.targets = append(lp.targets, target)
		for i, r := range pushed {
			pr := pushRule{target: target, lo: int32(len(lp.lits))}
			for _, l := range r {
				if l != from[i]<<1 {
					lp.lits = append(lp.lits, l)
				}
			}
			pr.hi = int32(len(lp.lits))
			fans[from[i]-lo] = append(fans[from[i]-lo], pr)
			lp.saves += len(r)
		}
		if len(kept) == 0 {
			return code
		}
		return c.appendRules(code, out, kept, sm)
	}
	lp.code = p.laneCodeWith(inMoves, instr)
	if len(lp.targets) == 0 {
		return nil
	}
	lp.fanLo = make([]int32, 1, len(fans)+1)
	lp.cost = make([]int32, len(fans))
	for i, f := range fans {
		lp.fan = append(lp.fan, f...)
		lp.fanLo = append(lp.fanLo, int32(len(lp.fan)))
		for _, pr := range f {
			lp.cost[i] += 5 + 2*(pr.hi-pr.lo)
		}
	}
	return lp
}

// pushedFrom returns the does atom rule r is pushed from: its one
// positive does literal, when its other literals are ready; else -1.
func pushedFrom(r []int32, isDoes map[int32]bool, ready func(int32) bool) int32 {
	d := int32(-1)
	for _, l := range r {
		switch a := l >> 1; {
		case l&1 == 0 && isDoes[a] && d < 0:
			d = a
		case !ready(a) || isDoes[a]:
			return -1
		}
	}
	return d
}

// cheaper reports whether the push form costs less than the pull form
// for a ply that set the does atoms of set, in operands read (an
// operand of the pull form costs about 10 instructions): clearing a
// target costs about half of one and reading it one more where it
// stands beside other rules, and ORing a rule into its target about two
// and a half, plus an operand for each of its other literals
// (callgrind: pushing every ply, breakthrough's plies cost 5 % more
// than pulling, 4pttc's 5 % less).
func (lp *lanePush) cheaper(set []int32) bool {
	cost := len(lp.targets) + 2*lp.extra // in half operands
	for _, a := range set {
		if i := a - lp.doesLo; i >= 0 && int(i) < len(lp.cost) {
			cost += int(lp.cost[i])
		}
	}
	return cost < 2*lp.saves
}

// push clears the targets and ORs into them the rules of the does atoms
// of set.
func (lp *lanePush) push(set []int32, w wordsOf) {
	for _, t := range lp.targets {
		w[t] = [laneWords]uint64{}
	}
	for _, a := range set {
		i := a - lp.doesLo
		if i < 0 || int(i) >= len(lp.fanLo)-1 {
			continue
		}
		x := &w[a]
		for _, pr := range lp.fan[lp.fanLo[i]:lp.fanLo[i+1]] {
			t := &w[pr.target]
			if pr.lo == pr.hi { // the rule is its does atom
				t[0], t[1], t[2], t[3] = t[0]|x[0], t[1]|x[1], t[2]|x[2], t[3]|x[3]
				continue
			}
			v := w.get(a)
			for _, l := range lp.lits[pr.lo:pr.hi] {
				v = and(v, w.lit(l))
			}
			w.put(pr.target, or(w.get(pr.target), v))
		}
	}
}
