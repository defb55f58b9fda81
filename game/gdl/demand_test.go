package gdl

import (
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
