// Package quad implements Quad (RULES.md, seeds 000–002): two players take
// turns marking cells of a square board without its four corner cells, and
// the first to own the four corners of a square of any size and any
// orientation wins. Blockers ("whites") let a player fill a cell with a
// neutral white stone and keep control. If both players run out of marks,
// x scores 95 for an open quad, else the blockers left decide.
//
// Three variants are registered: quad5, quad7 and quad11.
//
// The board is kept as 128-bit sets (two uint64 words), cell index r*N+c
// with r and c counted from 0, so one implementation serves every size up to
// 11×11 (121 cells). A State is a small value struct: copying it is a plain
// struct copy, and the hot-path methods never allocate. Everything that
// depends only on the variant (the squares, the Zobrist keys) lives in a
// shared rules table that the state points to.
package quad

import (
	"fmt"
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// The roles of Quad, as indices into Variant.Roles.
const (
	RoleX game.Role = 0 // x, in control first
	RoleO game.Role = 1 // o
)

// maxN is the largest board side; 11×11 = 121 cells fit in 128 bits and a
// row or column index (0–10) fits in the 4 bits of the move encoding.
const maxN = 11

// set128 is a set of cells: bit i of lo is cell i, bit i of hi is cell 64+i.
type set128 struct{ lo, hi uint64 }

func bit(cell int) set128 {
	if cell < 64 {
		return set128{lo: 1 << uint(cell)}
	}
	return set128{hi: 1 << uint(cell-64)}
}

func (a set128) and(b set128) set128    { return set128{a.lo & b.lo, a.hi & b.hi} }
func (a set128) or(b set128) set128     { return set128{a.lo | b.lo, a.hi | b.hi} }
func (a set128) andNot(b set128) set128 { return set128{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a set128) empty() bool            { return a.lo|a.hi == 0 }
func (a set128) count() int             { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }
func (a set128) has(cell int) bool {
	if cell < 64 {
		return a.lo>>uint(cell)&1 != 0
	}
	return a.hi>>uint(cell-64)&1 != 0
}

// contains reports whether every cell of b is in a.
func (a set128) contains(b set128) bool { return a.lo&b.lo == b.lo && a.hi&b.hi == b.hi }

// first returns the lowest cell of a non-empty set.
func (a set128) first() int {
	if a.lo != 0 {
		return bits.TrailingZeros64(a.lo)
	}
	return 64 + bits.TrailingZeros64(a.hi)
}

// nth returns the k-th lowest cell (k from 0) of a set with more than k cells.
func (a set128) nth(k int) int {
	if c := bits.OnesCount64(a.lo); k >= c {
		return 64 + select64(a.hi, k-c)
	}
	return select64(a.lo, k)
}

// select64 returns the position of the k-th lowest set bit of x (k from 0),
// narrowing by popcounts of halves down to a byte and finishing with a
// table, so it has no data-dependent loop.
func select64(x uint64, k int) int {
	pos := 0
	if c := bits.OnesCount32(uint32(x)); k >= c {
		k -= c
		x >>= 32
		pos += 32
	}
	if c := bits.OnesCount16(uint16(x)); k >= c {
		k -= c
		x >>= 16
		pos += 16
	}
	if c := bits.OnesCount8(uint8(x)); k >= c {
		k -= c
		x >>= 8
		pos += 8
	}
	return pos + int(selectInByte[uint8(x)][k&7])
}

// selectInByte[b][k] is the position of the k-th lowest set bit of b.
var selectInByte = func() (t [256][8]uint8) {
	for b := 0; b < 256; b++ {
		k := 0
		for i := 0; i < 8; i++ {
			if b>>i&1 != 0 {
				t[b][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()

// square is one geometric square of the board.
type square struct {
	mask    set128
	corners [4]uint8 // cell indices in cyclic order p, p+v, p+v+w, p+w
}

// Zobrist key planes.
const (
	planeX     = 0
	planeO     = 1
	planeWhite = 2
)

// rules holds everything that depends only on the variant. One value per
// variant is built in init and shared by all its states.
type rules struct {
	variant  *game.Variant
	n        int  // board side
	cells    int  // n*n, including the missing corners
	marks    int8 // marks each player starts with
	blockers int8 // blockers each player starts with
	board    set128

	squares []square // every distinct square, each once
	masks   []set128 // masks[i] == squares[i].mask, packed for the scans

	// Squares through each cell, flattened: the squares containing cell c
	// are throughMask[throughStart[c]:throughStart[c+1]] (their masks, for
	// the hot test) and throughIndex[...] (indices into squares).
	throughStart []uint16
	throughMask  []set128
	throughIndex []uint16

	// cellOf maps the low byte of a move (row<<4 | col, 0-based) to a cell
	// index, or noCell when row or column is off the board. coordOf is the
	// inverse for board cells.
	cellOf  [256]uint8
	coordOf [maxN * maxN]uint8

	zCell   [3][maxN * maxN]uint64 // planeX, planeO, planeWhite
	zToMove uint64                 // xored in when o is in control
	zBlock  [2][8]uint64           // [role][blockers left]
}

const noCell = 0xff

func newRules(name, title string, n, marks, blockers int) *rules {
	rl := &rules{n: n, cells: n * n, marks: int8(marks), blockers: int8(blockers)}
	for i := range rl.cellOf {
		rl.cellOf[i] = noCell
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			cell := r*n + c
			rl.cellOf[r<<4|c] = uint8(cell)
			rl.coordOf[cell] = uint8(r<<4 | c)
			if !rl.isCorner(r, c) {
				rl.board = rl.board.or(bit(cell))
			}
		}
	}
	rl.buildSquares()
	rl.buildZobrist(uint64(n))
	rl.variant = &game.Variant{
		Name:    name,
		Title:   title,
		Summary: fmt.Sprintf("%d×%d board, %d marks and %d blockers each: own the four corners of any square, tilted ones too.", n, n, marks, blockers),
		Rules:   rulesText(n, marks, blockers),
		Roles:   []string{"x", "o"},
		// Quad comes first in menus, smallest board first.
		Order: 100 + n,
		New:   func() game.State { return rl.newState() },
		ParsePosition: func(s string) (game.State, error) {
			st, err := rl.parsePosition(s)
			if err != nil {
				return nil, err
			}
			return st, nil
		},
	}
	return rl
}

func (rl *rules) isCorner(r, c int) bool {
	return (r == 0 || r == rl.n-1) && (c == 0 || c == rl.n-1)
}

// onBoard reports whether the 0-based (r, c) is a board cell.
func (rl *rules) onBoard(r, c int) bool {
	return r >= 0 && r < rl.n && c >= 0 && c < rl.n && !rl.isCorner(r, c)
}

// buildSquares enumerates every square p, p+v, p+v+w, p+w with v=(a,b)≠0
// and w=(−b,a) whose four corners are board cells. Each geometric square
// arises four times (once per starting corner), so they are deduplicated by
// their cell set.
func (rl *rules) buildSquares() {
	n := rl.n
	seen := map[set128]bool{}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			for a := -(n - 1); a < n; a++ {
				for b := -(n - 1); b < n; b++ {
					if a == 0 && b == 0 {
						continue
					}
					pr := [4]int{r, r + a, r + a - b, r - b}
					pc := [4]int{c, c + b, c + b + a, c + a}
					var sq square
					ok := true
					for i := 0; i < 4; i++ {
						if !rl.onBoard(pr[i], pc[i]) {
							ok = false
							break
						}
						cell := pr[i]*n + pc[i]
						sq.corners[i] = uint8(cell)
						sq.mask = sq.mask.or(bit(cell))
					}
					if !ok || seen[sq.mask] {
						continue
					}
					seen[sq.mask] = true
					rl.squares = append(rl.squares, sq)
					rl.masks = append(rl.masks, sq.mask)
				}
			}
		}
	}
	rl.throughStart = make([]uint16, rl.cells+1)
	for cell := 0; cell < rl.cells; cell++ {
		rl.throughStart[cell] = uint16(len(rl.throughMask))
		for i, sq := range rl.squares {
			if sq.mask.has(cell) {
				rl.throughMask = append(rl.throughMask, sq.mask)
				rl.throughIndex = append(rl.throughIndex, uint16(i))
			}
		}
	}
	rl.throughStart[rl.cells] = uint16(len(rl.throughMask))
}

func (rl *rules) buildZobrist(seed uint64) {
	rng := game.NewRand(0x51ad0000 + seed)
	for p := range rl.zCell {
		for c := range rl.zCell[p] {
			rl.zCell[p][c] = rng.Uint64()
		}
	}
	rl.zToMove = rng.Uint64()
	for r := range rl.zBlock {
		for k := range rl.zBlock[r] {
			rl.zBlock[r][k] = rng.Uint64()
		}
	}
}

// completed returns the index of a square of own that contains cell, or -1.
// Only the squares through the cell just marked can be new, so this is the
// whole incremental square test.
func (rl *rules) completed(own set128, cell int) int {
	lo, hi := int(rl.throughStart[cell]), int(rl.throughStart[cell+1])
	masks := rl.throughMask[lo:hi]
	for i := range masks {
		// One branch per square: no corner missing from own.
		if masks[i].lo&^own.lo|masks[i].hi&^own.hi == 0 {
			return int(rl.throughIndex[lo+i])
		}
	}
	return -1
}

// anySquare returns the index of the first square wholly in own, or -1.
// It scans every square; used when reading positions, not in play.
func (rl *rules) anySquare(own set128) int {
	for i, m := range rl.masks {
		if own.contains(m) {
			return i
		}
	}
	return -1
}

// openQuad returns the index of the first square with three corners in own
// and the fourth in free, or -1.
func (rl *rules) openQuad(own, free set128) int {
	for i, m := range rl.masks {
		// The corners not in own must be a single free cell.
		rest := m.andNot(own)
		if rest.andNot(free).empty() && rest.count() == 1 {
			return i
		}
	}
	return -1
}

var (
	quad5  = newRules("quad5", "Quad 5×5", 5, 8, 0)
	quad7  = newRules("quad7", "Quad 7×7", 7, 12, 5)
	quad11 = newRules("quad11", "Quad 11×11", 11, 20, 7)
)

func init() {
	for _, rl := range []*rules{quad5, quad7, quad11} {
		game.Register(rl.variant)
	}
}

func rulesText(n, marks, blockers int) string {
	blockLine := fmt.Sprintf("A player with blockers left may instead (block rR cC) an empty cell: it\nbecomes a white stone, nobody's, and the same player moves again (blocks,\nthen must mark). Each player has %d blockers.\n", blockers)
	if blockers == 0 {
		blockLine = "There are no blockers on this board, so every move is a mark.\n"
	}
	return fmt.Sprintf(`Board %d×%d, rows r1 (top) to r%d, columns c1 (left) to c%d; the four
corner cells are not part of the board. Roles x and o; x moves first.
Each player has %d marks. (mark rR cC) puts your mark on an empty cell, and
control passes to the other player.
%sA square is four cells at the corners of a geometric square of any size and
any orientation: tilted squares count (r2c3, r3c5, r5c4, r4c2 is one).
After every action: x owns a square: x 100, o 0. Else o owns one: o 100, x 0.
Else, when both players have used all their marks, the game ends: if x has
an open quad (three corners x, the fourth empty, not white) x 95, o 5;
otherwise blockers left decide: more scores 90 (the other 10), equal 50/50.
`, n, n, n, n, marks, blockLine)
}

func trailing(w uint64) int { return bits.TrailingZeros64(w) }
