package ggp

import (
	"strings"

	"github.com/tabletop/tabletop/game/gdl"
)

// guessMove is what a player answers before it has read the rules: a
// move the sheet makes legal for role without a condition ((legal white
// noop) as a fact is legal in every position), else the first move of a
// legal rule of role without variables (often the waiting move of a
// turn-taking game), else noop. It reads the sheet's syntax only, which
// takes little time whatever its size.
func guessMove(src []byte, role string) string {
	d, err := gdl.Parse(src)
	if err != nil {
		return "noop"
	}
	first := ""
	for _, r := range d.Rules {
		h := r.Head
		if !strings.EqualFold(h.Name, "legal") || len(h.Args) != 2 || !groundTerm(h.Args[1]) {
			continue
		}
		if who := h.Args[0]; !who.IsVar() && !strings.EqualFold(who.Name, role) {
			continue
		}
		if len(r.Body) == 0 {
			return h.Args[1].String()
		}
		if first == "" {
			first = h.Args[1].String()
		}
	}
	if first == "" {
		return "noop"
	}
	return first
}

// groundTerm reports whether t has no variables.
func groundTerm(t *gdl.Term) bool {
	if t.IsVar() {
		return false
	}
	for _, a := range t.Args {
		if !groundTerm(a) {
			return false
		}
	}
	return true
}
