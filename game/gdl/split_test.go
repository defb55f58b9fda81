package gdl

import (
	"errors"
	"os"
	"path/filepath"
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
// whose every positive literal would go, stays as it is.
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
				"(<= (exists split 2 ?b ?a) (exists split 1 ?b ?c) (distinct ?c ?a) (p ?a ?b))",
				"(<= (h ?a) (exists split 2 ?b ?a) (p ?a ?b))",
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

// simultaneousMarks is a game whose frame rule reads both roles' moves:
// it grounds to one instance per cell, mark and pair of moves, where the
// split rules make a few per cell and move.
const simultaneousMarks = `
(role crosser) (role blocker)
(index 1) (index 2) (index 3) (index 4)
(<= (cell ?x ?y) (index ?x) (index ?y))
(<= (init (cell ?x ?y b)) (cell ?x ?y))
(<= (legal ?r (mark ?x ?y ?x2 ?y2)) (role ?r) (true (cell ?x ?y b)) (cell ?x2 ?y2))
(<= (next (cell ?x ?y ?r)) (does ?r (mark ?x ?y ?x2 ?y2)))
(<= (next (cell ?x ?y ?m)) (true (cell ?x ?y ?m))
    (does crosser (mark ?xc ?yc ?xc2 ?yc2)) (does blocker (mark ?xb ?yb ?xb2 ?yb2))
    (distinctCell ?x ?y ?xc ?yc) (distinctCell ?x ?y ?xb ?yb))
(<= (distinctCell ?x1 ?y1 ?x2 ?y2) (cell ?x1 ?y1) (cell ?x2 ?y2) (distinct ?x1 ?x2))
(<= (distinctCell ?x1 ?y1 ?x2 ?y2) (cell ?x1 ?y1) (cell ?x2 ?y2) (distinct ?y1 ?y2))
(<= open (true (cell ?x ?y b)))
(<= terminal (not open))
(<= (goal ?r 100) (role ?r) (true (cell 1 1 ?r)))
(<= (goal ?r 0) (role ?r) (not (true (cell 1 1 ?r))))
`

// TestSplitWhenOverBudget: a sheet whose rules as written take more
// grounding work than the limits allow grounds with its bodies split,
// and plays as the top-down evaluator plays it.
func TestSplitWhenOverBudget(t *testing.T) {
	lim := DefaultLimits
	lim.MaxWork = 400_000
	checkGroundsRewritten(t, "marks", simultaneousMarks, lim)
}

// checkGroundsRewritten checks that sheet reaches a limit of lim when
// grounded as written, grounds when Load rewrites it, and plays then as
// the top-down evaluator plays it.
func checkGroundsRewritten(t *testing.T, name, sheet string, lim Limits) {
	t.Helper()
	d, err := kif.Parse([]byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	clauses, err := kif.Validate(d, lim.MaxTermDepth)
	if err != nil {
		t.Fatal(err)
	}
	var limit *limitError
	if err := newGrounder(lim).run(clauses); !errors.As(err, &limit) {
		t.Fatalf("the rules as written ground within the limits (%v): the test needs a sheet that does not", err)
	}
	v, err := compile(name, d, lim, engineAuto)
	if err != nil {
		t.Fatal(err)
	}
	if e := Evaluation(v); e != "ground" {
		t.Fatalf("evaluated %s", e)
	}
	checkSameGame(t, name, v, loadWith(t, name, []byte(sheet), engineTopDown), 20, 40)
}

// TestRewrittenRulesAgree: every test sheet, and the unsafe ones,
// grounded from the rules rewriteForGrounding makes (restricted to what
// is asked, their bodies split) play ply by ply as the rules as written
// do.
func TestRewrittenRulesAgree(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.kif")
	sheets := map[string][]byte{"marks": []byte(simultaneousMarks), "count": []byte(threeInARowCount)}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sheets[filepath.Base(f)] = src
	}
	for _, tc := range unsafeSheets {
		sheets[tc.name] = []byte(tc.sheet)
	}
	for name, src := range sheets {
		d, err := kif.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := compile(name, d, DefaultLimits, engineGround)
		if err != nil {
			continue // the invalid sheets of the tests
		}
		lim := DefaultLimits
		lim.rewrite = true
		split, err := compile(name, d, lim, engineGround)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkSameGame(t, name, plain, split, 20, 200)
		})
	}
}
