package quad

import "github.com/tabletop/tabletop/game"

// Cell is the content of one cell, as the board view shows it.
type Cell uint8

// The contents of a cell.
const (
	Empty   Cell = iota // an empty board cell
	X                   // a mark of x
	O                   // a mark of o
	White               // a white stone (a blocker)
	Missing             // not a board cell: one of the four corners, or off the board
)

// String returns the character used in position strings: . x o w -.
func (c Cell) String() string {
	if c > Missing {
		return "?"
	}
	return string(".xow-"[c])
}

// Point is a cell by 1-based row (r1 at the top) and column (c1 at the left).
type Point struct{ R, C int }

// Kind is the kind of a Quad move.
type Kind uint8

// The kinds of move. Decode returns Invalid for anything that is not a
// Quad move, game.Noop included.
const (
	Invalid Kind = iota
	Mark         // (mark rR cC): put your mark on an empty cell
	Block        // (block rR cC): put a white stone on an empty cell
)

// MarkMove returns the move (mark rR cC), r and c 1-based. It does not check
// legality (see State.IsLegal); r and c must be in 1–11.
func MarkMove(r, c int) game.Move { return markBits | encodeRC(r, c) }

// BlockMove returns the move (block rR cC), r and c 1-based, like MarkMove.
func BlockMove(r, c int) game.Move { return blockBits | encodeRC(r, c) }

func encodeRC(r, c int) game.Move { return game.Move((r-1)&15<<4 | (c-1)&15) }

// Decode splits a move into its kind and 1-based row and column. The
// encoding is the same on every board size; a move whose kind is Invalid
// has r = c = 0.
func Decode(m game.Move) (kind Kind, r, c int) {
	switch {
	case m>>10 != 0:
		return Invalid, 0, 0
	case m&kindMask == markBits:
		kind = Mark
	case m&kindMask == blockBits:
		kind = Block
	default:
		return Invalid, 0, 0
	}
	return kind, int(m>>4&15) + 1, int(m&15) + 1
}

// Size returns the side of the board: 5, 7 or 11.
func (s *State) Size() int { return s.rules.n }

// At returns the content of the cell at 1-based row r and column c; Missing
// for the four corners and for anything off the board.
func (s *State) At(r, c int) Cell {
	if !s.rules.onBoard(r-1, c-1) {
		return Missing
	}
	return s.cellAt(r-1, c-1)
}

// cellAt is At with 0-based coordinates already known to be on the board.
func (s *State) cellAt(r, c int) Cell {
	cell := r*s.rules.n + c
	switch {
	case s.stones[0].has(cell):
		return X
	case s.stones[1].has(cell):
		return O
	case s.white.has(cell):
		return White
	}
	return Empty
}

// MarksLeft returns the marks role r (RoleX or RoleO) has not yet placed.
func (s *State) MarksLeft(r game.Role) int { return int(s.marks[r&1]) }

// BlockersLeft returns the blockers role r (RoleX or RoleO) has left.
func (s *State) BlockersLeft(r game.Role) int { return int(s.blockers[r&1]) }

// WinningSquare returns the four corners, in cyclic order, of the square
// that decided a finished game, and true; false when there is none (the
// game is on, or it ended on blockers left).
//
// If Goal(RoleX) is 100 the square is x's, if Goal(RoleO) is 100 it is o's.
// If Goal(RoleX) is 95 it is x's open quad: the first three corners are x's
// marks and the fourth, corners[3], is the empty cell that x missed.
func (s *State) WinningSquare() ([4]Point, bool) {
	var pts [4]Point
	if !s.over || s.win < 0 {
		return pts, false
	}
	corners := s.rules.squares[s.win].corners
	start := 0
	if s.goals[0] == 95 {
		// Rotate the open corner to the end; the order stays cyclic.
		for i, cell := range corners {
			if !s.stones[0].has(int(cell)) {
				start = i + 1
			}
		}
	}
	for i := range pts {
		cell := int(corners[(start+i)%4])
		pts[i] = Point{R: cell/s.rules.n + 1, C: cell%s.rules.n + 1}
	}
	return pts, true
}
