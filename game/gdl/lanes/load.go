package lanes

import (
	"math/bits"
	"slices"

	"github.com/tabletop/tabletop/game"
)

// Loading positions into the lanes. A lane's position is a bit of each
// base atom's words, so loading one position writes a word of every
// base atom: minichess, whose random games are a few plies long, spent
// a third of its time there. A load is kept packed instead (the State
// keeps its position packed, 64 atoms a word) and written at the next
// Step, for the lanes of a word together where enough were loaded: the
// words of 64 lanes by 64 atoms are transposed into those of 64 atoms by
// 64 lanes, and each atom's word takes the loaded lanes' bits at once.
// The first loads after a Step are written at once (deferAfter of
// them): a caller that loads a few lanes a Step (a search, most games
// of the benchmark) gains nothing from waiting, and the games that end
// together (held to be scored together, see scoreNow) come in bursts.

// maxLoadWords is the most words of a packed position that loads are
// kept for (4096 base atoms): beyond, 256 of them would take more memory
// than the networks themselves, and the lanes write a load at once.
const maxLoadWords = 64

// transposeMinOf is the fewest loads in a word that are written
// together, for a network of nBase base atoms: a transposition of 64 by
// 64 bits costs what transposeCost lanes' atoms cost written lane by
// lane (callgrind: about 5 300 instructions, and 7 an atom).
func transposeMinOf(nBase int) int {
	rows := max(min(nBase, 64), 1)
	return max(2, (transposeCost+rows-1)/rows)
}

// transposeCost is a transposition's cost in atoms written lane by lane.
const transposeCost = 760

// Load puts the position of s, a state of the same game, into lane.
func (l *Sim) Load(lane int, s game.State, maxPlies int) {
	base, vals := l.positionOf(s)
	k, b := lane>>6&(laneWords-1), lane&63
	bit := uint64(1) << b
	if l.clean.word(k)&bit != 0 {
		l.loadClean(k, bit, base)
		*l.clean.at(k) &^= bit
	} else if k == l.groupK && l.groupMask&bit != 0 {
		l.groupMask &^= bit // loaded again before its load was written
		l.writeVals(k, b, vals[:l.n.NBase])
	} else if l.loadsNow++; l.loads != nil && l.loadsNow > l.deferAfter {
		to := l.loads[lane*l.baseWords : (lane+1)*l.baseWords]
		for i := range to {
			to[i] = base[i] // a word or a few: a loop, not a call of copy
		}
		*l.pending.at(k) |= bit
	} else {
		l.writeVals(k, b, vals[:l.n.NBase])
	}
	if l.lp.guardedRoles >= 2 {
		*l.parked.at(k) |= bit
		*l.active.at(k) &^= bit
	} else {
		*l.active.at(k) |= bit
	}
	*l.held.at(k) &^= bit
	l.loaded[lane], l.expiry[lane] = l.step, noExpiry
	if maxPlies > 0 {
		l.expiry[lane] = l.step + int64(maxPlies)
		l.nextExpiry = min(l.nextExpiry, l.expiry[lane])
	}
	l.stale = true
}

// loadClean loads the packed position base into lane (word k, bit), a
// clean lane (see clearEnded). The loads of one position into clean
// lanes of a word, one after another, are written together, its true
// atoms set in all their lanes at once (flushGroup): the caller that
// loads the start position into every lane whose game ended (the bench,
// a playout) loads the same position many times a Step, and minichess,
// whose games are a few plies long, spent an eighth of its time setting
// its start's atoms lane by lane.
func (l *Sim) loadClean(k int, bit uint64, base []uint64) {
	if l.groupMask != 0 && (k != l.groupK || !slices.Equal(l.groupBase, base)) {
		l.flushGroup()
	}
	if l.groupMask == 0 {
		l.groupK, l.groupBase = k, append(l.groupBase[:0], base...)
	}
	l.groupMask |= bit
}

// flushGroup writes the loads of the group (see loadClean).
func (l *Sim) flushGroup() {
	setBase(l.w, l.groupK, l.groupMask, l.groupBase)
	l.groupMask = 0
}

// clearEnded sets every base atom false in the lanes of the ended games
// (held), and marks them clean, where enough ended together: a load
// into a clean lane then sets the position's true atoms only (setBase),
// a few of them, where writing every base atom of the lane costs about
// 7 instructions an atom; clearing them costs about 15 an atom for all
// the lanes at once. minichess's games are three plies long and 4pttc's
// positions are 273 base atoms of which 10 hold at its start.
func (l *Sim) clearEnded() {
	if popCount(l.held) < l.clearMin {
		return
	}
	clearLanes(l.w[:l.n.NBase], l.held)
	l.clean = or(l.clean, l.held)
}

// clearMin is the fewest ended games that are cleared together (a
// lane's base atoms written one by one cost about half of clearing them
// in all lanes).
const clearMin = 3

// clearLanes sets the atoms of w false in the lanes of m. It is a
// function of its own so that m stays in registers.
//
//go:noinline
func clearLanes(w wordsOf, m lword) {
	for i := range w {
		x := &w[i]
		x[0] &^= m.w0
		x[1] &^= m.w1
		x[2] &^= m.w2
		x[3] &^= m.w3
	}
}

// setBase sets, in the lanes of mask m of word k of w, the base atoms
// true in the packed position base; the lanes' base atoms are all false
// before. It is a function of its own so that its loop's state stays in
// registers.
//
//go:noinline
func setBase(w wordsOf, k int, m uint64, base []uint64) {
	k &= laneWords - 1
	for j, x := range base {
		rows := w[j<<6:]
		for ; x != 0; x &= x - 1 {
			rows[bits.TrailingZeros64(x)][k] |= m
		}
	}
}

// writeVals writes the position vals into lane (word k, bit b).
func (l *Sim) writeVals(k, b int, vals []bool) {
	bit := uint64(1) << b
	w := l.w[:len(vals)]
	k &= laneWords - 1
	for i, v := range vals {
		// Without a branch (a position's values are as good as random),
		// and without a shift by b in the loop, which held the shift
		// count's register and made the compiler juggle the others.
		var one uint64
		if v {
			one = 1
		}
		x := &w[i][k]
		*x = *x&^bit | -one&bit
	}
}

// writeLoad writes the packed position base into lane (word k, bit b).
func (l *Sim) writeLoad(k, b int, base []uint64) {
	bit := uint64(1) << b
	w := l.w[:l.n.NBase]
	k &= laneWords - 1
	for j, x := range base {
		rows := w[64*j : min(64*j+64, len(w))]
		for i := range rows {
			// Without a branch (a position's values are as good as
			// random).
			r := &rows[i][k]
			*r = *r&^bit | -(x&1)&bit
			x >>= 1
		}
	}
}

// writeLoads writes the positions of the pending loads into their
// lanes' words.
func (l *Sim) writeLoads() {
	bw, nb := l.baseWords, l.n.NBase
	for k := 0; k < laneWords; k++ {
		p := l.pending.word(k)
		if bits.OnesCount64(p) < l.transposeMin {
			for m := p; m != 0; m &= m - 1 {
				lane := k<<6 | bits.TrailingZeros64(m)
				l.writeLoad(k, lane&63, l.loads[lane*bw:(lane+1)*bw])
			}
			continue
		}
		var t [64]uint64
		for j := 0; j < bw; j++ {
			t = [64]uint64{}
			for m := p; m != 0; m &= m - 1 {
				b := bits.TrailingZeros64(m)
				t[b] = l.loads[(k<<6|b)*bw+j]
			}
			transpose64(&t)
			rows := l.w[64*j : min(64*j+64, nb)]
			for i := range rows {
				x := &rows[i][k]
				*x = *x&^p | t[i]
			}
		}
	}
	l.pending = lword{}
}

// transpose64 transposes the 64 by 64 bits of a: bit i of a[j] becomes
// bit j of a[i]. It swaps the off-diagonal blocks of 32, then those of
// 16 within each, down to single bits; each round with its shift and
// mask constant.
func transpose64(a *[64]uint64) {
	transposeRound(a, 32, 0x00000000ffffffff)
	transposeRound(a, 16, 0x0000ffff0000ffff)
	transposeRound(a, 8, 0x00ff00ff00ff00ff)
	transposeRound(a, 4, 0x0f0f0f0f0f0f0f0f)
	transposeRound(a, 2, 0x3333333333333333)
	transposeRound(a, 1, 0x5555555555555555)
}

// transposeRound swaps, in each square of 2j by 2j bits on the
// diagonal, the top right and bottom left squares of j by j: the bits of
// mask m shifted up by j in the rows of the top half with the bits of m
// in the rows of the bottom half.
func transposeRound(a *[64]uint64, j int, m uint64) {
	for k0 := 0; k0 < 64; k0 += 2 * j {
		for k := k0; k < k0+j; k++ {
			x, y := &a[k&63], &a[(k+j)&63] // masked: no bound checked
			t := (*x>>j ^ *y) & m
			*x ^= t << j
			*y ^= t
		}
	}
}
