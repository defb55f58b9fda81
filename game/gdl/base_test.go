package gdl

import (
	"slices"
	"strings"
	"testing"
)

// declared is a game whose sheet says which facts a state holds in the
// way the test puts after it: (on 1) at the start, then any (on n) for a
// number the role picks, (lamp bright) once it picks 2, (spare x) never
// (a rule with an impossible condition gives it).
const declared = `(role p)
(init (on 1))
(num 1) (num 2) (num 3)
(<= (legal p (go ?n)) (num ?n) (not (true (on ?n))))
(<= (next (on ?n)) (does p (go ?n)))
(<= (next (lamp bright)) (does p (go 2)))
(<= (next (spare x)) (true (spare y)))
(<= terminal (true (on 3)))
(goal p 100)
`

// TestBaseDeclarations: declarations of every form are read, never
// refuse a sheet, and leave out of BaseFacts what they leave out of a
// relation, unless they leave out one of its initial facts.
func TestBaseDeclarations(t *testing.T) {
	tests := []struct {
		name, decl string
		want       []string // BaseFacts
	}{
		{"none", "", []string{"(lamp bright)", "(on 1)", "(on 2)", "(on 3)"}},
		{"specification form", "(base (on 1)) (base (on 2)) (base (lamp bright))", []string{"(lamp bright)", "(on 1)", "(on 2)"}},
		{"compact form", "(base on (val 1 3))", []string{"(lamp bright)", "(on 1)", "(on 3)"}},
		{"compact, another case and a value written alone", "(BASE ON 1) (base lamp (Val DIM))", []string{"(on 1)"}},
		{"both forms", "(base (on 3)) (base on (n 1)) (base lamp (x bright))", []string{"(lamp bright)", "(on 1)", "(on 3)"}},
		{"compact form of several arguments", "(base on (val 2 3) (val a b))", []string{"(lamp bright)", "(on 1)", "(on 2)", "(on 3)"}},
		{"partial: leaves out an initial fact", "(base on (val 2 3)) (base lamp (v dim))", []string{"(on 1)", "(on 2)", "(on 3)"}},
		{"partial: another relation only", "(base (lamp bright))", []string{"(lamp bright)", "(on 1)", "(on 2)", "(on 3)"}},
		{"input declarations", "(input p (go 1)) (input p go (val 1 2 3)) (input p)", []string{"(lamp bright)", "(on 1)", "(on 2)", "(on 3)"}},
		{"a rule for a compact form", "(<= (base on (val ?n)) (num ?n))", []string{"(lamp bright)", "(on 1)", "(on 2)", "(on 3)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(declared + tc.decl)
			v, err := Load("declared", src)
			if err != nil {
				t.Fatal(err)
			}
			if got := BaseFacts(v); !slices.Equal(got, tc.want) {
				t.Errorf("BaseFacts %q, want %q", got, tc.want)
			}
			// The declarations change nothing in the game, and every
			// position play reaches reads back.
			checkAgainstReference(t, src, 3, 10)
			s := v.New()
			for _, text := range []string{"(go 2)", "(go 3)"} {
				m, err := s.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				s.Apply(m)
				if p, err := v.ParsePosition(s.String()); err != nil || p.String() != s.String() {
					t.Fatalf("position %q reads back as %v, %v", s, p, err)
				}
			}
		})
	}
}

// TestCompactBaseOfPublishedForm: the form ggp-base's published sheets
// use, with the declarations in another case than the rules.
func TestCompactBaseOfPublishedForm(t *testing.T) {
	src := strings.Replace(readTestdata(t, "tictactoe"), "(<= (base (cell ?m ?n ?c)) (index ?m) (index ?n) (mark ?c))",
		"( base CELL ( val 1 2 3 ) ( val 1 2 3 ) ( val b x o ) )", 1)
	src = strings.Replace(src, "(<= (base (control ?r)) (role ?r))", "(base control (player x o))", 1)
	v, err := Load("compact", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(BaseFacts(v)); got != 29 {
		t.Errorf("%d base facts, want 27 cells and 2 controls", got)
	}
	checkAgainstReference(t, []byte(src), 5, 20)
}
