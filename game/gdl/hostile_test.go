package gdl

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func numbers(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "(n %d) ", i)
	}
	return b.String()
}

// TestHostileSheets checks that sheets whose grounding explodes reach a
// limit quickly and without exhausting memory, and are then played
// top-down, the limit reached given as the reason; and that sheets that
// cannot be read at all are refused.
func TestHostileSheets(t *testing.T) {
	tests := []struct {
		name, rules string
		lim         Limits
		want        string
	}{
		{"combinatorial atoms", numbers(20) + "(<= (big ?a ?b ?c ?d ?e) (n ?a) (n ?b) (n ?c) (n ?d) (n ?e))",
			DefaultLimits, "the rules give more than 200000 ground atoms, 199964 of them for big/5"},
		{"combinatorial instances", numbers(40) + "(<= (many ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d))",
			Limits{MaxRules: 100_000}, "the rules give more than 100000 ground rule instances"},
		{"deep recursion", "(num 0) (<= (num (succ ?x)) (num ?x))",
			DefaultLimits, "a ground term nests deeper than 40: (num (succ (succ (succ (...)))))"},
		{"zero limits are the defaults", "(num 0) (<= (num (succ ?x)) (num ?x))",
			Limits{}, "a ground term nests deeper than 40"},
		{"lower depth", "(num 0) (<= (num (succ ?x)) (num ?x))",
			Limits{MaxTermDepth: 5}, "a ground term nests deeper than 5"},
		{"work budget", numbers(60) + "(<= (big ?a ?b ?c) (n ?a) (n ?b) (n ?c))",
			Limits{MaxWork: 100_000}, "grounding the rules takes more than 100000 steps"},
		{"wall clock", numbers(60) + "(<= (big ?a ?b ?c) (n ?a) (n ?b) (n ?c))",
			Limits{MaxTime: time.Nanosecond}, "grounding the rules takes longer than 1ns"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := LoadWithLimits(tc.name, []byte(frame+"(option x)"+tc.rules), tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			if e := Evaluation(v); !strings.Contains(e, "top-down: "+tc.want) {
				t.Fatalf("evaluation %q\nwant it to give the reason %q", e, tc.want)
			}
			s := v.New()
			if got := legalTexts(s); got != "x" {
				t.Fatalf("legal %q", got)
			}
			s.Apply(s.Legal(nil)[0])
			if !s.Terminal() || s.String() != "(played x) (s 1)" {
				t.Fatalf("after the move: %s, terminal %v", s, s.Terminal())
			}
		})
	}
	ors := strings.Repeat("(<= (p ?x) (n ?x) "+strings.Repeat("(or (n 1) (n 2)) ", 12)+")\n", 60)
	_, err := Load("many ors", []byte(frame+"(option x)"+numbers(3)+ors))
	if want := "multiply out to more than 200000 rules without (or ...)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v\nwant it to contain %q", err, want)
	}
}
