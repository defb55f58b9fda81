package topdown

import (
	"sort"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// join resolves the body literals of c from step k of order on, under
// the bindings at base, adding an answer to t for each way they hold.
func (e *evaluator) join(c *tclause, order []int32, k, base int, t *table) {
	if e.err != nil {
		return
	}
	if k == len(order) {
		e.emit(c, base, t)
		return
	}
	l := &c.body[order[k]]
	switch l.kind {
	case kif.LitPos:
		switch l.rel.special {
		case relTrue:
			e.joinTrue(c, order, k, base, t, l.args[0])
		case relDoes:
			e.joinDoes(c, order, k, base, t, l)
		default:
			e.joinCall(c, order, k, base, t, l)
		}
	case kif.LitNeg:
		if !e.holds(l, base) {
			e.join(c, order, k+1, base, t)
		}
	case kif.LitDistinct:
		if !e.same(l.a, l.b, base) {
			e.join(c, order, k+1, base, t)
		}
	case kif.LitSame:
		if e.same(l.a, l.b, base) {
			e.join(c, order, k+1, base, t)
		}
	}
}

// next goes on with step k+1 when pattern p matches term id.
func (e *evaluator) next(c *tclause, order []int32, k, base int, t *table, p tpat, id tid) {
	mark := len(e.trail)
	if e.match(p, id, base) {
		e.join(c, order, k+1, base, t)
	}
	e.undo(mark)
}

// joinTrue matches (true p) against the state's facts: those of p's
// function symbol and first bound arguments when it has them.
func (e *evaluator) joinTrue(c *tclause, order []int32, k, base int, t *table, p tpat) {
	lo, hi := 0, len(e.facts)
	switch p.kind {
	case kif.PConst:
		if e.isFact(p.id) {
			e.join(c, order, k+1, base, t)
		}
		return
	case kif.PVar:
		if b := e.bind[base+p.v]; b != noTerm {
			if e.isFact(b) {
				e.join(c, order, k+1, base, t)
			}
			return
		}
	case kif.PFn:
		var ok bool
		if lo, hi, ok = e.factRange(p, base); !ok {
			return
		}
	}
	for i := lo; i < hi; i++ {
		e.next(c, order, k, base, t, p, e.facts[i])
	}
}

// factRange returns the range of the facts with p's function symbol and
// the values of its first bound arguments; false when no fact can match.
func (e *evaluator) factRange(p tpat, base int) (lo, hi int, ok bool) {
	key := uint64(p.fn)<<8 | uint64(len(p.args))
	mark := len(e.argBuf)
	defer func() { e.argBuf = e.argBuf[:mark] }()
	for _, a := range p.args {
		id, kind := e.value(a, base)
		if kind == vAbsent {
			return 0, 0, false
		}
		if kind == vFree {
			break
		}
		e.argBuf = append(e.argBuf, id)
	}
	prefix := e.argBuf[mark:]
	lo = sort.Search(len(e.facts), func(i int) bool { return e.compareFact(i, key, prefix) >= 0 })
	hi = lo
	for hi < len(e.facts) && e.compareFact(hi, key, prefix) == 0 {
		hi++
	}
	return lo, hi, true
}

// isFact reports whether term id is a fact of the state.
func (e *evaluator) isFact(id tid) bool {
	key, args := e.functorKey(id), e.p.terms.get(id).args
	i := sort.Search(len(e.facts), func(i int) bool { return e.compareFact(i, key, args) >= 0 })
	return i < len(e.facts) && e.facts[i] == id
}

// joinDoes matches (does r m) against the moves.
func (e *evaluator) joinDoes(c *tclause, order []int32, k, base int, t *table, l *tlit) {
	for r, m := range e.does {
		if m == noTerm {
			continue
		}
		mark := len(e.trail)
		if e.match(l.args[0], e.p.roleIDs[r], base) && e.match(l.args[1], m, base) {
			e.join(c, order, k+1, base, t)
		}
		e.undo(mark)
	}
}

// joinCall asks the question of a literal of a relation with rules and
// goes on with each answer that matches it.
func (e *evaluator) joinCall(c *tclause, order []int32, k, base int, t *table, l *tlit) {
	mark := len(e.argBuf)
	for _, a := range l.args {
		e.argBuf = append(e.argBuf, e.argument(a, base))
	}
	// The question's arguments stay on argBuf while its answers are
	// read: what nested questions push goes after them.
	args := e.argBuf[mark:len(e.argBuf):len(e.argBuf)]
	defer func() { e.argBuf = e.argBuf[:mark] }()
	t2 := e.call(l.rel, args)
	n := len(args)
	for i := 0; i < t2.n && e.err == nil; i++ {
		tm := len(e.trail)
		ok := true
		for j, a := range l.args {
			if args[j] == noTerm && !e.match(a, t2.ans[i*n+j], base) {
				ok = false
				break
			}
		}
		if ok {
			e.join(c, order, k+1, base, t)
		}
		e.undo(tm)
	}
}

// argument returns the value of a question's argument p under the
// bindings at base: noTerm when it has a free variable, else the term,
// made when no state has made it yet (the answers' rules may make it:
// asking (legal black (add 1 0)) comes before any rule builds the move).
func (e *evaluator) argument(p tpat, base int) tid {
	id, kind := e.value(p, base)
	switch kind {
	case vFree:
		return noTerm
	case vAbsent:
		return e.build(p, base)
	}
	return id
}

// holds reports whether the atom of literal l (all bound) holds.
func (e *evaluator) holds(l *tlit, base int) bool {
	switch l.rel.special {
	case relTrue:
		id, kind := e.value(l.args[0], base)
		return kind == vBound && e.isFact(id)
	case relDoes:
		r, kr := e.value(l.args[0], base)
		m, km := e.value(l.args[1], base)
		if kr != vBound || km != vBound {
			return false
		}
		for i, role := range e.p.roleIDs {
			if role == r && e.does[i] == m {
				return true
			}
		}
		return false
	}
	mark := len(e.argBuf)
	for _, a := range l.args {
		e.argBuf = append(e.argBuf, e.argument(a, base))
	}
	held := e.call(l.rel, e.argBuf[mark:len(e.argBuf):len(e.argBuf)]).n > 0
	e.argBuf = e.argBuf[:mark]
	return held
}

// emit adds the head of c under the bindings at base to t's answers,
// unless it is there already.
func (e *evaluator) emit(c *tclause, base int, t *table) {
	mark := len(e.argBuf)
	for _, hp := range c.head {
		e.argBuf = append(e.argBuf, e.build(hp, base))
	}
	row := e.argBuf[mark:]
	e.argBuf = e.argBuf[:mark]
	if e.err != nil {
		return
	}
	h := hashRow(row)
	if e.known(t, row, h) {
		return
	}
	t.ans = append(t.ans, row...)
	t.n++
	e.answers++
}

// smallTable is the most answers a table looks through one by one; past
// it, an index of their hashes finds an answer again.
const smallTable = 16

// known reports whether row (of hash h) is an answer of t already, and
// indexes it when it is not and t is large.
func (e *evaluator) known(t *table, row []tid, h uint64) bool {
	n := len(row)
	if t.n < smallTable {
		for i := 0; i < t.n; i++ {
			if equalTids(t.ans[i*n:i*n+n], row) {
				return true
			}
		}
		if t.n == smallTable-1 {
			for i := 0; i < t.n; i++ {
				e.index(t, i, hashRow(t.ans[i*n:i*n+n]))
			}
			e.index(t, t.n, h)
		}
		return false
	}
	first, seen := t.index[h]
	for i := first; seen && i >= 0; i = t.chain[i] {
		if equalTids(t.ans[int(i)*n:int(i)*n+n], row) {
			return true
		}
	}
	e.index(t, t.n, h)
	return false
}

// index records that answer i of t has hash h.
func (e *evaluator) index(t *table, i int, h uint64) {
	t.chain = append(t.chain, -1)
	if first, seen := t.index[h]; seen {
		t.chain[i] = t.chain[first]
		t.chain[first] = int32(i)
	} else {
		t.index[h] = int32(i)
	}
}

func hashRow(row []tid) uint64 {
	h := uint64(kif.KeySeed)
	for _, id := range row {
		h = kif.KeyHash(h, uint64(id))
	}
	return h
}
