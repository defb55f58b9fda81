package gdl

// Lanes play 256 random games of a ground network at once, one in each
// bit of four words: every atom is a word whose bit i is its value in the
// game of lane i, so that evaluating a rule is an AND of words and an
// atom an OR of its rules, for the 256 games together. A ply evaluates the
// whole network (no counting, as a State does: the lanes' games differ),
// in three parts compiled from the program (laneProg): what the position
// decides (legal moves, terminal and what next needs of the position),
// then, once every lane's moves are chosen, what the moves decide (next),
// and the goals only for games that ended, several at once (see
// scoreNow). Choosing the moves is done lane by lane, or by the 64 lanes
// of a word together where a role has few entries (see chooseAmong).

// Operations of the lanes' code; an instruction is op|count<<4, then the
// atom it sets, then its operands: count literals (AND, OR), count rules
// each its length then its literals (opOrAnd), or nothing (opLoop, whose
// count is the program's loop segment). The short forms have their
// operands' number in their name, which saves the inner loop.
const (
	opAndN  = iota // the atom is the AND of count literals
	opAnd1         // the atom is its literal
	opAnd2         // the AND of two literals
	opAnd3         // the AND of three literals
	opOrN          // the OR of count literals
	opOr2          // the OR of two literals
	opOrAnd        // the OR of count rules
	opLoop         // loop segment count of the program, to its least fixpoint
)

// laneProg is a network's program compiled for the lanes.
type laneProg struct {
	position []int32 // what the position decides
	moves    []int32 // what the moves decide
	goals    []int32 // what only the goals need
	legal    [][]laneEntry
	maxLegal int // the most legal entries of one role
}

// compileLanes splits the program's positions into the three parts and
// compiles each.
func compileLanes(n *network) *laneProg {
	p := n.prog
	doesDep := make([]bool, len(p.atoms))
	inputMove := map[int32]bool{}
	for r := range n.doesOf {
		for _, a := range n.doesOf[r] {
			if a >= 0 {
				inputMove[a] = true
			}
		}
		if n.none[r] >= 0 {
			inputMove[n.none[r]] = true
		}
	}
	for _, sg := range p.segs {
		dep := false
		for pass := 0; pass < 2; pass++ { // a loop segment: every atom alike
			for q := sg.lo; q < sg.hi; q++ {
				for _, l := range p.lits[p.litLo[p.ruleLo[q]]:p.litLo[p.ruleLo[q+1]]] {
					a := l >> 1
					if inputMove[a] || p.posOf[a] >= 0 && doesDep[p.posOf[a]] {
						dep = true
					}
				}
				if !sg.loop {
					doesDep[q] = dep
					dep = false
				}
			}
			if !sg.loop {
				break
			}
			for q := sg.lo; q < sg.hi; q++ {
				doesDep[q] = dep
			}
		}
	}
	var viewOut, nextOut, goalOut []int32
	viewOut = append(viewOut, n.terminal)
	for _, ls := range n.legal {
		for _, l := range ls {
			viewOut = append(viewOut, l.atom)
		}
	}
	nextOut = append(nextOut, n.nextOf...)
	for _, gs := range n.goals {
		for _, e := range gs {
			goalOut = append(goalOut, e.atom)
		}
	}
	view, next, goal := p.cone(viewOut), p.cone(nextOut), p.cone(goalOut)
	lp := &laneProg{}
	lp.legal = make([][]laneEntry, len(n.legal))
	for r, ls := range n.legal {
		lp.maxLegal = max(lp.maxLegal, len(ls))
		for _, e := range ls {
			lp.legal[r] = append(lp.legal[r], laneEntry{e.atom, n.doesOf[r][e.move]})
		}
	}
	inPos := func(q int32) bool { return (view[q] || next[q]) && !doesDep[q] }
	lp.position = p.laneCode(inPos)
	lp.moves = p.laneCode(func(q int32) bool { return next[q] && doesDep[q] })
	lp.goals = p.laneCode(func(q int32) bool { return goal[q] && !inPos(q) })
	return lp
}

// cone marks the positions whose atoms the outputs depend on.
func (p *program) cone(outputs []int32) []bool {
	in := make([]bool, len(p.atoms))
	var stack []int32
	push := func(a int32) {
		if q := p.posOf[a]; q >= 0 && !in[q] {
			in[q] = true
			stack = append(stack, q)
		}
	}
	for _, a := range outputs {
		push(a)
	}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if sg := p.segOf[q]; sg >= 0 {
			for o := p.segs[sg].lo; o < p.segs[sg].hi; o++ {
				push(p.atoms[o])
			}
		}
		for _, l := range p.lits[p.litLo[p.ruleLo[q]]:p.litLo[p.ruleLo[q+1]]] {
			push(l >> 1)
		}
	}
	return in
}

// laneCode compiles the positions for which keep holds, in order.
func (p *program) laneCode(keep func(int32) bool) []int32 {
	var code []int32
	for sgi, sg := range p.segs {
		if sg.loop {
			if keep(sg.lo) {
				code = append(code, opLoop|int32(sgi)<<4, -1)
			}
			continue
		}
		for q := sg.lo; q < sg.hi; q++ {
			if keep(q) {
				code = p.laneInstr(code, q)
			}
		}
	}
	return code
}

// laneInstr appends the instruction that evaluates position q.
func (p *program) laneInstr(code []int32, q int32) []int32 {
	lo, hi := p.ruleLo[q], p.ruleLo[q+1]
	a := p.atoms[q]
	single := true
	for r := lo; r < hi; r++ {
		single = single && p.litLo[r+1]-p.litLo[r] == 1
	}
	instr := func(op int32, n int32, operands []int32) []int32 {
		code = append(code, op|n<<4, a)
		return append(code, operands...)
	}
	switch {
	case hi-lo == 1:
		lits := p.lits[p.litLo[lo]:p.litLo[hi]]
		switch len(lits) {
		case 1:
			return instr(opAnd1, 1, lits)
		case 2:
			return instr(opAnd2, 2, lits)
		case 3:
			return instr(opAnd3, 3, lits)
		}
		return instr(opAndN, int32(len(lits)), lits)
	case single && hi-lo == 2:
		return instr(opOr2, 2, p.lits[p.litLo[lo]:p.litLo[hi]])
	case single:
		return instr(opOrN, hi-lo, p.lits[p.litLo[lo]:p.litLo[hi]])
	}
	code = append(code, opOrAnd|(hi-lo)<<4, a)
	for r := lo; r < hi; r++ {
		lits := p.lits[p.litLo[r]:p.litLo[r+1]]
		code = append(code, int32(len(lits)))
		code = append(code, lits...)
	}
	return code
}
