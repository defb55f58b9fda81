package ground

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// clauseText writes a clause as a rule, for the tests.
func clauseText(c kif.Clause) string {
	var b strings.Builder
	b.WriteString("(<= " + c.Head.String())
	for _, l := range c.Body {
		switch l.Kind {
		case kif.LitPos:
			b.WriteString(" " + l.Atom.String())
		case kif.LitNeg:
			b.WriteString(" (not " + l.Atom.String() + ")")
		case kif.LitDistinct:
			b.WriteString(" (distinct " + l.A.String() + " " + l.B.String() + ")")
		case kif.LitSame:
			b.WriteString(" (not (distinct " + l.A.String() + " " + l.B.String() + "))")
		}
	}
	return b.String() + ")"
}

// TestSplitBodies: the literals of a body that share variables the head
// does not have become rules of their own, smallest heads first; a
// negation or test that reads a variable bound outside them takes a copy
// of a literal that binds it, and the literals of the rest over the new
// head's variables go in as copies; a body with one positive literal, or
// whose every positive literal would go, stays as it is, and so does a
// part whose new head would have every variable of the head and of the
// rest (the rest would only read the new rule's joins back).
func TestSplitBodies(t *testing.T) {
	cases := []struct {
		name, rule string
		want       []string
	}{
		{"frame rule (skirmish)",
			`(<= (next (loc ?x ?y ?p)) (true (loc ?x ?y ?p)) (role ?r) (does ?r (move ?x1 ?y1 ?x2 ?y2))
			     (cell ?x1 ?y1) (distinctCell ?x ?y ?x1 ?y1) (distinctCell ?x ?y ?x2 ?y2))`,
			[]string{
				"(<= (exists split 1 ?x1 ?y1 ?x2 ?y2) (role ?r) (does ?r (move ?x1 ?y1 ?x2 ?y2)) (cell ?x1 ?y1))",
				"(<= (exists split 2 ?x1 ?y1 ?x ?y) (exists split 1 ?x1 ?y1 ?x2 ?y2) (distinctCell ?x ?y ?x2 ?y2) (cell ?x1 ?y1) (distinctCell ?x ?y ?x1 ?y1))",
				"(<= (exists split 3 ?x ?y) (exists split 2 ?x1 ?y1 ?x ?y) (cell ?x1 ?y1) (distinctCell ?x ?y ?x1 ?y1))",
				"(<= (next (loc ?x ?y ?p)) (exists split 3 ?x ?y) (true (loc ?x ?y ?p)))",
			}},
		{"projection and a test bound outside",
			`(<= (h ?a) (p ?a ?b) (q ?b ?c ?d) (distinct ?c ?a))`,
			[]string{
				"(<= (exists split 1 ?b ?c) (q ?b ?c ?d))",
				"(<= (h ?a) (exists split 1 ?b ?c) (p ?a ?b) (distinct ?c ?a))",
			}},
		{"no rule that the rest only reads back (AlexChess's legal2)",
			`(<= (l2 ?t ?x ?y) (l1 ?p ?t ?x ?y ?d) (check ?q ?k) (ray ?q ?y) (ray ?k ?y) (distinct ?t king))`,
			[]string{
				"(<= (exists split 1 ?k ?y) (check ?q ?k) (ray ?q ?y) (ray ?k ?y))",
				"(<= (exists split 2 ?y) (exists split 1 ?k ?y) (ray ?k ?y))",
				"(<= (l2 ?t ?x ?y) (exists split 2 ?y) (l1 ?p ?t ?x ?y ?d) (distinct ?t king))",
			}},
		{"one positive literal", `(<= (h ?a) (p ?a ?b) (not (q ?b)))`,
			[]string{"(<= (h ?a) (p ?a ?b) (not (q ?b)))"}},
		{"every variable in the head", `(<= (h ?a ?b) (p ?a) (q ?b) (distinct ?a ?b))`,
			[]string{"(<= (h ?a ?b) (p ?a) (q ?b) (distinct ?a ?b))"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := kif.Parse([]byte(tc.rule))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range splitBodies([]kif.Clause{{Head: d.Rules[0].Head, Body: bodyOf(t, d.Rules[0])}}) {
				got = append(got, clauseText(c))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// bodyOf returns the literals of a rule without (or ...).
func bodyOf(t *testing.T, r *kif.Rule) []kif.Lit {
	var body []kif.Lit
	for _, b := range r.Body {
		switch {
		case b.Name == "not" && b.Args[0].Name == "distinct":
			body = append(body, kif.Lit{Kind: kif.LitSame, A: b.Args[0].Args[0], B: b.Args[0].Args[1]})
		case b.Name == "not":
			body = append(body, kif.Lit{Kind: kif.LitNeg, Atom: b.Args[0]})
		case b.Name == "distinct":
			body = append(body, kif.Lit{Kind: kif.LitDistinct, A: b.Args[0], B: b.Args[1]})
		default:
			body = append(body, kif.Lit{Kind: kif.LitPos, Atom: b})
		}
	}
	return body
}
