package ground

import (
	"fmt"
	"strings"
	"testing"
)

// framed is a sheet whose frame rule reads a move's two squares that
// its head never sees, so that it grounds to an instance per cell and
// move, n³, unless split (split.go); with triples, a relation of n²·31
// atoms that the rewrite leaves alone (every variable is in its head).
func framed(n int, triples bool) string {
	var b strings.Builder
	b.WriteString("(role r) (init (cell 1 x)) (<= terminal (true (cell 2 x))) (<= (goal r 100) (true (cell 1 x)))\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "(v %d) ", i)
	}
	b.WriteString("\n(<= (legal r (move ?a ?b)) (v ?a) (v ?b))\n")
	b.WriteString("(<= (next (cell ?a x)) (does r (move ?a ?b)))\n")
	b.WriteString("(<= (next (cell ?x ?p)) (true (cell ?x ?p)) (does r (move ?a ?b)) (distinct ?x ?a))\n")
	if triples {
		b.WriteString("(<= (triple ?a ?b ?c) (v ?a) (v ?b) (v ?c) (less ?c 31))\n")
		for i := 1; i <= 31; i++ {
			fmt.Fprintf(&b, "(less %d 31) ", i)
		}
	}
	return b.String()
}

// hasSplit reports whether g grounded the rules split (split.go).
func hasSplit(g *Grounder) bool {
	for _, k := range g.Relations() {
		if strings.HasPrefix(k.Name, splitPrefix) {
			return true
		}
	}
	return false
}

// TestGivesWayEarly: a grounding of the rules as written that has spent
// a quarter of its budget, nine tenths of it on clauses the rewrite
// changes, gives way to the rewritten rules when they fit; else it goes
// on to the result it had before (the rules as written, when they fit).
func TestGivesWayEarly(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   string
		lim   Limits
		split bool // the result is the rewritten rules'
	}{
		// As written, 60³ frame instances: about 10 M steps, most of
		// them on the frame by the first quarter of the budget.
		{"frame", framed(60, false), Limits{MaxWork: 16_000_000}, true},
		// The same within a budget of which it spends less than a
		// quarter: as written, as before.
		{"frame within a quarter", framed(60, false), Limits{MaxWork: 48_000_000}, false},
		// A third of the work, by the first quarter of the budget, on
		// the triples, which the rewrite leaves alone.
		{"work elsewhere", framed(60, true), Limits{MaxWork: 56_000_000}, false},
		// The rewritten rules reach the limit of atoms (their split
		// relation's atoms are more): the grounding as written goes on.
		{"rewritten over the atoms", framed(60, false), Limits{MaxWork: 16_000_000, MaxAtoms: 7_400}, false},
	} {
		clauses := validClauses(t, tc.src, testLimits.MaxTermDepth)
		lim := defaultsBut(tc.lim)
		g, err := Sheet(clauses, lim)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if hasSplit(g) != tc.split {
			t.Errorf("%s: grounded split: %v, want %v", tc.name, hasSplit(g), tc.split)
		}
		if !tc.split {
			plain, err := Ground(clauses, lim)
			if err != nil {
				t.Fatalf("%s: as written: %v", tc.name, err)
			}
			if g.Instances() != plain.Instances() || g.nAtoms != plain.nAtoms {
				t.Errorf("%s: %d instances, %d atoms; as written %d, %d", tc.name, g.Instances(), g.nAtoms, plain.Instances(), plain.nAtoms)
			}
		}
	}
}
