package tictacchess

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// Point is a board cell (X Y): X the column from the left, Y the row from
// the bottom, both 1–7.
type Point struct{ X, Y int }

// Cell is the content of a board cell: Empty or the role owning the piece.
type Cell int8

// Empty is an empty cell (or a cell off the board).
const Empty Cell = -1

// Role returns the owner of the piece, or game.NoRole for Empty.
func (c Cell) Role() game.Role {
	if c < 0 {
		return game.NoRole
	}
	return game.Role(c)
}

// At returns what is on cell (x y): Empty, or the role index (Red, Yellow,
// Blue, Green) of the piece there. Off-board coordinates give Empty.
func (s *State) At(x, y int) Cell {
	if !onBoard(x, y) {
		return Empty
	}
	return Cell(s.ownerOf(index(x, y)))
}

// Pieces returns how many pieces role r has on the board (spawn included).
func (s *State) Pieces(r game.Role) int {
	if r < 0 || r >= Players {
		return 0
	}
	return bits.OnesCount64(s.pieces[r])
}

// Step returns the step counter, 1–33; the game ends when it reaches 33.
func (s *State) Step() int { return int(s.step) }

// SpawnCell returns the spawn cell of role r: red (1 4), yellow (4 1),
// blue (7 4), green (4 7).
func SpawnCell(r game.Role) Point {
	x, y := coords(spawnCell[r&3])
	return Point{x, y}
}

// SpawnCell returns the spawn cell of role r (see the package function).
func (s *State) SpawnCell(r game.Role) Point { return SpawnCell(r) }

// IsBorder reports whether (x y) is a border cell, where no piece can land.
func IsBorder(x, y int) bool { return onBorder(x, y) }

// IsCentre reports whether (x y) is in the central 3×3 where lines count.
func IsCentre(x, y int) bool { return x >= 3 && x <= 5 && y >= 3 && y <= 5 }

// MoveOf returns the move of the piece on (x1 y1) to (x2 y2). It does not
// check legality (use IsLegal); coordinates outside 1–7 give a non-zero
// move that is never legal.
func MoveOf(x1, y1, x2, y2 int) game.Move {
	if !onBoard(x1, y1) || !onBoard(x2, y2) {
		return invalidMove
	}
	return encode(index(x1, y1), index(x2, y2))
}

// MoveOf returns the move (x1 y1) → (x2 y2) (see the package function).
func (s *State) MoveOf(x1, y1, x2, y2 int) game.Move { return MoveOf(x1, y1, x2, y2) }

// Decode returns the cells of m; isPass is true (and the cells 0) for Noop.
// A move that is neither Noop nor a well-formed move gives all zeros and
// isPass false.
func Decode(m game.Move) (x1, y1, x2, y2 int, isPass bool) {
	if m == game.Noop {
		return 0, 0, 0, 0, true
	}
	from, to, ok := decode(m)
	if !ok {
		return 0, 0, 0, 0, false
	}
	x1, y1 = coords(from)
	x2, y2 = coords(to)
	return x1, y1, x2, y2, false
}

// Decode returns the cells of m (see the package function).
func (s *State) Decode(m game.Move) (x1, y1, x2, y2 int, isPass bool) { return Decode(m) }

// IsCapture reports whether m moves to an adjacent cell, which a legal
// move only does to capture.
func IsCapture(m game.Move) bool {
	from, to, ok := decode(m)
	return ok && kingNear[from]&bit(to) != 0
}

// TargetsFrom returns the cells the piece on (x y) may move to now, for
// highlighting: empty only when the cell holds no piece of the role in
// control, the piece cannot move, or the game is over. Captures and knight
// moves are both included (see IsCapture, At). It allocates; it is for the
// UI, not for search.
func (s *State) TargetsFrom(x, y int) []Point {
	if !onBoard(x, y) || s.Terminal() {
		return nil
	}
	from := index(x, y)
	own := s.pieces[s.role()]
	if own&bit(from) == 0 {
		return nil
	}
	t := targets(from, own, s.occupied())
	out := make([]Point, 0, bits.OnesCount64(t))
	for ; t != 0; t &= t - 1 {
		tx, ty := coords(bits.TrailingZeros64(t))
		out = append(out, Point{tx, ty})
	}
	return out
}

// CentreLine returns the three cells of the winning centre line and its
// owner, with ok true, when a player has one (the game is then over).
func (s *State) CentreLine() (line [3]Point, owner game.Role, ok bool) {
	if s.winner < 0 {
		return line, game.NoRole, false
	}
	l := lineOf(s.pieces[s.winner])
	for i, c := range lineCells[l] {
		x, y := coords(c)
		line[i] = Point{x, y}
	}
	return line, game.Role(s.winner), true
}

// Winner returns the role with a centre line, or game.NoRole.
func (s *State) Winner() game.Role {
	if s.winner < 0 {
		return game.NoRole
	}
	return game.Role(s.winner)
}
