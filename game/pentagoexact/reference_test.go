package pentagoexact

import "math/bits"

// pxRefSolver is the plain reference solver (the first version, kept to
// check the fast one): alpha-beta over {−1, 0, +1} on pxChildren with a
// transposition table of bounds, no symmetries.
type pxRefSolver struct {
	tt    []pxEntry
	mask  uint64
	bufs  [40][]pxChild
	nodes int64
}

// pxEntry holds a position's stones and the bounds lo ≤ value ≤ hi
// (each stored +2, so that zero means empty).
type pxEntry struct {
	me, opp uint64
	lo, hi  int8
}

func newPxRefSolver(bits uint) *pxRefSolver {
	return &pxRefSolver{tt: make([]pxEntry, 1<<bits), mask: 1<<bits - 1}
}

func pxKey(me, opp uint64) uint64 {
	h := me*0x9e3779b97f4a7c15 ^ opp*0xc2b2ae3d27d4eb4f
	return h ^ h>>29
}

// value returns the exact value of (me, opp) for the mover.
func (x *pxRefSolver) value(me, opp uint64) int8 { return x.solve(me, opp, -1, 1) }

// solve is fail-soft alpha-beta: the result is exact when it lies strictly
// inside (alpha, beta), an upper bound when ≤ alpha, a lower when ≥ beta.
func (x *pxRefSolver) solve(me, opp uint64, alpha, beta int8) int8 {
	x.nodes++
	if pxPlaceWins(me, opp) {
		return 1
	}
	n := bits.OnesCount64(me | opp)
	if n == 35 {
		return 0 // the last placement fills the board without a five
	}
	slot := &x.tt[pxKey(me, opp)&x.mask]
	if slot.lo != 0 && slot.me == me && slot.opp == opp {
		lo, hi := slot.lo-2, slot.hi-2
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
	}
	origAlpha, origBeta := alpha, beta
	kids := pxChildren(me, opp, x.bufs[n][:0])
	x.bufs[n] = kids
	best := int8(-2)
	open := kids[:0]
	for _, k := range kids {
		if k.final {
			if k.value == 1 {
				return 1
			}
			best = max(best, k.value)
			continue
		}
		if pxWinsNow(k.me, k.opp) {
			best = max(best, -1) // the opponent wins at once
			continue
		}
		k.priority = -pxLead(k.me, k.opp, 1)
		open = append(open, k)
	}
	if best > alpha {
		alpha = best
	}
	if alpha < beta {
		for i := 0; i < len(open) && alpha < beta; i++ {
			b := i
			for j := i + 1; j < len(open); j++ {
				if open[j].priority > open[b].priority {
					b = j
				}
			}
			open[i], open[b] = open[b], open[i]
			v := -x.solve(open[i].me, open[i].opp, -beta, -alpha)
			if v > best {
				best = v
				alpha = max(alpha, v)
			}
		}
	}
	lo, hi := int8(-1), int8(1)
	switch {
	case best <= origAlpha:
		hi = best
	case best >= origBeta:
		lo = best
	default:
		lo, hi = best, best
	}
	if slot.lo != 0 && slot.me == me && slot.opp == opp {
		lo, hi = max(lo, slot.lo-2), min(hi, slot.hi-2)
	}
	*slot = pxEntry{me: me, opp: opp, lo: lo + 2, hi: hi + 2}
	return best
}
