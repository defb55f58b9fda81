package gdl

import (
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/topdown"
)

// This file is what a display of GDL games needs from the engine and
// nothing more: the facts a position may hold and a way to read facts
// back into terms. The engine itself never uses it.

// BaseFacts returns the KIF text of every fact that may be true in a
// position of v reached by legal play, in the engine's order, or nil when
// v is not a game read from a rule sheet. A display uses it to learn the
// full extent of a board whose empty cells the position does not list.
//
// It is a sound over-approximation, closer than what grounding finds:
// facts that only rules with a false static condition could make true
// (Quad's corners, kept out by (not (corner ?r ?c))) are left out, and
// so are facts that the sheet's base declarations of their relation leave
// out when those declarations cover its initial facts (see base.go).
//
// For a game played top-down (see Evaluation), it is the facts the
// domain analysis finds (each argument's values apart, so every
// combination of them), or the initial facts when that fails.
func BaseFacts(v *game.Variant) []string {
	if s, ok := v.New().(*topdown.State); ok {
		return s.BaseFacts()
	}
	s, ok := v.New().(*State)
	if !ok {
		return nil
	}
	n := s.n
	var out []string
	for a, text := range n.baseText[:n.nBase] {
		if n.possible[a] && !n.undeclared[a] {
			out = append(out, text)
		}
	}
	return out
}

// StaticFacts returns the KIF text of the facts of v's rule sheet that
// hold in every state, the GDL relations (role, init, base, ...) left
// out, sorted; nil when v is not a game read from a rule sheet. They are
// what a sheet says about its own symbols, such as the successor chain
// that orders a board's coordinates. For a game played top-down, they are
// the facts the sheet writes, not those its rules derive.
func StaticFacts(v *game.Variant) []string {
	if s, ok := v.New().(*topdown.State); ok {
		return s.StaticFacts()
	}
	s, ok := v.New().(*State)
	if !ok {
		return nil
	}
	return append([]string(nil), s.n.static...)
}

// IsGDL reports whether v was read from a rule sheet.
func IsGDL(v *game.Variant) bool { return Evaluation(v) != "" }
