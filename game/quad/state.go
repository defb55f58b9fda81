package quad

import "github.com/tabletop/tabletop/game"

// Move encoding: bits 0–3 the column and bits 4–7 the row (both 0-based),
// bits 8–9 the kind (markBits or blockBits). A move is never zero, so it
// never collides with game.Noop, and it does not depend on the board size:
// MarkMove and BlockMove need no variant.
const (
	markBits  = 0x100
	blockBits = 0x200
	kindMask  = 0x300
)

// State is a Quad position. It is a small value: copying the struct copies
// the position, and it holds no slices or maps of its own.
type State struct {
	rules    *rules
	stones   [2]set128 // marks of x and o
	white    set128    // white stones
	hash     uint64
	marks    [2]int8 // marks left per role
	blockers [2]int8 // blockers left per role
	toMove   game.Role
	over     bool
	goals    [2]int8
	// win is the index in rules.squares of the square that ended the game,
	// or of the open quad that scored 95; -1 when there is none.
	win int16
}

var (
	_ game.State     = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
)

func (rl *rules) newState() *State {
	s := &State{rules: rl, win: -1}
	s.marks = [2]int8{rl.marks, rl.marks}
	s.blockers = [2]int8{rl.blockers, rl.blockers}
	s.hash = s.computeHash()
	return s
}

// computeHash hashes the position from scratch; Apply keeps it up to date
// incrementally. Marks left follow from the board, so only the cells, the
// role in control and the blockers left are keyed.
func (s *State) computeHash() uint64 {
	rl := s.rules
	var h uint64
	for plane, set := range [3]set128{s.stones[0], s.stones[1], s.white} {
		for c := 0; c < rl.cells; c++ {
			if set.has(c) {
				h ^= rl.zCell[plane][c]
			}
		}
	}
	if s.toMove == RoleO {
		h ^= rl.zToMove
	}
	h ^= rl.zBlock[0][s.blockers[0]] ^ rl.zBlock[1][s.blockers[1]]
	return h
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return s.rules.variant }

// ToMove implements game.State.
func (s *State) ToMove() game.Role { return s.toMove }

// emptyCells returns the empty board cells.
func (s *State) emptyCells() set128 {
	return s.rules.board.andNot(s.stones[0].or(s.stones[1]).or(s.white))
}

// Legal implements game.State: marks on every empty cell, then blocks on
// every empty cell if the player in control has blockers left.
func (s *State) Legal(buf []game.Move) []game.Move {
	if s.over {
		return buf
	}
	empty := s.emptyCells()
	buf = s.appendMoves(buf, empty, markBits)
	if s.blockers[s.toMove] > 0 {
		buf = s.appendMoves(buf, empty, blockBits)
	}
	return buf
}

func (s *State) appendMoves(buf []game.Move, cells set128, kind game.Move) []game.Move {
	coord := &s.rules.coordOf
	for w := cells.lo; w != 0; w &= w - 1 {
		buf = append(buf, kind|game.Move(coord[trailing(w)]))
	}
	for w := cells.hi; w != 0; w &= w - 1 {
		buf = append(buf, kind|game.Move(coord[64+trailing(w)]))
	}
	return buf
}

// IsLegal implements game.State. Any Move value may be passed, garbage too.
func (s *State) IsLegal(m game.Move) bool {
	if s.over || m>>10 != 0 {
		return false
	}
	kind := m & kindMask
	if kind != markBits && kind != blockBits {
		return false
	}
	cell := s.rules.cellOf[m&0xff]
	if cell == noCell || !s.emptyCells().has(int(cell)) {
		return false
	}
	return kind == markBits || s.blockers[s.toMove] > 0
}

// Apply implements game.State. Only the mover can complete a square, and
// only through the cell just marked, so the end test looks at the squares
// through that cell; a block never ends the game (it changes no marks).
func (s *State) Apply(m game.Move) {
	rl := s.rules
	cell := int(rl.cellOf[m&0xff])
	me := s.toMove
	if m&kindMask == blockBits {
		s.white = s.white.or(bit(cell))
		b := s.blockers[me]
		s.hash ^= rl.zCell[planeWhite][cell] ^ rl.zBlock[me][b] ^ rl.zBlock[me][b-1]
		s.blockers[me] = b - 1
		return
	}
	s.stones[me] = s.stones[me].or(bit(cell))
	s.marks[me]--
	s.toMove = 1 - me
	s.hash ^= rl.zCell[me][cell] ^ rl.zToMove
	// A square needs four marks.
	if rl.marks-s.marks[me] >= 4 {
		if sq := rl.completed(s.stones[me], cell); sq >= 0 {
			s.finish(int16(sq), me, 100)
			return
		}
	}
	if s.marks[0] == 0 && s.marks[1] == 0 {
		s.finishByMarks()
	}
}

// finish ends the game with goal g for role r and 100-g for the other.
func (s *State) finish(win int16, r game.Role, g int8) {
	s.over = true
	s.win = win
	s.goals[r] = g
	s.goals[1-r] = 100 - g
}

// finishByMarks scores a game that ended because both players used all
// their marks (rule 3 of RULES.md). Only x's open quads count: the formal
// rules are asymmetric and RULES.md keeps that.
func (s *State) finishByMarks() {
	if sq := s.rules.openQuad(s.stones[0], s.emptyCells()); sq >= 0 {
		s.finish(int16(sq), RoleX, 95)
		return
	}
	switch xb, ob := s.blockers[0], s.blockers[1]; {
	case xb > ob:
		s.finish(-1, RoleX, 90)
	case xb == ob:
		s.finish(-1, RoleX, 50)
	default:
		s.finish(-1, RoleX, 10)
	}
}

// settle computes the terminal flag and goals from scratch, in the order of
// RULES.md; used after reading a position.
func (s *State) settle() {
	s.over, s.win, s.goals = false, -1, [2]int8{}
	rl := s.rules
	if sq := rl.anySquare(s.stones[0]); sq >= 0 {
		s.finish(int16(sq), RoleX, 100)
	} else if sq := rl.anySquare(s.stones[1]); sq >= 0 {
		s.finish(int16(sq), RoleO, 100)
	} else if s.marks[0] == 0 && s.marks[1] == 0 {
		s.finishByMarks()
	}
}

// Terminal implements game.State.
func (s *State) Terminal() bool { return s.over }

// Goal implements game.State; it is 0 for both roles while the game is on.
func (s *State) Goal(r game.Role) int {
	if !s.over || r < 0 || r > 1 {
		return 0
	}
	return int(s.goals[r])
}

// Hash implements game.State.
func (s *State) Hash() uint64 { return s.hash }

// RandomMove implements game.State: uniform over the marks and blocks on
// the empty cells, by drawing an index and selecting that set bit.
func (s *State) RandomMove(rng *game.Rand) game.Move {
	empty := s.emptyCells()
	e := empty.count()
	k := 0
	kind := game.Move(markBits)
	if s.blockers[s.toMove] > 0 {
		k = rng.Intn(2 * e)
		if k >= e {
			k -= e
			kind = blockBits
		}
	} else {
		k = rng.Intn(e)
	}
	return kind | game.Move(s.rules.coordOf[empty.nth(k)])
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom implements game.State; src must be a *State of the same variant.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }
