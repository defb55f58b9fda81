package pentagoexact

// The rules of a turn on row-major bitboards (bit r*6+c, row 0 at the
// top), written independently of game/pentago (TestRulesMatchEngine
// compares them), and a cheap static lead for move ordering.

import "math/bits"

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

// Turn is one whole turn: a placement on cell (bit index) and, unless
// the placement ended the game, a rotation of quadrant q in direction dir.
type Turn struct {
	cell, q, dir int8
}

// pxChild is the result of one turn from the mover's point of view:
// either final (the game ended with value for the mover) or a position
// (me, opp) for the opponent, who moves next.
type pxChild struct {
	turn     Turn
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
			out = append(out, pxChild{turn: Turn{int8(c), -1, -1}, final: true, value: 1})
			continue
		}
		if full {
			out = append(out, pxChild{turn: Turn{int8(c), -1, -1}, final: true, value: 0})
			continue
		}
		for q := 0; q < 4; q++ {
			for dir := 0; dir < 2; dir++ {
				m2, o2 := pxRotate(m1, q, dir), pxRotate(opp, q, dir)
				m5, o5 := pxFiveIn(m2, pxLinesInQuad[q]), pxFiveIn(o2, pxLinesInQuad[q])
				ch := pxChild{turn: Turn{int8(c), int8(q), int8(dir)}, me: o2, opp: m2}
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
