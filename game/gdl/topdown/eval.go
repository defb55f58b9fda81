package topdown

import (
	"errors"
	"fmt"
	"sort"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// The top-down evaluator's search (see topdown.go for what it does).

// Status of a table of answers.
const (
	tComplete   = iota // every answer found
	tEvaluating        // its rules are being resolved now
	tIncomplete        // in a cycle whose first question is still open
)

// table holds the answers to one question: a relation with some
// arguments bound (key; noTerm where free). Each answer is the whole
// tuple of arguments.
type table struct {
	rel    *trel
	key    []tid
	ans    []tid // n answers, len(key) terms each
	n      int
	index  map[uint64]int32 // dedupe: an answer's hash → its first answer
	chain  []int32          // the next answer with the same hash, or -1
	status uint8
	depth  int32  // its place on the stack while evaluated
	low    int32  // the lowest place on the stack its answers depend on
	iter   uint32 // the iteration of its cycle it was last evaluated in
}

// errTooDeep is the error of a state whose rules build a term nested
// deeper than Limits.MaxTermDepth.
var errTooDeep = errors.New("gdl: the rules build a term nested too deep")

// evaluator answers questions about one state at a time.
type evaluator struct {
	p      *Program
	facts  []tid       // the state's true facts, in factOrder
	fkeys  []uint64    // the functor of each fact
	does   []tid       // each role's move, or noTerm
	tables [3]tableSet // by generation
	spare  []*table
	stack  []*table
	// pending are the tables of open cycles, completed with the
	// question that began their cycle.
	pending []*table
	iter    uint32
	answers int // answers added, ever
	cycles  int // questions met again while open, ever
	bind    []tid
	trail   []int32
	argBuf  []tid
	plans   []map[uint64][]int32
	err     error
}

func newEvaluator(p *Program) *evaluator {
	e := &evaluator{p: p, plans: make([]map[uint64][]int32, len(p.clauses)), does: make([]tid, len(p.roles))}
	for i := range e.does {
		e.does[i] = noTerm
	}
	return e
}

// functorKey orders facts by function symbol and arity.
func (e *evaluator) functorKey(id tid) uint64 {
	r := e.p.terms.get(id)
	return uint64(r.fn)<<8 | uint64(len(r.args))
}

// setState makes facts (the terms x of (true x)) the state questions are
// about.
func (e *evaluator) setState(facts []tid) {
	e.facts = append(e.facts[:0], facts...)
	e.fkeys = e.fkeys[:0]
	for _, f := range e.facts {
		e.fkeys = append(e.fkeys, e.functorKey(f))
	}
	sort.Sort(factOrder{e})
	e.reset(genState)
	e.reset(genMove)
	e.setDoes(nil)
}

// factOrder orders facts by functor, then by their arguments' numbers
// in turn, so that the facts that agree with a pattern's first bound
// arguments are next to each other (see joinTrue).
type factOrder struct{ e *evaluator }

func (o factOrder) Len() int { return len(o.e.facts) }
func (o factOrder) Less(i, j int) bool {
	return o.e.compareFact(i, o.e.fkeys[j], o.e.p.terms.get(o.e.facts[j]).args) < 0
}

// compareFact compares fact i with the functor key and the first
// len(args) arguments given.
func (e *evaluator) compareFact(i int, key uint64, args []tid) int {
	if k := e.fkeys[i]; k != key {
		if k < key {
			return -1
		}
		return 1
	}
	fa := e.p.terms.get(e.facts[i]).args
	for j, a := range args {
		if fa[j] != a {
			if fa[j] < a {
				return -1
			}
			return 1
		}
	}
	return 0
}
func (o factOrder) Swap(i, j int) {
	o.e.facts[i], o.e.facts[j] = o.e.facts[j], o.e.facts[i]
	o.e.fkeys[i], o.e.fkeys[j] = o.e.fkeys[j], o.e.fkeys[i]
}

// setDoes makes moves (by role; noTerm for none) the moves questions are
// about.
func (e *evaluator) setDoes(moves []tid) {
	changed := false
	for r := range e.does {
		m := noTerm
		if r < len(moves) {
			m = moves[r]
		}
		if e.does[r] != m {
			e.does[r] = m
			changed = true
		}
	}
	if changed {
		e.reset(genMove)
	}
}

// reset forgets the answers of generation gen.
func (e *evaluator) reset(gen int) {
	ts := &e.tables[gen]
	for _, i := range ts.used {
		e.spare = append(e.spare, ts.slots[i])
		ts.slots[i] = nil
	}
	ts.used = ts.used[:0]
}

// tableSet finds tables by their question: open addressing on the
// question's hash, emptied by the list of the slots in use.
type tableSet struct {
	slots []*table
	hash  []uint64
	used  []int32
}

func (ts *tableSet) find(h uint64, r *trel, args []tid) *table {
	if len(ts.slots) == 0 {
		return nil
	}
	mask := uint64(len(ts.slots) - 1)
	for i := h & mask; ts.slots[i] != nil; i = (i + 1) & mask {
		if t := ts.slots[i]; ts.hash[i] == h && t.rel == r && equalTids(t.key, args) {
			return t
		}
	}
	return nil
}

func (ts *tableSet) add(h uint64, t *table) {
	if 2*(len(ts.used)+1) > len(ts.slots) {
		ts.grow()
	}
	mask := uint64(len(ts.slots) - 1)
	i := h & mask
	for ts.slots[i] != nil {
		i = (i + 1) & mask
	}
	ts.slots[i], ts.hash[i] = t, h
	ts.used = append(ts.used, int32(i))
}

func (ts *tableSet) grow() {
	old, oldHash, oldUsed := ts.slots, ts.hash, ts.used
	n := max(64, 2*len(old))
	ts.slots, ts.hash, ts.used = make([]*table, n), make([]uint64, n), make([]int32, 0, n/2)
	for _, i := range oldUsed {
		ts.add(oldHash[i], old[i])
	}
}

// ask appends to out the values of the free arguments (noTerm in args)
// of each answer to r with args.
func (e *evaluator) ask(out []tid, r *trel, args []tid) ([]tid, error) {
	t, err := e.question(r, args)
	if err != nil {
		return out, err
	}
	for i := 0; i < t.n; i++ {
		for j, a := range args {
			if a == noTerm {
				out = append(out, t.ans[i*len(args)+j])
			}
		}
	}
	return out, nil
}

// question returns the table of answers to r with args, for a question
// from outside the evaluation.
func (e *evaluator) question(r *trel, args []tid) (*table, error) {
	e.err = nil
	t := e.call(r, args)
	return t, e.err
}

func (e *evaluator) newTable(r *trel, args []tid) *table {
	var t *table
	if n := len(e.spare); n > 0 {
		t = e.spare[n-1]
		e.spare = e.spare[:n-1]
		t.ans, t.n = t.ans[:0], 0
		if len(t.chain) > 0 {
			t.chain = t.chain[:0]
			clear(t.index)
		}
	} else {
		t = &table{index: map[uint64]int32{}}
	}
	t.rel = r
	t.key = append(t.key[:0], args...)
	return t
}

// call returns the table of answers to r with args, computing it when it
// is new, or again when it belongs to a cycle whose iteration moved on.
func (e *evaluator) call(r *trel, args []tid) *table {
	h := kif.KeyHash(kif.KeySeed, uint64(r.id))
	for _, a := range args {
		h = kif.KeyHash(h, uint64(a))
	}
	h = mix64(h) // the set's slots take the low bits
	ts := &e.tables[r.gen]
	t := ts.find(h, r, args)
	switch {
	case t == nil:
		t = e.newTable(r, args)
		ts.add(h, t)
		e.evaluate(t)
	case t.status == tEvaluating:
		e.cycles++
		e.noteLow(t.depth)
	case t.status == tIncomplete && t.iter != e.iter:
		e.evaluate(t)
	case t.status == tIncomplete:
		e.cycles++
		e.noteLow(t.low)
	}
	return t
}

// noteLow records that the question being resolved depends on the open
// question at depth d of the stack.
func (e *evaluator) noteLow(d int32) {
	if n := len(e.stack); n > 0 {
		top := e.stack[n-1]
		top.low = min(top.low, d)
	}
}

// evaluate resolves t's question against its relation's rules; when t
// begins a cycle, again until no new answer appears.
func (e *evaluator) evaluate(t *table) {
	t.status = tEvaluating
	t.depth = int32(len(e.stack))
	t.low = t.depth
	t.iter = e.iter
	e.stack = append(e.stack, t)
	mark := len(e.pending)
	for {
		answers, cycles := e.answers, e.cycles
		for _, c := range t.rel.clauses {
			e.solveClause(c, t)
		}
		if t.low < t.depth || e.cycles == cycles || e.answers == answers || e.err != nil {
			break
		}
		e.iter++
		t.iter = e.iter
	}
	e.stack = e.stack[:len(e.stack)-1]
	if t.low < t.depth {
		t.status = tIncomplete
		e.pending = append(e.pending, t)
		if n := len(e.stack); n > 0 {
			e.stack[n-1].low = min(e.stack[n-1].low, t.low)
		}
		return
	}
	t.status = tComplete
	for _, u := range e.pending[mark:] {
		u.status = tComplete
	}
	e.pending = e.pending[:mark]
}

// solveClause adds to t the answers clause c gives.
func (e *evaluator) solveClause(c *tclause, t *table) {
	base := len(e.bind)
	for i := 0; i < c.nvars; i++ {
		e.bind = append(e.bind, noTerm)
	}
	mark := len(e.trail)
	var mask uint64
	ok := true
	for i, hp := range c.head {
		if t.key[i] == noTerm {
			continue
		}
		if !e.match(hp, t.key[i], base) {
			ok = false
			break
		}
		mask |= 1 << (i & 63)
	}
	if ok {
		e.join(c, e.planFor(c, mask), 0, base, t)
	}
	e.undo(mark)
	e.bind = e.bind[:base]
}

// planFor returns the order of c's body literals when the head arguments
// in mask are bound: the sheet's order (the one top-down provers use and
// sheets are written for), except that a (not ...) or a test runs as
// soon as its variables are bound.
func (e *evaluator) planFor(c *tclause, mask uint64) []int32 {
	m := e.plans[c.idx]
	if m == nil {
		m = map[uint64][]int32{}
		e.plans[c.idx] = m
	}
	if o, ok := m[mask]; ok {
		return o
	}
	bound := make([]bool, c.nvars)
	for i, hp := range c.head {
		if mask&(1<<(i&63)) != 0 {
			markTVars(hp, bound)
		}
	}
	used := make([]bool, len(c.body))
	order := make([]int32, 0, len(c.body))
	ready := func(l *tlit) bool {
		for _, v := range l.vars {
			if !bound[v] {
				return false
			}
		}
		return true
	}
	for len(order) < len(c.body) {
		pick := -1
		for i := range c.body {
			l := &c.body[i]
			if !used[i] && l.kind != kif.LitPos && ready(l) {
				pick = i
				break
			}
		}
		for i := 0; pick < 0 && i < len(c.body); i++ {
			if !used[i] && c.body[i].kind == kif.LitPos {
				pick = i
			}
		}
		for i := 0; pick < 0; i++ {
			if !used[i] {
				pick = i
			}
		}
		used[pick] = true
		order = append(order, int32(pick))
		for _, v := range c.body[pick].vars {
			bound[v] = true
		}
	}
	m[mask] = order
	return order
}

func markTVars(p tpat, bound []bool) {
	switch p.kind {
	case kif.PVar:
		bound[p.v] = true
	case kif.PFn:
		for _, a := range p.args {
			markTVars(a, bound)
		}
	}
}

func (e *evaluator) undo(mark int) {
	for _, v := range e.trail[mark:] {
		e.bind[v] = noTerm
	}
	e.trail = e.trail[:mark]
}

// match unifies pattern p, under the bindings of the clause at base, with
// Ground term id.
func (e *evaluator) match(p tpat, id tid, base int) bool {
	switch p.kind {
	case kif.PConst:
		return p.id == id
	case kif.PVar:
		slot := base + p.v
		if b := e.bind[slot]; b != noTerm {
			return b == id
		}
		e.bind[slot] = id
		e.trail = append(e.trail, int32(slot))
		return true
	}
	r := e.p.terms.get(id)
	if r.fn != p.fn || len(r.args) != len(p.args) {
		return false
	}
	for i, a := range p.args {
		if !e.match(a, r.args[i], base) {
			return false
		}
	}
	return true
}

// Kinds of a pattern's value under the bindings.
const (
	vBound  = iota // a term of the store
	vFree          // it has an unbound variable
	vAbsent        // ground, but no state has made that term
)

// value returns the term p stands for under the bindings at base.
func (e *evaluator) value(p tpat, base int) (tid, int) {
	switch p.kind {
	case kif.PConst:
		return p.id, vBound
	case kif.PVar:
		if b := e.bind[base+p.v]; b != noTerm {
			return b, vBound
		}
		return noTerm, vFree
	}
	mark := len(e.argBuf)
	kind := vBound
	for _, a := range p.args {
		id, k := e.value(a, base)
		kind = max(kind, k)
		e.argBuf = append(e.argBuf, id)
	}
	id := noTerm
	if kind == vBound {
		var ok bool
		if id, ok = e.p.terms.find(p.fn, e.argBuf[mark:]); !ok {
			kind = vAbsent
		}
	}
	e.argBuf = e.argBuf[:mark]
	return id, kind
}

// build returns the term p stands for under the bindings at base (all
// bound), making it when new.
func (e *evaluator) build(p tpat, base int) tid {
	switch p.kind {
	case kif.PConst:
		return p.id
	case kif.PVar:
		return e.bind[base+p.v]
	}
	mark := len(e.argBuf)
	for _, a := range p.args {
		e.argBuf = append(e.argBuf, e.build(a, base))
	}
	id, ok := e.p.terms.intern(p.fn, e.argBuf[mark:], e.p.maxDepth)
	e.argBuf = e.argBuf[:mark]
	if !ok && e.err == nil {
		e.err = fmt.Errorf("%w (deeper than %d)", errTooDeep, e.p.maxDepth)
	}
	return id
}

// same reports whether patterns a and b stand for the same term under
// the bindings at base (all bound), without making terms.
func (e *evaluator) same(a, b tpat, base int) bool {
	if a.kind == kif.PVar {
		return e.sameAs(b, e.bind[base+a.v], base)
	}
	if b.kind == kif.PVar {
		return e.sameAs(a, e.bind[base+b.v], base)
	}
	if a.kind == kif.PConst {
		return e.sameAs(b, a.id, base)
	}
	if b.kind == kif.PConst {
		return e.sameAs(a, b.id, base)
	}
	if a.fn != b.fn || len(a.args) != len(b.args) {
		return false
	}
	for i := range a.args {
		if !e.same(a.args[i], b.args[i], base) {
			return false
		}
	}
	return true
}

// sameAs reports whether pattern p stands for term id.
func (e *evaluator) sameAs(p tpat, id tid, base int) bool {
	switch p.kind {
	case kif.PConst:
		return p.id == id
	case kif.PVar:
		return e.bind[base+p.v] == id
	}
	r := e.p.terms.get(id)
	if r.fn != p.fn || len(r.args) != len(p.args) {
		return false
	}
	for i, a := range p.args {
		if !e.sameAs(a, r.args[i], base) {
			return false
		}
	}
	return true
}
