package gdl_test

import (
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game/gdl"
)

// TestBaseFactsLeavesOutWhatCannotHold: facts that only a rule with a
// false static condition, or a move that is never legal, could bring
// about are not among the base facts; everything else that can hold is.
func TestBaseFactsLeavesOutWhatCannotHold(t *testing.T) {
	sheet := `
(role p)
(col 1) (col 2) (hole 2)
(<= (spot ?c) (col ?c) (not (hole ?c)))
(init (cell 1 b))
(<= (init (cell ?c b)) (spot ?c))
(<= (legal p (mark ?c)) (true (cell ?c b)))
(<= (legal p (jump ?c)) (col ?c) (true (never)))
(<= (next (cell ?c x)) (does p (mark ?c)))
(<= (next (cell ?c j)) (does p (jump ?c)))
(<= (next (cell ?c ?s)) (true (cell ?c ?s)) (not (does p (mark ?c))))
(<= (next (count ?n)) (true (count ?m)) (plus1 ?m ?n))
(plus1 0 1)
(init (count 0))
(<= terminal (true (cell 1 x)))
(goal p 100)
`
	v, err := gdl.Load("t", []byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	got := gdl.BaseFacts(v)
	want := []string{"(cell 1 b)", "(cell 1 x)", "(count 0)", "(count 1)"}
	if !slices.Equal(got, want) {
		t.Errorf("BaseFacts = %q, want %q", got, want)
	}
}

// TestBaseFactsHonoursDeclarations: a sheet's (base ...) facts bound
// what a position may hold.
func TestBaseFactsHonoursDeclarations(t *testing.T) {
	sheet := `
(role p)
(init (on 1))
(base (on 1)) (base (on 2))
(<= (legal p (go ?n)) (num ?n))
(num 2) (num 3)
(<= (next (on ?n)) (does p (go ?n)))
(<= terminal (true (on 2)))
(goal p 100)
`
	v, err := gdl.Load("t", []byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	got := gdl.BaseFacts(v)
	want := []string{"(on 1)", "(on 2)"}
	if !slices.Equal(got, want) {
		t.Errorf("BaseFacts = %q, want %q", got, want)
	}
}

// TestStaticFacts: the facts that hold in every state, derived ones too,
// without GDL's own relations.
func TestStaticFacts(t *testing.T) {
	sheet := `
(role p)
(succ one two) (succ two three)
(<= (before ?a ?c) (succ ?a ?b) (succ ?b ?c))
(<= (odd ?x) (succ ?x ?y) (not (even ?x)))
(even two)
(init (at one))
(<= (legal p (go ?y)) (true (at ?x)) (succ ?x ?y))
(<= (next (at ?y)) (does p (go ?y)))
(<= terminal (true (at three)))
(goal p 100)
`
	v, err := gdl.Load("t", []byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	got := gdl.StaticFacts(v)
	want := []string{"(before one three)", "(even two)", "(odd one)", "(succ one two)", "(succ two three)"}
	if !slices.Equal(got, want) {
		t.Errorf("StaticFacts = %q, want %q", got, want)
	}
}
