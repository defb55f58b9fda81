// Package ground grounds the rules of a GDL sheet: it instantiates every
// validated clause (package kif) over the atoms that can ever hold, in a
// semi-naive bottom-up pass (grounder.go) whose joins are planned from
// the relations' sizes (join.go). Negation is ignored while grounding, so
// the atoms found over-approximate those that hold in some state.
//
// When the rules as written reach a limit, or spend a quarter of the
// work budget mostly on what the rewriting changes (early.go), Sheet
// grounds them rewritten to the same game with fewer atoms and
// instances (Rewrite): the relations read only with constant arguments
// restricted to the questions asked (demand.go), and the bodies split
// by variable elimination (split.go).
//
// The work is bounded by Limits and counted, not timed (Limits.MaxWork),
// so that a sheet grounds the same way whatever the machine's load. The
// result, a Grounder, lists the ground rule instances over interned
// terms; package gdl compiles them into a network.
package ground

import (
	"cmp"
	"errors"
	"slices"
	"time"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// Limits bounds the work of turning a sheet into a game (package gdl
// uses it as gdl.Limits), so that a huge or hostile sheet is refused with
// a clear error instead of exhausting memory or time.
type Limits struct {
	// MaxAtoms bounds the ground atoms (facts that may ever hold).
	MaxAtoms int
	// MaxRules bounds the ground instances of the rules.
	MaxRules int
	// MaxTermDepth bounds the nesting of a term, in the sheet and in
	// grounding, which unbounded recursion over function terms would
	// otherwise grow for ever.
	MaxTermDepth int
	// MaxWork bounds the work of grounding, counted in steps: a ground
	// atom tried against a literal of a rule is one, a rule instance
	// made 48 (fireWork). It is the budget of grounding: counted, not
	// timed, so that a sheet is read the same way on any machine under
	// any load.
	MaxWork int
	// MaxTime, when positive, also bounds the wall-clock time spent
	// grounding (for a caller with a deadline, such as a GGP start
	// clock). Zero in gdl.DefaultLimits: no such bound.
	MaxTime time.Duration
}

// LimitError is a limit of Limits reached while grounding.
type LimitError struct {
	msg string
	// Kind is which limit was reached.
	Kind LimitKind
}

// Error names the limit and where the grounding reached it.
func (e *LimitError) Error() string { return e.msg }

// LimitKind is which limit a grounding reached: whether grounding
// rewritten rules may stay within it depends on it (see Sheet).
type LimitKind int

// The kinds of LimitError.
const (
	OverWork  LimitKind = iota // MaxWork, MaxRules or MaxTime
	OverAtoms                  // MaxAtoms
	OverDepth                  // MaxTermDepth
)

// Ground grounds clauses as they are. The error is a *LimitError when a
// limit is reached, a *kif.Error when a clause cannot be grounded.
func Ground(clauses []kif.Clause, lim Limits) (*Grounder, error) {
	g := newGrounder(lim)
	return g, g.run(clauses)
}

// Sheet grounds the clauses as written and, when that reaches a limit,
// rewritten (Rewrite), within limits of its own (and before the same
// deadline), unless what the first grounding made shows that the second
// cannot fit (see rewrittenMayFit); the first limit reached is the error
// when both do. A grounding as written that spends most of its work on
// what the rewrite changes gives way to the rewritten one early (see
// early.go).
func Sheet(clauses []kif.Clause, lim Limits) (*Grounder, error) {
	g := newGrounder(lim)
	ground := func(rewritten []kif.Clause) (*Grounder, error) {
		again := newGrounder(lim)
		again.deadline = g.deadline
		return again, again.run(rewritten)
	}
	e := &early{clauses: clauses, at: lim.MaxWork / earlyAt, ground: ground}
	g.early = e
	g.checkAt = g.nextCheck()
	err := g.run(clauses)
	g.early = nil
	if err == errGaveWay {
		return e.result, nil
	}
	var limit *LimitError
	if !errors.As(err, &limit) || e.tried {
		return g, err // when tried, the rewritten rules reached a limit too
	}
	demands := demandsOf(clauses)
	if !g.rewrittenMayFit(limit.Kind, demands) {
		return g, err
	}
	again, againErr := ground(splitBodies(restrictToContext(restrictTo(clauses, demands), demands)))
	if againErr != nil {
		return g, err
	}
	return again, nil
}

// Rewrite returns clauses that play the same game and ground to fewer
// atoms and rule instances, if to another network: the rules of
// relations asked only some questions are restricted to those
// (demand.go), and the bodies split (split.go).
func Rewrite(clauses []kif.Clause) []kif.Clause {
	demands := demandsOf(clauses)
	return splitBodies(restrictToContext(restrictTo(clauses, demands), demands))
}

// Relations returns the relations of the atoms found, sorted by name
// and arity.
func (g *Grounder) Relations() []kif.RelKey {
	keys := make([]kif.RelKey, 0, len(g.rels))
	for k := range g.rels {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b kif.RelKey) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Arity, b.Arity))
	})
	return keys
}

// Atoms returns the atoms of relation k in the order they were found.
// The slice is the Grounder's own.
func (g *Grounder) Atoms(k kif.RelKey) []TermID {
	if r, ok := g.rels[k]; ok {
		return r.atoms
	}
	return nil
}

// Args returns the arguments of term id. The slice is the Grounder's own.
func (g *Grounder) Args(id TermID) []TermID { return g.argsOf(id) }

// Relation returns the relation of term id read as an atom: its symbol
// and number of arguments.
func (g *Grounder) Relation(id TermID) kif.RelKey {
	t := &g.terms[id]
	return kif.RelKey{Name: g.symNames[t.fn], Arity: int(t.n)}
}

// Terms returns the number of terms interned: every TermID is below it.
func (g *Grounder) Terms() int { return len(g.terms) }

// Text returns the KIF text of term id.
func (g *Grounder) Text(id TermID) string { return g.termText(id, 1<<30) }

// IsAtom reports whether term id is an atom grounding found (a term that
// is only an argument, or an atom no rule derives, is not).
func (g *Grounder) IsAtom(id TermID) bool { return g.isAtom[id] }

// Instances returns the number of ground rule instances.
func (g *Grounder) Instances() int { return len(g.instHead) }

// Instance returns the head atom and the literals of instance i: each
// literal is a TermID<<1, with the low bit set when it is negated; a
// literal whose term is not an atom (IsAtom) never holds.
func (g *Grounder) Instance(i int) (head TermID, lits []int32) {
	return g.instHead[i], g.instLits[g.instLo[i]:g.instLo[i+1]]
}
