package pentagoexact

// Downstream retrograde analysis of one Pentago position (the idea of the
// "midsolve" of Irving's strong solution, written afresh here): from a
// root with k empty cells, every later position is the root's stones plus
// a set A of new stones of one side and B of the other, with each
// quadrant turned by o_q ∈ {0,1,2,3} quarter turns clockwise from the
// root (a stone never leaves its quadrant, so in the quadrant's own frame
// stones do not move: placing "on an empty cell" of the turned board is
// placing on one of the root's empty cells of the frame). For each
// (A, B) the values of the orientations o are computed at once as bit
// masks, level by level from the full board back to the root; a quadrant
// rotation is a shift of those masks.
//
// Every turn turns one quadrant a quarter, so after j turns the sum of
// the o_q is even or odd as j is: only half of the 256 orientations can
// occur at a level, and the masks keep only that half (pxHalf, half.go),
// 32 bytes per pair for "wins" and "does not lose".
//
// Cost depends only on k: Σ_j C(k,⌊j/2⌋)·C(k−⌊j/2⌋,⌈j/2⌉) pairs (A, B)
// and two arrays of 32 bytes per pair of the two largest adjacent levels
// (k = 18: 87 million pairs, 1.1 GB; k = 17: 30 million, 370 MB; k = 16:
// 10 million, 130 MB). The pairs of a level are independent, so they are
// shared among threads.

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
)

// pxSuper is a set of all 256 orientations: bit o0 + 4·o1 + 16·o2 + 64·o3.
type pxSuper [4]uint64

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
	pxInitHalf()
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

// pxColexUnrank is the inverse of pxColexRank: the set of size elements
// with the given rank.
func pxColexUnrank(rank, size int) uint64 {
	var m uint64
	for t := size; t >= 1; t-- {
		c := t - 1
		for pxBinom[c+1][t] <= rank {
			c++
		}
		m |= 1 << c
		rank -= pxBinom[c][t]
	}
	return m
}

// pxNextSubset is Gosper's hack: the next larger mask with as many bits.
func pxNextSubset(m uint64) uint64 {
	c := m & -m
	r := m + c
	return ((r^m)>>2)/c | r
}

// pxDepositRank puts the low bits of m onto the cells listed in at (in
// increasing order) and returns that set with its colex rank.
func pxDepositRank(m uint64, at []int) (set uint64, rank int) {
	for t := 1; m != 0; t++ {
		c := at[bits.TrailingZeros64(m)]
		set |= 1 << c
		rank += pxBinom[c][t]
		m &= m - 1
	}
	return set, rank
}

// pxDeposit puts the low bits of m onto the cells listed in at.
func pxDeposit(m uint64, at []int) uint64 {
	var o uint64
	for ; m != 0; m &= m - 1 {
		o |= 1 << at[bits.TrailingZeros64(m)]
	}
	return o
}

// errRetroStopped is returned by a retrograde solve whose context ended.
var errRetroStopped = fmt.Errorf("pentagoexact: retrograde analysis stopped")

// pxRetro is a reusable workspace for retrograde solves.
type pxRetro struct {
	threads int   // goroutines for the pairs of a level (at least 1)
	pairs   int64 // (A, B) pairs of the last solve
	bufs    [2][]pxHalves
	five    [2][2][][]pxHalf // [parity][side][t][rank of the t-set]
	// level1[c] holds the values of the root's children before their
	// rotation: the next mover's values after the root mover placed on
	// frame cell index c, per orientation (odd parity); has1 marks them.
	level1  [36]pxHalves
	has1    uint64
	rootVal pxHalves
	cells   []int // the root's empty cells (qm), frame cell index → cell
	stop    atomic.Bool
	failed  atomic.Value // the first panic of a worker, as an error
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

// pxRetroPairs returns the number of pairs a solve with k empty cells
// visits, the measure of its time.
func pxRetroPairs(k int) int64 {
	var n int64
	for j := 0; j < k; j++ {
		n += int64(pxBinom[k][j/2]) * int64(pxBinom[k-j/2][(j+1)/2])
	}
	return n
}

// pxRetroBytes returns the memory a solve with k empty cells allocates:
// the two level arrays, the five tables and the largest rank table.
func pxRetroBytes(k int) int64 {
	n := 2 * int64(pxRetroSize(k)) * 32
	for t := 0; t <= k/2+1 && t <= k; t++ {
		n += 2 * 2 * int64(pxBinom[k][t]) * 16
	}
	return n + int64(pxBinom[k][k/2])*int64(k)*4
}

// solve returns the value for the mover of (me, opp) (qm), with no way to
// stop it.
func (r *pxRetro) solve(me, opp uint64) int8 {
	v, err := r.solveCtx(context.Background(), me, opp)
	if err != nil {
		panic(err)
	}
	return v
}

// solveCtx returns the value for the mover of (me, opp) (qm), or an
// error when ctx ends first (or a worker failed).
func (r *pxRetro) solveCtx(ctx context.Context, me, opp uint64) (int8, error) {
	empty := pxFullQ &^ (me | opp)
	k := bits.OnesCount64(empty)
	cells := make([]int, 0, k)
	for e := empty; e != 0; e &= e - 1 {
		cells = append(cells, bits.TrailingZeros64(e))
	}
	r.reset(cells)
	r.five = pxHalfFiveTables([2]uint64{me, opp}, cells)
	defer func() { r.five = [2][2][][]pxHalf{} }()
	r.stop.Store(false)
	r.failed = atomic.Value{}
	stopWatch := context.AfterFunc(ctx, func() { r.stop.Store(true) })
	defer stopWatch()
	for j := k - 1; j >= 0; j-- {
		lv := r.level(j, k)
		r.runLevel(&lv)
		if err, _ := r.failed.Load().(error); err != nil {
			return 0, err
		}
		if r.stop.Load() {
			return 0, fmt.Errorf("%w: %w", errRetroStopped, context.Cause(ctx))
		}
	}
	return r.rootVal.value(), nil
}

// pxLevel is what the pairs (A, B) of one level share: j stones placed
// after the root, a = ⌊j/2⌋ of the root's mover (set A) and b = ⌈j/2⌉ of
// the other (set B); ms is the side to place next (0 the root's mover).
type pxLevel struct {
	j, k, a, b, ms, par int
	nf, nA, nB          int
	innerIn, innerOut   int
	cs1p                []int32
	in, out             []pxHalves
}

// level prepares level j of a solve with k empty cells.
func (r *pxRetro) level(j, k int) pxLevel {
	lv := pxLevel{j: j, k: k, a: j / 2, b: (j + 1) / 2, ms: j & 1, par: j & 1}
	lv.in, lv.out = r.bufs[j&1], r.bufs[1-j&1]
	if j < k-1 {
		lv.innerIn = pxBinom[k-lv.a-1][lv.b] // U_j: (A∪c) outer, B relative to it inner
	}
	lv.innerOut = pxBinom[k-lv.b][lv.a] // U_{j-1}: B outer, A relative to it inner
	lv.nf = k - lv.a
	lv.nB = pxBinom[lv.nf][lv.b]
	lv.nA = pxBinom[k][lv.a]
	lv.cs1p = pxRanksWithout(lv.nf, lv.b)
	return lv
}

// runLevel computes every pair of a level, sharing the sets A among the
// threads when the level is large.
func (r *pxRetro) runLevel(lv *pxLevel) {
	threads := r.threads
	if int64(lv.nA)*int64(lv.nB) < 1<<14 || lv.j <= 1 {
		threads = 1 // small, or the root's levels (kept in r, not in out)
	}
	if threads <= 1 {
		r.pairs += r.runPairs(lv, 0, lv.nA)
		return
	}
	chunk := max(1, lv.nA/(threads*16))
	var next atomic.Int64
	var pairs atomic.Int64
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					r.failed.CompareAndSwap(nil, fmt.Errorf("pentagoexact: retrograde worker: %v", p))
					r.stop.Store(true)
				}
			}()
			for !r.stop.Load() {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= lv.nA {
					return
				}
				pairs.Add(r.runPairs(lv, lo, min(lo+chunk, lv.nA)))
			}
		}()
	}
	wg.Wait()
	r.pairs += pairs.Load()
}

// runPairs computes the pairs of the sets A of ranks lo to hi−1 and every
// B beside them, and returns how many pairs that was. The values of the
// pairs of level j+1 (in) are those of each A with one more stone.
func (r *pxRetro) runPairs(lv *pxLevel, lo, hi int) int64 {
	k, nf, a, b := lv.k, lv.nf, lv.a, lv.b
	fiveMs, fiveOther := r.five[lv.par][lv.ms], r.five[lv.par][1-lv.ms]
	var free, cs0 [36]int
	var cw [36]*pxHalf
	var n int64
	A := pxColexUnrank(lo, a)
	for rankA := lo; rankA < hi; rankA++ {
		if r.stop.Load() {
			return n
		}
		pxFrame(A, k, fiveMs[a+1], free[:nf], cs0[:nf], cw[:nf])
		wins0 := &fiveMs[a][rankA]
		Brel := uint64(1)<<b - 1
		for s1p := 0; s1p < lv.nB; s1p++ {
			B, rankB := pxDepositRank(Brel, free[:nf])
			us := r.pairValue(lv, Brel, s1p, &cs0, &cw)
			us.settle(wins0, &fiveOther[b][rankB])
			n++
			switch {
			case lv.j == 0:
				r.rootVal = us
			case lv.j == 1:
				c := bits.TrailingZeros64(B)
				r.level1[c], r.has1 = us, r.has1|1<<c
			}
			if lv.j > 0 {
				// The placer of B chooses its rotation: it wins where
				// some turn reaches an orientation the mover loses.
				lv.out[rankB*lv.innerOut+pxRankOutside(A, B)] = pxHalves{
					win: pxRmaxHalf(us.notlose.not()), notlose: pxRmaxHalf(us.win.not())}
			}
			if s1p+1 < lv.nB {
				Brel = pxNextSubset(Brel)
			}
		}
		if rankA+1 < hi {
			A = pxNextSubset(A)
		}
	}
	return n
}

// pairValue is the value, before the fives on the board are looked at, of
// the pair whose B is Brel among the free cells (rank s1p) for the side
// to place: it wins (does not lose) where one of its placements makes a
// five or reaches a position it wins (does not lose) in.
func (r *pxRetro) pairValue(lv *pxLevel, Brel uint64, s1p int, cs0 *[36]int, cw *[36]*pxHalf) pxHalves {
	var us pxHalves
	if lv.j == lv.k-1 {
		// The last placement fills the board: a five of the placer wins,
		// anything else draws.
		us.win = *cw[bits.TrailingZeros64(^Brel)]
		us.notlose = pxHalf{^uint64(0), ^uint64(0)}
		return us
	}
	for e := ^Brel & (uint64(1)<<lv.nf - 1); e != 0; e &= e - 1 {
		i := bits.TrailingZeros64(e)
		ch := &lv.in[cs0[i]*lv.innerIn+int(lv.cs1p[s1p*lv.nf+i])]
		c := cw[i]
		us.win[0] |= c[0] | ch.win[0]
		us.win[1] |= c[1] | ch.win[1]
		us.notlose[0] |= c[0] | ch.notlose[0]
		us.notlose[1] |= c[1] | ch.notlose[1]
	}
	return us
}

// settle applies the fives already on the board: where the side to act
// has one and the other not it has won, where the other has one it has
// lost, where both have one it is a draw (the game ended before).
func (us *pxHalves) settle(wins0, wins1 *pxHalf) {
	for w := 0; w < 2; w++ {
		inplay := ^(wins0[w] | wins1[w])
		us.win[w] = inplay&us.win[w] | wins0[w]&^wins1[w]
		us.notlose[w] = inplay&us.notlose[w] | wins0[w]
	}
}

// pxFrame lists in free the frame cells (of k) outside the set A and, for
// each of them, the colex rank cs[i] of A with that cell added and the
// orientations cw[i] in which the adder has a five (from the side's table
// five of sets one larger than A).
func pxFrame(A uint64, k int, five []pxHalf, free, cs []int, cw []*pxHalf) {
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
func (u *pxHalves) value() int8 {
	switch {
	case u.win.has(0):
		return 1
	case u.notlose.has(0):
		return 0
	}
	return -1
}

// pxHalfFiveTables returns, per parity and side s and number t of new
// stones, for every t-set of the frame cells (by colex rank) placed by s
// beside its root stones, the orientations of that parity in which s has
// a five.
func pxHalfFiveTables(root [2]uint64, cells []int) [2][2][][]pxHalf {
	k := len(cells)
	var five [2][2][][]pxHalf
	for s := 0; s < 2; s++ {
		for p := 0; p < 2; p++ {
			five[p][s] = make([][]pxHalf, k/2+2)
		}
		for t := 0; t <= k/2+1 && t <= k; t++ {
			n := pxBinom[k][t]
			even, odd := make([]pxHalf, n), make([]pxHalf, n)
			m := uint64(1)<<t - 1
			for i := 0; i < n; i++ {
				f := pxFiveSuper(root[s] | pxDeposit(m, cells))
				even[i], odd[i] = pxCompress(f, 0), pxCompress(f, 1)
				if i+1 < n {
					m = pxNextSubset(m)
				}
			}
			five[0][s][t], five[1][s][t] = even, odd
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
			r.bufs[i] = make([]pxHalves, size)
		}
		r.bufs[i] = r.bufs[i][:size]
	}
	r.threads = max(r.threads, 1)
	r.pairs = 0
	r.has1 = 0
	r.cells = cells
}

// release drops the level buffers (they are the bulk of the memory).
func (r *pxRetro) release() { r.bufs = [2][]pxHalves{} }

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
		if r.has1&(1<<i) == 0 {
			return -2
		}
		u := &r.level1[i]
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
