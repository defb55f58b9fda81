package pentago

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// The estimate counts potential fives for each colour: sets of five cells
// that hold no opposing stone and are a line now, or become one after a
// single quarter turn of one quadrant. The second kind are the preimages
// R⁻¹(L) of the 32 lines under the eight rotations R, precomputed and
// deduplicated; they make the estimate see what a rotation can do, which
// is what Pentago is about.
var (
	rotatedLines = buildRotatedLines()
)

// Weights by the number of own stones in an open potential five. A line
// with four is one placement from winning; a rotated line with five is one
// rotation from winning.
var (
	lineWeight    = [6]int{0, 1, 4, 16, 90, 400}
	rotatedWeight = [6]int{0, 0, 2, 7, 30, 150}
)

// estimateScale sets how quickly a lead in potential turns into a
// near-certain estimate.
const estimateScale = 120

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
	var sr, sb int
	// Immediate threats of the role in control decide the position.
	mover := s.ToMove()
	moverWins := false
	for _, m := range lineMasks {
		a, b := red&m, black&m
		if b == 0 {
			n := bits.OnesCount64(a)
			sr += lineWeight[n]
			if n == 4 && mover == RoleRed && s.Phase() == Place {
				moverWins = true
			}
		}
		if a == 0 {
			n := bits.OnesCount64(b)
			sb += lineWeight[n]
			if n == 4 && mover == RoleBlack && s.Phase() == Place {
				moverWins = true
			}
		}
	}
	// fullRotated: a rotated line is complete for some colour, so a
	// rotation would make a real line (every line a rotation can complete
	// is the image of one of these masks).
	fullRotated := false
	for _, m := range rotatedLines {
		a, b := red&m, black&m
		if b == 0 {
			n := bits.OnesCount64(a)
			sr += rotatedWeight[n]
			fullRotated = fullRotated || n == 5
		}
		if a == 0 {
			n := bits.OnesCount64(b)
			sb += rotatedWeight[n]
			fullRotated = fullRotated || n == 5
		}
	}
	if moverWins {
		// A placement completes a line and ends the game at once.
		setEstimate(est, mover, 9900)
		return
	}
	if fullRotated && s.Phase() == Rotate && rotationCanWin(s) {
		setEstimate(est, mover, 9500)
		return
	}
	d := sr - sb
	ad := d
	if ad < 0 {
		ad = -ad
	}
	r := 5000 + 4800*d/(ad+estimateScale)
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

func setEstimate(est []int, winner game.Role, v int) {
	est[winner] = v
	est[1-winner] = 10000 - v
}
