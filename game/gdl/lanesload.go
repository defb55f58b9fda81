package gdl

import (
	"math/bits"

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

// maxLoadWords is the most words of a packed position that loads are
// kept for (4096 base atoms): beyond, 256 of them would take more memory
// than the networks themselves, and the lanes write a load at once.
const maxLoadWords = 64

// transposeMin is the fewest loads in a word that are written together:
// a transposition of 64 by 64 bits costs about what five loads cost
// written lane by lane (lanes.transposeMin, which the tests change).
const transposeMin = 5

// Load puts the position of s, a *State of the same game, into lane.
func (l *lanes) Load(lane int, s game.State, maxPlies int) {
	st := s.(*State)
	k, b := lane>>6&(laneWords-1), lane&63
	bit := uint64(1) << b
	if l.loads != nil {
		copy(l.loads[lane*l.baseWords:(lane+1)*l.baseWords], st.base)
		l.pending = l.pending.withWord(k, l.pending.word(k)|bit)
	} else {
		l.writeLoad(k, b, st.base)
	}
	l.active = l.active.withWord(k, l.active.word(k)|bit)
	l.held = l.held.withWord(k, l.held.word(k)&^bit)
	l.loaded[lane], l.expiry[lane] = l.step, noExpiry
	if maxPlies > 0 {
		l.expiry[lane] = l.step + int64(maxPlies)
		l.nextExpiry = min(l.nextExpiry, l.expiry[lane])
	}
	l.stale = true
}

// writeLoad writes the packed position base into lane (word k, bit b).
func (l *lanes) writeLoad(k, b int, base []uint64) {
	bit := uint64(1) << b
	w := l.w[:l.n.nBase]
	for i := range w {
		// Without a branch (a position's values are as good as random).
		one := base[i>>6] >> (i & 63) & 1
		x := &w[i][k&(laneWords-1)]
		*x = *x&^bit | -one&bit
	}
}

// writeLoads writes the positions of the pending loads into their
// lanes' words.
func (l *lanes) writeLoads() {
	bw, nb := l.baseWords, l.n.nBase
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
// 16 within each, down to single bits.
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j >>= 1 {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			x, y := &a[k&63], &a[(k+j)&63] // masked: no bound checked
			t := (*x>>j ^ *y) & m
			*x ^= t << j
			*y ^= t
		}
		m ^= m << (j >> 1)
	}
}
