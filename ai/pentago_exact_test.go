package ai

// An exact Pentago solver, used only by the tests, to measure how often
// the search keeps the game-theoretic value of late positions (the check
// the project is judged by runs on positions whose values come from the
// complete solution of Pentago).
//
// The solver is written independently of the engine (its own bitboards,
// lines and rotations; TestPentagoExactSolverMatchesEngine checks that
// they agree with game/pentago) so that an error in the engine's helpers
// cannot hide itself. Positions are seen from the side to move, which is
// always about to place: me and opp are its stones and the opponent's.
// Values are +1 (the mover wins), 0 (draw), −1 (the mover loses).
//
// This file holds the rules (pxChildren, pxWinsNow: row-major bitboards,
// bit r*6+c), the plain reference solver pxRefSolver, the generator and
// the measurements. pxSolver (pentago_exact_solver_test.go) is the fast
// solver the measurements use: an alpha-beta search over {−1, 0, +1} with
// symmetric transposition keys, threat ordering and null windows, which
// settles most positions in a few thousand nodes; a position with at most
// 18 empty cells that needs more than abLimit (300 000) nodes is solved
// instead by retrograde analysis of everything that can follow it
// (pentago_exact_retro_test.go), whose cost depends only on the number of
// empty cells. Single core, 2.2 GB at 18 stones; typical times:
// 18 stones 20–30 s, 19 stones ≈ 8 s, 20 stones ≈ 2.5 s, 21 ≈ 0.8 s,
// 22 ≈ 0.25 s (the first solver needed hours at 18 stones and up to a
// minute at 20). Tests that check it against the rules and the reference:
// TestPxSymmetries, TestPxFastMatchesReference, TestPxSolverMatchesReference,
// TestPxRetroPrimitives, TestPxRetroMatchesSearch.

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
)

const pxFull = uint64(1)<<36 - 1

// pxQuadOff is the bit of the top-left cell of quadrants 1–4 (RULES.md:
// 1 top-right, 2 top-left, 3 bottom-left, 4 bottom-right); bit r*6+c with
// row 0 at the top.
var pxQuadOff = [4]uint{3, 0, 18, 21}

var (
	pxLines        []uint64     // the 32 fives
	pxLinesInQuad  [4][]uint64  // fives with a cell in quadrant q
	pxLinesThrough [36][]uint64 // fives through a cell
	pxRot          [4][2][512]uint64
	pxQuadMask     [4]uint64
)

func init() {
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				er, ec := r+4*d[0], c+4*d[1]
				if er < 0 || er > 5 || ec < 0 || ec > 5 {
					continue
				}
				var m uint64
				for k := 0; k < 5; k++ {
					m |= 1 << ((r+k*d[0])*6 + c + k*d[1])
				}
				pxLines = append(pxLines, m)
			}
		}
	}
	for q := 0; q < 4; q++ {
		off := pxQuadOff[q]
		for lr := uint(0); lr < 3; lr++ {
			for lc := uint(0); lc < 3; lc++ {
				pxQuadMask[q] |= 1 << (off + lr*6 + lc)
			}
		}
		for _, l := range pxLines {
			if l&pxQuadMask[q] != 0 {
				pxLinesInQuad[q] = append(pxLinesInQuad[q], l)
			}
		}
		// Clockwise, a cell at row lr, column lc of the quadrant (row 0
		// at the top) goes to row lc, column 2−lr: RULES.md's (X,Y) →
		// (Y, 4−X) with X = lc+1, Y = 3−lr. Counterclockwise is the inverse.
		for p := 0; p < 512; p++ {
			for j := uint(0); j < 9; j++ {
				if p&(1<<j) == 0 {
					continue
				}
				lr, lc := j/3, j%3
				pxRot[q][0][p] |= 1 << (off + lc*6 + 2 - lr)
				pxRot[q][1][p] |= 1 << (off + (2-lc)*6 + lr)
			}
		}
	}
	for i := 0; i < 36; i++ {
		for _, l := range pxLines {
			if l&(1<<i) != 0 {
				pxLinesThrough[i] = append(pxLinesThrough[i], l)
			}
		}
	}
}

// pxRotate turns quadrant q (0–3) of b, dir 0 clockwise, 1 counterclockwise.
func pxRotate(b uint64, q, dir int) uint64 {
	t := b >> pxQuadOff[q]
	p := t&7 | t>>3&0x38 | t>>6&0x1c0
	return b&^pxQuadMask[q] | pxRot[q][dir][p]
}

func pxFiveIn(b uint64, lines []uint64) bool {
	for _, l := range lines {
		if b&l == l {
			return true
		}
	}
	return false
}

// pxPlaceWins reports whether me completes a five by a placement: some
// line holds four of its stones and no opposing one.
func pxPlaceWins(me, opp uint64) bool {
	for _, l := range pxLines {
		if opp&l == 0 && bits.OnesCount64(me&l) == 4 {
			return true
		}
	}
	return false
}

// pxWinsNow reports whether the mover can win this turn: by a placement,
// or by a placement and a rotation of quadrant q after which it has a five
// and the opponent none. The stones placed and then rotated are the
// rotated board plus one of its empty cells, so the second kind is a line
// through q holding four rotated own stones and no opposing one.
func pxWinsNow(me, opp uint64) bool {
	if pxPlaceWins(me, opp) {
		return true
	}
	if bits.OnesCount64(me|opp) >= 35 {
		return false // the placement fills the board: a draw
	}
	for q := 0; q < 4; q++ {
		for dir := 0; dir < 2; dir++ {
			m, o := pxRotate(me, q, dir), pxRotate(opp, q, dir)
			if pxFiveIn(o, pxLinesInQuad[q]) {
				continue
			}
			for _, l := range pxLinesInQuad[q] {
				if o&l == 0 && bits.OnesCount64(m&l) >= 4 {
					return true
				}
			}
		}
	}
	return false
}

// pxLead is a cheap static lead of me over opp, for move ordering only.
func pxLead(me, opp uint64, oppWeight int) int {
	var w = [6]int{0, 1, 3, 9, 27, 81}
	v := 0
	for _, l := range pxLines {
		a, b := me&l, opp&l
		switch {
		case b == 0:
			v += w[bits.OnesCount64(a)]
		case a == 0:
			v -= oppWeight * w[bits.OnesCount64(b)]
		}
	}
	return v
}

// pxTurn is one whole turn: a placement on cell (bit index) and, unless
// the placement ended the game, a rotation of quadrant q in direction dir.
type pxTurn struct {
	cell, q, dir int8
}

// pxChild is the result of one turn from the mover's point of view:
// either final (the game ended with value for the mover) or a position
// (me, opp) for the opponent, who moves next.
type pxChild struct {
	turn     pxTurn
	final    bool
	value    int8
	me, opp  uint64 // the next mover's stones and the other's
	priority int
}

// pxChildren lists every turn of the mover. It is the single place where
// the rules of a turn live in the solver: a placement that makes a five
// wins before the rotation; a placement that fills the board draws; after
// the rotation a five for both is a draw, for one side a win for it.
func pxChildren(me, opp uint64, out []pxChild) []pxChild {
	empty := pxFull &^ (me | opp)
	full := bits.OnesCount64(empty) == 1
	for e := empty; e != 0; e &= e - 1 {
		c := bits.TrailingZeros64(e)
		m1 := me | 1<<c
		if pxFiveIn(m1, pxLinesThrough[c]) {
			out = append(out, pxChild{turn: pxTurn{int8(c), -1, -1}, final: true, value: 1})
			continue
		}
		if full {
			out = append(out, pxChild{turn: pxTurn{int8(c), -1, -1}, final: true, value: 0})
			continue
		}
		for q := 0; q < 4; q++ {
			for dir := 0; dir < 2; dir++ {
				m2, o2 := pxRotate(m1, q, dir), pxRotate(opp, q, dir)
				m5, o5 := pxFiveIn(m2, pxLinesInQuad[q]), pxFiveIn(o2, pxLinesInQuad[q])
				ch := pxChild{turn: pxTurn{int8(c), int8(q), int8(dir)}, me: o2, opp: m2}
				switch {
				case m5 && o5:
					ch.final, ch.value = true, 0
				case m5:
					ch.final, ch.value = true, 1
				case o5:
					ch.final, ch.value = true, -1
				}
				out = append(out, ch)
			}
		}
	}
	return out
}

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

// turnValues returns every turn of the mover (row-major) with its exact
// value for the mover: from one retrograde solve when the position is in
// its range, else by solving each child.
func (x *pxSolver) turnValues(me, opp uint64) ([]pxTurn, []int8) {
	kids := pxChildren(me, opp, nil)
	turns := make([]pxTurn, len(kids))
	vals := make([]int8, len(kids))
	retro := 36-bits.OnesCount64(me|opp) <= x.retroMaxEmpty && x.abLimit != 0
	if retro {
		x.retro.solve(pxToQ(me), pxToQ(opp))
	}
	for i, k := range kids {
		turns[i] = k.turn
		switch {
		case k.final:
			vals[i] = k.value
		case retro:
			vals[i] = x.retro.turnValue(int(pxRMtoQ[k.turn.cell]), int(k.turn.q), int(k.turn.dir))
		default:
			vals[i] = -x.value(k.me, k.opp)
		}
	}
	return turns, vals
}

// category names the exact outcome of a position for its mover: win1,
// win2, win3 (a forced win within so many turns), win4+ (a longer win),
// draw or loss.
func (x *pxSolver) category(me, opp uint64, value int8) string {
	switch value {
	case 0:
		return "draw"
	case -1:
		return "loss"
	}
	if c := x.shortWin(me, opp); c != "" {
		return c
	}
	return "win4+"
}

// pxFromState converts a standard Pentago position in the place phase to
// the solver's view (the mover's stones first).
func pxFromState(s game.State) (me, opp uint64, ok bool) {
	ps, isPentago := s.(*pentago.State)
	if !isPentago || ps.Variant().Name != "pentago" || ps.Terminal() || ps.Phase() != pentago.Place {
		return 0, 0, false
	}
	var red, black uint64
	for row := 1; row <= 6; row++ {
		for col := 1; col <= 6; col++ {
			bit := uint64(1) << ((row-1)*6 + col - 1)
			switch ps.At(row, col) {
			case pentago.Red:
				red |= bit
			case pentago.Black:
				black |= bit
			}
		}
	}
	if ps.ToMove() == pentago.RoleRed {
		return red, black, true
	}
	return black, red, true
}

// pxPositionString writes (me, opp) as a "pentago" position string; the
// mover is red when the number of stones is even (red places first).
func pxPositionString(me, opp uint64) string {
	red, black, role := me, opp, "red"
	if bits.OnesCount64(me|opp)%2 == 1 {
		red, black, role = opp, me, "black"
	}
	var b strings.Builder
	for r := 0; r < 6; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < 6; c++ {
			bit := uint64(1) << (r*6 + c)
			switch {
			case red&bit != 0:
				b.WriteByte('r')
			case black&bit != 0:
				b.WriteByte('b')
			default:
				b.WriteByte('.')
			}
		}
	}
	return b.String() + " " + role + " place"
}

// pxEngineTurn returns the engine's actions for a solver turn.
func pxEngineTurn(t pxTurn) []game.Move {
	q, x, y := pentago.CellQXY(int(t.cell)/6+1, int(t.cell)%6+1)
	out := []game.Move{pentago.PlaceMove(q, x, y)}
	if t.q >= 0 {
		out = append(out, pentago.RotateMove(int(t.q)+1, t.dir == 0))
	}
	return out
}

// pxPolicyTurn chooses a turn for the generator's games: a win when there
// is one, else a turn after which the opponent cannot win by placement,
// by a noisy static lead, so that games differ and stay non-trivial.
func pxPolicyTurn(me, opp uint64, rng *game.Rand, noise int) pxChild {
	kids := pxChildren(me, opp, nil)
	best, bestV := -1, -1<<30
	for i, k := range kids {
		if k.final && k.value == 1 {
			return k
		}
		v := -1 << 20
		if !k.final && !pxWinsNow(k.me, k.opp) {
			v = pxLead(k.opp, k.me, 2)
		}
		v += rng.Intn(noise + 1)
		if v > bestV {
			best, bestV = i, v
		}
	}
	return kids[best]
}

// pxCase is one measured position.
type pxCase struct {
	pos      string
	me, opp  uint64
	value    int8
	category string
}

// pxGenerate plays seeded games with pxPolicyTurn to their end and keeps
// from each the position (if the game was still on) at a stone count
// drawn from [minStones, maxStones]; it solves each and stops when every
// category has its quota (or after many games).
func pxGenerate(t testing.TB, x *pxSolver, seed uint64, minStones, maxStones int, quota map[string]int, emit func(pxCase)) []pxCase {
	rng := game.NewRand(seed)
	have := map[string]int{}
	var out []pxCase
	done := func() bool {
		for c, q := range quota {
			if have[c] < q {
				return false
			}
		}
		return true
	}
	seen := map[[2]uint64]bool{}
	for g := 0; g < 20000 && !done(); g++ {
		me, opp, ok := pxSample(rng, minStones, maxStones, seen)
		if !ok {
			continue
		}
		// A forced win within three turns needs no full solve.
		v, cat := int8(1), x.shortWin(me, opp)
		if cat == "" {
			if have["win4+"] >= quota["win4+"] && have["draw"] >= quota["draw"] && have["loss"] >= quota["loss"] {
				continue
			}
			v = x.value(me, opp)
			cat = x.category(me, opp, v)
		}
		if have[cat] >= quota[cat] {
			continue
		}
		have[cat]++
		out = append(out, pxCase{pos: pxPositionString(me, opp), me: me, opp: opp, value: v, category: cat})
		if emit != nil {
			emit(out[len(out)-1])
		}
	}
	if !done() {
		t.Fatalf("generator found only %v, want %v", have, quota)
	}
	return out
}

// pxSample plays a seeded generator game (pxPolicyTurn with random noise)
// to its end and returns its position at a stone count drawn from
// [lo, hi], unless the game was shorter or the position is in seen (to
// which it is added).
func pxSample(rng *game.Rand, lo, hi int, seen map[[2]uint64]bool) (me, opp uint64, ok bool) {
	target := lo + rng.Intn(hi-lo+1)
	line := pxPolicyGame(rng)
	if len(line) < target || seen[line[target-1]] {
		return 0, 0, false
	}
	seen[line[target-1]] = true
	return line[target-1][0], line[target-1][1], true
}

// pxPolicyGame plays a game from the start with pxPolicyTurn at a noise
// drawn from rng and returns the position (mover, other) after each turn
// that did not end it.
func pxPolicyGame(rng *game.Rand) [][2]uint64 {
	var me, opp uint64
	noise := 2 + rng.Intn(60)
	var line [][2]uint64
	for {
		k := pxPolicyTurn(me, opp, rng, noise)
		if k.final {
			return line
		}
		me, opp = k.me, k.opp
		line = append(line, [2]uint64{me, opp})
	}
}

// shortWin names a forced win of the mover within three turns ("win1",
// "win2" or "win3"), or returns "".
func (x *pxSolver) shortWin(me, opp uint64) string {
	for k := 1; k <= 3; k++ {
		if x.winWithin(me, opp, k) {
			return fmt.Sprintf("win%d", k)
		}
	}
	return ""
}

// pxCategories in report order.
var pxCategories = []string{"win1", "win2", "win3", "win4+", "draw", "loss"}

// pxTally counts, per category, the positions where the search kept the
// exact value and all positions.
type pxTally map[string]*[2]int

// pxMeasure lets Search choose a turn in every case, solves the position
// it leads to and counts whether the turn keeps the case's value. It logs
// every turn that throws a value away.
func pxMeasure(t *testing.T, x *pxSolver, cases []pxCase, opt Options) pxTally {
	tally := pxTally{}
	for _, c := range pxCategories {
		tally[c] = &[2]int{}
	}
	for _, c := range cases {
		s := mustState(t, "pentago", c.pos)
		res := Search(context.Background(), s, opt)
		after := s.Clone()
		for _, m := range res.Turn {
			if after.Terminal() || !after.IsLegal(m) {
				t.Fatalf("%q: turn %v is not legal", c.pos, FormatLine(s, res.Turn))
			}
			after.Apply(m)
		}
		var got int8
		if after.Terminal() {
			got = map[int]int8{100: 1, 50: 0, 0: -1}[after.Goal(s.ToMove())]
		} else {
			me, opp, ok := pxFromState(after)
			if !ok || after.ToMove() == s.ToMove() {
				t.Fatalf("%q: turn %v is not a whole turn", c.pos, FormatLine(s, res.Turn))
			}
			got = -x.value(me, opp)
		}
		tl := tally[c.category]
		tl[1]++
		if got >= c.value {
			tl[0]++
		} else {
			t.Logf("%s %q: %v (score %.1f, depth %d) leads to %+d, value %+d",
				c.category, c.pos, FormatLine(s, res.Turn), res.Score, res.Depth, got, c.value)
		}
	}
	return tally
}

func (tl pxTally) String() string {
	var b strings.Builder
	kept, all := 0, 0
	for _, c := range pxCategories {
		k := tl[c]
		if k[1] == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s %d/%d, ", c, k[0], k[1])
		if c != "loss" {
			kept += k[0]
			all += k[1]
		}
	}
	fmt.Fprintf(&b, "not lost: %d/%d (%.1f%%)", kept, all, 100*float64(kept)/float64(max(all, 1)))
	return b.String()
}

// TestPentagoKeepsExactValue measures the search against exact values of
// late positions (24–28 stones) from seeded games. A forced win within
// three turns must never be thrown away; the other figures are logged.
// TABLETOP_PENTAGO_EXACT=1 runs the longer measurement below instead.
func TestPentagoKeepsExactValue(t *testing.T) {
	if testing.Short() {
		t.Skip("solves positions exactly")
	}
	if raceEnabled {
		t.Skip("judges play in a fixed time; the race detector slows the search")
	}
	x := newPxSolver(20)
	quota := map[string]int{"win1": 3, "win2": 4, "win3": 4, "win4+": 2, "draw": 5, "loss": 3}
	cases := pxGenerate(t, x, 1, 24, 28, quota, nil)
	tally := pxMeasure(t, x, cases, Options{Level: Hard, Budget: 300 * time.Millisecond})
	t.Logf("hard at 300 ms: %v", tally)
	for _, c := range []string{"win1", "win2", "win3"} {
		if k := tally[c]; k[0] != k[1] || k[1] != quota[c] {
			t.Errorf("%s: kept %d of %d forced wins (want all %d)", c, k[0], k[1], quota[c])
		}
	}
}

// TestPentagoExactLong is the longer measurement, run only with
// TABLETOP_PENTAGO_EXACT=1:
//
//	TABLETOP_PENTAGO_EXACT=1 go test ./ai -run PentagoExactLong -v -timeout 30m
//	TABLETOP_PENTAGO_EXACT=1 TABLETOP_PENTAGO_EXACT_FILE=testdata/pentago_exact_18_21.txt \
//		go test ./ai -run PentagoExactLong -v -timeout 60m
//
// Optional: TABLETOP_PENTAGO_EXACT_STONES=22-28 (stone counts),
// TABLETOP_PENTAGO_EXACT_N=12 (positions per category),
// TABLETOP_PENTAGO_EXACT_BUDGET=1.5s (default: hard's own budget),
// TABLETOP_PENTAGO_EXACT_SEED=2; or TABLETOP_PENTAGO_EXACT_FILE=FILE to
// measure on positions written by TestPentagoExactGenerate:
// testdata/pentago_exact_20_24.txt (72 positions with 20–24 stones, seed
// 7) or testdata/pentago_exact_18_21.txt (18–21 stones, seed 18), with
// TABLETOP_PENTAGO_EXACT_VERIFY=1 to solve them again first (values and
// win categories; about 25 s for the 20–24 file). Each measured turn is
// judged by solving the position it leads to, so 18-stone cases cost up
// to ~10 s of solving each besides the search.
func TestPentagoExactLong(t *testing.T) {
	if os.Getenv("TABLETOP_PENTAGO_EXACT") == "" {
		t.Skip("set TABLETOP_PENTAGO_EXACT=1")
	}
	lo, hi, n, seed := 22, 28, 12, uint64(2)
	pxEnvSample(t, "TABLETOP_PENTAGO_EXACT", &lo, &hi, &n, &seed)
	opt := Options{Level: Hard}
	if v := os.Getenv("TABLETOP_PENTAGO_EXACT_BUDGET"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		opt.Budget = d
	}
	x := newPxSolver(22)
	quota := map[string]int{}
	for _, c := range pxCategories {
		quota[c] = n
	}
	start := time.Now()
	var cases []pxCase
	if path := os.Getenv("TABLETOP_PENTAGO_EXACT_FILE"); path != "" {
		cases = pxReadCases(t, path)
		if os.Getenv("TABLETOP_PENTAGO_EXACT_VERIFY") != "" {
			retro := 0
			for _, c := range cases {
				if v := x.value(c.me, c.opp); v != c.value {
					t.Fatalf("%s: %q has value %d, the file says %d", path, c.pos, v, c.value)
				}
				if x.lastRetro {
					retro++
				}
				if c.value == 1 {
					if cat := x.category(c.me, c.opp, c.value); cat != c.category {
						t.Fatalf("%s: %q is %s, the file says %s", path, c.pos, cat, c.category)
					}
				}
			}
			t.Logf("%s: all %d values (and win categories) verified in %v (%d by retrograde analysis)",
				path, len(cases), time.Since(start).Round(time.Millisecond), retro)
		}
		t.Logf("%d positions read from %s", len(cases), path)
	} else {
		cases = pxGenerate(t, x, seed, lo, hi, quota, nil)
		t.Logf("%d positions with %d–%d stones solved in %v", len(cases), lo, hi, time.Since(start).Round(time.Millisecond))
	}
	tally := pxMeasure(t, x, cases, opt)
	budget := "its default"
	if opt.Budget > 0 {
		budget = opt.Budget.String()
	}
	t.Logf("hard (budget %s): %v", budget, tally)
	for _, c := range []string{"win1", "win2", "win3"} {
		if k := tally[c]; k[0] != k[1] {
			t.Errorf("%s: kept %d of %d forced wins", c, k[0], k[1])
		}
	}
}

// pxEnvSample overrides a measurement's stone range, count per category
// and seed from PREFIX_STONES (e.g. 22-28), PREFIX_N and PREFIX_SEED.
func pxEnvSample(t *testing.T, prefix string, lo, hi, n *int, seed *uint64) {
	if v := os.Getenv(prefix + "_STONES"); v != "" {
		if _, err := fmt.Sscanf(v, "%d-%d", lo, hi); err != nil || *lo < 1 || *hi > 34 || *lo > *hi {
			t.Fatalf("%s_STONES=%q: want e.g. 22-28", prefix, v)
		}
	}
	for _, f := range []struct {
		name string
		dst  any
	}{{"_N", n}, {"_SEED", seed}} {
		if v := os.Getenv(prefix + f.name); v != "" {
			if _, err := fmt.Sscan(v, f.dst); err != nil {
				t.Fatalf("%s%s=%q: %v", prefix, f.name, v, err)
			}
		}
	}
}

// pxReadCases reads a file written by TestPentagoExactGenerate.
func pxReadCases(t *testing.T, path string) []pxCase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []pxCase
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "|")
		if len(f) < 3 {
			t.Fatalf("%s: bad line %q", path, line)
		}
		me, opp, ok := pxFromState(mustState(t, "pentago", f[0]))
		var v int8
		if _, err := fmt.Sscan(f[1], &v); !ok || err != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		out = append(out, pxCase{pos: f[0], me: me, opp: opp, value: v, category: f[2]})
	}
	return out
}

// TestPentagoExactGenerate writes solved positions, one a line:
// "POSITION|VALUE|CATEGORY|KEEP/ALL" where KEEP is how many of the ALL
// turns keep the value (only with TABLETOP_PENTAGO_EXACT_TURNS=1, else
// 0/0; one retrograde solve per position). It runs only with
// TABLETOP_PENTAGO_EXACT_GEN=FILE (stones, count per category and seed as
// for TestPentagoExactLong). The 18–21 file was made with
//
//	TABLETOP_PENTAGO_EXACT_GEN=$PWD/ai/testdata/pentago_exact_18_21.txt \
//	TABLETOP_PENTAGO_EXACT_STONES=18-21 TABLETOP_PENTAGO_EXACT_N=10 \
//	TABLETOP_PENTAGO_EXACT_SEED=18 go test ./ai -run PentagoExactGenerate -v -timeout 300m
func TestPentagoExactGenerate(t *testing.T) {
	path := os.Getenv("TABLETOP_PENTAGO_EXACT_GEN")
	if path == "" {
		t.Skip("set TABLETOP_PENTAGO_EXACT_GEN=FILE")
	}
	lo, hi, n, seed := 22, 26, 12, uint64(3)
	pxEnvSample(t, "TABLETOP_PENTAGO_EXACT", &lo, &hi, &n, &seed)
	x := newPxSolver(22)
	quota := map[string]int{}
	for _, c := range pxCategories {
		quota[c] = n
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pxGenerate(t, x, seed, lo, hi, quota, func(c pxCase) {
		keep, all := 0, 0
		if os.Getenv("TABLETOP_PENTAGO_EXACT_TURNS") != "" {
			_, vals := x.turnValues(c.me, c.opp)
			for _, v := range vals {
				if v >= c.value {
					keep++
				}
			}
			all = len(vals)
		}
		fmt.Fprintf(f, "%s|%d|%s|%d/%d\n", c.pos, c.value, c.category, keep, all)
	})
}

// TestPentagoExactSolverMatchesEngine plays every turn of positions from
// random games both in the engine and in the solver and compares the
// stones and the outcome, so the solver's rules are the engine's.
func TestPentagoExactSolverMatchesEngine(t *testing.T) {
	rng := game.NewRand(41)
	checked, finals, winsSeen := 0, 0, 0
	for g := 0; g < 30; g++ {
		s := mustState(t, "pentago", "")
		for !s.Terminal() {
			if me, opp, ok := pxFromState(s); ok && rng.Intn(3) == 0 {
				wins := false
				for _, k := range pxChildren(me, opp, nil) {
					c := s.Clone()
					for _, m := range pxEngineTurn(k.turn) {
						if c.Terminal() || !c.IsLegal(m) {
							t.Fatalf("%q: turn %v is not legal in the engine", s.String(), k.turn)
						}
						c.Apply(m)
					}
					checked++
					if k.final && k.value == 1 {
						wins = true
					}
					if k.final {
						finals++
						want := map[int8]int{1: 100, 0: 50, -1: 0}[k.value]
						if !c.Terminal() || c.Goal(s.ToMove()) != want {
							t.Fatalf("%q: turn %v: solver says final %d, engine %q", s.String(), k.turn, k.value, c.String())
						}
						continue
					}
					cm, co, ok := pxFromState(c)
					if !ok || cm != k.me || co != k.opp {
						t.Fatalf("%q: turn %v: solver %q, engine %q", s.String(), k.turn, pxPositionString(k.me, k.opp), c.String())
					}
				}
				if pxWinsNow(me, opp) != wins {
					t.Fatalf("%q: pxWinsNow = %v, the turns say %v", s.String(), !wins, wins)
				}
				winsSeen += map[bool]int{true: 1}[wins]
			}
			s.Apply(s.RandomMove(rng))
		}
	}
	if checked < 1000 || finals == 0 || winsSeen < 10 {
		t.Fatalf("only %d turns (%d final, %d winning positions) compared", checked, finals, winsSeen)
	}
}

// TestPxSolverSpeedProbe solves positions from generator-like games and
// logs the solver's nodes and time per position; only with
// PX_PROBE=STONES (e.g. PX_PROBE=20,18), PX_PROBE_N positions per stone
// count (default 6), PX_PROBE_TT log2 table entries (default 24),
// PX_PROBE_REF=1 to solve each with the reference solver too.
func TestPxSolverSpeedProbe(t *testing.T) {
	spec := os.Getenv("PX_PROBE")
	if spec == "" {
		t.Skip("set PX_PROBE=20,18")
	}
	per, logTT := 6, uint(24)
	if v := os.Getenv("PX_PROBE_N"); v != "" {
		fmt.Sscan(v, &per)
	}
	if v := os.Getenv("PX_PROBE_TT"); v != "" {
		fmt.Sscan(v, &logTT)
	}
	x := newPxSolver(logTT)
	if v := os.Getenv("PX_PROBE_AB"); v != "" {
		fmt.Sscan(v, &x.abLimit)
	}
	if pos := os.Getenv("PX_PROBE_POS"); pos != "" {
		for _, p := range strings.Split(pos, ";") {
			me, opp, _ := pxFromState(mustState(t, "pentago", p))
			start := time.Now()
			x.nodes = 0
			v := x.value(me, opp)
			t.Logf("v=%+d nodes=%d retro=%v pairs=%d %v  %s", v, x.nodes, x.lastRetro, x.lastPairs, time.Since(start).Round(time.Millisecond), p)
		}
		return
	}
	rng := game.NewRand(5)
	for _, f := range strings.Split(spec, ",") {
		var n int
		fmt.Sscan(f, &n)
		var total time.Duration
		var totalNodes int64
		for g := 0; g < per; {
			hist := pxPolicyGame(rng)
			if len(hist) < n {
				continue
			}
			g++
			me, opp := hist[n-1][0], hist[n-1][1]
			start := time.Now()
			x.nodes = 0
			v := x.value(me, opp)
			el := time.Since(start)
			nodes := x.nodes
			retro := ""
			if x.lastRetro {
				retro = fmt.Sprintf(" retro pairs=%d", x.lastPairs)
			}
			cat := x.category(me, opp, v)
			total += el
			totalNodes += nodes
			ref := ""
			if os.Getenv("PX_PROBE_REF") != "" {
				r := newPxRefSolver(22)
				rs := time.Now()
				ref = fmt.Sprintf(" ref %d in %v (%d nodes)", r.value(me, opp), time.Since(rs).Round(time.Millisecond), r.nodes)
			}
			t.Logf("n=%d v=%+d %-5s nodes=%d%s %v (category %v)%s  %s", n, v, cat, nodes, retro, el.Round(time.Millisecond),
				(time.Since(start) - el).Round(time.Millisecond), ref, pxPositionString(me, opp))
		}
		t.Logf("n=%d: %d positions, %d nodes, %v", n, per, totalNodes, total.Round(time.Millisecond))
	}
}
