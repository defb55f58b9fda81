package ground

import (
	"slices"
	"strings"
	"testing"
)

// TestStrataOrderComponents: clauses are grouped by the component of
// their head's relation, a group after the groups it reads from, with
// true after next and init, and does after legal (which feed them), and
// a recursive relation's clauses in one group.
func TestStrataOrderComponents(t *testing.T) {
	src := `
(role r)
(succ 1 2) (succ 2 3)
(<= (less ?x ?y) (succ ?x ?y))
(<= (less ?x ?z) (succ ?x ?y) (less ?y ?z))
(init (at 1))
(<= (legal r (go ?y)) (true (at ?x)) (less ?x ?y))
(<= (next (at ?y)) (does r (go ?y)))
(<= terminal (true (at 3)))
(<= (goal r 100) (true (at 3)))`
	g := newGrounder(testLimits)
	for _, c := range validClauses(t, src, testLimits.MaxTermDepth) {
		gc, err := g.compileClause(c)
		if err != nil {
			t.Fatal(err)
		}
		g.clauses = append(g.clauses, gc)
	}
	var got []string
	for _, group := range strata(g.clauses) {
		var heads []string
		for _, c := range group {
			heads = append(heads, c.hrel.key.String())
		}
		got = append(got, strings.Join(heads, " "))
	}
	at := func(heads string) int { return slices.Index(got, heads) }
	for _, want := range []string{"role/1", "succ/2 succ/2", "less/2 less/2", "init/1", "legal/2 next/1"} {
		if at(want) < 0 {
			t.Fatalf("groups %q: no group %q", got, want)
		}
	}
	for _, before := range [][2]string{
		{"succ/2 succ/2", "less/2 less/2"},
		{"less/2 less/2", "legal/2 next/1"},
		{"init/1", "legal/2 next/1"},
		{"legal/2 next/1", "terminal/0"},
		{"legal/2 next/1", "goal/2"},
	} {
		if at(before[0]) > at(before[1]) {
			t.Errorf("groups %q: %q after %q", got, before[0], before[1])
		}
	}
}

// TestGroundsRelationsBelowFirst: a relation that a clause reads is
// complete before the clause is first joined, so the clause is joined
// once over every atom: every instance of the recursive less comes
// before the first instance of pair, which reads it (round by round over
// all clauses, pair was joined again in every round less grew).
func TestGroundsRelationsBelowFirst(t *testing.T) {
	src := `
(role r) (init (c 1))
(succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
(<= (less ?x ?y) (succ ?x ?y))
(<= (less ?x ?z) (succ ?x ?y) (less ?y ?z))
(<= (pair ?x ?y) (less ?x ?y) (succ ?y ?z))
(<= (legal r (m ?x ?y)) (pair ?x ?y))
(<= (next (c 1)) (true (c 1)))
(<= terminal (true (c 2)))
(<= (goal r 100) (true (c 1)))`
	g, err := Ground(validClauses(t, src, testLimits.MaxTermDepth), testLimits)
	if err != nil {
		t.Fatal(err)
	}
	lastLess, firstPair, pairs := -1, -1, 0
	for i := range g.Instances() {
		h, _ := g.Instance(i)
		switch g.Relation(h).Name {
		case "less":
			lastLess = i
		case "pair":
			pairs++
			if firstPair < 0 {
				firstPair = i
			}
		}
	}
	// less holds for the 15 pairs x < y of 1..6; pair for the 10 whose y
	// has a successor.
	if pairs != 10 {
		t.Errorf("%d instances of pair, want 10", pairs)
	}
	if firstPair < lastLess {
		t.Errorf("the first instance of pair is %d, before the last of less, %d", firstPair, lastLess)
	}
}
