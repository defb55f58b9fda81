package gdl

import (
	"cmp"
	"errors"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// TestRestrictToDemand: the rules of a relation whose every reader gives
// some arguments as constants are guarded by the facts of the constants
// asked; a relation read with a variable there, GDL's own relations and
// relations of facts only are left alone.
func TestRestrictToDemand(t *testing.T) {
	sheet := `
(<= (goal a ?v) (count c1 c2 a ?v))
(<= (goal b ?v) (count c2 c3 b ?v) (not (count c1 c1 b 0)))
(<= (count ?x ?y ?p 100) (true (cell ?x ?p)) (true (cell ?y ?p)))
(<= (count ?x ?y ?p 0) (role ?p) (cell ?x) (cell ?y))
(<= (free ?x) (cell ?x) (not (true (cell ?x a))))
(<= (any ?p) (free c1) (free ?x) (role ?p))
(cell c1) (cell c2) (cell c3)`
	d, err := kif.Parse([]byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	var clauses []kif.Clause
	for _, r := range d.Rules {
		clauses = append(clauses, kif.Clause{Head: r.Head, Body: bodyOf(t, r), Rule: r})
	}
	var got []string
	for _, c := range restrictToDemand(clauses) {
		got = append(got, clauseText(c))
	}
	want := []string{
		"(<= (goal a ?v) (count c1 c2 a ?v))",
		"(<= (goal b ?v) (count c2 c3 b ?v) (not (count c1 c1 b 0)))",
		"(<= (count ?x ?y ?p 100) (exists demand count/4 ?x ?y ?p) (true (cell ?x ?p)) (true (cell ?y ?p)))",
		"(<= (count ?x ?y ?p 0) (exists demand count/4 ?x ?y ?p) (role ?p) (cell ?x) (cell ?y))",
		"(<= (free ?x) (cell ?x) (not (true (cell ?x a))))",
		"(<= (any ?p) (free c1) (free ?x) (role ?p))",
		"(<= (cell c1))", "(<= (cell c2))", "(<= (cell c3))",
		"(<= (exists demand count/4 c1 c2 a))",
		"(<= (exists demand count/4 c2 c3 b))",
		"(<= (exists demand count/4 c1 c1 b))",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// threeInARowCount scores each role by a count over three named cells,
// written over every three cells: thousands of atoms, where the goals
// ask for six.
const threeInARowCount = `
(role a) (role b)
(cellname c1) (cellname c2) (cellname c3) (cellname c4) (cellname c5) (cellname c6)
(cellname c7) (cellname c8) (cellname c9) (cellname c10) (cellname c11) (cellname c12)
(<= (init (cell ?x blank)) (cellname ?x))
(init (control a))
(<= (legal ?p (mark ?x)) (true (control ?p)) (true (cell ?x blank)))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (cell ?x ?p)) (does ?p (mark ?x)))
(<= (next (cell ?x ?m)) (true (cell ?x ?m)) (not (marked ?x)))
(<= (marked ?x) (does ?p (mark ?x)))
(<= (next (control b)) (true (control a)))
(<= (next (control a)) (true (control b)))
(<= (count ?x ?y ?z ?p 100) (true (cell ?x ?p)) (true (cell ?y ?p)) (true (cell ?z ?p)))
(<= (count ?x ?y ?z ?p 50) (true (cell ?x ?p)) (true (cell ?y ?p)) (cellname ?z) (not (true (cell ?z ?p))))
(<= (count ?x ?y ?z ?p 0) (role ?p) (cellname ?x) (cellname ?y) (not (true (cell ?x ?p))) (cellname ?z))
(<= (count ?x ?y ?z ?p 0) (role ?p) (cellname ?x) (cellname ?y) (not (true (cell ?y ?p))) (cellname ?z))
(<= (goal a ?v) (count c1 c2 c3 a ?v))
(<= (goal b ?v) (count c4 c5 c6 b ?v))
(<= open (true (cell ?x blank)))
(<= terminal (not open))
`

// TestDemandWhenOverLimit: a sheet whose count relation as written grounds
// to more atoms than the limits allow grounds with the count restricted
// to what the goals ask, and plays as the top-down evaluator plays it.
func TestDemandWhenOverLimit(t *testing.T) {
	lim := DefaultLimits
	lim.MaxAtoms = 3000
	checkGroundsRewritten(t, "count", threeInARowCount, lim)
}

// pairsAsked is a sheet whose pair relation is read with its third
// argument a constant, each of whose values (given in asked) is asked.
func pairsAsked(values, asked string) string {
	src := "(role r) (init (c 1)) (v 1) (v 2) (v 3) (v 4) (v 5) (v 6) (v 7) (v 8) (v 9)\n" +
		"(<= (pair ?x ?y ?z) (v ?x) (v ?y) (w ?z))\n" +
		"(<= (next (c 1)) (true (c 1))) (<= terminal (true (c 2))) (<= (goal r 100) (true (c 1)))\n"
	for _, w := range strings.Fields(values) {
		src += "(w " + w + ")\n"
	}
	for _, w := range strings.Fields(asked) {
		src += "(<= (legal r (m ?x ?y " + w + ")) (pair ?x ?y " + w + "))\n"
	}
	return src
}

// A sheet over the limits is grounded again rewritten only where that
// may fit: never past the term depth, and past the atoms only when the
// atoms the rules as written made, but those no question asks, are
// within the limit. Where it is not tried, grounding the rewritten rules
// indeed reaches a limit.
func TestRewrittenGroundingOnlyWhereItMayFit(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		lim  Limits
		want bool
	}{
		// pair/3 restricted, every one of its atoms asked: no fewer atoms.
		{"all asked", pairsAsked("a b", "a b"), Limits{MaxAtoms: 300}, false},
		// Nothing restricted.
		{"nothing restricted", "(role r) (init (c 1)) (v 1) (v 2) (v 3) (v 4) (v 5) (v 6) (<= (p ?x ?y ?z) (v ?x) (v ?y) (v ?z)) (<= (legal r (m ?x ?y ?z)) (p ?x ?y ?z)) (<= (next (c 1)) (true (c 1))) (<= terminal (true (c 2))) (<= (goal r 100) (true (c 1)))",
			Limits{MaxAtoms: 200}, false},
		// The counts over every three cells, of which six are asked.
		{"few asked", threeInARowCount, Limits{MaxAtoms: 3000}, true},
		// Over the work budget, with few atoms.
		{"work", pairsAsked("a b", "a b"), Limits{MaxWork: 2000}, true},
		{"depth", "(role r) (init (c z)) (<= (legal r go) (true (c ?x))) (<= (next (c (s ?x))) (true (c ?x))) (<= (p (s ?x)) (p ?x)) (p z) (<= terminal (p (s (s (s z))))) (<= (goal r 100) (true (c z)))",
			Limits{MaxTermDepth: 3}, false},
	} {
		clauses := validClauses(t, tc.src, DefaultLimits.MaxTermDepth)
		lim := defaultsBut(tc.lim)
		g := newGrounder(lim)
		var limit *limitError
		if err := g.run(clauses); !errors.As(err, &limit) {
			t.Fatalf("%s: grounding as written: %v, want a limit reached", tc.name, err)
		}
		got := g.rewrittenMayFit(limit.kind, demandsOf(clauses))
		if got != tc.want {
			t.Errorf("%s: rewrittenMayFit after %q: %v, want %v", tc.name, limit, got, tc.want)
		}
		if !got {
			if err := newGrounder(lim).run(rewriteForGrounding(clauses)); !errors.As(err, new(*limitError)) {
				t.Errorf("%s: the rewritten rules ground within the limits (%v), but were not to be tried", tc.name, err)
			}
		}
	}
}

// defaultsBut is DefaultLimits with the limits l sets (its non-zero
// atoms, work and term depth) instead.
func defaultsBut(l Limits) Limits {
	lim := DefaultLimits
	lim.MaxAtoms = cmp.Or(l.MaxAtoms, lim.MaxAtoms)
	lim.MaxWork = cmp.Or(l.MaxWork, lim.MaxWork)
	lim.MaxTermDepth = cmp.Or(l.MaxTermDepth, lim.MaxTermDepth)
	return lim
}

// validClauses parses and validates src, with terms nested at most
// depth deep.
func validClauses(t *testing.T, src string, depth int) []kif.Clause {
	t.Helper()
	d, err := kif.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	clauses, err := kif.Validate(d, depth)
	if err != nil {
		t.Fatal(err)
	}
	return clauses
}

// Every limit of grounding says which it is, for rewrittenMayFit.
func TestLimitErrorsSayWhichLimit(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		lim  Limits
		want limitKind
	}{
		{"atoms", "(role r) (init (c 1)) (<= (legal r (m ?x)) (n ?x)) (n 1) (n 2) (n 3) (n 4) (<= (next (c ?x)) (does r (m ?x))) (<= terminal (true (c 4))) (<= (goal r 100) (true (c 4)))",
			Limits{MaxAtoms: 5}, overAtoms},
		{"depth", "(role r) (init (c z)) (<= (legal r go) (true (c ?x))) (<= (next (c (s ?x))) (true (c ?x))) (<= (p (s ?x)) (p ?x)) (p z) (<= terminal (p (s (s (s z))))) (<= (goal r 100) (true (c z)))",
			Limits{MaxTermDepth: 3}, overDepth},
	} {
		clauses := validClauses(t, tc.src, DefaultLimits.MaxTermDepth)
		lim := defaultsBut(tc.lim)
		_, err := groundSheet(clauses, lim)
		var limit *limitError
		if !errors.As(err, &limit) || limit.kind != tc.want {
			t.Errorf("%s: %v (%#v), want limit kind %d", tc.name, err, limit, tc.want)
		}
	}
}
