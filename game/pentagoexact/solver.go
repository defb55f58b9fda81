package pentagoexact

// The fast exact solver, Solver.
//
// It works on its own quadrant-major bitboards ("qm": bit q*9 + lr*3 + lc
// for quadrant q = 0–3 in pxQuadOff's order, local row lr and column lc
// from the top-left of the quadrant), so that rotating a quadrant is one
// table lookup. The rules still live in pxChildren (row-major, checked
// against the engine); TestFastMatchesReference checks every fast
// primitive here against it, and TestSolverMatchesReference compares
// whole solutions with the plain reference solver.
//
// What makes it fast:
//   - Packed line counts: for every one of the 32 fives a 4-bit counter of
//     a side's stones, 16 fives to a uint64, summed from per-quadrant
//     tables. "Four of a five and no opposing stone" (a placement win) and
//     the same after each of the 8 quadrant rotations (a placement and
//     rotation win) are then a few shifts and masks.
//   - Transposition table keyed by the exact position under the 8
//     symmetries of the board (the canonical key is the smallest base-3
//     code of the 8 images; exact, so there are no false hits), 16-byte
//     entries in buckets of 4, lock-free (key xor data), replacing the
//     entry with the least work; it stores bounds and the best turn.
//   - The stored best turn is searched before the turns are generated.
//   - Identical children (a turn that yields the same stones as an earlier
//     turn) are searched once.
//   - Ordering: turns after which the opponent wins at once are never
//     searched (they lose); the rest by the own immediate threats they
//     create (placement or rotation wins waiting), then open lines, then
//     a history table.
//   - Null windows: the root asks "can the mover win?" and only then "can
//     it draw?".

import (
	"context"
	"math/bits"
	"sort"
	"sync/atomic"
)

const (
	pxOnes  = 0x1111111111111111
	pxFullQ = uint64(1)<<36 - 1
)

var (
	pxRMtoQ   [36]uint8 // row-major bit → qm bit
	pxQtoRM   [36]uint8 // qm bit → row-major bit
	pxRot9    [2][512]uint16
	pxCnt     [4][512][2]uint64 // packed per-five stone counts of a quadrant pattern
	pxCellVec [36][2]uint64     // packed per-five counts of one qm cell
	pxQLines  [32]uint64        // the fives, qm
	// Symmetries s = 0–7 (0 the identity) of the 6×6 board, in qm.
	pxSymCell [8][36]uint8
	pxSymQuad [8][4]uint8
	pxSymLoc  [8][9]uint8
	pxSymRefl [8]uint8 // 1 when s reverses orientation (turns cw into ccw)
	pxSymInv  [8]uint8
	pxSymTern [8][512]uint64 // Σ 3^loc(j) over the cells j of a local pattern
	pxPow9    = [4]uint64{1, 19683, 19683 * 19683, 19683 * 19683 * 19683}
)

// pxRMCell maps a row-major cell (row r from the top, column c) to qm.
func pxRMCell(r, c int) int {
	q := 0
	switch {
	case r < 3 && c >= 3:
		q = 0
	case r < 3:
		q = 1
	case c < 3:
		q = 2
	default:
		q = 3
	}
	return q*9 + r%3*3 + c%3
}

// pxSymRC applies symmetry s to a row-major cell: transpose (s&4), then
// flip the rows (s&1), then the columns (s&2).
func pxSymRC(s, r, c int) (int, int) {
	if s&4 != 0 {
		r, c = c, r
	}
	if s&1 != 0 {
		r = 5 - r
	}
	if s&2 != 0 {
		c = 5 - c
	}
	return r, c
}

func init() {
	pxInitQuadMajor()
	pxInitCounts()
	pxInitSymmetries()
	pxRetroInit()
}

// pxInitQuadMajor fills the cell maps between row-major and qm and the
// rotations of a quadrant pattern.
func pxInitQuadMajor() {
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			pxRMtoQ[r*6+c] = uint8(pxRMCell(r, c))
			pxQtoRM[pxRMCell(r, c)] = uint8(r*6 + c)
		}
	}
	for p := 0; p < 512; p++ {
		for j := 0; j < 9; j++ {
			if p&(1<<j) == 0 {
				continue
			}
			lr, lc := j/3, j%3
			pxRot9[0][p] |= 1 << (lc*3 + 2 - lr)
			pxRot9[1][p] |= 1 << ((2-lc)*3 + lr)
		}
	}
}

// pxInitCounts fills the fives in qm and the packed per-five stone
// counts of quadrant patterns and cells.
func pxInitCounts() {
	// The fives, built here (init order across files is by file name,
	// so pxLines may not exist yet); TestSymmetries compares.
	nl := 0
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				if er, ec := r+4*d[0], c+4*d[1]; er > 5 || ec < 0 || ec > 5 {
					continue
				}
				for k := 0; k < 5; k++ {
					pxQLines[nl] |= 1 << pxRMCell(r+k*d[0], c+k*d[1])
				}
				nl++
			}
		}
	}
	for q := 0; q < 4; q++ {
		for p := 0; p < 512; p++ {
			b := uint64(p) << (9 * q)
			for i, l := range pxQLines {
				pxCnt[q][p][i/16] += uint64(bits.OnesCount64(b&l)) << (4 * (i % 16))
			}
		}
	}
	for c := 0; c < 36; c++ {
		for i, l := range pxQLines {
			if l&(1<<c) != 0 {
				pxCellVec[c][i/16] += 1 << (4 * (i % 16))
			}
		}
	}
}

// pxInitSymmetries fills the tables of the 8 symmetries of the board.
func pxInitSymmetries() {
	for s := 0; s < 8; s++ {
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				r2, c2 := pxSymRC(s, r, c)
				pxSymCell[s][pxRMCell(r, c)] = uint8(pxRMCell(r2, c2))
			}
		}
		for q := 0; q < 4; q++ {
			pxSymQuad[s][q] = pxSymCell[s][q*9] / 9
		}
		for j := 0; j < 9; j++ {
			pxSymLoc[s][j] = pxSymCell[s][j] % 9
		}
		pxSymRefl[s] = uint8(bits.OnesCount(uint(s)) & 1)
		for p := 0; p < 512; p++ {
			var t uint64
			for j := 0; j < 9; j++ {
				if p&(1<<j) != 0 {
					t += pxPow3(int(pxSymLoc[s][j]))
				}
			}
			pxSymTern[s][p] = t
		}
	}
	for s := 0; s < 8; s++ {
		for s2 := 0; s2 < 8; s2++ {
			ok := true
			for c := 0; c < 36; c++ {
				if pxSymCell[s2][pxSymCell[s][c]] != uint8(c) {
					ok = false
				}
			}
			if ok {
				pxSymInv[s] = uint8(s2)
			}
		}
	}
}

func pxPow3(k int) uint64 {
	v := uint64(1)
	for ; k > 0; k-- {
		v *= 3
	}
	return v
}

// pxToQ and pxFromQ convert a board between row-major and qm.
func pxToQ(b uint64) uint64 {
	var o uint64
	for ; b != 0; b &= b - 1 {
		o |= 1 << pxRMtoQ[bits.TrailingZeros64(b)]
	}
	return o
}

func pxFromQ(b uint64) uint64 {
	var o uint64
	for ; b != 0; b &= b - 1 {
		o |= 1 << pxQtoRM[bits.TrailingZeros64(b)]
	}
	return o
}

func pxPat(b uint64, q int) uint64 { return b >> (9 * q) & 511 }

// pxRotQ turns quadrant q of a qm board, dir 0 clockwise, 1 counterclockwise.
func pxRotQ(b uint64, q, dir int) uint64 {
	return b&^(511<<(9*q)) | uint64(pxRot9[dir][pxPat(b, q)])<<(9*q)
}

// pxSymBoard applies symmetry s to a qm board.
func pxSymBoard(s int, b uint64) uint64 {
	var o uint64
	for ; b != 0; b &= b - 1 {
		o |= 1 << pxSymCell[s][bits.TrailingZeros64(b)]
	}
	return o
}

// Packed counts: pxPacked is one side's count of stones in each five.
type pxPacked [2]uint64

func pxSum(b uint64) pxPacked {
	var s pxPacked
	for q := 0; q < 4; q++ {
		c := &pxCnt[q][pxPat(b, q)]
		s[0] += c[0]
		s[1] += c[1]
	}
	return s
}

// swap returns s with quadrant q's pattern from changed to to.
func (s pxPacked) swap(q int, from, to uint64) pxPacked {
	a, b := &pxCnt[q][from], &pxCnt[q][to]
	return pxPacked{s[0] - a[0] + b[0], s[1] - a[1] + b[1]}
}

func pxNZ(x uint64) uint64   { return (x | x>>1 | x>>2) & pxOnes }
func pxGE4(x uint64) uint64  { return x >> 2 & pxOnes }
func pxFive(x uint64) uint64 { return x & (x >> 2) & pxOnes }

// threats returns, per word, the fives where a has four or five stones
// and b none: the fives a completes with one placement.
func pxThreatMask(a, b pxPacked) (uint64, uint64) {
	return pxGE4(a[0]) &^ pxNZ(b[0]), pxGE4(a[1]) &^ pxNZ(b[1])
}

func (s pxPacked) hasFive() bool { return pxFive(s[0])|pxFive(s[1]) != 0 }

// pxWinsNowQ reports whether the mover (a, with counts sa) can win this
// turn against b (counts sb) when n stones are on the board; the same as
// pxWinsNow.
func pxWinsNowQ(a, b uint64, sa, sb pxPacked, n int) bool {
	if t0, t1 := pxThreatMask(sa, sb); t0|t1 != 0 {
		return true
	}
	if n >= 35 {
		return false
	}
	for q := 0; q < 4; q++ {
		pa, pb := pxPat(a, q), pxPat(b, q)
		for d := 0; d < 2; d++ {
			ra, rb := uint64(pxRot9[d][pa]), uint64(pxRot9[d][pb])
			if ra == pa && rb == pb {
				continue // the same as the placement check
			}
			sa2, sb2 := sa.swap(q, pa, ra), sb.swap(q, pb, rb)
			if t0, t1 := pxThreatMask(sa2, sb2); t0|t1 != 0 && !sb2.hasFive() {
				return true
			}
		}
	}
	return false
}

// pxThreatCount counts a's ways to win at once against b (fives a could
// complete by a placement, alone or with one of the 8 rotations); it
// orders turns.
func pxThreatCount(a, b uint64, sa, sb pxPacked) int {
	t0, t1 := pxThreatMask(sa, sb)
	n := bits.OnesCount64(t0) + bits.OnesCount64(t1)
	for q := 0; q < 4; q++ {
		pa, pb := pxPat(a, q), pxPat(b, q)
		for d := 0; d < 2; d++ {
			ra, rb := uint64(pxRot9[d][pa]), uint64(pxRot9[d][pb])
			if ra == pa && rb == pb {
				continue
			}
			u0, u1 := pxThreatMask(sa.swap(q, pa, ra), sb.swap(q, pb, rb))
			n += bits.OnesCount64(u0&^t0) + bits.OnesCount64(u1&^t1)
		}
	}
	return n
}

// pxOpenScore is a cheap static lead of a over b for ordering: fives
// without an opposing stone, weighted by how full they are.
func pxOpenScore(sa, sb pxPacked) int {
	v := 0
	for w := 0; w < 2; w++ {
		a, b := sa[w], sb[w]
		oa, ob := ^pxNZ(b)&pxOnes, ^pxNZ(a)&pxOnes
		ge2a, ge3a := (a>>1|a>>2)&pxOnes, (a>>2|a>>1&a)&pxOnes
		ge2b, ge3b := (b>>1|b>>2)&pxOnes, (b>>2|b>>1&b)&pxOnes
		v += bits.OnesCount64(pxNZ(a)&oa) + 2*bits.OnesCount64(ge2a&oa) + 4*bits.OnesCount64(ge3a&oa)
		v -= bits.OnesCount64(pxNZ(b)&ob) + 2*bits.OnesCount64(ge2b&ob) + 4*bits.OnesCount64(ge3b&ob)
	}
	return v
}

// pxCanon returns the canonical key of (me, opp) — the smallest base-3
// code (empty 0, me 1, opp 2; cell j of quadrant q is digit 9q+j) of its
// 8 images — and the symmetry that gives it.
func pxCanon(me, opp uint64) (uint64, int) {
	var mq, oq [4]uint64
	for q := 0; q < 4; q++ {
		mq[q], oq[q] = pxPat(me, q), pxPat(opp, q)
	}
	best, bs := ^uint64(0), 0
	for s := 0; s < 8; s++ {
		t := &pxSymTern[s]
		qs := &pxSymQuad[s]
		k := (t[mq[0]]+2*t[oq[0]])*pxPow9[qs[0]] + (t[mq[1]]+2*t[oq[1]])*pxPow9[qs[1]] +
			(t[mq[2]]+2*t[oq[2]])*pxPow9[qs[2]] + (t[mq[3]]+2*t[oq[3]])*pxPow9[qs[3]]
		if k < best {
			best, bs = k, s
		}
	}
	return best, bs
}

// A turn in qm is cell*8 + q*2 + dir (dir 0 clockwise).
func pxSymMove(s int, mv int) int {
	c, q, d := mv>>3, mv>>1&3, mv&1
	return int(pxSymCell[s][c])<<3 | int(pxSymQuad[s][q])<<1 | (d ^ int(pxSymRefl[s]))
}

// pxTable is the transposition table: buckets of 4 entries of two words,
// key^data and data. data: bits 0–1 lo+1, 2–3 hi+1, 4–12 best turn+1
// (0: none), 13–18 log2 of the work, bit 19 set.
type pxTable struct {
	w    []uint64
	mask uint64 // bucket index mask
}

func newPxTable(logEntries uint) *pxTable {
	if logEntries < 4 {
		logEntries = 4
	}
	return &pxTable{w: make([]uint64, 2<<logEntries), mask: 1<<(logEntries-2) - 1}
}

func (t *pxTable) bucket(key uint64) int {
	return int((key*0x9e3779b97f4a7c15)>>20&t.mask) * 8
}

// probe returns the bounds and best turn (−1 if none) stored for key.
func (t *pxTable) probe(key uint64) (lo, hi int8, move int, ok bool) {
	b := t.bucket(key)
	for i := 0; i < 4; i++ {
		d := atomic.LoadUint64(&t.w[b+2*i+1])
		if d != 0 && atomic.LoadUint64(&t.w[b+2*i])^d == key {
			return int8(d&3) - 1, int8(d>>2&3) - 1, int(d>>4&511) - 1, true
		}
	}
	return 0, 0, -1, false
}

// store writes bounds, best turn (−1: keep the old one) and work for key,
// over the same key or else over the entry with the least work.
func (t *pxTable) store(key uint64, lo, hi int8, move int, work int) {
	b := t.bucket(key)
	victim, vw := -1, 1<<30
	for i := 0; i < 4; i++ {
		d := atomic.LoadUint64(&t.w[b+2*i+1])
		if d == 0 {
			if victim < 0 || vw > -1 {
				victim, vw = i, -1
			}
			continue
		}
		if atomic.LoadUint64(&t.w[b+2*i])^d == key {
			victim = i
			if move < 0 {
				move = int(d>>4&511) - 1
			}
			if w := int(d >> 13 & 63); w > work {
				work = w
			}
			break
		}
		if w := int(d >> 13 & 63); w < vw {
			victim, vw = i, w
		}
	}
	work = min(work, 63)
	d := uint64(lo+1) | uint64(hi+1)<<2 | uint64(move+1)<<4 | uint64(work)<<13 | 1<<19
	atomic.StoreUint64(&t.w[b+2*victim+1], d)
	atomic.StoreUint64(&t.w[b+2*victim], key^d)
}

// pxKid is a turn and the position after it, seen from the next mover.
type pxKid struct {
	me, opp uint64
	move    int16
	score   int32
}

// Solver computes exact values. Solvers may share one pxTable (one
// solver per goroutine).
type Solver struct {
	tt      *pxTable
	nodes   int64
	bufs    [37][]pxKid
	hist    [36 * 8]int32
	seen    [256]pxSeen
	stamp   uint32
	memoWin map[pxMemoKey]bool
	// Positions with at most retroMaxEmpty empty cells are first searched
	// with a budget of abLimit nodes and, if that runs out, solved by
	// retrograde analysis (retro.go). abLimit 0: never
	// retrograde; abLimit < 0: always.
	abLimit       int64
	retroMaxEmpty int
	retro         pxRetro
	limit         int64 // node limit of the current search, 0: none
	aborted       bool
	// ctx, when set, stops the search once it is done (looked at every
	// 4096 nodes).
	ctx context.Context
	// Statistics of the last value call.
	lastRetro bool
	lastPairs int64
}

type pxSeen struct {
	me, opp uint64
	stamp   uint32
}

type pxMemoKey struct {
	key uint64
	k   int8
}

// defaultABLimit is the node budget of the alpha-beta search before a
// position in the range of retrograde analysis is solved by it instead:
// about 0.1 s (a node costs about 4 µs), the time of an analysis of 22
// stones.
const defaultABLimit = 30000

// NewSolver makes a solver with a table of 2^logEntries entries (16
// bytes each). A Solver is for one goroutine.
func NewSolver(logEntries uint) *Solver {
	return newPxSolverShared(newPxTable(logEntries))
}

func newPxSolverShared(tt *pxTable) *Solver {
	return &Solver{tt: tt, memoWin: map[pxMemoKey]bool{}, abLimit: defaultABLimit, retroMaxEmpty: 18}
}

// value returns the exact value of (me, opp) (row-major) for the mover.
func (x *Solver) value(me, opp uint64) int8 { return x.valueQ(pxToQ(me), pxToQ(opp)) }

func (x *Solver) valueQ(me, opp uint64) int8 {
	n := bits.OnesCount64(me | opp)
	x.lastRetro, x.lastPairs = false, 0
	x.limit, x.aborted = 0, false
	useRetro := 36-n <= x.retroMaxEmpty && x.abLimit != 0
	if useRetro && x.abLimit > 0 {
		x.limit = x.nodes + x.abLimit
	}
	if !useRetro || x.abLimit > 0 {
		v := x.searchValue(me, opp, n)
		x.limit = 0
		if !x.aborted {
			return v
		}
		x.aborted = false
	}
	x.lastRetro = true
	v := x.retro.solve(me, opp)
	x.lastPairs = x.retro.pairs
	return v
}

// searchValue asks "can the mover win?", then "can it draw?", unless
// the table knows the value.
func (x *Solver) searchValue(me, opp uint64, n int) int8 {
	if lo, hi, _, ok := x.probe(pxCanon(me, opp)); ok && lo == hi {
		return lo
	}
	if x.search(me, opp, n, 0, 1) >= 1 {
		return 1
	}
	if x.search(me, opp, n, -1, 0) >= 0 {
		return 0
	}
	return -1
}

// kidOf plays turn mv (qm) from (me, opp); final reports that the game
// ended, with value v for the mover. The placement must not win at once.
func pxKidOf(me, opp uint64, mv int) (m2, o2 uint64, final bool, v int8) {
	c, q, d := mv>>3, mv>>1&3, mv&1
	m1 := me | 1<<c
	m2, o2 = pxRotQ(m1, q, d), pxRotQ(opp, q, d)
	sm, so := pxSum(m2), pxSum(o2)
	switch f1, f2 := sm.hasFive(), so.hasFive(); {
	case f1 && f2:
		return m2, o2, true, 0
	case f1:
		return m2, o2, true, 1
	case f2:
		return m2, o2, true, -1
	}
	return m2, o2, false, 0
}

// search is fail-soft alpha-beta over {−1, 0, +1} on qm boards with n
// stones: the result is exact inside (alpha, beta), an upper bound when
// ≤ alpha, a lower bound when ≥ beta.
func (x *Solver) search(me, opp uint64, n int, alpha, beta int8) int8 {
	if x.limit > 0 && x.nodes >= x.limit || x.ctx != nil && x.nodes&4095 == 0 && x.ctx.Err() != nil {
		x.aborted = true
	}
	if x.aborted {
		return 0 // the caller throws the result away
	}
	x.nodes++
	start := x.nodes
	sm, so := pxSum(me), pxSum(opp)
	if pxWinsNowQ(me, opp, sm, so, n) {
		return 1
	}
	if n >= 35 {
		return 0 // the last placement fills the board without a five
	}
	empty := pxFullQ &^ (me | opp)
	key, sym := pxCanon(me, opp)
	lo, hi, ttMove, ok := x.probe(key, sym)
	if ok {
		if lo == hi || lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
	}
	alpha, beta = max(alpha, lo), min(beta, hi)
	a0, b0 := alpha, beta
	best, bestMove := int8(-2), -1
	var ttM2, ttO2 uint64
	haveTT := false

	// The stored best turn first, before generating the others.
	if ttMove >= 0 && empty&(1<<(ttMove>>3)) != 0 {
		m2, o2, final, v := pxKidOf(me, opp, ttMove)
		if !final {
			haveTT, ttM2, ttO2 = true, m2, o2
			v = -x.search(o2, m2, n+1, -beta, -alpha)
			if x.aborted {
				return 0
			}
		}
		best, bestMove = v, ttMove
		alpha = max(alpha, v)
		if alpha >= beta {
			x.finish(key, sym, a0, b0, best, bestMove, start)
			return best
		}
	}

	kids, fb := x.gen(me, opp, sm, so, n, empty, x.bufs[n][:0])
	x.bufs[n] = kids
	if fb > best {
		best = fb
		alpha = max(alpha, best)
	}
	for i := 0; i < len(kids) && alpha < beta; i++ {
		pxPickBest(kids, i)
		k := kids[i]
		if haveTT && k.me == ttO2 && k.opp == ttM2 {
			continue
		}
		v := -x.search(k.me, k.opp, n+1, -beta, -alpha)
		if x.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, int(k.move)
			alpha = max(alpha, v)
		}
		if alpha >= beta {
			x.hist[k.move] += int32((36 - n) * (36 - n))
		}
	}
	x.finish(key, sym, a0, b0, best, bestMove, start)
	return best
}

// probe looks key up in the table: the bounds stored for it, within
// −1..1, and the stored best turn turned back by sym into the searched
// position's orientation (−1 if none); ok is false when nothing is stored.
func (x *Solver) probe(key uint64, sym int) (lo, hi int8, ttMove int, ok bool) {
	tlo, thi, mv, ok := x.tt.probe(key)
	if !ok {
		return -1, 1, -1, false
	}
	ttMove = -1
	if mv >= 0 {
		ttMove = pxSymMove(int(pxSymInv[sym]), mv)
	}
	return max(-1, tlo), min(1, thi), ttMove, true
}

// pxPickBest swaps the best-scored of kids[i:] into place i: a selection
// sort step, as most nodes cut off after a few kids.
func pxPickBest(kids []pxKid, i int) {
	bi := i
	for j := i + 1; j < len(kids); j++ {
		if kids[j].score > kids[bi].score {
			bi = j
		}
	}
	kids[i], kids[bi] = kids[bi], kids[i]
}

func (x *Solver) finish(key uint64, sym int, a0, b0, best int8, bestMove int, start int64) {
	lo, hi := int8(-1), int8(1)
	switch {
	case best <= a0:
		hi = best
		bestMove = -1
	case best >= b0:
		lo = best
	default:
		lo, hi = best, best
	}
	if olo, ohi, _, ok := x.tt.probe(key); ok {
		lo, hi = max(lo, olo), min(hi, ohi)
	}
	if bestMove >= 0 {
		bestMove = pxSymMove(sym, bestMove)
	}
	x.tt.store(key, lo, hi, bestMove, bits.Len64(uint64(x.nodes-start)))
}

// gen lists the turns of the mover that do not end the game and after
// which the opponent cannot win at once, scored for ordering, each
// position once; fb is the best value of the other turns (−2 if none).
// The mover must not be able to win at once.
func (x *Solver) gen(me, opp uint64, sm, so pxPacked, n int, empty uint64, out []pxKid) ([]pxKid, int8) {
	fb := int8(-2)
	var rm, ro [8]uint64
	var srm, sro [8]pxPacked
	var oFive [8]bool
	for r := 0; r < 8; r++ {
		q, d := r>>1, r&1
		pm, po := pxPat(me, q), pxPat(opp, q)
		rpm, rpo := uint64(pxRot9[d][pm]), uint64(pxRot9[d][po])
		rm[r] = me&^(511<<(9*q)) | rpm<<(9*q)
		ro[r] = opp&^(511<<(9*q)) | rpo<<(9*q)
		srm[r], sro[r] = sm.swap(q, pm, rpm), so.swap(q, po, rpo)
		oFive[r] = sro[r].hasFive()
	}
	x.stamp++
	for e := empty; e != 0; e &= e - 1 {
		c := bits.TrailingZeros64(e)
		cq := c / 9
		for r := 0; r < 8; r++ {
			q, d := r>>1, r&1
			var m2 uint64
			var sm2 pxPacked
			if cq == q {
				pm := pxPat(me, q)
				p := pm | 1<<(c-9*q)
				rp := uint64(pxRot9[d][p])
				m2 = me&^(511<<(9*q)) | rp<<(9*q)
				sm2 = sm.swap(q, pm, rp)
			} else {
				m2 = rm[r] | 1<<c
				sm2 = pxPacked{srm[r][0] + pxCellVec[c][0], srm[r][1] + pxCellVec[c][1]}
			}
			o2 := ro[r]
			if oFive[r] {
				v := int8(-1)
				if sm2.hasFive() {
					v = 0
				}
				fb = max(fb, v)
				continue
			}
			h := (m2*0x9e3779b97f4a7c15 ^ o2*0xc2b2ae3d27d4eb4f) >> 56
			dup := false
			for {
				sl := &x.seen[h]
				if sl.stamp != x.stamp {
					*sl = pxSeen{me: m2, opp: o2, stamp: x.stamp}
					break
				}
				if sl.me == m2 && sl.opp == o2 {
					dup = true
					break
				}
				h = (h + 1) & 255
			}
			if dup {
				continue
			}
			if pxWinsNowQ(o2, m2, sro[r], sm2, n+1) {
				fb = max(fb, -1)
				continue
			}
			mv := c<<3 | r
			sc := int32(pxThreatCount(m2, o2, sm2, sro[r]))<<20 +
				int32(pxOpenScore(sm2, sro[r]))<<10 + min(x.hist[mv]>>4, 1023)
			out = append(out, pxKid{me: o2, opp: m2, move: int16(mv), score: sc})
		}
	}
	return out, fb
}

// winWithin reports whether the mover (row-major stones) can force a win
// within k of its own turns (k = 1: this turn).
func (x *Solver) winWithin(me, opp uint64, k int) bool {
	if len(x.memoWin) > 4<<20 {
		x.memoWin = map[pxMemoKey]bool{}
	}
	return x.winWithinQ(pxToQ(me), pxToQ(opp), k)
}

func (x *Solver) winWithinQ(me, opp uint64, k int) bool {
	n := bits.OnesCount64(me | opp)
	sm, so := pxSum(me), pxSum(opp)
	if pxWinsNowQ(me, opp, sm, so, n) {
		return true
	}
	if k <= 1 || n >= 35 {
		return false
	}
	key, _ := pxCanon(me, opp)
	mk := pxMemoKey{key, int8(k)}
	if v, ok := x.memoWin[mk]; ok {
		return v
	}
	kids, _ := x.gen(me, opp, sm, so, n, pxFullQ&^(me|opp), nil)
	sort.Slice(kids, func(i, j int) bool { return kids[i].score > kids[j].score })
	v := false
	for _, c := range kids {
		if x.cannotEscapeQ(c.me, c.opp, k-1) {
			v = true
			break
		}
	}
	x.memoWin[mk] = v
	return v
}

// cannotEscapeQ reports whether every turn of the mover ends in its loss
// or in a position where the opponent wins within k of its turns.
func (x *Solver) cannotEscapeQ(me, opp uint64, k int) bool {
	n := bits.OnesCount64(me | opp)
	sm, so := pxSum(me), pxSum(opp)
	if pxWinsNowQ(me, opp, sm, so, n) || n >= 35 {
		return false
	}
	kids, fb := x.gen(me, opp, sm, so, n, pxFullQ&^(me|opp), nil)
	if fb >= 0 {
		return false // a turn that ends the game in a draw
	}
	for _, c := range kids {
		if !x.winWithinQ(c.me, c.opp, k) {
			return false
		}
	}
	return true
}
