package gdl

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// frame is a game around a feature: role a's legal moves at the start
// are whatever the feature's rules give as (option ?m); playing one ends
// the game with a's goal 100 if (win) holds then, else 0.
const frame = `(role a)
(role b)
(init (s 0))
(<= (legal a ?m) (option ?m) (true (s 0)))
(<= (legal b noop) (true (s 0)))
(<= (next (s 1)) (does a ?m))
(<= (next (played ?m)) (does a ?m))
(<= terminal (true (s 1)))
(<= (goal a 100) win)
(<= (goal a 0) (not win))
(goal b 0)
`

func legalTexts(s game.State) string {
	var out []string
	for _, m := range s.Legal(nil) {
		out = append(out, s.FormatMove(m))
	}
	return strings.Join(out, " ")
}

func TestFeatures(t *testing.T) {
	tests := []struct {
		name, rules string
		want        string // a's legal moves at the start, in text order
	}{
		{"facts", "(option x) (option y)", "x y"},
		{"comments", "; a comment\n(option x) ; another (option y)\n;(option z)", "x"},
		{"case", "(OPTION X) (Option y) (<= (OPTION (F ?V)) (Thing ?v)) (THING Z)", "(F Z) X y"},
		{"one symbol spelled two ways", "(<= (option ?x) (Thing ?x)) (thing aB) (THING ab) (thing Cd)", "aB Cd"},
		{"odd symbols", "(option x-1) (option a.b) (option +) (option <) (option 1st) (option :k) (option |q|) (option \"s\")", "\"s\" + 1st :k < a.b x-1 |q|"},
		{"zero-argument compound", "(option (go)) (<= (option stop) (true (s 0)))", "go stop"},
		{"nested functions", "(cell (pos 1 (row a)) x) (<= (option (move ?p ?c)) (cell ?p ?c))", "(move (pos 1 (row a)) x)"},
		{"variables", "(n 1) (n 2) (<= (option (pair ?x ?y)) (n ?x) (n ?y))", "(pair 1 1) (pair 1 2) (pair 2 1) (pair 2 2)"},
		{"distinct", "(n 1) (n 2) (<= (option (pair ?x ?y)) (n ?x) (n ?y) (distinct ?x ?y))", "(pair 1 2) (pair 2 1)"},
		{"distinct of terms", "(n 1) (n 2) (<= (option ?x) (n ?x) (distinct (f ?x) (f 1)))", "2"},
		{"not distinct", "(n 1) (n 2) (<= (option (pair ?x ?y)) (n ?x) (n ?y) (not (distinct ?x ?y)))", "(pair 1 1) (pair 2 2)"},
		{"not", "(n 1) (n 2) (n 3) (odd 1) (odd 3) (<= (option ?x) (n ?x) (not (odd ?x)))", "2"},
		{"not of true", "(n 0) (n 1) (<= (option ?x) (n ?x) (not (true (s ?x))))", "1"},
		{"or", "(n 1) (n 2) (n 3) (<= (option ?x) (n ?x) (or (same ?x 1) (same ?x 3))) (same 1 1) (same 3 3)", "1 3"},
		{"or with not and distinct", "(n 1) (n 2) (n 3) (<= (option ?x) (n ?x) (or (not (big ?x)) (distinct ?x 3))) (big 2) (big 3)", "1 2"},
		{"nested or", "(n 1) (n 2) (n 3) (n 4) (<= (option ?x) (n ?x) (or (distinct ?x ?x) (or (same ?x 2) (same ?x 4)))) (same 2 2) (same 4 4)", "2 4"},
		{"not of or", "(n 1) (n 2) (n 3) (<= (option ?x) (n ?x) (not (or (same ?x 1) (same ?x 2)))) (same 1 1) (same 2 2)", "3"},
		{"recursion", "(succ 0 1) (succ 1 2) (succ 2 3) (<= (less ?x ?y) (succ ?x ?y)) (<= (less ?x ?z) (succ ?x ?y) (less ?y ?z)) (<= (option ?x) (less 1 ?x))", "2 3"},
		{"recursion over function terms", "(num z) (<= (num (s ?x)) (num ?x) (small ?x)) (small z) (small (s z)) (<= (option ?x) (num ?x))", "(s (s z)) (s z) z"},
		{"mutual recursion", "(edge 1 2) (edge 2 3) (<= (even 1)) (<= (odd ?y) (even ?x) (edge ?x ?y)) (<= (even ?y) (odd ?x) (edge ?x ?y)) (<= (option ?x) (even ?x))", "1 3"},
		{"stratified negation", "(n 1) (n 2) (n 3) (link 1 2) (<= (reach 1)) (<= (reach ?y) (reach ?x) (link ?x ?y)) (<= (option ?x) (n ?x) (not (reach ?x)))", "3"},
		{"recursion over the state", "(init (edge n1 n2)) (init (edge n2 n3)) (init (edge n3 n1)) (init (edge n4 n5))" +
			"(<= (link ?x ?y) (true (edge ?x ?y))) (<= (conn ?x ?y) (link ?x ?y)) (<= (conn ?x ?z) (conn ?x ?y) (link ?y ?z))" +
			"(<= (option (reach ?y)) (conn n1 ?y))", "(reach n1) (reach n2) (reach n3)"},
		{"role in body", "(<= (option ?r) (role ?r))", "a b"},
		{"legal in body", "(option x) (<= (option y) (legal b noop))", "x y"},
		{"base and input", "(option x) (<= (base (s ?x)) (n ?x)) (n 0) (n 1) (<= (base (played ?m)) (option ?m)) (<= (input a ?m) (option ?m)) (input b noop)", "x"},
		{"computed goal values", "(option x) (option y) (val x 30) (val y 300) (<= (goal b ?v) (true (played ?m)) (val ?m ?v))", "x y"},
		{"a question with a term no state has made", "(n 1) (n 2) (<= (pickable (pick ?y)) (n ?y)) (<= (can ?x) (n ?x) (pickable (pick ?x))) (<= (option (picked ?x)) (can ?x))", "(picked 1) (picked 2)"},
		{"static terminal rules", "(option x) (<= (option y) (role a) (not (role c)))", "x y"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Load(tc.name, []byte(frame+tc.rules))
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstReference(t, []byte(frame+tc.rules), 3, 5)
			checkAgainstReferenceWith(t, []byte(frame+tc.rules), 3, 5, engineTopDown)
			s := v.New()
			if got := legalTexts(s); got != tc.want {
				t.Fatalf("legal moves %q, want %q", got, tc.want)
			}
			for _, m := range s.Legal(nil) {
				c := s.Clone()
				c.Apply(m)
				if !c.Terminal() {
					t.Fatalf("after %s: not terminal: %s", s.FormatMove(m), c)
				}
				if !strings.Contains(c.String(), "(played "+s.FormatMove(m)+")") {
					t.Fatalf("after %s: position %s", s.FormatMove(m), c)
				}
			}
		})
	}
}

// TestMovesOfWhatIsNotARole: legal moves the rules give a symbol that is
// not a role (knightwar reads the role off a cell's content, which may be
// blank) are no one's, and the rules that ask whether such a move is made
// never hold.
func TestMovesOfWhatIsNotARole(t *testing.T) {
	src := []byte(`(role a) (role b)
		(init (owner a)) (init (owner nobody))
		(<= (legal ?o go) (true (owner ?o)))
		(legal b noop)
		(<= (next (went ?o)) (does ?o go))
		(<= (next (owner ?o)) (true (owner ?o)))
		(<= terminal (true (went ?o)))
		(goal a 100) (goal b 0)`)
	v, err := Load("notarole", src)
	if err != nil {
		t.Fatal(err)
	}
	s := v.New()
	if got := legalTexts(s); got != "go" {
		t.Fatalf("legal %q", got)
	}
	checkAgainstReference(t, src, 2, 5)
}
