package pentago

import (
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
// The tables have eight entries so that a count masked to 0–7 indexes
// them without bounds checks.
var (
	lineWeight8    = [8]int{0, 1, 4, 16, 90, 400}
	rotatedWeight8 = [8]int{0, 0, 2, 7, 30, 150}
	isFour         = [8]int{4: 1}
	isFive         = [8]int{5: 1}
)

// isZero returns 1 if x is 0, else 0, without a branch.
func isZero(x uint64) int { return int(((x | -x) >> 63) ^ 1) }

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
	occupied := red | black
	// lead is red's potential minus black's.
	var lead, redFours, blackFours, fives int
	// One count per mask suffices: a mask counts for a colour only when it
	// holds no opposing stone, and then all its stones are that colour's.
	// The open flags are 0 or 1 so that the loops have no unpredictable
	// branches.
	for _, m := range lineMasks {
		c := count(occupied & m)
		redOpen, blackOpen := isZero(black&m), isZero(red&m)
		lead += lineWeight8[c] * (redOpen - blackOpen)
		redFours += isFour[c] * redOpen
		blackFours += isFour[c] * blackOpen
	}
	for _, m := range rotatedLines {
		c := count(occupied & m)
		open := isZero(black&m) - isZero(red&m) // +1 red, −1 black, 0 both or neither
		lead += rotatedWeight8[c] * open
		fives += isFive[c] * (open & 1)
	}
	// An open four of the role in control, in the place phase, is a win:
	// the placement completes the line and ends the game at once.
	mover := s.ToMove()
	moverFours := blackFours
	if mover == RoleRed {
		moverFours = redFours
	}
	moverWins := moverFours > 0 && s.Phase() == Place
	// A rotated line with five stones means some rotation makes a real
	// line (every line a rotation completes is the image of one of these).
	fullRotated := fives > 0
	if moverWins {
		// A placement completes a line and ends the game at once.
		setEstimate(est, mover, 9900)
		return
	}
	if fullRotated && s.Phase() == Rotate && rotationCanWin(s) {
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

func setEstimate(est []int, winner game.Role, v int) {
	est[winner] = v
	est[1-winner] = 10000 - v
}

// count returns the number of set bits of x, a subset of one five-cell
// mask, as a value 0–7. It is a branch-free SWAR count: on the baseline
// amd64 target bits.OnesCount64 tests for POPCNT and may call a fallback,
// which makes the compiler spill every register in the loops above.
func count(x uint64) uint64 {
	x -= x >> 1 & 0x5555555555555555
	x = x&0x3333333333333333 + x>>2&0x3333333333333333
	x = (x + x>>4) & 0x0f0f0f0f0f0f0f0f
	return x * 0x0101010101010101 >> 56 & 7
}
