package ground

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// TestRestrictToContext: a relation whose every reader binds some of its
// arguments by static literals is guarded by a relation of those
// bindings, one rule per reader (the same rule once); an argument some
// reader binds only through the state is not asked; a relation asked
// only constants is left to restrictToDemand, a static relation and
// GDL's own are left alone.
func TestRestrictToContext(t *testing.T) {
	sheet := `
(<= (pinned ?m) (between ?l ?m ?r) (owner ?p ?m) (owner ?p ?l) (king ?l) (owner ?o ?r) (distinct ?p ?o))
(<= (safe ?m) (owner ?p ?m) (or (between ?m ?k ?x) (between ?m ?k ?x)) (king ?k) (true (at ?x)))
(<= (between ?l ?m ?r) (true (line ?l ?m ?r)))
(<= (near ?x) (true (at ?x)))
(<= (legal ?p (go ?m)) (owner ?p ?m) (near ?y) (not (pinned ?m)) (safe ?m) (far c1))
(<= (far ?x) (cell ?x) (cell ?y) (distinct ?x ?y))
(owner a x) (owner b y) (king x) (cell c1) (cell c2)`
	d, err := kif.Parse([]byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	var clauses []kif.Clause
	for _, r := range d.Rules {
		for _, body := range expandOr(t, r) {
			clauses = append(clauses, kif.Clause{Head: r.Head, Body: body, Rule: r})
		}
	}
	ds := demandsOf(clauses)
	var got []string
	for _, c := range restrictToContext(restrictTo(clauses, ds), ds) {
		got = append(got, clauseText(c))
	}
	want := []string{
		"(<= (pinned ?m) (exists context pinned/1 ?m) (between ?l ?m ?r) (owner ?p ?m) (owner ?p ?l) (king ?l) (owner ?o ?r) (distinct ?p ?o))",
		"(<= (safe ?m) (exists context safe/1 ?m) (owner ?p ?m) (between ?m ?k ?x) (king ?k) (true (at ?x)))",
		"(<= (safe ?m) (exists context safe/1 ?m) (owner ?p ?m) (between ?m ?k ?x) (king ?k) (true (at ?x)))",
		"(<= (between ?l ?m ?r) (exists context between/3 ?l ?m) (true (line ?l ?m ?r)))",
		"(<= (near ?x) (true (at ?x)))",
		"(<= (legal ?p (go ?m)) (owner ?p ?m) (near ?y) (not (pinned ?m)) (safe ?m) (far c1))",
		"(<= (far ?x) (exists demand far/1 ?x) (cell ?x) (cell ?y) (distinct ?x ?y))",
		"(<= (owner a x))", "(<= (owner b y))", "(<= (king x))", "(<= (cell c1))", "(<= (cell c2))",
		"(<= (exists demand far/1 c1))",
		"(<= (exists context between/3 ?l ?m) (owner ?p ?m) (owner ?p ?l) (king ?l))",
		"(<= (exists context between/3 ?m ?k) (owner ?p ?m) (king ?k))",
		"(<= (exists context pinned/1 ?m) (owner ?p ?m))",
		"(<= (exists context safe/1 ?m) (owner ?p ?m))",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// expandOr returns the bodies of r with its (or ...) literals (at the
// top of the body, over atoms) multiplied out, for the tests.
func expandOr(t *testing.T, r *kif.Rule) [][]kif.Lit {
	bodies := [][]*kif.Term{nil}
	for _, b := range r.Body {
		alts := []*kif.Term{b}
		if b.Name == "or" {
			alts = b.Args
		}
		var next [][]*kif.Term
		for _, body := range bodies {
			for _, a := range alts {
				next = append(next, append(append([]*kif.Term(nil), body...), a))
			}
		}
		bodies = next
	}
	var out [][]kif.Lit
	for _, body := range bodies {
		out = append(out, bodyOf(t, &kif.Rule{Head: r.Head, Body: body}))
	}
	return out
}
