package pentago

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// The estimate counts potential fives for each colour: sets of five cells
// that hold no opposing stone and are a line now, or become one after a
// single quarter turn of one quadrant. The second kind are the preimages
// R⁻¹(L) of the 32 lines under the eight rotations R (124 distinct sets),
// precomputed; they make the estimate see what a rotation can do, which is
// what Pentago is about.
var rotatedLines = buildRotatedLines()

func buildRotatedLines() []uint64 {
	seen := map[uint64]bool{}
	for _, m := range lineMasks {
		seen[m] = true
	}
	var out []uint64
	for _, m := range lineMasks {
		for q := 0; q < 4; q++ {
			for dir := 0; dir < 2; dir++ {
				// Rotating q in direction dir completes m on boards that
				// hold m turned the other way.
				p := rotate(m, q, 1-dir)
				if !seen[p] {
					seen[p] = true
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// Weights by the number of own stones in an open potential five. A line
// with four is one placement from winning; a rotated line with five is one
// rotation from winning.
var (
	lineWeight    = [6]int{0, 1, 4, 16, 90, 400}
	rotatedWeight = [6]int{0, 0, 2, 7, 30, 150}
)

// lineValue[r][b] packs, for a line with r red and b black stones, the
// lead it gives red (low 16 bits, signed: +weight when only red is in it,
// −weight when only black is) and whether it is an open four for red
// (bit 16) or black (bit 24). rotatedValue is the same for rotated lines,
// with bit 16 (red) or 24 (black) set when the rotated line holds four or
// five stones of one colour and none of the other: a placement and a
// rotation, or the rotation alone, complete it. The tables have eight
// rows so that counts masked with &7 index them without bounds checks.
var (
	lineValue    = valueTable(lineWeight, 4, 4)
	rotatedValue = valueTable(rotatedWeight, 4, 5)
)

// valueTable flags the lines holding from flagFrom to flagTo stones of
// one colour and none of the other.
func valueTable(w [6]int, flagFrom, flagTo int) (t [8][8]uint32) {
	for r := 0; r <= 5; r++ {
		for b := 0; r+b <= 5; b++ {
			var lead int
			switch {
			case b == 0:
				lead = w[r]
			case r == 0:
				lead = -w[b]
			}
			t[r][b] = uint32(uint16(int16(lead)))
			if r >= flagFrom && r <= flagTo && b == 0 {
				t[r][b] |= 1 << 16
			}
			if b >= flagFrom && b <= flagTo && r == 0 {
				t[r][b] |= 1 << 24
			}
		}
	}
	return t
}

// estimateScale sets how quickly a lead in potential turns into a
// near-certain estimate.
const estimateScale = 120

// Estimate writes the expected goals scaled by 100 (0–10000) for red and
// black; they add up to 10000. Terminal positions get their exact goals.
// It does not allocate.
func (s *State) Estimate(est []int) {
	if s.status != ongoing {
		est[0] = 100 * s.Goal(RoleRed)
		est[1] = 100 * s.Goal(RoleBlack)
		return
	}
	red, black := s.stones[0], s.stones[1]
	// lead is red's potential minus black's; fours counts the open fours
	// (red in bits 0–7, black from bit 8), near the rotated lines with four
	// or five stones of one colour and none of the other (same layout).
	// Table lookups keep the loops free of unpredictable branches.
	var lead, fours, near int
	for _, m := range lineMasks {
		v := lineValue[bits.OnesCount64(red&m)&7][bits.OnesCount64(black&m)&7]
		lead += int(int16(v))
		fours += int(v >> 16)
	}
	for _, m := range rotatedLines {
		v := rotatedValue[bits.OnesCount64(red&m)&7][bits.OnesCount64(black&m)&7]
		lead += int(int16(v))
		near += int(v >> 16)
	}
	mover := s.ToMove()
	moverFours, moverNear := fours>>8, near>>8
	if mover == RoleRed {
		moverFours, moverNear = fours&0xff, near&0xff
	}
	if s.Phase() == Place {
		// An open four of the role in control is a win: the placement
		// completes the line and ends the game at once.
		if moverFours > 0 {
			setEstimate(est, mover, 9900)
			return
		}
		// So is, nearly always, a rotated line with four of its stones:
		// the placement fills it and the rotation turns it into a line.
		if moverNear > 0 && placeAndRotateCanWin(s) {
			setEstimate(est, mover, 9700)
			return
		}
	} else if moverNear > 0 && rotationCanWin(s) {
		// Every line a rotation completes is the image of a full rotated
		// line, so without one no rotation can win.
		setEstimate(est, mover, 9500)
		return
	}
	abs := lead
	if abs < 0 {
		abs = -abs
	}
	r := 5000 + 4800*lead/(abs+estimateScale)
	est[0], est[1] = r, 10000-r
}

// rotationCanWin reports whether some rotation gives the role in control a
// line and its opponent none.
func rotationCanWin(s *State) bool {
	own, other := s.stones[0], s.stones[1]
	if s.ToMove() == RoleBlack {
		own, other = other, own
	}
	for q := 0; q < 4; q++ {
		for dir := 0; dir < 2; dir++ {
			o := rotate(own, q, dir)
			hit := false
			for _, m := range linesTouching[q] {
				if o&m == m {
					hit = true
					break
				}
			}
			if hit && !hasLine(rotate(other, q, dir)) {
				return true
			}
		}
	}
	return false
}

// placeAndRotateCanWin reports whether the role in control, about to
// place, can make a line with a placement and a rotation that leaves its
// opponent without one. The rotated board plus any one of its empty cells
// is what a placement followed by the rotation gives, so the test is a
// line through the rotated quadrant with four (or five) rotated own
// stones and no opposing one.
func placeAndRotateCanWin(s *State) bool {
	own, other := s.stones[0], s.stones[1]
	if s.ToMove() == RoleBlack {
		own, other = other, own
	}
	if bits.OnesCount64(own|other) >= numCells-1 {
		return false // the placement fills the board: a draw
	}
	for q := 0; q < 4; q++ {
		for dir := 0; dir < 2; dir++ {
			o, x := rotate(own, q, dir), rotate(other, q, dir)
			win, lost := false, false
			for _, m := range linesTouching[q] {
				if x&m == 0 && bits.OnesCount64(o&m) >= 4 {
					win = true
				}
				lost = lost || x&m == m
			}
			if win && !lost {
				return true
			}
		}
	}
	return false
}

func setEstimate(est []int, winner game.Role, v int) {
	est[winner] = v
	est[1-winner] = 10000 - v
}
