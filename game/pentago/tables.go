package pentago

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// Precomputed tables. They are package-level variables filled by their
// initialisers, which Go runs before any init function, so the variant
// registration in init can rely on them.

// quadOffset is the bit of the top-left cell of quadrants 1–4 (index 0–3).
var quadOffset = [4]uint{3, 0, 18, 21}

// quadSpread has the nine cells of a quadrant whose top-left cell is bit 0.
const quadSpread = 0x7 | 0x7<<6 | 0x7<<12

// Per cell: quadrant and quadrant coordinates; per (Q X Y): the cell.
var (
	cellQ, cellX, cellY [numCells]uint8
	qxyCell             [4][3][3]int
	_                   = buildCoordinates()
)

func buildCoordinates() bool {
	for q := 0; q < 4; q++ {
		off := int(quadOffset[q])
		for lr := 0; lr < 3; lr++ { // row inside the quadrant from the top
			for lc := 0; lc < 3; lc++ {
				i := off + lr*6 + lc
				x, y := lc+1, 3-lr
				cellQ[i], cellX[i], cellY[i] = uint8(q+1), uint8(x), uint8(y)
				qxyCell[q][x-1][y-1] = i
			}
		}
	}
	return true
}

// rotTable[dir][p] is the spread form (bits lr*6+lc) of the nine-bit
// quadrant pattern p (bit lr*3+lc) after a quarter turn, dir 0 clockwise
// and 1 counterclockwise. With X = lc+1 and Y = 3−lr, clockwise sends
// (X,Y) to (Y,4−X) and counterclockwise sends (X,Y) to (4−Y,X) (RULES.md).
var rotTable = buildRotTable()

func buildRotTable() (t [2][512]uint16) {
	for p := 0; p < 512; p++ {
		for j := 0; j < 9; j++ {
			if p&(1<<j) == 0 {
				continue
			}
			x, y := j%3+1, 3-j/3
			for dir := 0; dir < 2; dir++ {
				nx, ny := y, 4-x
				if dir == 1 {
					nx, ny = 4-y, x
				}
				t[dir][p] |= 1 << uint((3-ny)*6+nx-1)
			}
		}
	}
	return t
}

// rotate turns quadrant q (0–3) of bitboard b, dir 0 clockwise, 1 counter.
func rotate(b uint64, q, dir int) uint64 {
	off := quadOffset[q]
	t := b >> off
	p := t&7 | t>>3&(7<<3) | t>>6&(7<<6)
	return b&^(quadSpread<<off) | uint64(rotTable[dir][p])<<off
}

// lineMasks are the 32 lines of five: 12 in rows, 12 in columns, 4 on
// each diagonal direction.
var lineMasks = buildLines()

func buildLines() []uint64 {
	var out []uint64
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				er, ec := r+4*d[0], c+4*d[1]
				if er < 0 || er > 5 || ec < 0 || ec > 5 {
					continue
				}
				var m uint64
				for k := 0; k < 5; k++ {
					m |= 1 << uint((r+k*d[0])*6+c+k*d[1])
				}
				out = append(out, m)
			}
		}
	}
	return out
}

// cellLines lists the lines through one cell (at most 8 in any cell).
type cellLines struct {
	mask [8]uint64
	n    uint8
}

// linesThrough[i] are the lines containing cell i; linesTouching[q] the
// lines with a cell in quadrant q (0–3).
var (
	linesThrough  [numCells]cellLines
	linesTouching [4][]uint64
	_             = buildLineIndex()
)

func buildLineIndex() bool {
	for _, m := range lineMasks {
		for b := m; b != 0; b &= b - 1 {
			i := bits.TrailingZeros64(b)
			l := &linesThrough[i]
			l.mask[l.n] = m
			l.n++
		}
		for q := 0; q < 4; q++ {
			if m&(quadSpread<<quadOffset[q]) != 0 {
				linesTouching[q] = append(linesTouching[q], m)
			}
		}
	}
	return true
}

// selectInByte[b][k] is the index of the k-th set bit of b.
var selectInByte = buildSelect()

func buildSelect() (t [256][8]uint8) {
	for b := 0; b < 256; b++ {
		k := 0
		for i := 0; i < 8; i++ {
			if b&(1<<i) != 0 {
				t[b][k] = uint8(i)
				k++
			}
		}
	}
	return t
}

// Zobrist keys: zCell per colour and cell, zRole and zPhase for the role in
// control and the phase; zByte[c][k][v] is the XOR of zCell[c][8k+i] over
// the set bits i of v, so Hash needs ten lookups instead of 36 tests.
var (
	zCell  [2][numCells]uint64
	zRole  [2]uint64
	zPhase [2]uint64
	zByte  [2][5][256]uint64
	_      = buildZobrist()
)

func buildZobrist() bool {
	rng := game.NewRand(0x9e47a60)
	for c := 0; c < 2; c++ {
		for i := range zCell[c] {
			zCell[c][i] = rng.Uint64()
		}
	}
	for i := 0; i < 2; i++ {
		zRole[i] = rng.Uint64()
		zPhase[i] = rng.Uint64()
	}
	for c := 0; c < 2; c++ {
		for k := 0; k < 5; k++ {
			for v := 0; v < 256; v++ {
				var h uint64
				for i := 0; i < 8; i++ {
					if cell := 8*k + i; v&(1<<i) != 0 && cell < numCells {
						h ^= zCell[c][cell]
					}
				}
				zByte[c][k][v] = h
			}
		}
	}
	return true
}
