package lanes

import "slices"

// Lanes play 256 random games of a ground network at once, one in each
// bit of four words: every atom is a word whose bit i is its value in the
// game of lane i, so that evaluating a rule is an AND of words and an
// atom an OR of its rules, for the 256 games together. A ply evaluates the
// whole network (no counting, as a State does: the lanes' games differ),
// in three parts compiled from the program (Code): what the position
// decides (legal moves, terminal and what next needs of the position),
// then, once every lane's moves are chosen, what the moves decide (next),
// and the goals only for games that ended, several at once (see
// scoreNow). Choosing the moves is done lane by lane, or by the 64 lanes
// of a word together where a role has few entries (see chooseAmong).

// Operations of the lanes' code. An instruction is op|count<<opShift, then
// the atom it sets, then its operands, each an atom: the short forms have their
// operands' number and signs in their name (opAndNot: the first AND NOT
// the second); the general ones (opAnd, opOr) have a word of counts,
// positives|negatives<<16, then the positive operands and the negative
// ones; opOrAnd has count rules, each a word of counts then its
// operands; opLoop has no operand and count is the program's loop
// segment. An operand's negation is in the instruction, so that reading
// it is a load of its words, not also four exclusive ORs.
//
// opGuard (an opLoop whose count is -1: a sixteenth op made the
// dispatch of every instruction check its op's range, othello 1.4 % more
// instructions a ply) skips the block of code after it where its operand
// is false in every lane, and sets its atom false there: after the atom,
// the operand and the size of the guard and its block, in words. The
// block sets the guard's atom, to what it is where the operand holds
// (see splitInStep).
const (
	opAnd       = iota // AND of the positives and the negations of the negatives
	opCopy             // the atom is its operand
	opNot              // the negation of its operand
	opAnd2             // AND of two
	opAndNot           // the first AND NOT the second
	opAnd3             // AND of three
	opAnd2Not          // the first two AND NOT the third
	opOr               // OR of the positives and the negations of the negatives
	opOr2              // OR of two
	opOr3              // OR of three
	opOrAnd            // OR of count rules
	opLoop             // loop segment count of the program, to its least fixpoint
	opOrAndSkip        // opOrAnd, skipping the rules whose first positive operand is false in every lane
	// opAndOrAnd is the AND of the literals common to all of an OR's
	// rules and the OR of the count rules left: after the atom, the
	// instruction's size in words, the common literals' word of counts
	// and operands, then the rules as opOrAnd's; where the common AND is
	// false in every lane, the rules are not read.
	opAndOrAnd
	opAndOrAndSkip // opAndOrAnd whose rules are read as opOrAndSkip's
	// opOrGroups is an OR of count groups of rules that share their first
	// positive literal: after the atom, the instruction's size; each
	// group is its shared atom, its rules' number and its size in words,
	// then its rules without it as opOrAnd's. A group whose shared atom
	// is false in every lane is not read further.
	opOrGroups
)

// An instruction's first word is its op and its count: op|count<<opShift.
const (
	opShift = 4
	opMask  = 1<<opShift - 1
	opGuard = opLoop | -1<<opShift
)

// Code is a network's program compiled for the lanes.
type Code struct {
	position []int32     // what the position decides, but the guarded roles' own code
	guards   []roleGuard // by role (role.go)
	// guardedRoles is the roles with a guard: with two or more, loaded
	// games are parked until they are in step.
	guardedRoles int
	moves        []int32       // what the moves decide
	goals        []int32       // what only the goals need
	push         *lanePush     // the moves code with its does atoms pushed, or nil
	legal        [][]laneEntry // by role: its free entries first (see roleGuard)
	// legalAt is, by role, the legal atom of each entry of legal: the
	// walks over a role's entries read only these, 4 bytes an entry.
	legalAt  [][]int32
	maxLegal int // the most legal entries of one role
	// goalsDown is each role's goal entries of values above 0, the
	// highest value first.
	goalsDown [][]Goal
	// The code's own atoms (push targets, guarded parts of ORs) are
	// numbered from nAtoms, the network's: temps of them.
	nAtoms, temps int
	// inStep is, by atom, whether it is a role's guard (its base atom,
	// positive) in a game whose lanes play in step: false in every lane
	// while another role moves (see roleGuard, splitInStep).
	inStep []bool
}

// newTemp returns a new atom of the code's own.
func (lp *Code) newTemp() int32 {
	lp.temps++
	return int32(lp.nAtoms + lp.temps - 1)
}

// Compile splits the program's positions into the three parts and
// compiles each, with each rule's literals ordered by the sample sm
// (see sample.go; nil keeps the program's order and skips nothing).
func Compile(n *Net, sm *Sample) *Code {
	p := n.Prog
	doesDep := make([]bool, len(p.Atoms))
	inputMove := map[int32]bool{}
	for r := range n.DoesOf {
		for _, a := range n.DoesOf[r] {
			if a >= 0 {
				inputMove[a] = true
			}
		}
		if n.None[r] >= 0 {
			inputMove[n.None[r]] = true
		}
	}
	for _, sg := range p.Segs {
		dep := false
		for pass := 0; pass < 2; pass++ { // a loop segment: every atom alike
			for q := sg.Lo; q < sg.Hi; q++ {
				for _, l := range p.Lits[p.LitLo[p.RuleLo[q]]:p.LitLo[p.RuleLo[q+1]]] {
					a := l >> 1
					if inputMove[a] || p.PosOf[a] >= 0 && doesDep[p.PosOf[a]] {
						dep = true
					}
				}
				if !sg.Loop {
					doesDep[q] = dep
					dep = false
				}
			}
			if !sg.Loop {
				break
			}
			for q := sg.Lo; q < sg.Hi; q++ {
				doesDep[q] = dep
			}
		}
	}
	var viewOut, nextOut, goalOut []int32
	viewOut = append(viewOut, n.Terminal)
	for _, ls := range n.Legal {
		for _, l := range ls {
			viewOut = append(viewOut, l.Atom)
		}
	}
	nextOut = append(nextOut, n.NextOf...)
	for _, gs := range n.Goals {
		for _, e := range gs {
			goalOut = append(goalOut, e.Atom)
		}
	}
	view, next, goal := p.cone(viewOut), p.cone(nextOut), p.cone(goalOut)
	lp := &Code{nAtoms: n.NAtoms}
	lp.goalsDown = make([][]Goal, len(n.Goals))
	for r, gs := range n.Goals {
		for _, e := range gs {
			if e.Value > 0 {
				lp.goalsDown[r] = append(lp.goalsDown[r], e)
			}
		}
		slices.SortStableFunc(lp.goalsDown[r], func(a, b Goal) int { return b.Value - a.Value })
	}
	inPos := func(q int32) bool { return (view[q] || next[q]) && !doesDep[q] }
	needed := make([]bool, len(p.Atoms))
	for q := range needed {
		needed[q] = next[q] || goal[q]
	}
	lp.compileRoles(n, inPos, needed, sm)
	inMoves := func(q int32) bool { return next[q] && doesDep[q] }
	lp.moves = lp.laneCode(p, inMoves, sm)
	ready := func(a int32) bool { q := p.PosOf[a]; return q < 0 || inPos(q) }
	lp.push = lp.compilePush(n, inMoves, ready, sm)
	lp.goals = lp.laneCode(p, func(q int32) bool { return goal[q] && !inPos(q) }, sm)
	return lp
}

// cone marks the positions whose atoms the outputs depend on.
func (p *Program) cone(outputs []int32) []bool {
	in := make([]bool, len(p.Atoms))
	var stack []int32
	push := func(a int32) {
		if q := p.PosOf[a]; q >= 0 && !in[q] {
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
		if sg := p.SegOf[q]; sg >= 0 {
			for o := p.Segs[sg].Lo; o < p.Segs[sg].Hi; o++ {
				push(p.Atoms[o])
			}
		}
		for _, l := range p.Lits[p.LitLo[p.RuleLo[q]]:p.LitLo[p.RuleLo[q+1]]] {
			push(l >> 1)
		}
	}
	return in
}

// laneCode compiles the positions for which keep holds, in order, their
// rules' literals ordered by the sample sm (see rulesAt).
func (lp *Code) laneCode(p *Program, keep func(int32) bool, sm *Sample) []int32 {
	return p.laneCodeWith(keep, func(code []int32, q int32) []int32 {
		return lp.appendRules(code, p.Atoms[q], p.rulesAt(q, sm), sm)
	})
}

// laneCodeWith compiles the positions for which keep holds, in order,
// each evaluated by the code instr appends.
func (p *Program) laneCodeWith(keep func(int32) bool, instr func([]int32, int32) []int32) []int32 {
	var code []int32
	for sgi, sg := range p.Segs {
		if sg.Loop {
			if keep(sg.Lo) {
				code = append(code, opLoop|int32(sgi)<<opShift, -1)
			}
			continue
		}
		for q := sg.Lo; q < sg.Hi; q++ {
			if keep(q) {
				code = instr(code, q)
			}
		}
	}
	return code
}

// rulesAt returns the rules of position q, each its literals, the
// positive literal whose atom held least often in the sample sm first
// (see sample.go); a nil sample keeps the program's order.
func (p *Program) rulesAt(q int32, sm *Sample) [][]int32 {
	var rules [][]int32
	for r := p.RuleLo[q]; r < p.RuleLo[q+1]; r++ {
		lits := p.Lits[p.LitLo[r]:p.LitLo[r+1]]
		if sm != nil {
			lits = slices.Clone(lits)
			sm.rarestFirst(lits)
		}
		rules = append(rules, lits)
	}
	return rules
}

// appendRules appends the instruction that sets out to the OR of rules,
// each the AND of its literals. The literals common to all the rules
// are read once, ANDed with the OR of what is left of them
// (opAndOrAnd): othello's legal moves are ORs of a few lines from a
// cell, each rule with the cell's being empty. Where the sample sm says
// it pays, an OR skips each rule whose first positive operand is false
// in every lane (opOrAndSkip), and there, where groups of rules share
// their first literal (connectFour's lines, four cells each, through
// the rarest cell of each), the groups' shared literal is read once and
// tested for them (opOrGroups); a nil sample skips nothing. The rules
// that read a role's guard, with the lanes in step, are a block of their
// own skipped where it is false in every lane (splitInStep).
func (lp *Code) appendRules(code []int32, out int32, rules [][]int32, sm *Sample) []int32 {
	if len(rules) == 1 {
		return appendAnd(code, out, rules[0])
	}
	var single []int32
	for _, r := range rules {
		if len(r) != 1 {
			single = nil
			break
		}
		single = append(single, r[0])
	}
	if single != nil || len(rules) == 0 {
		return appendOr(code, out, single)
	}
	if guard, in, rest := lp.splitInStep(rules); in != nil {
		return lp.appendGuarded(code, out, guard, in, rest, sm)
	}
	common, rest := factorCommon(rules)
	if (len(rules)-1)*len(common) < factorMin && !allSingle(rest) {
		op := int32(opOrAnd)
		if sm.skipPays(rules) {
			if groups := groupByFirst(rules); groups != nil {
				return appendGroups(code, out, groups)
			}
			op = opOrAndSkip
		}
		code = append(code, op|int32(len(rules))<<opShift, out)
		return appendEach(code, rules)
	}
	var singles []int32 // the rules left, where each is one literal
	for _, r := range rest {
		if len(r) == 0 { // a rule of the common literals alone: it is the OR
			return appendAnd(code, out, common)
		}
		if len(r) == 1 {
			singles = append(singles, r[0])
		}
		if sm != nil {
			sm.rarestFirst(r)
		}
	}
	if len(singles) == len(rest) {
		// An OR of literals, then the AND of it with the common ones
		// (nineBoardTicTacToe's lines through a cell of the board it is
		// played on): two short instructions, out their store between.
		code = appendOr(code, out, singles)
		return appendAnd(code, out, append(common, out<<1))
	}
	op := int32(opAndOrAnd)
	if sm.skipPays(rest) {
		op = opAndOrAndSkip
	}
	at := len(code)
	code = append(code, op|int32(len(rest))<<opShift, out, 0)
	code = appendEach(appendSigned(code, common), rest)
	code[at+2] = int32(len(code) - at)
	return code
}

// appendGuarded appends the code that sets out to the OR of the rules of
// rest and of in, each of those with the guard's atom (splitInStep): the
// rules of in into an atom of the code's own, in a block skipped where
// the guard is false in every lane (opGuard), then the OR of rest and
// that atom.
func (lp *Code) appendGuarded(code []int32, out, guard int32, in, rest [][]int32, sm *Sample) []int32 {
	if sm != nil {
		for _, r := range in {
			sm.rarestFirst(r) // the guard may have been first
		}
	}
	t := lp.newTemp()
	at := len(code)
	code = append(code, opGuard, t, guard, 0)
	code = lp.appendRules(code, t, in, sm)
	code = appendAnd(code, t, []int32{t << 1, guard << 1})
	code[at+3] = int32(len(code) - at)
	return lp.appendRules(code, out, append(rest, []int32{t << 1}), sm)
}

// splitInStep returns, where some of rules read a role's guard in a game
// played in step (inStep) and their operands are enough to pay for a
// guard (guardMinOperands), the guard's atom, those rules without it, and
// the other rules; else in is nil. The guard read by the most operands
// is taken. chineseCheckers4p's legal pass of each role is an OR of
// "another role moves" and of 10 000 rules, "the role moves and three
// of its pieces are stuck": with the lanes in step the second part is
// false in every lane for three roles of four, and the sample, which
// takes the lanes as independent, does not see it.
func (lp *Code) splitInStep(rules [][]int32) (guard int32, in, rest [][]int32) {
	if lp.inStep == nil {
		return -1, nil, nil
	}
	best, bestOps := int32(-1), 0
	for _, r := range rules {
		for _, l := range r {
			if l&1 != 0 || int(l>>1) >= len(lp.inStep) || !lp.inStep[l>>1] || l>>1 == best {
				continue
			}
			ops, n := 0, 0
			for _, o := range rules {
				if slices.Contains(o, l) {
					ops, n = ops+len(o), n+1
				}
			}
			if n < len(rules) && ops > bestOps {
				best, bestOps = l>>1, ops
			}
		}
	}
	if bestOps < guardMinOperands {
		return -1, nil, nil
	}
	for _, r := range rules {
		if !slices.Contains(r, best<<1) {
			rest = append(rest, r)
			continue
		}
		if len(r) == 1 { // the guard alone: the OR of those rules is the guard
			return -1, nil, nil
		}
		in = append(in, slices.DeleteFunc(slices.Clone(r), func(l int32) bool { return l == best<<1 }))
	}
	return best, in, rest
}

// guardMinOperands is the fewest operands of the rules that read a guard
// for which it is tested (opGuard costs about four operands).
const guardMinOperands = 16

// factorMin is the fewest operand reads that the common literals of an
// OR must save (one less than its rules times their number) to be read
// once, in an opAndOrAnd: the instruction's call and its AND of the
// common literals cost about two (tictactoe's two ORs of two rules with
// one literal in common cost 0.5 % more a ply read once).
const factorMin = 2

// allSingle reports whether each rule is one literal.
func allSingle(rules [][]int32) bool {
	for _, r := range rules {
		if len(r) != 1 {
			return false
		}
	}
	return true
}

// groupByFirst returns rules in groups of those with the same first
// literal, positive (the rarest, see rarestFirst), where there are at
// most groupShareNum/groupShareDen times as many groups as rules; else
// nil.
func groupByFirst(rules [][]int32) [][][]int32 {
	var groups [][][]int32
	at := map[int32]int{}
	for _, r := range rules {
		if len(r) == 0 || r[0]&1 != 0 {
			return nil
		}
		g, ok := at[r[0]]
		if !ok {
			g = len(groups)
			at[r[0]] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], r)
	}
	if len(groups)*groupShareDen > len(rules)*groupShareNum {
		return nil
	}
	return groups
}

// An OR's rules are grouped by their first literal where there are at
// most groupShareNum/groupShareDen times as many groups as rules.
const (
	groupShareNum = 2
	groupShareDen = 3
)

// appendGroups appends the opOrGroups instruction that sets out to the
// OR of the groups of rules.
func appendGroups(code []int32, out int32, groups [][][]int32) []int32 {
	at := len(code)
	code = append(code, opOrGroups|int32(len(groups))<<opShift, out, 0)
	for _, g := range groups {
		gat := len(code)
		code = append(code, g[0][0]>>1, int32(len(g)), 0)
		for _, r := range g {
			code = appendSigned(code, r[1:])
		}
		code[gat+2] = int32(len(code) - gat)
	}
	code[at+2] = int32(len(code) - at)
	return code
}

// appendEach appends each rule's word of counts and operands.
func appendEach(code []int32, rules [][]int32) []int32 {
	for _, r := range rules {
		code = appendSigned(code, r)
	}
	return code
}

// factorCommon returns the literals common to all the rules, and the
// rules without them (new slices).
func factorCommon(rules [][]int32) (common []int32, rest [][]int32) {
	for _, l := range rules[0] {
		in := !slices.Contains(common, l)
		for _, r := range rules[1:] {
			in = in && slices.Contains(r, l)
		}
		if in {
			common = append(common, l)
		}
	}
	if len(common) == 0 {
		return nil, rules
	}
	for _, r := range rules {
		var left []int32
		for _, l := range r {
			if !slices.Contains(common, l) {
				left = append(left, l)
			}
		}
		rest = append(rest, left)
	}
	return common, rest
}

// appendAnd appends the instruction that sets out to the AND of lits.
func appendAnd(code []int32, out int32, lits []int32) []int32 {
	pos, neg := splitSigns(lits)
	short := func(op int32, operands ...int32) []int32 {
		code = append(code, op|int32(len(operands))<<opShift, out)
		return append(code, operands...)
	}
	switch {
	case len(pos) == 1 && len(neg) == 0:
		return short(opCopy, pos[0])
	case len(pos) == 0 && len(neg) == 1:
		return short(opNot, neg[0])
	case len(pos) == 2 && len(neg) == 0:
		return short(opAnd2, pos[0], pos[1])
	case len(pos) == 1 && len(neg) == 1:
		return short(opAndNot, pos[0], neg[0])
	case len(pos) == 3 && len(neg) == 0:
		return short(opAnd3, pos[0], pos[1], pos[2])
	case len(pos) == 2 && len(neg) == 1:
		return short(opAnd2Not, pos[0], pos[1], neg[0])
	}
	code = append(code, opAnd|int32(len(lits))<<opShift, out)
	return appendSigned(code, lits)
}

// appendOr appends the instruction that sets out to the OR of lits.
func appendOr(code []int32, out int32, lits []int32) []int32 {
	switch pos, neg := splitSigns(lits); {
	case len(pos) == 2 && len(neg) == 0:
		return append(code, opOr2|2<<opShift, out, pos[0], pos[1])
	case len(pos) == 3 && len(neg) == 0:
		return append(code, opOr3|3<<opShift, out, pos[0], pos[1], pos[2])
	}
	code = append(code, opOr|int32(len(lits))<<opShift, out)
	return appendSigned(code, lits)
}

// appendSigned appends the word of counts of lits and their operands,
// the positive ones first.
func appendSigned(code []int32, lits []int32) []int32 {
	pos, neg := splitSigns(lits)
	code = append(code, int32(uint32(len(pos))|uint32(len(neg))<<16))
	code = append(code, pos...)
	return append(code, neg...)
}

// splitSigns returns the operands (atoms) of the positive and of
// the negative literals of lits.
func splitSigns(lits []int32) (pos, neg []int32) {
	for _, l := range lits {
		if l&1 == 0 {
			pos = append(pos, l>>1)
		} else {
			neg = append(neg, l>>1)
		}
	}
	return pos, neg
}

// signCounts reads a word of counts: positives and negatives.
func signCounts(c int32) (pos, neg int) {
	return int(uint32(c) & 0xffff), int(uint32(c) >> 16)
}
