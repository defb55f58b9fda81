package gdl

import "slices"

// A program evaluates a set of derived atoms over a []bool of atom values,
// bottom-up in an order where every atom comes after the atoms it depends
// on. Atoms that depend on each other (positive recursion among ground
// atoms, which stratification allows) form a loop segment iterated to its
// least fixpoint.
//
// States evaluate a program incrementally (see State.settle): each keeps,
// for every rule, how many of its literals hold and, for every atom, how
// many of its rules hold, and updates these counts when an atom changes;
// an atom is evaluated again only when its count of rules that hold
// crosses zero. The counts cannot decide atoms of a loop segment (they
// could support each other), which are evaluated again from their rules.
type program struct {
	segs   []segment
	segOf  []int32 // by position: its loop segment, or -1
	atoms  []int32 // atom per position
	posOf  []int32 // by atom: its position, or -1 when not evaluated here
	ruleLo []int32 // rules of position i: ruleLo[i]..ruleLo[i+1]
	litLo  []int32 // literals of rule j: litLo[j]..litLo[j+1]
	lits   []int32 // atom<<1, low bit set when negated

	rulePos []int32  // by rule: the position of its head
	need    []uint16 // by rule: its number of literals
	// usesLo and uses list, for every atom of the network, the rules
	// that read it, each rule<<1 with the low bit set when negated.
	usesLo []int32
	uses   []int32
	sat0   []uint16 // by rule: literals that hold when every atom is false
	cnt0   []int32  // by position: rules that hold when every atom is false
}

type segment struct {
	lo, hi int32
	loop   bool
}

// run evaluates the program. It does not allocate.
func (p *program) run(vals []bool) {
	for _, sg := range p.segs {
		if !sg.loop {
			for i := sg.lo; i < sg.hi; i++ {
				vals[p.atoms[i]] = p.eval(i, vals)
			}
			continue
		}
		for i := sg.lo; i < sg.hi; i++ {
			vals[p.atoms[i]] = false
		}
		for changed := true; changed; {
			changed = false
			for i := sg.lo; i < sg.hi; i++ {
				if a := p.atoms[i]; !vals[a] && p.eval(i, vals) {
					vals[a] = true
					changed = true
				}
			}
		}
	}
}

// eval reports whether some rule of position i holds.
func (p *program) eval(i int32, vals []bool) bool {
	for r := p.ruleLo[i]; r < p.ruleLo[i+1]; r++ {
		ok := true
		for _, l := range p.lits[p.litLo[r]:p.litLo[r+1]] {
			if vals[l>>1] == (l&1 == 1) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// ruleSet holds ground rules over densely numbered atoms, grouped by head.
type ruleSet struct {
	rules [][][]int32 // rules[atom] lists the rules of atom, each its literals
	lits  litArena    // where the rules' literals are kept
}

// litArena hands out the literal slices of rules from shared blocks: a
// network of a large sheet is made from about a million rules, and one
// allocation each was most of the mallocs of its start (AlexChess: 6.9 M).
type litArena struct{ block []int32 }

// litBlock is the length of an arena's block: a rule has a few literals.
const litBlock = 1 << 14

// copyOf returns a copy of lits, never nil, whose capacity is its length:
// an append to it copies rather than writing over the next rule's.
func (a *litArena) copyOf(lits []int32) []int32 {
	if len(a.block)+len(lits) > cap(a.block) || a.block == nil {
		a.block = make([]int32, 0, max(litBlock, len(lits)))
	}
	n := len(a.block)
	a.block = append(a.block, lits...)
	return a.block[n:len(a.block):len(a.block)]
}

// buildProgram compiles the evaluation of outputs and every derived atom
// they depend on; atoms without rules are inputs (or constants).
func buildProgram(rs *ruleSet, outputs []int32) *program {
	n := len(rs.rules)
	need := make([]bool, n)
	stack := append([]int32(nil), outputs...)
	// Count what the program holds, so that its slices are made once at
	// their size: growing them was a third of buildProgram on AlexChess.
	nAtoms, nRules, nLits := 0, 0, 0
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if need[a] || rs.rules[a] == nil {
			continue
		}
		need[a] = true
		nAtoms, nRules = nAtoms+1, nRules+len(rs.rules[a])
		for _, r := range rs.rules[a] {
			nLits += len(r)
			for _, l := range r {
				stack = append(stack, l>>1)
			}
		}
	}
	p := &program{atoms: make([]int32, 0, nAtoms), segOf: make([]int32, 0, nAtoms),
		ruleLo: make([]int32, 1, nAtoms+1), litLo: make([]int32, 1, nRules+1), lits: make([]int32, 0, nLits)}
	for _, comp := range sccOrder(rs, need) {
		// Put the atoms of a component in a fixed order.
		slices.Sort(comp)
		sg := segment{lo: int32(len(p.atoms)), loop: len(comp) > 1}
		for _, a := range comp {
			p.atoms = append(p.atoms, a)
			for _, r := range rs.rules[a] {
				for _, l := range r {
					if l>>1 == a {
						sg.loop = true // a rule that uses its own head
					}
					p.lits = append(p.lits, l)
				}
				p.litLo = append(p.litLo, int32(len(p.lits)))
			}
			p.ruleLo = append(p.ruleLo, int32(len(p.litLo)-1))
		}
		sg.hi = int32(len(p.atoms))
		seg := int32(-1)
		if sg.loop {
			seg = int32(len(p.segs))
		}
		for range comp {
			p.segOf = append(p.segOf, seg)
		}
		// Merge runs of plain atoms into one segment.
		if k := len(p.segs) - 1; k >= 0 && !sg.loop && !p.segs[k].loop {
			p.segs[k].hi = sg.hi
		} else {
			p.segs = append(p.segs, sg)
		}
	}
	p.indexUses(n)
	return p
}

// indexUses fills the tables of the counting evaluation.
func (p *program) indexUses(nAtoms int) {
	nRules := len(p.litLo) - 1
	p.posOf = filled(nAtoms, -1)
	for q, a := range p.atoms {
		p.posOf[a] = int32(q)
	}
	p.rulePos = make([]int32, nRules)
	p.need = make([]uint16, nRules)
	p.sat0 = make([]uint16, nRules)
	p.cnt0 = make([]int32, len(p.atoms))
	count := make([]int32, nAtoms+1)
	for q := range p.atoms {
		for r := p.ruleLo[q]; r < p.ruleLo[q+1]; r++ {
			p.rulePos[r] = int32(q)
			lits := p.lits[p.litLo[r]:p.litLo[r+1]]
			p.need[r] = uint16(len(lits))
			for _, l := range lits {
				count[l>>1+1]++
				if l&1 == 1 {
					p.sat0[r]++ // a negated atom holds when every atom is false
				}
			}
			if p.sat0[r] == p.need[r] {
				p.cnt0[q]++
			}
		}
	}
	for a := 1; a <= nAtoms; a++ {
		count[a] += count[a-1]
	}
	p.usesLo = count
	p.uses = make([]int32, count[nAtoms])
	fill := append([]int32(nil), count[:nAtoms]...)
	for r := 0; r < nRules; r++ {
		for _, l := range p.lits[p.litLo[r]:p.litLo[r+1]] {
			p.uses[fill[l>>1]] = int32(r)<<1 | l&1
			fill[l>>1]++
		}
	}
}

// sccOrder returns the strongly connected components of the needed atoms,
// each after the components it depends on (Tarjan's algorithm, iterative
// so that long chains of atoms cannot exhaust the stack).
func sccOrder(rs *ruleSet, need []bool) [][]int32 {
	n := len(rs.rules)
	index := make([]int32, n)
	low := make([]int32, n)
	for i := range index {
		index[i] = -1
	}
	onStack := make([]bool, n)
	var stack []int32
	var comps [][]int32
	next := int32(0)
	type frame struct {
		a      int32
		r, l   int
		pushed bool
	}
	for root := int32(0); root < int32(n); root++ {
		if !need[root] || index[root] >= 0 {
			continue
		}
		work := []frame{{a: root}}
		for len(work) > 0 {
			f := &work[len(work)-1]
			a := f.a
			if !f.pushed {
				f.pushed = true
				index[a], low[a] = next, next
				next++
				stack = append(stack, a)
				onStack[a] = true
			}
			descended := false
			for f.r < len(rs.rules[a]) && !descended {
				r := rs.rules[a][f.r]
				for f.l < len(r) {
					b := r[f.l] >> 1
					f.l++
					if !need[b] {
						continue
					}
					if index[b] < 0 {
						work = append(work, frame{a: b})
						descended = true
						break
					}
					if onStack[b] {
						low[a] = min(low[a], index[b])
					}
				}
				if !descended {
					f.r++
					f.l = 0
				}
			}
			if descended {
				continue
			}
			if low[a] == index[a] {
				var comp []int32
				for {
					top := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[top] = false
					comp = append(comp, top)
					if top == a {
						break
					}
				}
				comps = append(comps, comp)
			}
			work = work[:len(work)-1]
			if len(work) > 0 {
				parent := work[len(work)-1].a
				low[parent] = min(low[parent], low[a])
			}
		}
	}
	return comps
}
