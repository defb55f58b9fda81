package quad

// pairSquares lists, for every two cells a < b, the squares that have both
// as corners (at most three: two with ab as a side, one as a diagonal), so
// that scan can find the squares with two or more corners of one role from
// the pairs of its marks instead of looking at every square.
type pairSquares struct {
	cells int
	sq    [][3]uint16 // [a*cells+b]; noSquare pads
}

const noSquare = 0xffff

// pairTables is indexed by the board side.
var pairTables [maxN + 1]*pairSquares

func init() {
	for _, rl := range []*rules{quad5, quad7, quad11} {
		pairTables[rl.n] = newPairSquares(rl)
	}
}

func newPairSquares(rl *rules) *pairSquares {
	p := &pairSquares{cells: rl.cells, sq: make([][3]uint16, rl.cells*rl.cells)}
	for i := range p.sq {
		p.sq[i] = [3]uint16{noSquare, noSquare, noSquare}
	}
	for i, sq := range rl.squares {
		for j := 0; j < 4; j++ {
			for k := 0; k < 4; k++ {
				a, b := int(sq.corners[j]), int(sq.corners[k])
				if a >= b {
					continue
				}
				e := &p.sq[a*rl.cells+b]
				for n := range e {
					if e[n] == noSquare {
						e[n] = uint16(i)
						break
					}
				}
			}
		}
	}
	return p
}
