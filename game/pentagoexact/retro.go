package pentagoexact

// Downstream retrograde analysis of one Pentago position (the idea of the
// "midsolve" of Irving's strong solution, written afresh here): from a
// root with k empty cells, every later position is the root's stones plus
// a set A of new stones of one side and B of the other, with each
// quadrant turned by o_q ∈ {0,1,2,3} quarter turns clockwise from the
// root (a stone never leaves its quadrant, so in the quadrant's own frame
// stones do not move: placing "on an empty cell" of the turned board is
// placing on one of the root's empty cells of the frame). For each
// (A, B) the values of all 256 orientations o are computed at once as
// 256-bit masks, level by level from the full board back to the root;
// a quadrant rotation is a shift of those masks.
//
// Cost depends only on k: about Σ_j C(k,j)·C(j,⌊j/2⌋) pairs (A, B) and
// two arrays of 64 bytes per pair of the two largest adjacent levels
// (k = 18: about 100 million pairs, 2.2 GB).

import "math/bits"

// pxSuper is a set of orientations: bit o0 + 4·o1 + 16·o2 + 64·o3.
type pxSuper [4]uint64

// pxSupers holds, per orientation, whether the side to act wins and
// whether it does not lose.
type pxSupers struct{ win, notlose pxSuper }

var (
	// pxCyl[q][S]: the orientations whose quadrant q turn is in the set S
	// (a 4-bit set).
	pxCyl [4][16]pxSuper
	// pxLineRot[q][p]: per five i (4 bits at 4*(i%16) of word i/16) the
	// turns o of quadrant q for which the five's cells in q are stones of
	// the quadrant frame pattern p; 0xF when the five misses q.
	pxLineRot [4][512][2]uint64
	pxBinom   [37][37]int
)

// pxRetroInit fills the tables above; the init in solver.go calls it
// once pxQLines and pxRot9 exist.
func pxRetroInit() {
	for o := 0; o < 256; o++ {
		for q := 0; q < 4; q++ {
			oq := o >> (2 * q) & 3
			for s := 0; s < 16; s++ {
				if s&(1<<oq) != 0 {
					pxCyl[q][s][o>>6] |= 1 << (o & 63)
				}
			}
		}
	}
	for q := 0; q < 4; q++ {
		for p := uint64(0); p < 512; p++ {
			for i, l := range pxQLines {
				set := uint64(15)
				if m := pxPat(l, q); m != 0 {
					// The board shows rot_cw^o(frame): the five's cells m
					// are stones iff rot_ccw^o(m) ⊆ p.
					set = 0
					for o := 0; o < 4; o++ {
						if m&^p == 0 {
							set |= 1 << o
						}
						m = uint64(pxRot9[1][m])
					}
				}
				pxLineRot[q][p][i/16] |= set << (4 * (i % 16))
			}
		}
	}
	for n := 0; n <= 36; n++ {
		pxBinom[n][0] = 1
		for r := 1; r <= n; r++ {
			pxBinom[n][r] = pxBinom[n-1][r-1] + pxBinom[n-1][r]
		}
	}
}

// pxFiveSuper returns the orientations in which the frame stones b (qm)
// hold a five.
func pxFiveSuper(b uint64) pxSuper {
	var lr [4]*[2]uint64
	for q := 0; q < 4; q++ {
		lr[q] = &pxLineRot[q][pxPat(b, q)]
	}
	var out pxSuper
	for i := 0; i < 32; i++ {
		w, sh := i/16, uint(4*(i%16))
		s0, s1, s2, s3 := lr[0][w]>>sh&15, lr[1][w]>>sh&15, lr[2][w]>>sh&15, lr[3][w]>>sh&15
		if s0 == 0 || s1 == 0 || s2 == 0 || s3 == 0 {
			continue
		}
		c0, c1, c2, c3 := &pxCyl[0][s0], &pxCyl[1][s1], &pxCyl[2][s2], &pxCyl[3][s3]
		for k := 0; k < 4; k++ {
			out[k] |= c0[k] & c1[k] & c2[k] & c3[k]
		}
	}
	return out
}

// pxRmax returns the orientations from which one quarter turn of one
// quadrant (either way) reaches an orientation in x.
func pxRmax(x pxSuper) pxSuper {
	var y pxSuper
	for w := 0; w < 4; w++ {
		v := x[w]
		y[w] = v>>1&0x7777777777777777 | v<<3&0x8888888888888888 |
			v<<1&0xeeeeeeeeeeeeeeee | v>>3&0x1111111111111111 |
			v>>4&0x0fff0fff0fff0fff | v<<12&0xf000f000f000f000 |
			v<<4&0xfff0fff0fff0fff0 | v>>12&0x000f000f000f000f |
			bits.RotateLeft64(v, 16) | bits.RotateLeft64(v, -16) |
			x[(w+1)&3] | x[(w+3)&3]
	}
	return y
}

func (s pxSuper) not() pxSuper { return pxSuper{^s[0], ^s[1], ^s[2], ^s[3]} }

func (s pxSuper) has(o int) bool { return s[o>>6]>>(o&63)&1 != 0 }

// pxColexRank is the rank of the set bits of m among sets of the same
// size (colex order: the order of the masks as numbers).
func pxColexRank(m uint64) int {
	r := 0
	for i := 1; m != 0; i++ {
		r += pxBinom[bits.TrailingZeros64(m)][i]
		m &= m - 1
	}
	return r
}

// pxNextSubset is Gosper's hack: the next larger mask with as many bits.
func pxNextSubset(m uint64) uint64 {
	c := m & -m
	r := m + c
	return ((r^m)>>2)/c | r
}

// pxDeposit puts the low bits of m onto the cells listed in at.
func pxDeposit(m uint64, at []int) uint64 {
	var o uint64
	for ; m != 0; m &= m - 1 {
		o |= 1 << at[bits.TrailingZeros64(m)]
	}
	return o
}

// pxRetro is a reusable workspace for retrograde solves.
type pxRetro struct {
	bufs  [2][]pxSupers
	pairs int64 // (A, B) pairs of the last solve
	// level1[c] holds the values of the root's children before their
	// rotation: the next mover's values after the root mover placed on
	// frame cell index c, per orientation.
	level1 map[int]pxSupers
	cells  []int // the root's empty cells (qm), frame cell index → cell
}

// pxRetroSize returns the largest level array for k empty cells.
func pxRetroSize(k int) int {
	m := 0
	for j := 0; j < k; j++ {
		a, b := j/2, (j+1)/2
		m = max(m, pxBinom[k][a+1]*pxBinom[k-a-1][b])
	}
	return m
}

// solve returns the value for the mover of (me, opp) (qm).
func (r *pxRetro) solve(me, opp uint64) int8 {
	empty := pxFullQ &^ (me | opp)
	k := bits.OnesCount64(empty)
	cells := make([]int, 0, k)
	for e := empty; e != 0; e &= e - 1 {
		cells = append(cells, bits.TrailingZeros64(e))
	}
	five := pxFiveTables([2]uint64{me, opp}, cells)
	r.reset(cells)
	all := pxSuper{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	var rootVal pxSupers
	free := make([]int, k)
	var cs0 [36]int
	var cw [36]*pxSuper
	for j := k - 1; j >= 0; j-- {
		a, b := j/2, (j+1)/2
		ms, oside := j&1, 1-j&1
		in, out := r.bufs[j&1], r.bufs[1-j&1]
		innerIn := 0 // U_j: (A∪c) outer, B relative to it inner
		if j < k-1 {
			innerIn = pxBinom[k-a-1][b]
		}
		innerOut := pxBinom[k-b][a] // U_{j-1}: B outer, A relative to it inner
		nf := k - a
		nB := pxBinom[nf][b]
		cs1p := pxRanksWithout(nf, b)
		A := uint64(1)<<a - 1
		nA := pxBinom[k][a]
		for rankA := 0; rankA < nA; rankA++ {
			pxFrame(A, k, five[ms][a+1], free, cs0[:nf], cw[:nf])
			wins0 := &five[ms][a][rankA]
			Brel := uint64(1)<<b - 1
			for s1p := 0; s1p < nB; s1p++ {
				B := pxDeposit(Brel, free[:nf])
				rankB := pxColexRank(B)
				wins1 := &five[oside][b][rankB]
				var us pxSupers
				if j == k-1 {
					i := bits.TrailingZeros64(^Brel)
					us.win = *cw[i]
					us.notlose = all
				} else {
					for e := ^Brel & (uint64(1)<<nf - 1); e != 0; e &= e - 1 {
						i := bits.TrailingZeros64(e)
						ch := &in[cs0[i]*innerIn+int(cs1p[s1p*nf+i])]
						c := cw[i]
						for w := 0; w < 4; w++ {
							us.win[w] |= c[w] | ch.win[w]
							us.notlose[w] |= c[w] | ch.notlose[w]
						}
					}
				}
				for w := 0; w < 4; w++ {
					inplay := ^(wins0[w] | wins1[w])
					us.win[w] = inplay&us.win[w] | wins0[w]&^wins1[w]
					us.notlose[w] = inplay&us.notlose[w] | wins0[w]
				}
				r.pairs++
				switch j {
				case 0:
					rootVal = us
				case 1:
					r.level1[bits.TrailingZeros64(B)] = us
				}
				if j > 0 {
					// The placer of B chooses its rotation: it wins where
					// some turn reaches an orientation the mover loses.
					out[rankB*innerOut+pxRankOutside(A, B)] = pxSupers{win: pxRmax(us.notlose.not()), notlose: pxRmax(us.win.not())}
				}
				if s1p+1 < nB {
					Brel = pxNextSubset(Brel)
				}
			}
			if rankA+1 < nA {
				A = pxNextSubset(A)
			}
		}
	}
	return rootVal.value()
}

// pxFrame lists in free the frame cells (of k) outside the set A and, for
// each of the first len(cs) of them, the colex rank cs[i] of A with that
// cell added and the orientations cw[i] in which the adder has a five
// (from the side's table five of sets one larger than A).
func pxFrame(A uint64, k int, five []pxSuper, free, cs []int, cw []*pxSuper) {
	f := 0
	for i := 0; i < k; i++ {
		if A&(1<<i) == 0 {
			free[f] = i
			f++
		}
	}
	for i := range cs {
		cs[i] = pxColexRank(A | 1<<free[i])
		cw[i] = &five[cs[i]]
	}
}

// value is the value for the mover of the root orientation: 1 if it
// wins, 0 if it does not lose, else −1.
func (u *pxSupers) value() int8 {
	switch {
	case u.win.has(0):
		return 1
	case u.notlose.has(0):
		return 0
	}
	return -1
}

// pxFiveTables returns, per side s and number t of new stones, for
// every t-set of the frame cells (by colex rank) placed by s beside its
// root stones, the orientations in which s has a five.
func pxFiveTables(root [2]uint64, cells []int) [2][][]pxSuper {
	k := len(cells)
	var five [2][][]pxSuper
	for s := 0; s < 2; s++ {
		five[s] = make([][]pxSuper, k/2+2)
		for t := 0; t <= k/2+1 && t <= k; t++ {
			tab := make([]pxSuper, pxBinom[k][t])
			m := uint64(1)<<t - 1
			for i := range tab {
				tab[i] = pxFiveSuper(root[s] | pxDeposit(m, cells))
				if i+1 < len(tab) {
					m = pxNextSubset(m)
				}
			}
			five[s][t] = tab
		}
	}
	return five
}

// reset readies the level buffers for a root whose empty cells are
// cells.
func (r *pxRetro) reset(cells []int) {
	size := pxRetroSize(len(cells))
	for i := range r.bufs {
		if cap(r.bufs[i]) < size {
			r.bufs[i] = nil
			r.bufs[i] = make([]pxSupers, size)
		}
		r.bufs[i] = r.bufs[i][:size]
	}
	r.pairs = 0
	r.level1 = map[int]pxSupers{}
	r.cells = cells
}

// pxRanksWithout returns, for every b-set of nf cells (by colex rank
// s1p) and every cell i outside it, at [s1p*nf+i], the rank of the set
// among the cells other than i: the rank of B relative to the cells
// not in A once free cell i joins A.
func pxRanksWithout(nf, b int) []int32 {
	nB := pxBinom[nf][b]
	out := make([]int32, nB*nf)
	m := uint64(1)<<b - 1
	for s1p := 0; s1p < nB; s1p++ {
		for i := 0; i < nf; i++ {
			if m&(1<<i) == 0 {
				low := m & (1<<i - 1)
				out[s1p*nf+i] = int32(pxColexRank(low | m>>(i+1)<<i))
			}
		}
		if s1p+1 < nB {
			m = pxNextSubset(m)
		}
	}
	return out
}

// pxRankOutside is the colex rank of the set A among the frame cells
// not in B (A and B disjoint).
func pxRankOutside(A, B uint64) int {
	rank, t := 0, 1
	for m := A; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		rank += pxBinom[p-bits.OnesCount64(B&(1<<p-1))][t]
		t++
	}
	return rank
}

// turnValue returns, after solve, the value for the root's mover of the
// turn: a placement on qm cell c that does not win at once, then the turn
// of quadrant q (dir 0 clockwise); −2 if c was not empty.
func (r *pxRetro) turnValue(c, q, dir int) int8 {
	for i, cc := range r.cells {
		if cc != c {
			continue
		}
		u, ok := r.level1[i]
		if !ok {
			return -2
		}
		o := 1 << (2 * q) // clockwise: o_q = 1
		if dir == 1 {
			o = 3 << (2 * q)
		}
		switch {
		case u.win.has(o):
			return -1
		case u.notlose.has(o):
			return 0
		}
		return 1
	}
	return -2
}
