package gdl

import (
	"strings"
	"testing"
)

// skeleton is a valid two-role game that the invalid sheets below break
// one rule at a time.
const skeleton = `(role a)
(role b)
(init (s 0))
(<= (legal a go) (true (s 0)))
(<= (legal b noop) (true (s 0)))
(<= (next (s 1)) (does a go))
(<= terminal (true (s 1)))
(goal a 100)
(goal b 0)
`

func TestSkeletonLoads(t *testing.T) {
	if _, err := Load("skeleton", []byte(skeleton)); err != nil {
		t.Fatal(err)
	}
}

func TestInvalidSheets(t *testing.T) {
	without := func(line string) string { return strings.Replace(skeleton, line, "", 1) }
	tests := []struct {
		name, sheet, want string
	}{
		{"unclosed", "(role a", "line 1:1: unexpected end of sheet: this '(' is not closed"},
		{"stray close", "(role a))", "line 1:9: unexpected ')'"},
		{"empty term", skeleton + "\n()", "line 11:1: empty term ()"},
		{"term starts with list", "((role) a)", "line 1:2: a term must start with a symbol, not '('"},
		{"variable functor", "(?r a)", "line 1:2: a term must start with a symbol, not the variable ?r"},
		{"variable sentence", skeleton + "?x", "line 10:1: a sentence cannot be the variable ?x"},
		{"variable literal", skeleton + "(<= (p) ?x)", "line 10:9: a rule's body cannot contain the bare variable ?x"},
		{"too deep", strings.Repeat("(f ", 300) + strings.Repeat(")", 300), "terms nest more than 200 deep"},
		{"no role", without("(role a)\n(role b)\n"), "the sheet defines no role"},
		{"no legal", without("(<= (legal a go) (true (s 0)))\n(<= (legal b noop) (true (s 0)))\n"), "the sheet defines no legal"},
		{"no terminal", without("(<= terminal (true (s 1)))\n"), "the sheet defines no terminal"},
		{"no goal", without("(goal a 100)\n(goal b 0)\n"), "the sheet defines no goal"},
		{"true head", skeleton + "(<= (true (s 2)) (true (s 1)))", "line 10: rule for (true (s 2)): (true ...) may not be a rule's head"},
		{"does head", skeleton + "(does a go)", "line 10: rule for (does a go): (does ...) may not be a rule's head"},
		{"distinct head", skeleton + "(distinct a b)", "(distinct ...) may not be a rule's head"},
		{"next in body", skeleton + "(<= p (next (s 1)))", "line 10: rule for p: (next ...) may appear only in a rule's head"},
		{"init in body", skeleton + "(<= p (init (s 0)))", "(init ...) may appear only in a rule's head"},
		{"role rule", skeleton + "(<= (role c) (true (s 1)))", "line 10: rule for (role c): roles must be given as facts without variables"},
		{"duplicate role", skeleton + "(role a)", "line 10: role a is declared twice"},
		{"legal arity", skeleton + "(<= (legal a) (true (s 1)))", "legal takes 2 arguments, not 1: (legal a)"},
		{"true arity", skeleton + "(<= p (true (s 1) x))", "true takes 1 argument, not 2"},
		{"distinct arity", skeleton + "(<= p (true (s ?x)) (distinct ?x))", "distinct takes 2 arguments, not 1"},
		{"or in term", skeleton + "(<= (p (or a b)) (true (s 1)))", "or inside a term: (p (or a b))"},
		{"unsafe distinct", skeleton + "(<= p (true (s ?y)) (distinct ?x ?y))", "line 10: rule for p: unsafe: ?x must occur in a positive literal of the body or in the head"},
		{"unsafe not and distinct", skeleton + "(<= p (true (s ?y)) (not (q ?x)) (distinct ?x ?y))", "rule for p: unsafe: ?x"},
		{"unbounded domain", skeleton + "(<= (p (f ?x)) (p ?x)) (p 0) (<= (q ?y) (true (s 0))) (<= (legal a ?z) (p ?z) (q ?z))", "rule for (q ?y): unsafe: ?y occur in no positive literal, and the values they may take cannot be bounded"},
		{"unstratified", skeleton + "(<= p (true (s 0)) (not q))\n(<= q (true (s 0)) p)",
			"line 10: rule for p: negation is not stratified: p/0 depends on (not q), which depends on p/0 again"},
		{"negated self", skeleton + "(<= p (true (s 0)) (not p))", "negation is not stratified"},
		{"recursion restriction", skeleton + "(<= (r ?x) (true (s ?x)))\n(<= (r ?x) (r ?y) (true (s ?x)))",
			"line 11: rule for (r ?x): breaks the recursion restriction: ?y in the recursive literal (r ?y)"},
		{"init on true", skeleton + "(<= (init (s 2)) (true (s 0)))", "line 10: rule for (init (s 2)): init depends on true through true/1"},
		{"legal on does", skeleton + "(<= (legal b go) (does a go))", "legal depends on does through does/2: legal moves cannot depend on the moves being made"},
		{"terminal on does", skeleton + "(<= moved (does a go))\n(<= terminal moved)", "line 11: rule for terminal: terminal depends on does through moved/0"},
		{"goal on does", skeleton + "(<= (goal a 50) (does a go))", "goal depends on does"},
		{"base on true", skeleton + "(<= (base (s ?x)) (true (s ?x)))", "base depends on true"},
		{"goal value", skeleton + "(goal a win)", "line 10: rule for (goal a win): goal value win is not a whole number from 0 to 100"},
		{"goal range", skeleton + "(<= (goal b 101) (true (s 1)))", "line 10: rule for (goal b 101): goal value 101 is not"},
		{"goal form", skeleton + "(goal b 050)", "goal value 050 is not"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.name, []byte(tc.sheet))
			if err == nil {
				t.Fatalf("loaded; want error %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q\nwant it to contain %q", err, tc.want)
			}
		})
	}
}
