package lanes

import "math"

// Most rules of a network are false in all 256 lanes at once: a move
// from a given cell, a piece of a given kind on it. An OR of rules
// (orAnd) can read each rule's first positive operand and skip the rule
// where it is false in every lane, so that operand is chosen as the one
// least often true: the lanes' code is compiled with each rule's
// positive literals ordered by how often their atoms held in the
// positions of a few random games (Sample), the rarest first. The
// test costs about half an operand a rule, so an OR skips only where
// the sample says it saves more than that (skipPays): on connectFour
// and pentago the rules' first operands are seldom false in every lane,
// and testing them all cost 3-5 % more instructions a ply.

// Sample is how often each atom held in the positions of a few random
// games (package gdl plays them).
type Sample struct {
	Held  []int32 // by atom
	Plies int32   // the positions sampled
}

// heldIn is in how many sampled positions atom a held: none for an atom
// the sample does not know (a push target).
func (sm *Sample) heldIn(a int32) int32 {
	if int(a) < len(sm.Held) {
		return sm.Held[a]
	}
	return 0
}

// rarestFirst moves the positive literal of lits whose atom held least
// often to the front.
func (sm *Sample) rarestFirst(lits []int32) {
	best, bestN := -1, int32(0)
	for i, l := range lits {
		if h := sm.heldIn(l >> 1); l&1 == 0 && (best < 0 || h < bestN) {
			best, bestN = i, h
		}
	}
	if best > 0 {
		lits[0], lits[best] = lits[best], lits[0]
	}
}

// allFalse estimates the chance that atom a is false in every lane, as
// if the lanes' positions were drawn independently from the sample.
func (sm *Sample) allFalse(a int32) float64 {
	return math.Pow(1-float64(sm.heldIn(a))/float64(max(sm.Plies, 1)), laneCount)
}

// skipPays reports whether skipping the rules whose first positive
// operand is false in every lane saves, by the sample, more operands
// than the tests cost (half an operand a rule); every rule must have a
// positive literal, first (see rarestFirst). A nil sample skips nothing.
func (sm *Sample) skipPays(rules [][]int32) bool {
	if sm == nil {
		return false
	}
	saved, cost := 0.0, 0.0
	for _, r := range rules {
		if len(r) == 0 || r[0]&1 != 0 {
			return false // orAndSkip tests a positive first operand
		}
		cost += 0.5
		saved += sm.allFalse(r[0]>>1) * float64(len(r)-1)
	}
	return saved > cost
}
