package pentagoexact

import (
	"math/bits"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// pxRandomPositions returns place-phase positions (row-major, mover
// first) from random games: every position of count games whose stone
// count lies in [lo, hi].
func pxRandomPositions(seed uint64, games, lo, hi int) [][2]uint64 {
	rng := game.NewRand(seed)
	var out [][2]uint64
	for g := 0; g < games; g++ {
		me, opp := uint64(0), uint64(0)
		for {
			if n := bits.OnesCount64(me | opp); n >= lo && n <= hi {
				out = append(out, [2]uint64{me, opp})
			}
			kids := pxChildren(me, opp, nil)
			k := kids[rng.Intn(len(kids))]
			if k.final {
				break
			}
			me, opp = k.me, k.opp
		}
	}
	return out
}

// pxPolicyPositions plays games of the generator policy (pxPolicyTurn,
// noise 30) and keeps about a third of the positions with lo to hi
// stones.
func pxPolicyPositions(seed uint64, games, lo, hi int) [][2]uint64 {
	rng := game.NewRand(seed)
	var out [][2]uint64
	for g := 0; g < games; g++ {
		me, opp := uint64(0), uint64(0)
		for {
			k := pxPolicyTurn(me, opp, rng, 30)
			if k.final {
				break
			}
			me, opp = k.me, k.opp
			if n := bits.OnesCount64(me | opp); n >= lo && n <= hi && rng.Intn(3) == 0 {
				out = append(out, [2]uint64{me, opp})
			}
		}
	}
	return out
}

// pxSymRM applies symmetry s to a row-major board, straight from the
// geometry (pxSymRC), not from the qm tables.
func pxSymRM(s int, b uint64) uint64 {
	var o uint64
	for ; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		r, c := pxSymRC(s, i/6, i%6)
		o |= 1 << (r*6 + c)
	}
	return o
}

// TestSymmetries checks the claims the symmetric table keys rest on:
// each of the 8 symmetries maps fives to fives and quadrants to
// quadrants with one local transform for all four, turning quadrant q
// in direction d becomes turning its image in direction d (d reversed
// by reflections), and the canonical key is the same for all 8 images
// and decodes to the image it names.
func TestSymmetries(t *testing.T) {
	lines := map[uint64]bool{}
	for i, l := range pxLines {
		lines[l] = true
		if pxToQ(l) != pxQLines[i] {
			t.Fatalf("five %d: qm %x, row-major %x", i, pxQLines[i], l)
		}
	}
	if len(lines) != 32 || len(pxLines) != 32 {
		t.Fatalf("%d fives, want 32", len(lines))
	}
	images := map[uint64]bool{}
	for s := 0; s < 8; s++ {
		images[pxSymRM(s, 1|1<<1|1<<2|1<<6)] = true // an asymmetric shape
		for _, l := range pxLines {
			if !lines[pxSymRM(s, l)] {
				t.Fatalf("symmetry %d maps five %x to %x", s, l, pxSymRM(s, l))
			}
		}
		for q := 0; q < 4; q++ {
			if pxSymRM(s, pxQuadMask[q]) != pxQuadMask[pxSymQuad[s][q]] {
				t.Fatalf("symmetry %d: quadrant %d does not go to quadrant %d", s, q, pxSymQuad[s][q])
			}
			for j := 0; j < 9; j++ {
				if int(pxSymCell[s][q*9+j]) != int(pxSymQuad[s][q])*9+int(pxSymLoc[s][j]) {
					t.Fatalf("symmetry %d: the local transform differs in quadrant %d", s, q)
				}
			}
		}
	}
	if len(images) != 8 {
		t.Fatalf("only %d distinct symmetries", len(images))
	}
	rng := game.NewRand(3)
	for i := 0; i < 2000; i++ {
		b := rng.Uint64() & pxFull
		for s := 0; s < 8; s++ {
			if pxFromQ(pxSymBoard(s, pxToQ(b))) != pxSymRM(s, b) {
				t.Fatalf("symmetry %d: qm and row-major images differ", s)
			}
			if pxSymBoard(int(pxSymInv[s]), pxSymBoard(s, b)) != b {
				t.Fatalf("symmetry %d: wrong inverse %d", s, pxSymInv[s])
			}
			for q := 0; q < 4; q++ {
				for d := 0; d < 2; d++ {
					got := pxSymRM(s, pxRotate(b, q, d))
					want := pxRotate(pxSymRM(s, b), int(pxSymQuad[s][q]), d^int(pxSymRefl[s]))
					if got != want {
						t.Fatalf("symmetry %d does not carry rotation (%d,%d) to (%d,%d)", s, q, d, pxSymQuad[s][q], d^int(pxSymRefl[s]))
					}
				}
			}
		}
	}
	for _, p := range pxRandomPositions(4, 40, 0, 35) {
		me, opp := pxToQ(p[0]), pxToQ(p[1])
		key, bs := pxCanon(me, opp)
		// Decode the key: it must be exactly the image under bs.
		var dm, do uint64
		k := key
		for c := 0; c < 36; c++ {
			switch k % 3 {
			case 1:
				dm |= 1 << c
			case 2:
				do |= 1 << c
			}
			k /= 3
		}
		if k != 0 || dm != pxSymBoard(bs, me) || do != pxSymBoard(bs, opp) {
			t.Fatalf("%s: key %d does not decode to image %d", PositionString(p[0], p[1]), key, bs)
		}
		for s := 0; s < 8; s++ {
			sm, so := pxSymBoard(s, me), pxSymBoard(s, opp)
			if k2, _ := pxCanon(sm, so); k2 != key {
				t.Fatalf("%s: image %d has another key", PositionString(p[0], p[1]), s)
			}
			if pxSum(me).hasFive() || pxSum(opp).hasFive() || bits.OnesCount64(me|opp) >= 35 {
				continue
			}
			// A turn and its image give images of each other.
			for mv := 0; mv < 36*8; mv++ {
				if (me|opp)&(1<<(mv>>3)) != 0 {
					continue
				}
				a2, b2, fa, va := pxKidOf(me, opp, mv)
				c2, d2, fc, vc := pxKidOf(sm, so, pxSymMove(s, mv))
				if fa != fc || va != vc || pxSymBoard(s, a2) != c2 || pxSymBoard(s, b2) != d2 {
					t.Fatalf("%s: turn %d and its image %d under %d disagree", PositionString(p[0], p[1]), mv, pxSymMove(s, mv), s)
				}
			}
		}
	}
}

// TestFastMatchesReference checks the qm primitives against the
// row-major rules: conversions, rotations, packed counts, immediate wins
// and the generated turns (set of positions, and the value of the turns
// left out).
func TestFastMatchesReference(t *testing.T) {
	x := NewSolver(10)
	wins, kidsSeen, finals := 0, 0, 0
	for _, p := range pxRandomPositions(5, 60, 0, 35) {
		me, opp := p[0], p[1]
		qm, qo := pxToQ(me), pxToQ(opp)
		if pxFromQ(qm) != me || pxFromQ(qo) != opp {
			t.Fatal("qm conversion does not round-trip")
		}
		for q := 0; q < 4; q++ {
			for d := 0; d < 2; d++ {
				if pxFromQ(pxRotQ(qm, q, d)) != pxRotate(me, q, d) {
					t.Fatalf("pxRotQ(%d,%d) differs from pxRotate", q, d)
				}
			}
		}
		sm, so := pxSum(qm), pxSum(qo)
		for i, l := range pxLines {
			if got := int(sm[i/16] >> (4 * (i % 16)) & 15); got != bits.OnesCount64(me&l) {
				t.Fatalf("packed count of five %d is %d, want %d", i, got, bits.OnesCount64(me&l))
			}
		}
		n := bits.OnesCount64(me | opp)
		w := pxWinsNowQ(qm, qo, sm, so, n)
		if w != pxWinsNow(me, opp) {
			t.Fatalf("%s: pxWinsNowQ %v, pxWinsNow %v", PositionString(me, opp), w, !w)
		}
		if w != (pxThreatCount(qm, qo, sm, so) > 0) && n < 35 {
			// A threat whose rotation also makes an opposing five is
			// counted but does not win; anything else must agree.
			if w {
				t.Fatalf("%s: wins now without a threat", PositionString(me, opp))
			}
		}
		if w {
			wins++
			continue
		}
		if n >= 35 {
			continue
		}
		want := map[[2]uint64]bool{}
		wantFB := int8(-2)
		for _, k := range pxChildren(me, opp, nil) {
			switch {
			case k.final:
				wantFB = max(wantFB, k.value)
				finals++
			case pxWinsNow(k.me, k.opp):
				wantFB = max(wantFB, -1)
			default:
				want[[2]uint64{k.me, k.opp}] = true
			}
		}
		kids, fb := x.gen(qm, qo, sm, so, n, pxFullQ&^(qm|qo), nil)
		got := map[[2]uint64]bool{}
		for _, k := range kids {
			km, ko := pxFromQ(k.me), pxFromQ(k.opp)
			if got[[2]uint64{km, ko}] {
				t.Fatalf("%s: a child twice", PositionString(me, opp))
			}
			got[[2]uint64{km, ko}] = true
			if m2, o2, final, _ := pxKidOf(qm, qo, int(k.move)); final || m2 != k.opp || o2 != k.me {
				t.Fatalf("%s: turn %d does not lead to its child", PositionString(me, opp), k.move)
			}
		}
		if len(got) != len(want) || fb != wantFB {
			t.Fatalf("%s: %d children (left-out value %d), want %d (%d)", PositionString(me, opp), len(got), fb, len(want), wantFB)
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("%s: child %s missing", PositionString(me, opp), PositionString(k[0], k[1]))
			}
		}
		kidsSeen += len(kids)
	}
	if wins < 20 || kidsSeen < 10000 || finals < 10 {
		t.Fatalf("too little compared: %d wins, %d children, %d finals", wins, kidsSeen, finals)
	}
}

// TestSolverMatchesReference compares the fast solver's values and
// categories with the reference solver and a plain search for short wins
// on late positions from random and policy games.
func TestSolverMatchesReference(t *testing.T) {
	x, ref := NewSolver(18), newPxRefSolver(18)
	x.abLimit = 0 // alpha-beta only (TestRetroMatchesSearch checks the other)
	ps := pxRandomPositions(7, 30, 27, 31)
	ps = append(ps, pxPolicyPositions(8, 60, 25, 27)...)
	count := map[int8]int{}
	for _, p := range ps {
		me, opp := p[0], p[1]
		v, want := x.value(me, opp), ref.value(me, opp)
		if v != want {
			t.Fatalf("%s: value %d, reference %d", PositionString(me, opp), v, want)
		}
		count[v]++
		for k := 1; k <= 2; k++ {
			if got, want := x.winWithin(me, opp, k), pxRefWinWithin(me, opp, k); got != want {
				t.Fatalf("%s: winWithin(%d) %v, reference %v", PositionString(me, opp), k, got, want)
			}
		}
	}
	if count[1] < 10 || count[0] < 5 || count[-1] < 5 {
		t.Fatalf("too few of each value: %v", count)
	}
}

// pxRefWinWithin is winWithin straight from pxChildren, without memo.
func pxRefWinWithin(me, opp uint64, k int) bool {
	kids := pxChildren(me, opp, nil)
	for _, c := range kids {
		if c.final && c.value == 1 {
			return true
		}
	}
	if k <= 1 {
		return false
	}
	for _, c := range kids {
		if c.final || pxWinsNow(c.me, c.opp) {
			continue
		}
		escape := false
		for _, d := range pxChildren(c.me, c.opp, nil) {
			if d.final {
				if d.value != -1 {
					escape = true
					break
				}
				continue
			}
			if !pxRefWinWithin(d.me, d.opp, k-1) {
				escape = true
				break
			}
		}
		if !escape {
			return true
		}
	}
	return false
}
