package ground

import (
	"cmp"
	"errors"
	"os"
	"path/filepath"
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
		{"few asked", readSheet(t, "count.kif"), Limits{MaxAtoms: 3000}, true},
		// Over the work budget, with few atoms.
		{"work", pairsAsked("a b", "a b"), Limits{MaxWork: 2000}, true},
		{"depth", "(role r) (init (c z)) (<= (legal r go) (true (c ?x))) (<= (next (c (s ?x))) (true (c ?x))) (<= (p (s ?x)) (p ?x)) (p z) (<= terminal (p (s (s (s z))))) (<= (goal r 100) (true (c z)))",
			Limits{MaxTermDepth: 3}, false},
	} {
		clauses := validClauses(t, tc.src, testLimits.MaxTermDepth)
		lim := defaultsBut(tc.lim)
		g, err := Ground(clauses, lim)
		var limit *LimitError
		if !errors.As(err, &limit) {
			t.Fatalf("%s: grounding as written: %v, want a limit reached", tc.name, err)
		}
		got := g.rewrittenMayFit(limit.Kind, demandsOf(clauses))
		if got != tc.want {
			t.Errorf("%s: rewrittenMayFit after %q: %v, want %v", tc.name, limit, got, tc.want)
		}
		if !got {
			if _, err := Ground(Rewrite(clauses), lim); !errors.As(err, new(*LimitError)) {
				t.Errorf("%s: the rewritten rules ground within the limits (%v), but were not to be tried", tc.name, err)
			}
		}
	}
}

// testLimits are the limits of the tests (gdl.DefaultLimits'), where a
// test does not set its own.
var testLimits = Limits{MaxAtoms: 200_000, MaxRules: 2_000_000, MaxTermDepth: kif.DefaultMaxDepth, MaxWork: 64_000_000}

// defaultsBut is testLimits with the limits l sets (its non-zero atoms,
// work and term depth) instead.
func defaultsBut(l Limits) Limits {
	lim := testLimits
	lim.MaxAtoms = cmp.Or(l.MaxAtoms, lim.MaxAtoms)
	lim.MaxWork = cmp.Or(l.MaxWork, lim.MaxWork)
	lim.MaxTermDepth = cmp.Or(l.MaxTermDepth, lim.MaxTermDepth)
	return lim
}

// readSheet returns the text of testdata/name.
func readSheet(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
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
		want LimitKind
	}{
		{"atoms", "(role r) (init (c 1)) (<= (legal r (m ?x)) (n ?x)) (n 1) (n 2) (n 3) (n 4) (<= (next (c ?x)) (does r (m ?x))) (<= terminal (true (c 4))) (<= (goal r 100) (true (c 4)))",
			Limits{MaxAtoms: 5}, OverAtoms},
		{"depth", "(role r) (init (c z)) (<= (legal r go) (true (c ?x))) (<= (next (c (s ?x))) (true (c ?x))) (<= (p (s ?x)) (p ?x)) (p z) (<= terminal (p (s (s (s z))))) (<= (goal r 100) (true (c z)))",
			Limits{MaxTermDepth: 3}, OverDepth},
	} {
		clauses := validClauses(t, tc.src, testLimits.MaxTermDepth)
		lim := defaultsBut(tc.lim)
		_, err := Sheet(clauses, lim)
		var limit *LimitError
		if !errors.As(err, &limit) || limit.Kind != tc.want {
			t.Errorf("%s: %v (%#v), want limit kind %d", tc.name, err, limit, tc.want)
		}
	}
}
