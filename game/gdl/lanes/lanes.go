package lanes

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// laneWords is the number of 64-bit words of an atom's lanes: 256 games
// at once. Four words share the decoding of each instruction, which costs
// more than the words' ANDs; more would not fit the caches of the larger
// networks.
const laneWords = 4

// laneCount is the number of lanes.
const laneCount = 64 * laneWords

// lword is an atom's value in every lane: bit i%64 of word i/64 for lane
// i. It is a struct, not an array, so that the compiler keeps it in
// registers.
type lword struct{ w0, w1, w2, w3 uint64 }

// word returns word k of x.
func (x lword) word(k int) uint64 {
	switch k {
	case 0:
		return x.w0
	case 1:
		return x.w1
	case 2:
		return x.w2
	}
	return x.w3
}

// withWord returns x with word k set to v.
func (x lword) withWord(k int, v uint64) lword {
	switch k {
	case 0:
		x.w0 = v
	case 1:
		x.w1 = v
	case 2:
		x.w2 = v
	default:
		x.w3 = v
	}
	return x
}

// at is word k of x, to be changed in place: Load changes a bit of a
// word of four lane masks, and reading each word out and the mask back
// (word, withWord) cost two switches on k and a copy of the mask each.
func (x *lword) at(k int) *uint64 {
	switch k {
	case 0:
		return &x.w0
	case 1:
		return &x.w1
	case 2:
		return &x.w2
	}
	return &x.w3
}

// wordsOf is the lanes' values of every atom: laneWords words per atom,
// an array, so that reading an atom's words checks one bound.
type wordsOf [][laneWords]uint64

// get is atom a's value in every lane.
func (w wordsOf) get(a int32) lword {
	x := &w[a]
	return lword{x[0], x[1], x[2], x[3]}
}

// put sets atom a's value in every lane.
func (w wordsOf) put(a int32, v lword) { w[a] = [laneWords]uint64{v.w0, v.w1, v.w2, v.w3} }

// bit is atom a's value in lane (word k, bit b).
func (w wordsOf) bit(a int32, k, b int) uint64 { return w[a][k] >> b & 1 }

// lit is the value of literal l (atom<<1 | negated) in every lane.
func (w wordsOf) lit(l int32) lword {
	m := -uint64(l & 1)
	x := &w[l>>1]
	return lword{x[0] ^ m, x[1] ^ m, x[2] ^ m, x[3] ^ m}
}

func and(a, b lword) lword { return lword{a.w0 & b.w0, a.w1 & b.w1, a.w2 & b.w2, a.w3 & b.w3} }
func or(a, b lword) lword  { return lword{a.w0 | b.w0, a.w1 | b.w1, a.w2 | b.w2, a.w3 | b.w3} }

// andNot is a AND NOT b.
func andNot(a, b lword) lword {
	return lword{a.w0 &^ b.w0, a.w1 &^ b.w1, a.w2 &^ b.w2, a.w3 &^ b.w3}
}

var allLanes = lword{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

func not(a lword) lword { return lword{^a.w0, ^a.w1, ^a.w2, ^a.w3} }

// runLanes evaluates code (see opAnd) over the lanes' words.
func (p *Program) runLanes(code []int32, w wordsOf) {
	for pc := 0; pc+1 < len(code); {
		op, out := code[pc]&opMask, code[pc+1]
		switch op {
		case opCopy:
			w.put(out, w.get(code[pc+2]))
			pc += 3
		case opNot:
			w.put(out, not(w.get(code[pc+2])))
			pc += 3
		case opAnd2:
			x := code[pc+2 : pc+4 : pc+4]
			w.put(out, and(w.get(x[0]), w.get(x[1])))
			pc += 4
		case opAndNot:
			x := code[pc+2 : pc+4 : pc+4]
			w.put(out, andNot(w.get(x[0]), w.get(x[1])))
			pc += 4
		case opAnd3:
			x := code[pc+2 : pc+5 : pc+5]
			w.put(out, and(and(w.get(x[0]), w.get(x[1])), w.get(x[2])))
			pc += 5
		case opAnd2Not:
			x := code[pc+2 : pc+5 : pc+5]
			w.put(out, andNot(and(w.get(x[0]), w.get(x[1])), w.get(x[2])))
			pc += 5
		case opOr2:
			x := code[pc+2 : pc+4 : pc+4]
			w.put(out, or(w.get(x[0]), w.get(x[1])))
			pc += 4
		case opAnd:
			var acc lword
			acc, pc = w.andOf(code, pc+2)
			w.put(out, acc)
		case opOr3:
			x := code[pc+2 : pc+5 : pc+5]
			w.put(out, or(or(w.get(x[0]), w.get(x[1])), w.get(x[2])))
			pc += 5
		case opOr:
			np, nn := signCounts(code[pc+2])
			pc += 3
			acc := w.orAll(lword{}, code[pc:pc+np])
			if pc += np; nn > 0 {
				acc = w.orNotAll(acc, code[pc:pc+nn])
				pc += nn
			}
			w.put(out, acc)
		case opOrAnd:
			var acc lword
			acc, pc = w.orAnd(code, pc+2, int(code[pc]>>opShift))
			w.put(out, acc)
		case opOrAndSkip:
			var acc lword
			acc, pc = w.orAndSkip(code, pc+2, int(code[pc]>>opShift))
			w.put(out, acc)
		case opAndOrAnd, opAndOrAndSkip:
			var acc lword
			acc, pc = w.andOrAnd(code, pc)
			w.put(out, acc)
		case opOrGroups:
			var acc lword
			acc, pc = w.orGroups(code, pc)
			w.put(out, acc)
		case opLoop:
			if sg := code[pc] >> opShift; sg >= 0 {
				p.loopLanes(p.Segs[sg], w)
				pc += 2
			} else if x := &w[code[pc+2]]; x[0]|x[1]|x[2]|x[3] == 0 { // opGuard
				w[out] = [laneWords]uint64{}
				pc += int(code[pc+3])
			} else {
				pc += 4
			}
		}
	}
}

// andOrAnd is the value of the opAndOrAnd or opAndOrAndSkip instruction
// at code[pc], and the pc after it.
//
//go:noinline
func (w wordsOf) andOrAnd(code []int32, pc int) (lword, int) {
	n, end := int(code[pc]>>opShift), pc+int(code[pc+2])
	c, rpc := w.andOf(code, pc+3)
	if c == (lword{}) {
		return c, end
	}
	var acc lword
	if code[pc]&opMask == opAndOrAndSkip {
		acc, _ = w.orAndSkip(code, rpc, n)
	} else {
		acc, _ = w.orAnd(code, rpc, n)
	}
	return and(acc, c), end
}

// andOf is the AND of the operands at code[pc] (a word of counts, then
// the operands), and the pc after them.
func (w wordsOf) andOf(code []int32, pc int) (lword, int) {
	switch code[pc] { // the commonest shapes of the guarded roles' code
	case 4:
		o := code[pc+1 : pc+5 : pc+5]
		x, y, z, u := &w[o[0]], &w[o[1]], &w[o[2]], &w[o[3]]
		return lword{x[0] & y[0] & z[0] & u[0], x[1] & y[1] & z[1] & u[1], x[2] & y[2] & z[2] & u[2], x[3] & y[3] & z[3] & u[3]}, pc + 5
	case 6:
		o := code[pc+1 : pc+7 : pc+7]
		x, y, z := &w[o[0]], &w[o[1]], &w[o[2]]
		a := lword{x[0] & y[0] & z[0], x[1] & y[1] & z[1], x[2] & y[2] & z[2], x[3] & y[3] & z[3]}
		x, y, z = &w[o[3]], &w[o[4]], &w[o[5]]
		return lword{a.w0 & x[0] & y[0] & z[0], a.w1 & x[1] & y[1] & z[1], a.w2 & x[2] & y[2] & z[2], a.w3 & x[3] & y[3] & z[3]}, pc + 7
	case 8:
		o := code[pc+1 : pc+9 : pc+9]
		x, y, z, u := &w[o[0]], &w[o[1]], &w[o[2]], &w[o[3]]
		a := lword{x[0] & y[0] & z[0] & u[0], x[1] & y[1] & z[1] & u[1], x[2] & y[2] & z[2] & u[2], x[3] & y[3] & z[3] & u[3]}
		x, y, z, u = &w[o[4]], &w[o[5]], &w[o[6]], &w[o[7]]
		return lword{a.w0 & x[0] & y[0] & z[0] & u[0], a.w1 & x[1] & y[1] & z[1] & u[1], a.w2 & x[2] & y[2] & z[2] & u[2], a.w3 & x[3] & y[3] & z[3] & u[3]}, pc + 9
	case 3 | 1<<16:
		o := code[pc+1 : pc+5 : pc+5]
		x, y, z, u := &w[o[0]], &w[o[1]], &w[o[2]], &w[o[3]]
		return lword{x[0] & y[0] & z[0] &^ u[0], x[1] & y[1] & z[1] &^ u[1], x[2] & y[2] & z[2] &^ u[2], x[3] & y[3] & z[3] &^ u[3]}, pc + 5
	}
	np, nn := signCounts(code[pc])
	pc++
	var acc lword
	switch np {
	case 1:
		acc = w.get(code[pc])
	case 2:
		x := code[pc : pc+2 : pc+2]
		acc = and(w.get(x[0]), w.get(x[1]))
	default:
		acc = w.andAll(allLanes, code[pc:pc+np])
	}
	pc += np
	switch nn {
	case 0:
		return acc, pc
	case 1:
		return andNot(acc, w.get(code[pc])), pc + 1
	}
	return w.andNotAll(acc, code[pc:pc+nn]), pc + nn
}

// orAnd is the OR of the n rules at code[pc] (each a word of counts,
// then its operands), and the pc after them. The rules are evaluated
// in its own loop, not a call each (andOf): most have two or three
// operands, and a call cost more than their ANDs. The commonest shapes
// of rule (counts, see signCounts) are read without a loop over their
// operands, whose setup cost more than the operands' ANDs (4pttc: 30
// instructions a rule for the loop over two positives).
//
//go:noinline
func (w wordsOf) orAnd(code []int32, pc, n int) (lword, int) {
	var acc lword
	for ; n > 0; n-- {
		var all lword
		switch code[pc] {
		case 1: // one positive
			x := &w[code[pc+1]]
			all = lword{x[0], x[1], x[2], x[3]}
			pc += 2
		case 2: // two positives
			o := code[pc+1 : pc+3 : pc+3]
			x, y := &w[o[0]], &w[o[1]]
			all = lword{x[0] & y[0], x[1] & y[1], x[2] & y[2], x[3] & y[3]}
			pc += 3
		case 3: // three positives
			o := code[pc+1 : pc+4 : pc+4]
			x, y, z := &w[o[0]], &w[o[1]], &w[o[2]]
			all = lword{x[0] & y[0] & z[0], x[1] & y[1] & z[1], x[2] & y[2] & z[2], x[3] & y[3] & z[3]}
			pc += 4
		case 4: // four positives
			o := code[pc+1 : pc+5 : pc+5]
			x, y, z, u := &w[o[0]], &w[o[1]], &w[o[2]], &w[o[3]]
			all = lword{x[0] & y[0] & z[0] & u[0], x[1] & y[1] & z[1] & u[1], x[2] & y[2] & z[2] & u[2], x[3] & y[3] & z[3] & u[3]}
			pc += 5
		case 1 | 1<<16: // one positive, one negative
			o := code[pc+1 : pc+3 : pc+3]
			x, y := &w[o[0]], &w[o[1]]
			all = lword{x[0] &^ y[0], x[1] &^ y[1], x[2] &^ y[2], x[3] &^ y[3]}
			pc += 3
		case 2 | 1<<16: // two positives, one negative
			o := code[pc+1 : pc+4 : pc+4]
			x, y, z := &w[o[0]], &w[o[1]], &w[o[2]]
			all = lword{x[0] & y[0] &^ z[0], x[1] & y[1] &^ z[1], x[2] & y[2] &^ z[2], x[3] & y[3] &^ z[3]}
			pc += 4
		case 1 | 2<<16: // one positive, two negatives
			o := code[pc+1 : pc+4 : pc+4]
			x, y, z := &w[o[0]], &w[o[1]], &w[o[2]]
			all = lword{x[0] &^ (y[0] | z[0]), x[1] &^ (y[1] | z[1]), x[2] &^ (y[2] | z[2]), x[3] &^ (y[3] | z[3])}
			pc += 4
		default:
			np, nn := signCounts(code[pc])
			pc++
			all = allLanes
			for _, o := range code[pc : pc+np] {
				x := &w[o]
				all.w0, all.w1, all.w2, all.w3 = all.w0&x[0], all.w1&x[1], all.w2&x[2], all.w3&x[3]
			}
			pc += np
			for _, o := range code[pc : pc+nn] {
				x := &w[o]
				all.w0, all.w1, all.w2, all.w3 = all.w0&^x[0], all.w1&^x[1], all.w2&^x[2], all.w3&^x[3]
			}
			pc += nn
		}
		acc = or(acc, all)
	}
	return acc, pc
}

// orAndSkip is orAnd over rules whose first operand is positive: a rule
// where it is false in every lane is not read further (see
// lanesparse.go). It is orAnd's loop with the test, not a test in
// orAnd's loop: on the sheets where no rule is skipped (connectFour,
// pentago) a test there cost 3-10 % more instructions a ply.
//
//go:noinline
func (w wordsOf) orAndSkip(code []int32, pc, n int) (lword, int) {
	var acc lword
	for ; n > 0; n-- {
		c := code[pc]
		x := &w[code[pc+1]]
		if x[0]|x[1]|x[2]|x[3] == 0 {
			np, nn := signCounts(c)
			pc += 1 + np + nn
			continue
		}
		var all lword
		switch c { // the commonest shapes without a loop, as in orAnd
		case 1:
			all = lword{x[0], x[1], x[2], x[3]}
			pc += 2
		case 2:
			y := &w[code[pc+2]]
			all = lword{x[0] & y[0], x[1] & y[1], x[2] & y[2], x[3] & y[3]}
			pc += 3
		case 3:
			o := code[pc+2 : pc+4 : pc+4]
			y, z := &w[o[0]], &w[o[1]]
			all = lword{x[0] & y[0] & z[0], x[1] & y[1] & z[1], x[2] & y[2] & z[2], x[3] & y[3] & z[3]}
			pc += 4
		case 4:
			o := code[pc+2 : pc+5 : pc+5]
			y, z, u := &w[o[0]], &w[o[1]], &w[o[2]]
			all = lword{x[0] & y[0] & z[0] & u[0], x[1] & y[1] & z[1] & u[1], x[2] & y[2] & z[2] & u[2], x[3] & y[3] & z[3] & u[3]}
			pc += 5
		case 1 | 1<<16:
			y := &w[code[pc+2]]
			all = lword{x[0] &^ y[0], x[1] &^ y[1], x[2] &^ y[2], x[3] &^ y[3]}
			pc += 3
		case 2 | 1<<16:
			o := code[pc+2 : pc+4 : pc+4]
			y, z := &w[o[0]], &w[o[1]]
			all = lword{x[0] & y[0] &^ z[0], x[1] & y[1] &^ z[1], x[2] & y[2] &^ z[2], x[3] & y[3] &^ z[3]}
			pc += 4
		case 1 | 2<<16:
			o := code[pc+2 : pc+4 : pc+4]
			y, z := &w[o[0]], &w[o[1]]
			all = lword{x[0] &^ (y[0] | z[0]), x[1] &^ (y[1] | z[1]), x[2] &^ (y[2] | z[2]), x[3] &^ (y[3] | z[3])}
			pc += 4
		default:
			np, nn := signCounts(c)
			pc += 2
			all = lword{x[0], x[1], x[2], x[3]}
			for _, o := range code[pc : pc+np-1] {
				x := &w[o]
				all.w0, all.w1, all.w2, all.w3 = all.w0&x[0], all.w1&x[1], all.w2&x[2], all.w3&x[3]
			}
			pc += np - 1
			for _, o := range code[pc : pc+nn] {
				x := &w[o]
				all.w0, all.w1, all.w2, all.w3 = all.w0&^x[0], all.w1&^x[1], all.w2&^x[2], all.w3&^x[3]
			}
			pc += nn
		}
		acc = or(acc, all)
	}
	return acc, pc
}

// orGroups is the value of the opOrGroups instruction at code[pc], and
// the pc after it.
//
//go:noinline
func (w wordsOf) orGroups(code []int32, pc int) (lword, int) {
	n, end := int(code[pc]>>opShift), pc+int(code[pc+2])
	pc += 3
	var acc lword
	for ; n > 0; n-- {
		x, rules, next := &w[code[pc]], int(code[pc+1]), pc+int(code[pc+2])
		if x[0]|x[1]|x[2]|x[3] == 0 {
			pc = next
			continue
		}
		f := lword{x[0], x[1], x[2], x[3]}
		// The group's rules, as in orAnd, each from the shared literal
		// (with a call of orAnd a group: connectFour 368.7 instructions
		// a ply, 367.2 without).
		var g lword
		for pc += 3; rules > 0; rules-- {
			all := f
			switch code[pc] { // the commonest shapes without a loop, as in orAnd
			case 2:
				o := code[pc+1 : pc+3 : pc+3]
				x, y := &w[o[0]], &w[o[1]]
				all = lword{f.w0 & x[0] & y[0], f.w1 & x[1] & y[1], f.w2 & x[2] & y[2], f.w3 & x[3] & y[3]}
				pc += 3
			case 3:
				o := code[pc+1 : pc+4 : pc+4]
				x, y, z := &w[o[0]], &w[o[1]], &w[o[2]]
				all = lword{f.w0 & x[0] & y[0] & z[0], f.w1 & x[1] & y[1] & z[1], f.w2 & x[2] & y[2] & z[2], f.w3 & x[3] & y[3] & z[3]}
				pc += 4
			default:
				np, nn := signCounts(code[pc])
				pc++
				for _, o := range code[pc : pc+np] {
					x := &w[o]
					all.w0, all.w1, all.w2, all.w3 = all.w0&x[0], all.w1&x[1], all.w2&x[2], all.w3&x[3]
				}
				pc += np
				for _, o := range code[pc : pc+nn] {
					x := &w[o]
					all.w0, all.w1, all.w2, all.w3 = all.w0&^x[0], all.w1&^x[1], all.w2&^x[2], all.w3&^x[3]
				}
				pc += nn
			}
			g = or(g, all)
		}
		acc = or(acc, g)
	}
	return acc, end
}

// The loops over an instruction's operands are functions of their own,
// not inlined, so that the four words of the result stay in registers:
// inside runLanes, where the registers are wanted for much else, the
// compiler kept them on the stack and read back the loop's state at
// every operand.

// andAll is acc AND the atoms of ops.
//
//go:noinline
func (w wordsOf) andAll(acc lword, ops []int32) lword {
	for _, o := range ops {
		x := &w[o]
		acc.w0, acc.w1, acc.w2, acc.w3 = acc.w0&x[0], acc.w1&x[1], acc.w2&x[2], acc.w3&x[3]
	}
	return acc
}

// andNotAll is acc AND NOT each atom of ops.
//
//go:noinline
func (w wordsOf) andNotAll(acc lword, ops []int32) lword {
	for _, o := range ops {
		x := &w[o]
		acc.w0, acc.w1, acc.w2, acc.w3 = acc.w0&^x[0], acc.w1&^x[1], acc.w2&^x[2], acc.w3&^x[3]
	}
	return acc
}

// orAll is acc OR the atoms of ops.
//
//go:noinline
func (w wordsOf) orAll(acc lword, ops []int32) lword {
	for _, o := range ops {
		x := &w[o]
		acc.w0, acc.w1, acc.w2, acc.w3 = acc.w0|x[0], acc.w1|x[1], acc.w2|x[2], acc.w3|x[3]
	}
	return acc
}

// orNotAll is acc OR NOT each atom of ops.
//
//go:noinline
func (w wordsOf) orNotAll(acc lword, ops []int32) lword {
	for _, o := range ops {
		x := &w[o]
		acc.w0, acc.w1, acc.w2, acc.w3 = acc.w0|^x[0], acc.w1|^x[1], acc.w2|^x[2], acc.w3|^x[3]
	}
	return acc
}

// loopLanes evaluates a loop segment to its least fixpoint in every lane.
func (p *Program) loopLanes(sg Segment, w wordsOf) {
	for i := sg.Lo; i < sg.Hi; i++ {
		w.put(p.Atoms[i], lword{})
	}
	for changed := true; changed; {
		changed = false
		for i := sg.Lo; i < sg.Hi; i++ {
			var acc lword
			for r := p.RuleLo[i]; r < p.RuleLo[i+1]; r++ {
				all := allLanes
				for _, l := range p.Lits[p.LitLo[r]:p.LitLo[r+1]] {
					all = and(all, w.lit(l))
				}
				acc = or(acc, all)
			}
			a := p.Atoms[i]
			if old := w.get(a); andNot(acc, old) != (lword{}) {
				w.put(a, or(old, acc))
				changed = true
			}
		}
	}
}

// laneEntry is a legal move of a role for the lanes: its legal atom and
// its does atom (-1 when the rules never read it).
type laneEntry struct{ legal, does int32 }

// Sim is a game.Simulation of a ground network: the lanes' words and
// the games they play.
type Sim struct {
	n  *Net
	lp *Code
	// positionOf reads a state of the network's game, packed (bit i%64
	// of word i/64 for base atom i) and as every atom's value, of which
	// the first NBase are the position.
	positionOf func(game.State) (base []uint64, vals []bool)
	w          wordsOf
	active     lword // lanes with a game being played
	// parked is the lanes loaded but not yet in play, until they are in
	// step with the playing lanes (unpark), for at most parkMax Steps;
	// skipped is, by role, whether the last evaluation of the position
	// skipped its own code (roleCode).
	parked  lword
	parkMax int64
	skipped []bool
	stale   bool // the position part is not evaluated for the lanes' positions

	// held is the lanes whose game ended but is not scored yet: their
	// positions stay as they ended until the goals are evaluated, for
	// all of them at once (see scoreNow). waited is what they cost since
	// the last scoring, in code words times laneCount (a held lane wastes
	// its share of each ply), and scoreCost what a scoring costs.
	held      lword
	waited    int64
	scoreCost int64
	plyCost   int64

	// step counts the Steps that played a ply; a lane's plies are
	// counted from the step it was loaded at, and it is stopped at its
	// expiry.
	step           int64
	loaded, expiry [laneCount]int64
	nextExpiry     int64   // the earliest expiry of a playing lane
	goals          []uint8 // by lane and role, of ended games

	set []int32 // does atoms set by the last ply
	// tries and hits count, by role, the draws of chooseAmong and those
	// that found a legal move: its way of choosing follows their ratio.
	tries, hits []int64
	passHint    []int          // by role: the entry that last served the lanes where it has one legal entry
	pick        []int32        // by lane of a word, the indices of its legal entries (maxLegal each)
	pickNext    [64]int32      // by lane of a word, where its list in pick ends (empty: b*maxLegal)
	picks       [64]laneChoice // a word's choices in the walk of chooseWord (walkDown6)

	// pending is the lanes loaded since their words were last written,
	// and loads their positions, packed (baseWords words a lane), or
	// nil where the lanes are written at Load (see Load).
	pending      lword
	clean        lword // lanes whose base atoms are all false (see clearEnded)
	clearMin     int   // the fewest ended games cleared together
	loads        []uint64
	baseWords    int
	transposeMin int
	deferAfter   int // the loads after a Step written at once, before the others are kept
	loadsNow     int // the loads since the last Step
	// groupMask is the clean lanes of word groupK loaded with the
	// position groupBase (packed) and not written yet (loadClean).
	groupMask uint64
	groupK    int
	groupBase []uint64
}

var _ game.Simulation = (*Sim)(nil)

const noExpiry = int64(1) << 62

// New returns an empty simulation of the network n whose code c
// (Compile) is; positionOf reads the states Load is given.
func New(n *Net, c *Code, positionOf func(game.State) (base []uint64, vals []bool)) *Sim {
	words := n.NAtoms + c.temps
	l := &Sim{n: n, lp: c, positionOf: positionOf, w: make(wordsOf, words), nextExpiry: noExpiry,
		goals: make([]uint8, laneCount*len(n.Roles)), set: make([]int32, 0, laneCount*len(n.Roles)),
		tries: make([]int64, len(n.Roles)), hits: make([]int64, len(n.Roles)),
		passHint:  make([]int, len(n.Roles)),
		skipped:   make([]bool, len(n.Roles)),
		parkMax:   int64(len(n.Roles)),
		pick:      make([]int32, 64*max(c.maxLegal, 1)),
		scoreCost: c.scoreCost(),
		plyCost:   int64(len(c.position) + len(c.moves))}
	l.w.put(n.Always, allLanes)
	l.clean, l.clearMin = allLanes, clearMin // the words are zero
	for b := range l.pickNext {
		l.pickNext[b] = int32(b * c.maxLegal)
	}
	l.groupBase = make([]uint64, 0, (n.NBase+63)/64)
	l.transposeMin = transposeMinOf(n.NBase)
	l.deferAfter = 2 * l.transposeMin
	if l.baseWords = (n.NBase + 63) / 64; l.baseWords <= maxLoadWords {
		l.loads = make([]uint64, laneCount*l.baseWords)
	}
	return l
}

// Lanes is the number of games played at once.
func (l *Sim) Lanes() int { return laneCount }

// Reset stops every lane's game.
func (l *Sim) Reset() {
	if l.groupMask != 0 {
		l.flushGroup() // the lanes are no longer clean
	}
	l.active, l.held, l.parked, l.nextExpiry, l.waited = lword{}, lword{}, lword{}, noExpiry, 0
	l.pending = lword{}
}

// Plies is the plies of lane's game: until it ended, or until now (none
// while it is parked).
func (l *Sim) Plies(lane int) int {
	k, b := lane>>6, lane&63
	if l.active.word(k)>>b&1 == 1 {
		return int(l.step - l.loaded[lane])
	}
	if l.parked.word(k)>>b&1 == 1 {
		return 0
	}
	return int(l.expiry[lane] - l.loaded[lane])
}

// Goal is role r's goal in lane's last ended game.
func (l *Sim) Goal(lane int, r game.Role) int {
	return int(l.goals[lane*len(l.n.Roles)+int(r)])
}

// refresh evaluates what the lanes' positions decide, unless done.
func (l *Sim) refresh() {
	if l.groupMask != 0 {
		l.flushGroup()
	}
	if l.pending != (lword{}) {
		l.writeLoads()
	}
	l.loadsNow = 0
	if l.stale {
		l.n.Prog.runLanes(l.lp.position, l.w)
		if l.parked != (lword{}) {
			l.unpark()
		}
		l.roleCode()
		l.stale = false
	}
}

// Step plays a ply of every lane's game (see game.Simulation).
func (l *Sim) Step(rng *game.Rand, ended []int) []int {
	n, p := l.n, l.n.Prog
	l.refresh()
	over := and(l.w.get(n.Terminal), l.active)
	if l.step >= l.nextExpiry {
		over = l.expire(over)
	}
	if over != (lword{}) {
		l.hold(over)
	}
	if l.held != (lword{}) && l.scoreNow() {
		ended = l.endGames(ended)
	}
	if l.active == (lword{}) {
		return ended
	}
	l.chooseMoves(rng)
	if ps := l.lp.push; ps != nil && ps.cheaper(l.set) {
		ps.push(l.set, l.w)
		p.runLanes(ps.code, l.w)
	} else {
		p.runLanes(l.lp.moves, l.w)
	}
	if or(or(l.held, l.parked), l.clean) == (lword{}) {
		for i, a := range n.NextOf {
			l.w.put(int32(i), l.w.get(a))
		}
	} else {
		// The held lanes keep the position their game ended in, the
		// parked ones the position loaded, the clean ones none.
		nextActive(l.w, n.NextOf, l.active)
	}
	l.step++
	l.stale = true
	return ended
}

// nextActive sets each base atom i to its next atom nextOf[i] in the
// lanes of active, keeping it elsewhere. It is a function of its own so
// that active stays in registers.
//
//go:noinline
func nextActive(w wordsOf, nextOf []int32, active lword) {
	for i, a := range nextOf {
		x, y := &w[i], &w[a]
		x[0] ^= (x[0] ^ y[0]) & active.w0
		x[1] ^= (x[1] ^ y[1]) & active.w1
		x[2] ^= (x[2] ^ y[2]) & active.w2
		x[3] ^= (x[3] ^ y[3]) & active.w3
	}
}

// expire adds to over the playing lanes that spent their plies.
func (l *Sim) expire(over lword) lword {
	l.nextExpiry = noExpiry
	for k := 0; k < laneWords; k++ {
		o := over.word(k)
		for m := l.active.word(k) &^ o; m != 0; m &= m - 1 {
			lane := k<<6 | bits.TrailingZeros64(m)
			if l.expiry[lane] <= l.step {
				o |= m & -m
			} else {
				l.nextExpiry = min(l.nextExpiry, l.expiry[lane])
			}
		}
		over = over.withWord(k, o)
	}
	return over
}

// hold stops the games of the lanes in over, which ended, and holds them
// until they are scored.
func (l *Sim) hold(over lword) {
	for k := 0; k < laneWords; k++ {
		for m := over.word(k); m != 0; m &= m - 1 {
			l.expiry[k<<6|bits.TrailingZeros64(m)] = l.step // Plies reads the end from here
		}
	}
	l.active = andNot(l.active, over)
	l.held = or(l.held, over)
}

// scoreNow reports whether the held games are to be scored now. The
// goals are evaluated for every lane at once, which on some sheets costs
// many plies (othello counts its discs in a network ten times the size
// of a ply's), so the ended games wait until what their idle lanes
// cost reaches what a scoring costs: at most twice the best cost in
// hindsight (the ski-rental rule). Only a caller that keeps every lane
// busy is after throughput: one with free lanes (a young search tree,
// with few playouts in flight) needs the results at once, and a
// tic-tac-toe player whose results came back late lost games
// (TestGeneralTicTacToeNeverLoses). They wait no longer once half the
// lanes are held.
func (l *Sim) scoreNow() bool {
	held, playing := popCount(l.held), popCount(or(l.active, l.parked))
	if held+playing < laneCount {
		return true
	}
	l.waited += int64(held) * l.plyCost
	return l.waited >= l.scoreCost || held >= playing
}

// What a scoring costs besides its goal code, in code words (a word of
// code costs about 20 instructions for the 256 lanes): the call and the
// loops over the lanes' words, about 250 instructions, and for each role
// a pass over its goal entries, each read like a word of code. Without
// it, a sheet whose goals fold into what the position decides
// (tictactoe: its goals of 100 and 0 are its lines) had its ended games
// scored at nearly every step, a few at a time: the games then restart
// at different steps, and a word's lanes seldom have the same role to
// move, where the bit-sliced chooser serves every lane of the word with
// one pass (tictactoe, callgrind: 224 instructions a ply, 176 with it).
const (
	scoreCallWords = 12
	scoreRoleWords = 2
)

// scoreCost is what a scoring costs, in code words times laneCount.
func (lp *Code) scoreCost() int64 {
	words := len(lp.goals) + scoreCallWords
	for _, gs := range lp.goalsDown {
		words += scoreRoleWords + len(gs)
	}
	return int64(words) * laneCount
}

// popCount is the number of lanes set in x.
func popCount(x lword) int {
	return bits.OnesCount64(x.w0) + bits.OnesCount64(x.w1) + bits.OnesCount64(x.w2) + bits.OnesCount64(x.w3)
}

// endGames records the goals of the held lanes, frees them and appends
// them to ended. A role's goal entries are taken from the highest value
// down, for the 256 lanes at once: a lane gets the value of the first
// entry that holds there (the highest, as State.Goal gives), and 0 where
// none does; each lane is written once per role, not read entry by entry.
func (l *Sim) endGames(ended []int) []int {
	n := l.n
	n.Prog.runLanes(l.lp.goals, l.w)
	for r, gs := range l.lp.goalsDown {
		left := l.held
		for _, e := range gs {
			if m := and(l.w.get(e.Atom), left); m != (lword{}) {
				l.setGoals(r, m, uint8(e.Value))
				if left = andNot(left, m); left == (lword{}) {
					break
				}
			}
		}
		l.setGoals(r, left, 0)
	}
	for k := 0; k < laneWords; k++ {
		for m := l.held.word(k); m != 0; m &= m - 1 {
			ended = append(ended, k<<6|bits.TrailingZeros64(m))
		}
	}
	l.clearEnded()
	l.held, l.waited = lword{}, 0
	return ended
}

// setGoals sets role r's goal to v in the lanes of m.
func (l *Sim) setGoals(r int, m lword, v uint8) {
	nr := len(l.n.Roles)
	for k := 0; k < laneWords; k++ {
		for x := m.word(k); x != 0; x &= x - 1 {
			l.goals[(k<<6|bits.TrailingZeros64(x))*nr+r] = v
		}
	}
}
