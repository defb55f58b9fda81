package topdown

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// The top-down evaluator plays the sheets whose ground form is too large
// to build (chess, amazons, chinese checkers...): instead of a network
// over every atom that may ever hold, it answers, for each state, the
// questions a game asks: (legal r ?m) for each role, terminal, (goal r
// ?v), and given the moves, (next ?x). It resolves them against the
// rules as written (after validate, so with unsafe rules made safe),
// top-down with tabling: the answers to each question, by relation and
// the values of its bound arguments, are computed once and kept; a
// question met again while its answers are being computed (recursion)
// gets the answers found so far, and the question that began the cycle
// is asked again until no new answer appears (the least fixpoint, as
// ggp-base's prover computes it). Answers of relations that depend on
// neither true nor does are kept for the whole game; those that depend on
// true until the state changes; those that depend on does until the moves
// do.
//
// The answers are the same as the ground network's; only the cost
// differs: it grows with the work of a state, not with the size of every
// possible state. Each state owns an evaluator (its scratch memory and
// caches), made on its first question.

// Generations of a relation's answers: how long they stay valid.
const (
	genStatic = iota // for the whole game
	genState         // until the state changes
	genMove          // until the moves change
)

// Relations the evaluator reads from the state rather than from rules.
const (
	relRules = iota
	relTrue
	relDoes
)

// tpat is a term of a rule compiled for matching: a ground term, a
// variable, or a function term with variables.
type tpat struct {
	kind uint8 // pConst, pVar, pFn
	id   tid   // pConst
	v    int   // pVar
	fn   int32 // pFn
	args []tpat
}

// tlit is a literal of a compiled rule.
type tlit struct {
	kind kif.LitKind
	rel  *trel
	args []tpat // litPos, litNeg
	a, b tpat   // litDistinct, litSame
	vars []int  // its variables
}

type tclause struct {
	idx   int
	head  []tpat
	body  []tlit
	nvars int
}

type trel struct {
	id      int
	key     kif.RelKey
	gen     uint8
	special uint8
	clauses []*tclause
}

// Program is a sheet compiled for the top-down evaluator, shared by
// every state of the game.
type Program struct {
	terms    *termStore
	rels     []*trel
	relOf    map[kif.RelKey]*trel
	clauses  []*tclause
	roles    []string
	roleIDs  []tid
	noop     tid // the term noop, or noTerm when the sheet never says it
	init     []tid
	maxDepth int
	legal    *trel
	goal     *trel
	next     *trel
	terminal *trel
	// Why the game is played top-down: the limit grounding reached.
	Why string
	// baseFacts and staticFacts are BaseFacts and StaticFacts.
	baseFacts, staticFacts []string
}

// Compile compiles validated clauses for the top-down evaluator
// and finds the initial state.
func Compile(clauses []kif.Clause, roles []string, maxDepth int) (*Program, error) {
	p := &Program{terms: newTermStore(), relOf: map[kif.RelKey]*trel{}, maxDepth: maxDepth, roles: roles}
	for _, k := range []kif.RelKey{{Name: "true", Arity: 1}, {Name: "does", Arity: 2}, {Name: "legal", Arity: 2}, {Name: "goal", Arity: 2}, {Name: "next", Arity: 1}, {Name: "terminal", Arity: 0}, {Name: "init", Arity: 1}} {
		p.rel(k)
	}
	p.relOf[kif.RelKey{Name: "true", Arity: 1}].special = relTrue
	p.relOf[kif.RelKey{Name: "does", Arity: 2}].special = relDoes
	for _, c := range clauses {
		p.compileClause(c)
	}
	p.legal, p.goal, p.next, p.terminal = p.relOf[kif.RelKey{Name: "legal", Arity: 2}], p.relOf[kif.RelKey{Name: "goal", Arity: 2}], p.relOf[kif.RelKey{Name: "next", Arity: 1}], p.relOf[kif.RelKey{Name: "terminal", Arity: 0}]
	p.generations()
	for _, r := range roles {
		p.roleIDs = append(p.roleIDs, p.terms.internTerm(&kif.Term{Name: r}))
	}
	p.noop = noTerm
	if fn, ok := p.terms.symOf["noop"]; ok {
		p.noop, _ = p.terms.find(fn, nil)
	}
	e := newEvaluator(p)
	init, err := e.ask(nil, p.relOf[kif.RelKey{Name: "init", Arity: 1}], []tid{noTerm})
	if err != nil {
		return nil, err
	}
	p.init = uniqueSorted(init)
	p.displayFacts(clauses, maxDepth)
	return p, nil
}

// displayFacts finds what BaseFacts and StaticFacts give for the game:
// the facts the domain analysis finds a state may hold (the initial
// facts when it fails), and the sheet's own facts.
func (p *Program) displayFacts(clauses []kif.Clause, maxDepth int) {
	seen := map[string]bool{}
	add := func(text string) {
		if !seen[kif.FoldKey(text)] {
			seen[kif.FoldKey(text)] = true
			p.baseFacts = append(p.baseFacts, text)
		}
	}
	for _, f := range p.init {
		add(p.text(f))
	}
	for _, t := range kif.PossibleFacts(clauses, maxDepth) {
		add(t.String())
	}
	sort.Slice(p.baseFacts, func(i, j int) bool { return kif.LessFolded(p.baseFacts[i], p.baseFacts[j]) })
	for _, c := range clauses {
		if name := c.Head.Name; len(c.Body) == 0 && kif.Ground(c.Head) && !kif.Relations[name] && !kif.IsAddedRelation(name) {
			p.staticFacts = append(p.staticFacts, c.Head.String())
		}
	}
	sort.Strings(p.staticFacts)
	p.staticFacts = slices.Compact(p.staticFacts)
}

func (p *Program) rel(k kif.RelKey) *trel {
	if r, ok := p.relOf[k]; ok {
		return r
	}
	r := &trel{id: len(p.rels), key: k}
	p.rels = append(p.rels, r)
	p.relOf[k] = r
	return r
}

func (p *Program) compileClause(c kif.Clause) {
	vars := map[string]int{}
	tc := &tclause{idx: len(p.clauses)}
	for _, a := range c.Head.Args {
		tc.head = append(tc.head, p.pattern(a, vars))
	}
	for _, l := range c.Body {
		tl := tlit{kind: l.Kind}
		switch l.Kind {
		case kif.LitPos, kif.LitNeg:
			tl.rel = p.rel(kif.KeyOf(l.Atom))
			for _, a := range l.Atom.Args {
				tl.args = append(tl.args, p.pattern(a, vars))
			}
		default:
			tl.a, tl.b = p.pattern(l.A, vars), p.pattern(l.B, vars)
		}
		tc.body = append(tc.body, tl)
	}
	for i := range tc.body {
		tc.body[i].vars = litVars(&tc.body[i])
	}
	tc.nvars = len(vars)
	p.clauses = append(p.clauses, tc)
	r := p.rel(kif.KeyOf(c.Head))
	r.clauses = append(r.clauses, tc)
}

func (p *Program) pattern(t *kif.Term, vars map[string]int) tpat {
	if t.IsVar() {
		v, ok := vars[t.Name]
		if !ok {
			v = len(vars)
			vars[t.Name] = v
		}
		return tpat{kind: kif.PVar, v: v}
	}
	if kif.Ground(t) {
		return tpat{kind: kif.PConst, id: p.terms.internTerm(t)}
	}
	out := tpat{kind: kif.PFn, fn: p.terms.sym(t.Name)}
	for _, a := range t.Args {
		out.args = append(out.args, p.pattern(a, vars))
	}
	return out
}

func litVars(l *tlit) []int {
	seen := map[int]bool{}
	var out []int
	var walk func(p tpat)
	walk = func(p tpat) {
		switch p.kind {
		case kif.PVar:
			if !seen[p.v] {
				seen[p.v] = true
				out = append(out, p.v)
			}
		case kif.PFn:
			for _, a := range p.args {
				walk(a)
			}
		}
	}
	for _, a := range l.args {
		walk(a)
	}
	if l.kind == kif.LitDistinct || l.kind == kif.LitSame {
		walk(l.a)
		walk(l.b)
	}
	return out
}

// generations finds how long each relation's answers stay valid: a
// relation that depends on does, directly or not, changes with the moves;
// one that depends on true, with the state.
func (p *Program) generations() {
	p.relOf[kif.RelKey{Name: "true", Arity: 1}].gen = genState
	p.relOf[kif.RelKey{Name: "does", Arity: 2}].gen = genMove
	for changed := true; changed; {
		changed = false
		for _, r := range p.rels {
			for _, c := range r.clauses {
				for _, l := range c.body {
					if l.rel != nil && l.rel.gen > r.gen {
						r.gen = l.rel.gen
						changed = true
					}
				}
			}
		}
	}
}

// uniqueSorted sorts ids and drops repeats, in place.
func uniqueSorted(ids []tid) []tid {
	slices.Sort(ids)
	return slices.Compact(ids)
}

// text returns the KIF of term id.
func (p *Program) text(id tid) string { return p.terms.get(id).text }

// moveOf returns the game.Move of move term id: its number plus one, and
// game.Noop for noop.
func (p *Program) moveOf(id tid) game.Move {
	if id == p.noop {
		return game.Noop
	}
	return game.Move(id) + 1
}

// moveTerm returns the term of m, or false when m names none.
func (p *Program) moveTerm(m game.Move) (tid, bool) {
	if m == game.Noop {
		return p.noop, p.noop != noTerm
	}
	id := tid(m - 1)
	if uint32(m-1) >= p.terms.n.Load() {
		return 0, false
	}
	return id, true
}

// moveText returns the KIF of m.
func (p *Program) moveText(m game.Move) string {
	if m == game.Noop {
		return "noop"
	}
	if id, ok := p.moveTerm(m); ok {
		return p.text(id)
	}
	return fmt.Sprintf("(unknown-move %d)", m)
}

// parseTerm reads one ground term of text and finds its number.
func (p *Program) parseTerm(text string) (*kif.Term, tid, bool, error) {
	ts, err := kif.ParseTerms(text)
	if err != nil {
		return nil, 0, false, err
	}
	if len(ts) != 1 {
		return nil, 0, false, fmt.Errorf("%q is not one term", strings.TrimSpace(text))
	}
	id, ok := p.terms.findTerm(ts[0])
	return ts[0], id, ok, nil
}
