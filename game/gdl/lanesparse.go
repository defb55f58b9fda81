package gdl

import (
	"math"

	"github.com/tabletop/tabletop/game"
)

// Most rules of a network are false in all 256 lanes at once: a move
// from a given cell, a piece of a given kind on it. An OR of rules
// (orAnd) can read each rule's first positive operand and skip the rule
// where it is false in every lane, so that operand is chosen as the one
// least often true: the lanes' code is compiled with each rule's
// positive literals ordered by how often their atoms held in the
// positions of a few random games (sampleHeld), the rarest first. The
// test costs about half an operand a rule, so an OR skips only where
// the sample says it saves more than that (skipPays): on connectFour
// and pentago the rules' first operands are seldom false in every lane,
// and testing them all cost 3-5 % more instructions a ply.

// sampleWork bounds the sample: its plies times the network's atoms.
const sampleWork = 1 << 22

// samplePlies bounds the plies of the sample, and sampleGame those of
// one of its games (some sheets' random games seldom end).
const (
	samplePlies = 256
	sampleGame  = 200
)

// sample is how often each atom held in the positions of a few random
// games.
type sample struct {
	held  []int32 // by atom
	plies int32   // the positions sampled
}

// sampleHeld samples the positions of random games of n from the start
// (seeded, so that the lanes' code is the same from one load to the
// next).
func sampleHeld(n *network, v *game.Variant) *sample {
	sm := &sample{held: make([]int32, n.nAtoms)}
	plies := min(samplePlies, max(sampleWork/max(n.nAtoms, 1), 16))
	rng := game.NewRand(1)
	start := n.newState(v)
	s := n.emptyState(v)
	var joint, buf []game.Move
	for inGame := 0; int(sm.plies) < plies; sm.plies++ {
		if sm.plies == 0 || s.Terminal() || inGame == sampleGame {
			s.CopyFrom(start)
			inGame = 0
		}
		s.ensureView()
		for a, x := range s.vals {
			if x {
				sm.held[a]++
			}
		}
		if s.Terminal() {
			continue
		}
		joint = joint[:0]
		for r := range n.roles {
			buf = s.LegalOf(game.Role(r), buf[:0])
			m := game.Noop
			if len(buf) > 0 {
				m = buf[rng.Intn(len(buf))]
			}
			joint = append(joint, m)
		}
		s.apply(joint)
		inGame++
	}
	return sm
}

// heldIn is in how many sampled positions atom a held: none for an atom
// the sample does not know (a push target).
func (sm *sample) heldIn(a int32) int32 {
	if int(a) < len(sm.held) {
		return sm.held[a]
	}
	return 0
}

// rarestFirst moves the positive literal of lits whose atom held least
// often to the front.
func (sm *sample) rarestFirst(lits []int32) {
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
func (sm *sample) allFalse(a int32) float64 {
	return math.Pow(1-float64(sm.heldIn(a))/float64(max(sm.plies, 1)), laneCount)
}

// skipPays reports whether skipping the rules whose first positive
// operand is false in every lane saves, by the sample, more operands
// than the tests cost (half an operand a rule); every rule must have a
// positive literal, first (see rarestFirst). A nil sample skips nothing.
func (sm *sample) skipPays(rules [][]int32) bool {
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
