package pentago

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// The eight symmetries of the board (the square's rotations and
// reflections) map quadrants to quadrants and lines to lines, so they keep
// every value; a reflection turns a clockwise rotation into a
// counterclockwise one. Symmetry k transposes the board (k&4), then flips
// its rows (k&1), then its columns (k&2); 0 is the identity.

// Symmetries is the number of symmetries of the board.
const Symmetries = 8

// symCell[k][i] is the image of bit i (row-major, row 0 at the top).
var symCell = func() (t [Symmetries][numCells]uint8) {
	for k := 0; k < Symmetries; k++ {
		for i := 0; i < numCells; i++ {
			r, c := i/6, i%6
			if k&4 != 0 {
				r, c = c, r
			}
			if k&1 != 0 {
				r = 5 - r
			}
			if k&2 != 0 {
				c = 5 - c
			}
			t[k][i] = uint8(r*6 + c)
		}
	}
	return t
}()

// InverseSymmetry returns the symmetry that undoes symmetry k.
func InverseSymmetry(k int) int {
	for j := 0; j < Symmetries; j++ {
		undoes := true
		for i := 0; i < numCells; i++ {
			undoes = undoes && int(symCell[j][symCell[k][i]]) == i
		}
		if undoes {
			return j
		}
	}
	return 0 // unreachable: the symmetries form a group
}

func symBoard(k int, b uint64) uint64 {
	var o uint64
	for ; b != 0; b &= b - 1 {
		o |= 1 << symCell[k][bits.TrailingZeros64(b)]
	}
	return o
}

// Transform returns the image of s under symmetry k (0–7): the same
// position turned or mirrored, with the same role and phase.
func (s *State) Transform(k int) *State {
	t := *s
	t.stones[0], t.stones[1] = symBoard(k, s.stones[0]), symBoard(k, s.stones[1])
	return &t
}

// TransformMove returns the image of m under symmetry k: the move that
// does in s.Transform(k) what m does in s.
func TransformMove(m game.Move, k int) game.Move {
	d := Decode(m)
	switch d.Kind {
	case PlaceStone:
		return game.Move(int(symCell[k][(d.Row-1)*6+d.Col-1]) + 1)
	case RotateQuadrant:
		// The quadrant's image holds the image of its centre cell.
		row, col := RowCol(d.Q, 2, 2)
		i := symCell[k][(row-1)*6+col-1]
		q := int(cellQ[i])
		clockwise := d.Clockwise != (bits.OnesCount(uint(k))%2 == 1)
		return RotateMove(q, clockwise)
	}
	return m
}

// Canonical returns the symmetry k that takes s to the least of its
// images (by the red, then the black stones as numbers): positions that
// are the same up to symmetry have the same s.Transform(k).
func (s *State) Canonical() (k int) {
	bestR, bestB := ^uint64(0), ^uint64(0)
	for j := 0; j < Symmetries; j++ {
		r, b := symBoard(j, s.stones[0]), symBoard(j, s.stones[1])
		if r < bestR || r == bestR && b < bestB {
			bestR, bestB, k = r, b, j
		}
	}
	return k
}
