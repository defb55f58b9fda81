package gdl

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// unsafeSheets are small games written the way published sheets write
// rules the specification calls unsafe; each is checked against the
// top-down reference prover, which evaluates them as written.
var unsafeSheets = []struct{ name, sheet string }{
	{"every role may pass (chinesecheckers3)", `
(role a) (role b)
(init (turn a)) (init (step 0))
(n 1) (n 2)
(legal ?player noop)
(<= (legal ?r (go ?x)) (true (turn ?r)) (n ?x))
(<= (next (turn b)) (true (turn a)))
(<= (next (turn a)) (true (turn b)))
(<= (next (went ?r ?x)) (does ?r (go ?x)))
(<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))
(succ 0 1) (succ 1 2) (succ 2 3)
(<= terminal (true (step 3)))
(<= (goal ?r 100) (true (went ?r 2)))
(<= (goal ?r 0) (role ?r) (not (true (went ?r 2))))`},
	{"sum with a free addend (colonelBlotto)", `
(role p)
(index 0) (index 1) (index 2) (index 3)
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
(<= (sum ?x 0 ?x) (succ 0 1))
(<= (sum ?x ?y ?z) (succ ?y0 ?y) (succ ?z0 ?z) (sum ?x ?y0 ?z0))
(<= (legal p (split ?a ?b)) (index ?a) (index ?b) (sum ?a ?b 3))
(init (score 0)) (init (round 0))
(<= (next (score ?s)) (true (score ?x)) (does p (split ?a ?b)) (sum ?x ?a ?s))
(<= (next (round 1)) (true (round 0)))
(<= terminal (true (round 1)))
(<= (goal p ?s) (true (score ?s)))`},
	{"min of three equal values (attritionWar)", `
(role p)
(succ 0 1) (succ 1 2) (succ 2 3)
(<= (less ?a ?b) (succ ?a ?b))
(<= (less ?a ?c) (succ ?a ?b) (less ?b ?c))
(<= (min ?a ?a ?a) (succ 0 1))
(<= (min ?a ?b ?a) (less ?a ?b))
(<= (min ?a ?b ?b) (less ?b ?a))
(init (have 2))
(<= (legal p (take ?x ?y)) (true (have ?x)) (succ ?y ?z) (min ?x ?y ?m) (min ?x ?m ?y))
(<= (next (have ?y)) (does p (take ?x ?y)))
(<= terminal (true (have 0)))
(goal p 100)`},
	{"a head variable in negations only (snakeParallel)", `
(role p)
(lane 1) (lane 2) (x a) (x b)
(init (cell 1 a))
(<= (open ?i) (x ?x) (not (true (cell ?i ?x))))
(<= (legal p (fill ?i ?x)) (lane ?i) (open ?i) (x ?x) (not (true (cell ?i ?x))))
(<= (next (cell ?i ?x)) (does p (fill ?i ?x)))
(<= (next (cell ?i ?x)) (true (cell ?i ?x)))
(<= terminal (not (open 1)) (not (open 2)))
(goal p 100)`},
	{"no value left (sudoku, without init)", `
(role p)
(index 1) (index 2) (mark x) (mark o)
(<= (emptyCell ?i) (index ?i) (not (true (cell ?i ?anyMark))))
(<= (legal p (put ?i ?m)) (emptyCell ?i) (mark ?m))
(<= (next (cell ?i ?m)) (does p (put ?i ?m)))
(<= (next (cell ?i ?m)) (true (cell ?i ?m)))
(<= terminal (not (emptyCell ?i)))
(<= (goal p 100) (true (cell 1 x)))
(<= (goal p 0) (not (true (cell 1 x))))`},
	{"moves of a king by facts with free arguments (endgame, racetrackcorridor)", `
(role p)
(adjacent 1 2) (adjacent 2 3)
(file a) (file b)
(<= (kingmove ?u ?v ?u ?y) (adjacent ?v ?y))
(pawnmove ?lane 1 ?lane 2)
(init (at a 1))
(<= (legal p (move ?u ?v ?x ?y)) (true (at ?u ?v)) (file ?x) (kingmove ?u ?v ?x ?y))
(<= (legal p (step ?u ?v ?x ?y)) (true (at ?u ?v)) (pawnmove ?u ?v ?x ?y))
(<= (next (at ?x ?y)) (does p (move ?u ?v ?x ?y)))
(<= (next (at ?x ?y)) (does p (step ?u ?v ?x ?y)))
(<= terminal (true (at ?u 3)))
(goal p 100)`},
	{"a goal for every role (gt_attrition_breaks_propnet)", `
(role a) (role b)
(init (step 0))
(legal a stop) (legal b stop) (legal a go) (legal b go)
(<= (next over) (does a stop))
(<= (next over) (does b stop))
(<= (next (step 1)) (true (step 0)))
(<= terminal (true over))
(<= terminal (true (step 1)))
(<= (goal ?p 0) (not (true over)))
(<= (goal a 100) (true over))
(<= (goal b 50) (true over))`},
	{"a distinct over free head variables (minichess)", `
(role p)
(col a) (col b) (row 1) (row 2)
(<= (distpair ?w ?x ?y ?z) (distinct ?w ?x))
(<= (distpair ?w ?x ?y ?z) (distinct ?y ?z))
(init (cell a 1 k)) (init (cell a 2 e)) (init (cell b 1 e)) (init (cell b 2 e))
(<= (legal p (move ?u ?v ?x ?y)) (true (cell ?u ?v k)) (true (cell ?x ?y e)))
(<= (next (cell ?x ?y k)) (does p (move ?u ?v ?x ?y)))
(<= (next (cell ?u ?v e)) (does p (move ?u ?v ?x ?y)))
(<= (next (cell ?w ?z e)) (does p (move ?u ?v ?x ?y)) (true (cell ?w ?z e)) (distpair ?w ?x ?y ?z))
(<= (next (moved ?n)) (true (moved ?m)) (succ ?m ?n))
(init (moved 0)) (succ 0 1) (succ 1 2) (succ 2 3)
(<= terminal (true (moved 3)))
(goal p 100)`},
}

// TestUnsafeRules: rules the specification calls unsafe are evaluated
// as a top-down prover evaluates them (checked against refProver), and
// the ground engine agrees with the naive bottom-up reference on the
// rules makeSafe writes.
func TestUnsafeRules(t *testing.T) {
	for _, tc := range unsafeSheets {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkAgainstProver(t, []byte(tc.sheet), 20, 30, engineGround)
			checkAgainstProver(t, []byte(tc.sheet), 5, 30, engineTopDown)
			checkAgainstReference(t, []byte(tc.sheet), 5, 30)
		})
	}
}

// TestAddedRelationsStayHidden: the relations makeSafe adds are not among
// a sheet's static facts.
func TestAddedRelationsStayHidden(t *testing.T) {
	v, err := Load("hidden", []byte(unsafeSheets[1].sheet))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range StaticFacts(v) {
		if strings.Contains(f, kif.DomPrefix) || strings.Contains(f, kif.AuxPrefix) {
			t.Errorf("static fact %s", f)
		}
	}
}
