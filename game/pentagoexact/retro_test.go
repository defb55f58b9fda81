package pentagoexact

import (
	"math/bits"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// TestRetroPrimitives checks the orientation masks against plain
// rotations of the board: pxFiveSuper against pxFiveIn on each turned
// board, pxRmax against its definition, and the subset ranking.
func TestRetroPrimitives(t *testing.T) {
	rng := game.NewRand(11)
	fives := 0
	for it := 0; it < 300; it++ {
		b := sparse(rng, 2) & pxFullQ
		if it%2 == 0 {
			b |= rng.Uint64() & pxFullQ
		}
		got := pxFiveSuper(b)
		for o := 0; o < 256; o++ {
			board := b
			for q := 0; q < 4; q++ {
				for k := 0; k < o>>(2*q)&3; k++ {
					board = pxRotQ(board, q, 0)
				}
			}
			want := pxFiveIn(pxFromQ(board), pxLines)
			if got.has(o) != want {
				t.Fatalf("board %x orientation %d: five %v, want %v", b, o, got.has(o), want)
			}
			if want {
				fives++
			}
		}
		checkHalfRmax(t, rng)
	}
	if fives < 1000 {
		t.Fatalf("only %d fives seen", fives)
	}
	for k := 1; k <= 10; k++ {
		for sz := 1; sz <= k; sz++ {
			m := uint64(1)<<sz - 1
			for i := 0; i < pxBinom[k][sz]; i++ {
				if pxColexRank(m) != i || bits.OnesCount64(m) != sz || m >= 1<<k {
					t.Fatalf("subset %d of size %d of %d: mask %b, rank %d", i, sz, k, m, pxColexRank(m))
				}
				if pxColexUnrank(i, sz) != m {
					t.Fatalf("unrank %d of size %d: %b, want %b", i, sz, pxColexUnrank(i, sz), m)
				}
				m = pxNextSubset(m)
			}
		}
	}
}

// checkHalfRmax checks pxCompress and pxRmaxHalf on a random set of
// orientations against their definitions, for both parities.
func checkHalfRmax(t *testing.T, rng *game.Rand) {
	t.Helper()
	var x pxSuper
	for w := range x {
		x[w] = sparse(rng, 3)
	}
	parity := func(o int) int { return (o ^ o>>2 ^ o>>4 ^ o>>6) & 1 }
	for par := 0; par < 2; par++ {
		h := pxCompress(x, par)
		y := pxRmaxHalf(h)
		for o := 0; o < 256; o++ {
			if parity(o) == par && h.has(o) != x.has(o) {
				t.Fatalf("pxCompress(%x, %d) at %d: %v, want %v", x, par, o, h.has(o), x.has(o))
			}
			if parity(o) == par {
				continue
			}
			want := false // one quarter turn of one quadrant from o reaches x
			for q := 0; q < 4; q++ {
				for _, d := range []int{1, 3} {
					oq := (o>>(2*q)&3 + d) & 3
					if x.has(o&^(3<<(2*q)) | oq<<(2*q)) {
						want = true
					}
				}
			}
			if y.has(o) != want {
				t.Fatalf("pxRmaxHalf at %d (parity %d): %v, want %v", o, 1-par, y.has(o), want)
			}
		}
	}
}

// TestRetroMatchesSearch compares retrograde values, of positions and
// of each of their turns, with the reference solver on late positions.
func TestRetroMatchesSearch(t *testing.T) {
	ref := newPxRefSolver(18)
	var r pxRetro
	ps := pxRandomPositions(12, 120, 26, 31)
	ps = append(ps, pxPolicyPositions(13, 40, 26, 28)...)
	count := map[int8]int{}
	turns := 0
	for pi, p := range ps {
		me, opp := p[0], p[1]
		if pxWinsNow(me, opp) && pi%4 != 0 {
			continue
		}
		v, want := r.solve(pxToQ(me), pxToQ(opp)), ref.value(me, opp)
		if v != want {
			t.Fatalf("%s: retrograde %d, reference %d", PositionString(me, opp), v, want)
		}
		count[v]++
		if pi%2 != 0 {
			continue
		}
		for _, k := range pxChildren(me, opp, nil) {
			if k.turn.q < 0 {
				continue // the placement ended the game
			}
			want := k.value
			if !k.final {
				want = -ref.value(k.me, k.opp)
			}
			got := r.turnValue(int(pxRMtoQ[k.turn.cell]), int(k.turn.q), int(k.turn.dir))
			if got != want {
				t.Fatalf("%s: turn %v: retrograde %d, reference %d", PositionString(me, opp), k.turn, got, want)
			}
			turns++
		}
	}
	if count[1] < 10 || count[0] < 10 || count[-1] < 3 || turns < 2000 {
		t.Fatalf("too few compared: values %v, %d turns", count, turns)
	}
}

// TestRetroThreadsAgree solves positions whose large levels are shared
// among threads and compares the value and every turn's value with a
// solve on one thread.
func TestRetroThreadsAgree(t *testing.T) {
	ps := pxRandomPositions(21, 3, 22, 22)
	if len(ps) < 2 {
		t.Fatalf("only %d positions", len(ps))
	}
	one, three := pxRetro{threads: 1}, pxRetro{threads: 3}
	for _, p := range ps {
		me, opp := pxToQ(p[0]), pxToQ(p[1])
		if v1, v3 := one.solve(me, opp), three.solve(me, opp); v1 != v3 {
			t.Fatalf("%s: one thread %d, three %d", PositionString(p[0], p[1]), v1, v3)
		}
		if one.pairs != three.pairs || one.pairs != pxRetroPairs(bits.OnesCount64(pxFullQ&^(me|opp))) {
			t.Fatalf("%s: %d pairs on one thread, %d on three", PositionString(p[0], p[1]), one.pairs, three.pairs)
		}
		for _, c := range one.cells {
			for q := 0; q < 4; q++ {
				for d := 0; d < 2; d++ {
					if a, b := one.turnValue(c, q, d), three.turnValue(c, q, d); a != b {
						t.Fatalf("%s: turn %d %d %d: one thread %d, three %d", PositionString(p[0], p[1]), c, q, d, a, b)
					}
				}
			}
		}
	}
}

// sparse is the and of k random words: each bit set with probability 2^−k.
func sparse(rng *game.Rand, k int) uint64 {
	v := rng.Uint64()
	for i := 1; i < k; i++ {
		v &= rng.Uint64()
	}
	return v
}

// BenchmarkRetro20 is one retrograde solve of a position with 20 stones
// (16 empty cells, 10 million pairs), on one thread.
func BenchmarkRetro20(b *testing.B) {
	s, err := game.NewState("pentago", "..rb.r/...bbb/...rbr/.rbrr./.b.rb./rbbr.. red place")
	if err != nil {
		b.Fatal(err)
	}
	me, opp, _ := FromState(s)
	var r pxRetro
	for i := 0; i < b.N; i++ {
		if v := r.solve(pxToQ(me), pxToQ(opp)); v != 0 {
			b.Fatalf("value %d, want 0", v)
		}
	}
}
