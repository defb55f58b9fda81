package kif

import (
	"fmt"
	"sort"
	"strings"
)

// The specification calls a rule unsafe when a variable of its head, of a
// (not ...) or of a (distinct ...) occurs in no positive literal of its
// body. Published sheets have such rules, and the reference software
// plays them, because its prover works top-down: it asks
// (legal xPlayer ?m), and (legal ?player noop), with an empty body,
// answers for whatever role it is asked about. makeSafe gives such rules
// the meaning a top-down prover gives them, in a form that grounds:
//
//   - a variable that occurs only in one (not ...) literal stands for
//     "some value": (not (true (mark ?i ?j ?any))) is true when no mark
//     is on (i, j) at all. The literal becomes (not (aux ?i ?j)) with a
//     new rule (<= (aux ?i ?j) (true (mark ?i ?j ?any))).
//   - a variable of the head that no positive literal binds ranges over
//     the values that rules may ask about in its place: a new positive
//     literal binds it to the domain of its argument, found by a domain
//     analysis (domains below): every value that can appear in that
//     argument of the relation, as an answer or as a question, the roles
//     for the role argument of legal, goal and does.
//
// A variable that occurs only in a (distinct ...), or in several kinds of
// literal but no positive one nor the head, is still refused: no
// published sheet has one, and a top-down prover's answer there depends
// on the order of the literals.

// AuxPrefix and domPrefix start the names of the relations makeSafe adds;
// they contain a space, so no symbol of a sheet can be one of them.
const (
	AuxPrefix = "exists "
	DomPrefix = "domain "
)

// IsAddedRelation reports whether name is one of the relations makeSafe
// adds, which a view of the sheet's own facts leaves out.
func IsAddedRelation(name string) bool {
	return strings.HasPrefix(name, AuxPrefix) || strings.HasPrefix(name, DomPrefix)
}

// varUse tells where a variable of a clause occurs.
type varUse struct {
	head, pos, test bool
	neg             int // number of negative literals it occurs in
}

func clauseVarUses(c Clause) map[string]*varUse {
	uses := map[string]*varUse{}
	use := func(t *Term, mark func(*varUse)) {
		vars := map[string]bool{}
		AddVars(t, vars)
		for v := range vars {
			if uses[v] == nil {
				uses[v] = &varUse{}
			}
			mark(uses[v])
		}
	}
	use(c.Head, func(u *varUse) { u.head = true })
	for _, l := range c.Body {
		switch l.Kind {
		case LitPos:
			use(l.Atom, func(u *varUse) { u.pos = true })
		case LitNeg:
			use(l.Atom, func(u *varUse) { u.neg++ })
		default:
			use(&Term{Args: []*Term{l.A, l.B}}, func(u *varUse) { u.test = true })
		}
	}
	return uses
}

// safety is the work of makeSafe over a sheet's clauses.
type safety struct {
	clauses []Clause
	aux     int
	// unsafe lists, for each clause, its head variables that no positive
	// literal binds.
	unsafe map[int][]string
}

// makeSafe rewrites the unsafe clauses of a sheet as described above, or
// refuses the first it cannot rewrite.
func makeSafe(clauses []Clause, maxDepth int) ([]Clause, error) {
	s := &safety{unsafe: map[int][]string{}}
	for _, c := range clauses {
		cs, err := s.existential(c)
		if err != nil {
			return nil, err
		}
		s.clauses = append(s.clauses, cs...)
	}
	if len(s.unsafe) == 0 {
		return s.clauses, nil
	}
	return s.bindToDomains(maxDepth)
}

// existential rewrites the (not ...) literals of c whose variables occur
// nowhere else, and notes the head variables that nothing binds. It
// returns c and the rules it adds.
func (s *safety) existential(c Clause) ([]Clause, error) {
	uses := clauseVarUses(c)
	var bad, free []string
	for v, u := range uses {
		switch {
		case u.pos:
		case u.head:
			free = append(free, v)
		case u.neg > 0 && !u.test:
			// "some value": rewritten below.
		default:
			bad = append(bad, v)
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return nil, ruleError(c.Rule, "unsafe: %s must occur in a positive literal of the body or in the head (not only in a (distinct ...), or in a (not ...) and a (distinct ...))", strings.Join(bad, ", "))
	}
	out := []Clause{{Head: c.Head, Rule: c.Rule}}
	for _, l := range c.Body {
		if l.Kind == LitNeg {
			if local := localVars(l.Atom, uses); len(local) > 0 {
				aux := s.auxRule(c, l.Atom, local)
				out = append(out, aux)
				l = Lit{Kind: LitNeg, Atom: aux.Head}
			}
		}
		out[0].Body = append(out[0].Body, l)
	}
	if len(free) > 0 {
		sort.Strings(free)
		s.unsafe[len(s.clauses)] = free
	}
	return out, nil
}

// localVars returns the variables of atom that occur nowhere else in the
// Clause (in one negative literal only, and nowhere positive or in the
// head or a test).
func localVars(atom *Term, uses map[string]*varUse) map[string]bool {
	vars := map[string]bool{}
	AddVars(atom, vars)
	for v := range vars {
		if u := uses[v]; u.head || u.pos || u.test || u.neg != 1 {
			delete(vars, v)
		}
	}
	return vars
}

// auxRule makes (<= (aux v...) atom), v... the variables of atom that are
// not local to it, in the order they occur.
func (s *safety) auxRule(c Clause, atom *Term, local map[string]bool) Clause {
	s.aux++
	head := &Term{Name: fmt.Sprintf("%s%d", AuxPrefix, s.aux), Line: atom.Line, Col: atom.Col}
	seen := map[string]bool{}
	var walk func(t *Term)
	walk = func(t *Term) {
		if t.IsVar() {
			if !local[t.Name] && !seen[t.Name] {
				seen[t.Name] = true
				head.Args = append(head.Args, t)
			}
			return
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	walk(atom)
	return Clause{Head: head, Body: []Lit{{Kind: LitPos, Atom: atom}}, Rule: c.Rule}
}
