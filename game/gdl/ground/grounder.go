package ground

import (
	"fmt"
	"slices"
	"time"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// TermID numbers a ground term interned by the Grounder.
type TermID = int32

// gterm is an interned ground term: a symbol applied to interned
// arguments, n of them from lo in the term table's arena. It holds no
// pointer, so that the garbage collector does not scan the millions of
// terms of a large grounding (an argument slice per term made it read
// them all in every cycle), and takes 16 bytes.
type gterm struct {
	fn    int32 // symbol
	depth int32
	lo, n int32
}

// argsOf returns the arguments of term id. The slice is the Grounder's
// own, and stays as it is when the arena grows.
func (g *Grounder) argsOf(id TermID) []TermID {
	t := &g.terms[id]
	return g.termTable.arena[t.lo : t.lo+t.n : t.lo+t.n]
}

// pat is a term of a clause compiled for matching against ground terms.
type pat struct {
	kind uint8
	id   TermID // pConst
	v    int    // pVar
	fn   int32  // pFn
	args []pat  // pFn
	memo *patMemo
}

// patMemo is the last term a function pattern was instantiated to, and
// the values of its variables then. In a join's inner loops most
// patterns of a head, a negated literal or a test read only variables
// bound by the outer literals, so they are instantiated again and again
// to the same term: interning it each time (a hash, a probe of the term
// table and a comparison with the term, far apart in memory) was a third
// of the grounding of a sheet that makes a million instances
// (AlexChess). The term is the same, so the ground rules are too.
type patMemo struct {
	vars []int    // the variables of the pattern, each once
	vals []TermID // their values when id was made; nil before
	id   TermID
}

// hit reports whether the variables still have the values of m.vals.
func (m *patMemo) hit(bind []TermID) bool {
	if m.vals == nil {
		return false
	}
	for i, v := range m.vars {
		if bind[v] != m.vals[i] {
			return false
		}
	}
	return true
}

// keep records that the pattern is id under bind.
func (m *patMemo) keep(bind []TermID, id TermID) {
	if m.vals == nil {
		m.vals = make([]TermID, len(m.vars))
	}
	for i, v := range m.vars {
		m.vals[i] = bind[v]
	}
	m.id = id
}

// varsOf appends the variables of p not yet in vars.
func varsOf(p *pat, vars []int) []int {
	switch p.kind {
	case kif.PVar:
		if !slices.Contains(vars, p.v) {
			vars = append(vars, p.v)
		}
	case kif.PFn:
		for i := range p.args {
			vars = varsOf(&p.args[i], vars)
		}
	}
	return vars
}

// gatom is a positive body literal: the relation and its argument patterns.
type gatom struct {
	rel  *grel
	args []pat
}

type gtest struct {
	same bool // (not (distinct a b))
	a, b pat
}

// gclause is a clause compiled for grounding.
type gclause struct {
	head  pat
	hrel  *grel
	pos   []gatom
	neg   []pat
	tests []gtest
	nvars int
	// plans[i] is the join plan when positive literal i ranges over the
	// newest atoms (semi-naive evaluation), and plans[len(pos)] when all
	// range over every atom (allAtoms), made again when the sizes of the
	// relations change much (see join.go).
	plans []*plan
	rule  *kif.Rule
	// work is the work spent on the clause's joins so far (see early.go).
	work int
}

// grel is a relation being grounded: the atoms found so far, in order,
// with the indexes the joins probe (see join.go).
type grel struct {
	key   kif.RelKey
	fn    int32
	atoms []TermID
	// rows are the atoms again, each followed by its key.Arity
	// arguments: a join reads an atom it tries and its arguments here,
	// in one place in memory, not from atoms and the terms (three reads
	// far apart, most of the cost of a try on a sheet whose joins are
	// deep, such as racer4's).
	rows []TermID
	// indexes are keyed by their leaves' signature; every atom added is
	// added to each of them.
	indexes map[string]*gindex
	ixList  []*gindex
	// stats counts the distinct values of each leaf the clauses' patterns
	// of this relation have, for the join planner's estimates.
	stats    map[string]*leafStats
	statList []*leafStats // stats' values, for addAtom
	// Atoms [0, old) were known before the current round, [old, cur)
	// are the round's new atoms; later ones wait for the next round.
	old, cur int
	// feeds is the relation that also receives the atom's argument(s):
	// init and next feed true, legal feeds does.
	feeds *grel
}

// Grounder instantiates the clauses of a sheet over the atoms that can
// ever hold (ignoring negation, which only over-approximates), in a
// bounded semi-naive bottom-up pass.
type Grounder struct {
	lim      Limits
	deadline time.Time
	work     int
	checkAt  int // see spend
	early    *early
	// joining is the clause being joined, since work was joinFrom.
	joining  *gclause
	joinFrom int

	syms      map[string]int32
	symNames  []string
	terms     []gterm
	termTable termTable
	isAtom    []bool // by TermID
	nAtoms    int

	rels    map[kif.RelKey]*grel
	clauses []*gclause

	// The ground rule instances: head atom and literals, each literal a
	// TermID<<1 with the low bit set for a negated atom.
	instHead []TermID
	instLo   []int32
	instLits []int32

	bind    []TermID
	trail   []int
	matched []TermID // the atom each positive literal matched
	scratch []TermID // see instantiate
}

func newGrounder(lim Limits) *Grounder {
	g := &Grounder{
		lim:       lim,
		deadline:  time.Now().Add(lim.MaxTime), // used when MaxTime > 0
		syms:      map[string]int32{},
		termTable: newTermTable(),
		rels:      map[kif.RelKey]*grel{},
		instLo:    []int32{0},
	}
	g.checkAt = g.nextCheck()
	return g
}

func (g *Grounder) sym(name string) int32 {
	if s, ok := g.syms[name]; ok {
		return s
	}
	s := int32(len(g.symNames))
	g.syms[name] = s
	g.symNames = append(g.symNames, name)
	return s
}

// intern returns the id of the ground term fn(args...), creating it.
func (g *Grounder) intern(fn int32, args []TermID) (TermID, error) {
	h := hashTerm(fn, args)
	id, slot := g.termTable.find(g, fn, args, h)
	if id >= 0 {
		return id, nil
	}
	depth := int32(0)
	for _, a := range args {
		depth = max(depth, g.terms[a].depth+1)
	}
	if int(depth) > g.lim.MaxTermDepth {
		return 0, &LimitError{fmt.Sprintf("a ground term nests deeper than %d: %s (unbounded recursion over function terms?)", g.lim.MaxTermDepth, g.text(fn, args)), OverDepth}
	}
	id = TermID(len(g.terms))
	g.terms = append(g.terms, gterm{fn: fn, depth: depth, lo: g.termTable.keep(args), n: int32(len(args))})
	g.isAtom = append(g.isAtom, false)
	g.termTable.add(g, id, slot, h)
	return id, nil
}

// text prints fn(args...) with at most a few levels, for error messages.
func (g *Grounder) text(fn int32, args []TermID) string {
	s := "(" + g.symNames[fn]
	for _, a := range args {
		s += " " + g.termText(a, 3)
	}
	return s + ")"
}

// termText returns the KIF text of a ground term, eliding below depth.
func (g *Grounder) termText(id TermID, depth int) string {
	t := &g.terms[id]
	if t.n == 0 {
		return g.symNames[t.fn]
	}
	if depth == 0 {
		return "(...)"
	}
	s := "(" + g.symNames[t.fn]
	for _, a := range g.argsOf(id) {
		s += " " + g.termText(a, depth-1)
	}
	return s + ")"
}

// groundTerm interns a ground Term.
func (g *Grounder) groundTerm(t *kif.Term) (TermID, error) {
	args := make([]TermID, len(t.Args))
	for i, a := range t.Args {
		id, err := g.groundTerm(a)
		if err != nil {
			return 0, err
		}
		args[i] = id
	}
	return g.intern(g.sym(t.Name), args)
}

func (g *Grounder) rel(k kif.RelKey) *grel {
	if r, ok := g.rels[k]; ok {
		return r
	}
	r := &grel{key: k, fn: g.sym(k.Name), indexes: map[string]*gindex{}, stats: map[string]*leafStats{}}
	g.rels[k] = r
	switch k {
	case kif.RelKey{Name: "init", Arity: 1}, kif.RelKey{Name: "next", Arity: 1}:
		r.feeds = g.rel(kif.RelKey{Name: "true", Arity: 1})
	case kif.RelKey{Name: "legal", Arity: 2}:
		r.feeds = g.rel(kif.RelKey{Name: "does", Arity: 2})
	}
	return r
}

// compilePat compiles t, numbering its variables in vars.
func (g *Grounder) compilePat(t *kif.Term, vars map[string]int) (pat, error) {
	if t.IsVar() {
		v, ok := vars[t.Name]
		if !ok {
			v = len(vars)
			vars[t.Name] = v
		}
		return pat{kind: kif.PVar, v: v}, nil
	}
	if kif.Ground(t) {
		id, err := g.groundTerm(t)
		return pat{kind: kif.PConst, id: id}, err
	}
	p := pat{kind: kif.PFn, fn: g.sym(t.Name), args: make([]pat, len(t.Args))}
	for i, a := range t.Args {
		var err error
		if p.args[i], err = g.compilePat(a, vars); err != nil {
			return p, err
		}
	}
	p.memo = &patMemo{vars: varsOf(&p, nil)}
	return p, nil
}

func (g *Grounder) compileClause(c kif.Clause) (*gclause, error) {
	vars := map[string]int{}
	gc := &gclause{rule: c.Rule, hrel: g.rel(kif.KeyOf(c.Head))}
	// Positive literals first, so that their variables are numbered
	// before those of tests and negations (all of which they bind).
	for _, l := range c.Body {
		if l.Kind != kif.LitPos {
			continue
		}
		a := gatom{rel: g.rel(kif.KeyOf(l.Atom)), args: make([]pat, len(l.Atom.Args))}
		for i, t := range l.Atom.Args {
			p, err := g.compilePat(t, vars)
			if err != nil {
				return nil, err
			}
			a.args[i] = p
		}
		gc.pos = append(gc.pos, a)
	}
	var err error
	if gc.head, err = g.compilePat(c.Head, vars); err != nil {
		return nil, err
	}
	for _, l := range c.Body {
		switch l.Kind {
		case kif.LitNeg:
			p, err := g.compilePat(l.Atom, vars)
			if err != nil {
				return nil, err
			}
			gc.neg = append(gc.neg, p)
		case kif.LitDistinct, kif.LitSame:
			a, err := g.compilePat(l.A, vars)
			if err != nil {
				return nil, err
			}
			b, err := g.compilePat(l.B, vars)
			if err != nil {
				return nil, err
			}
			gc.tests = append(gc.tests, gtest{same: l.Kind == kif.LitSame, a: a, b: b})
		}
	}
	gc.nvars = len(vars)
	gc.plans = make([]*plan, len(gc.pos)+1)
	for _, a := range gc.pos {
		g.trackLeaves(a)
	}
	return gc, nil
}

// addAtom records atom id of relation r if it is new.
func (g *Grounder) addAtom(r *grel, id TermID) error {
	if g.isAtom[id] {
		return nil
	}
	g.isAtom[id] = true
	g.nAtoms++
	pos := int32(len(r.atoms))
	// The atom is kept even past the limit: rewrittenMayFit counts it.
	r.atoms = append(r.atoms, id)
	r.rows = append(append(r.rows, id), g.argsOf(id)...)
	if g.nAtoms > g.lim.MaxAtoms {
		return &LimitError{fmt.Sprintf("the rules give more than %d ground atoms, %d of them for %s (a combinatorial explosion?)", g.lim.MaxAtoms, pos, r.key), OverAtoms}
	}
	for _, ix := range r.ixList {
		g.indexAtom(ix, id, pos)
	}
	for _, st := range r.statList {
		if v, ok := g.leafValue(id, st.leaf); ok {
			st.see(v)
		}
	}
	if r.feeds != nil {
		fed, err := g.intern(r.feeds.fn, g.argsOf(id))
		if err != nil {
			return err
		}
		return g.addAtom(r.feeds, fed)
	}
	return nil
}

// fireWork is what making a rule instance costs in units of
// Limits.MaxWork, where trying an atom against a literal costs one: about
// what an instance costs to make and to compile into the network (2.5
// µs against 55 ns), as measured on the published sheets.
const fireWork = 48

// run grounds every clause to a fixpoint, component by component (see
// strata.go).
func (g *Grounder) run(clauses []kif.Clause) error {
	for _, c := range clauses {
		gc, err := g.compileClause(c)
		if err != nil {
			return &kif.Error{Line: c.Rule.Line, Msg: err.Error()}
		}
		g.clauses = append(g.clauses, gc)
	}
	g.bind = make([]TermID, 0)
	for _, group := range strata(g.clauses) {
		if err := g.fixpoint(group); err != nil {
			return err
		}
	}
	return nil
}

// fixpoint grounds the clauses of one component, whose relations below
// are complete: first every clause over every atom known, then, round
// by round, semi-naively, the instances with some literal over the
// atoms the round before found.
func (g *Grounder) fixpoint(clauses []*gclause) error {
	for _, c := range clauses {
		if len(c.pos) == 0 {
			if err := g.joinCounted(c, allAtoms); err != nil {
				return err
			}
		}
	}
	g.nextRound()
	for _, c := range clauses {
		if len(c.pos) == 0 {
			continue
		}
		if err := g.joinCounted(c, allAtoms); err != nil {
			return err
		}
	}
	for g.nextRound() {
		for _, c := range clauses {
			for i, a := range c.pos {
				if a.rel.cur == a.rel.old {
					continue
				}
				if err := g.joinCounted(c, i); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// joinCounted makes the instances of c with literal delta over the
// newest atoms (those of a clause without positive literals: its one),
// counting the work to c (see early.go).
func (g *Grounder) joinCounted(c *gclause, delta int) error {
	g.joining, g.joinFrom = c, g.work
	var err error
	if len(c.pos) == 0 {
		err = g.fire(c)
	} else {
		p := g.planFor(c, delta)
		g.prepare(c)
		err = g.join(c, delta, p, 0)
	}
	c.work += g.work - g.joinFrom
	g.joining = nil
	return err
}

// allAtoms is the delta of a join over every atom known (no literal over
// the newest atoms only).
const allAtoms = -1

// nextRound starts a round: the atoms found since the last one become
// the newest. It reports whether there are any.
func (g *Grounder) nextRound() bool {
	fresh := false
	for _, r := range g.rels {
		r.old, r.cur = r.cur, len(r.atoms)
		fresh = fresh || r.cur > r.old
	}
	return fresh
}

// prepare sizes the variable bindings for clause c.
func (g *Grounder) prepare(c *gclause) {
	if cap(g.bind) < c.nvars {
		g.bind = make([]TermID, c.nvars)
	}
	g.bind = g.bind[:c.nvars]
	for i := range g.bind {
		g.bind[i] = -1
	}
	g.trail = g.trail[:0]
	if cap(g.matched) < len(c.pos) {
		g.matched = make([]TermID, len(c.pos))
	}
	g.matched = g.matched[:len(c.pos)]
}

// test reports whether (distinct a b), or (not (distinct a b)), holds
// under the current bindings (which bind all its variables).
func (g *Grounder) test(t *gtest) (bool, error) {
	a, err := g.instantiate(&t.a)
	if err != nil {
		return false, err
	}
	b, err := g.instantiate(&t.b)
	if err != nil {
		return false, err
	}
	return (a == b) == t.same, nil
}

func (g *Grounder) match(p *pat, id TermID) bool {
	switch p.kind {
	case kif.PConst:
		return p.id == id
	case kif.PVar:
		if b := g.bind[p.v]; b >= 0 {
			return b == id
		}
		g.bind[p.v] = id
		g.trail = append(g.trail, p.v)
		return true
	}
	t := &g.terms[id]
	if t.fn != p.fn || int(t.n) != len(p.args) {
		return false
	}
	args := g.argsOf(id)
	for i := range p.args {
		if !g.match(&p.args[i], args[i]) {
			return false
		}
	}
	return true
}

// instantiate interns p under the current bindings (all bound). The
// arguments of the terms it makes are gathered on g.scratch, a stack, so
// that it does not allocate.
func (g *Grounder) instantiate(p *pat) (TermID, error) {
	switch p.kind {
	case kif.PConst:
		return p.id, nil
	case kif.PVar:
		return g.bind[p.v], nil
	}
	if p.memo.hit(g.bind) {
		return p.memo.id, nil
	}
	mark := len(g.scratch)
	for i := range p.args {
		id, err := g.instantiate(&p.args[i])
		if err != nil {
			g.scratch = g.scratch[:mark]
			return 0, err
		}
		g.scratch = append(g.scratch, id)
	}
	id, err := g.intern(p.fn, g.scratch[mark:])
	g.scratch = g.scratch[:mark]
	if err == nil {
		p.memo.keep(g.bind, id)
	}
	return id, err
}

// fire records the instance of c under the current bindings. The join
// has checked the tests of a clause with positive literals.
func (g *Grounder) fire(c *gclause) error {
	if len(c.pos) == 0 {
		g.prepare(c)
		for i := range c.tests {
			if ok, err := g.test(&c.tests[i]); !ok || err != nil {
				return err
			}
		}
	}
	if err := g.spend(fireWork); err != nil {
		return err
	}
	head, err := g.instantiate(&c.head)
	if err != nil {
		return err
	}
	if len(g.instHead) >= g.lim.MaxRules {
		return &LimitError{fmt.Sprintf("the rules give more than %d ground rule instances (a combinatorial explosion?)", g.lim.MaxRules), OverWork}
	}
	g.instLits = roomFor(g.instLits, len(g.matched)+len(c.neg))
	g.instHead = roomFor(g.instHead, 1)
	g.instLo = roomFor(g.instLo, 1)
	for _, id := range g.matched {
		g.instLits = append(g.instLits, id<<1)
	}
	for i := range c.neg {
		id, err := g.instantiate(&c.neg[i])
		if err != nil {
			return err
		}
		g.instLits = append(g.instLits, id<<1|1)
	}
	g.instHead = append(g.instHead, head)
	g.instLo = append(g.instLo, int32(len(g.instLits)))
	return g.addAtom(c.hrel, head)
}

// roomFor returns s with room for n more elements, doubling its
// capacity when it grows. append grows a large slice by a quarter,
// which for the instances' arrays (millions of elements on a sheet that
// reaches the work budget) copied them about five times over and
// touched as many fresh pages: a tenth of such a grounding.
func roomFor[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	// Appended rather than made and copied: only the new part is zeroed.
	return append(s[:len(s):len(s)], make([]T, max(2*cap(s)-len(s), n, 256))...)[:len(s)]
}
