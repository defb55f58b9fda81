package pentago

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// Roles of Pentago, as indices into Variant.Roles.
const (
	RoleRed   game.Role = 0
	RoleBlack game.Role = 1
)

// Phase says what the role in control does next.
type Phase uint8

// The two phases of a turn.
const (
	Place  Phase = iota // put a stone on an empty cell
	Rotate              // turn one quadrant a quarter turn
)

// String returns "place" or "rotate", the word used in position strings.
func (p Phase) String() string {
	if p == Rotate {
		return "rotate"
	}
	return "place"
}

// Cell is the content of one board cell.
type Cell uint8

// Cell contents.
const (
	Empty Cell = iota
	Red
	Black
)

// Outcome values cached in State.status after every action.
const (
	ongoing   uint8 = iota
	redWins         // only red has a line
	blackWins       // only black has a line
	draw            // both have a line, or the board is full without one
)

const (
	numCells  = 36
	boardMask = uint64(1)<<numCells - 1

	// Moves: 1..36 place a stone on bit m-1; 37..44 rotate, see RotateMove.
	firstRotate = game.Move(numCells + 1)
	lastMove    = firstRotate + 7
)

// rules holds what differs between the two variants: the turn cycle.
type rules struct {
	variant *game.Variant
	// role and phase of each of the four steps of the turn cycle.
	role  [4]game.Role
	phase [4]Phase
	// diff[k] is #red − #black stones whenever step k is in control;
	// minRed[k] and minBlack[k] are the fewest stones possible then (the
	// placements made in the first cycle before step k). Both follow from
	// the cycle; see newRules.
	diff             [4]int
	minRed, minBlack [4]int
	zStep            [4]uint64
}

// newRules derives the stone-count invariants from the turn cycle: every
// full cycle adds one red and one black stone, so at step k the difference
// #red − #black is the number of red placements minus black placements
// among steps 0..k−1. Spelled out:
//
//	pentago:       red place 0, red rotate +1, black place +1, black rotate 0
//	pentago-split: red place 0, black place +1, red rotate 0, black rotate 0
func newRules(v *game.Variant, role [4]game.Role, phase [4]Phase) *rules {
	r := &rules{variant: v, role: role, phase: phase}
	red, black := 0, 0
	for k := 0; k < 4; k++ {
		r.diff[k] = red - black
		r.minRed[k], r.minBlack[k] = red, black
		r.zStep[k] = zRole[role[k]] ^ zPhase[phase[k]]
		if phase[k] == Place {
			if role[k] == RoleRed {
				red++
			} else {
				black++
			}
		}
	}
	return r
}

// State is one Pentago position. Its zero value is not usable; get states
// from the registered variants (game.Lookup("pentago")) or NewState.
type State struct {
	rules  *rules
	stones [2]uint64 // red, black
	step   uint8     // index into the turn cycle of rules
	status uint8     // ongoing, redWins, blackWins or draw
}

var (
	standardRules *rules
	splitRules    *rules
)

func init() {
	standard := &game.Variant{
		Name:    "pentago",
		Title:   "Pentago",
		Summary: "Five in a row on a 6×6 board whose four quadrants twist after every stone.",
		Rules:   rulesText("On your turn you place a stone, then rotate a quadrant. Red places, red rotates, black places, black rotates, and so on."),
		Roles:   []string{"red", "black"},
		Order:   200,
	}
	split := &game.Variant{
		Name:    "pentago-split",
		Title:   "Pentago (split turns)",
		Summary: "Pentago where both players place a stone, then both turn a quadrant.",
		Rules:   rulesText("The turn order is split: red places, black places, red rotates, black rotates, and so on."),
		Roles:   []string{"red", "black"},
		Order:   201,
	}
	standardRules = newRules(standard,
		[4]game.Role{RoleRed, RoleRed, RoleBlack, RoleBlack},
		[4]Phase{Place, Rotate, Place, Rotate})
	splitRules = newRules(split,
		[4]game.Role{RoleRed, RoleBlack, RoleRed, RoleBlack},
		[4]Phase{Place, Place, Rotate, Rotate})
	for _, r := range []*rules{standardRules, splitRules} {
		r := r
		r.variant.New = func() game.State { return &State{rules: r} }
		r.variant.ParsePosition = func(s string) (game.State, error) { return parsePosition(r, s) }
		game.Register(r.variant)
	}
}

func rulesText(order string) string {
	return "Two players, red and black, share a 6×6 board made of four 3×3 quadrants " +
		"(1 top-right, 2 top-left, 3 bottom-left, 4 bottom-right). " + order + "\n\n" +
		"Place: put a stone of your colour on any empty cell. Rotate: turn any one quadrant " +
		"a quarter turn clockwise or counterclockwise; every rotation is allowed, even of an empty quadrant.\n\n" +
		"Five stones of one colour in a row, column or diagonal win. The board is checked after every action, " +
		"so a placement can win before its rotation. If one rotation makes fives for both colours, " +
		"or the board fills up without a five, the game is a draw (50 each).\n\n" +
		"Cells are written Q X Y: quadrant, column from the left and row from the bottom inside the quadrant. " +
		"Type 123 to place on quadrant 1, column 2, row 3; 4cw or 4ccw to rotate quadrant 4."
}

// NewState returns the starting position of "pentago", or of
// "pentago-split" when split is true.
func NewState(split bool) *State {
	if split {
		return &State{rules: splitRules}
	}
	return &State{rules: standardRules}
}

// Variant returns the variant of s.
func (s *State) Variant() *game.Variant { return s.rules.variant }

// ToMove returns the role in control.
func (s *State) ToMove() game.Role { return s.rules.role[s.step] }

// Phase returns what the role in control does next: Place or Rotate.
func (s *State) Phase() Phase { return s.rules.phase[s.step] }

// Legal appends the legal moves: every empty cell in the place phase (in
// row-major order from the top left), the eight rotations otherwise.
func (s *State) Legal(buf []game.Move) []game.Move {
	if s.status != ongoing {
		return buf
	}
	if s.rules.phase[s.step] == Rotate {
		for m := firstRotate; m <= lastMove; m++ {
			buf = append(buf, m)
		}
		return buf
	}
	for e := boardMask &^ (s.stones[0] | s.stones[1]); e != 0; e &= e - 1 {
		buf = append(buf, game.Move(bits.TrailingZeros64(e)+1))
	}
	return buf
}

// IsLegal reports whether m is a legal move now.
func (s *State) IsLegal(m game.Move) bool {
	if s.status != ongoing || m == game.Noop || m > lastMove {
		return false
	}
	if s.rules.phase[s.step] == Rotate {
		return m >= firstRotate
	}
	return m < firstRotate && (s.stones[0]|s.stones[1])&(1<<(m-1)) == 0
}

// Apply plays m, which must be legal.
func (s *State) Apply(m game.Move) {
	if m < firstRotate {
		cell := uint(m - 1)
		c := s.rules.role[s.step]
		own := s.stones[c] | 1<<cell
		s.stones[c] = own
		// Only the placer can have made a line, and only through this cell:
		// the position before was not terminal, so nobody had one.
		lines := &linesThrough[cell]
		for i := uint8(0); i < lines.n; i++ {
			if own&lines.mask[i] == lines.mask[i] {
				s.status = redWins + uint8(c)
				break
			}
		}
		if s.status == ongoing && s.stones[0]|s.stones[1] == boardMask {
			s.status = draw
		}
	} else {
		r := int(m - firstRotate)
		q, dir := r>>1, r&1
		s.stones[0] = rotate(s.stones[0], q, dir)
		s.stones[1] = rotate(s.stones[1], q, dir)
		s.status = outcomeAfterRotation(s.stones[0], s.stones[1], q)
	}
	s.step = (s.step + 1) & 3
}

// outcomeAfterRotation tests the lines that cross quadrant q (index 0–3):
// the others did not change and were not complete before.
func outcomeAfterRotation(red, black uint64, q int) uint8 {
	var r, b bool
	for _, m := range linesTouching[q] {
		r = r || red&m == m
		b = b || black&m == m
	}
	switch {
	case r && b:
		return draw
	case r:
		return redWins
	case b:
		return blackWins
	}
	return ongoing
}

// outcomeOf computes the outcome of any board from scratch.
func outcomeOf(red, black uint64) uint8 {
	r, b := hasLine(red), hasLine(black)
	switch {
	case r && b:
		return draw
	case r:
		return redWins
	case b:
		return blackWins
	case red|black == boardMask:
		return draw
	}
	return ongoing
}

// hasLine reports whether the stones in b contain any of the 32 lines.
func hasLine(b uint64) bool {
	for _, m := range lineMasks {
		if b&m == m {
			return true
		}
	}
	return false
}

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.status != ongoing }

// Goal returns 100 for the only role with a line, 0 for the other; 50 each
// for a draw; 0 while the game goes on.
func (s *State) Goal(r game.Role) int {
	switch s.status {
	case redWins:
		if r == RoleRed {
			return game.MaxGoal
		}
	case blackWins:
		if r == RoleBlack {
			return game.MaxGoal
		}
	case draw:
		return game.MaxGoal / 2
	}
	return 0
}

// Hash returns the Zobrist hash of the stones, the role in control and the
// phase. The per-cell keys are combined a byte of the board at a time
// through tables that hold the XOR of the keys of every subset of 8 cells.
func (s *State) Hash() uint64 {
	h := s.rules.zStep[s.step]
	r, b := s.stones[0], s.stones[1]
	for k := 0; k < 5; k++ {
		h ^= zByte[0][k][uint8(r)] ^ zByte[1][k][uint8(b)]
		r >>= 8
		b >>= 8
	}
	return h
}

// RandomMove returns a uniformly random legal move without enumerating.
func (s *State) RandomMove(rng *game.Rand) game.Move {
	if s.rules.phase[s.step] == Rotate {
		return firstRotate + game.Move(rng.Intn(8))
	}
	empty := boardMask &^ (s.stones[0] | s.stones[1])
	k := rng.Intn(bits.OnesCount64(empty))
	base := 0
	for {
		n := bits.OnesCount8(uint8(empty))
		if k < n {
			break
		}
		k -= n
		empty >>= 8
		base += 8
	}
	return game.Move(base + int(selectInByte[uint8(empty)][k]) + 1)
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, a *State of the same variant.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// At returns the content of the cell in row 1–6 counted from the TOP and
// column 1–6 counted from the left; Empty outside the board.
func (s *State) At(row, col int) Cell {
	if row < 1 || row > 6 || col < 1 || col > 6 {
		return Empty
	}
	bit := uint64(1) << uint((row-1)*6+col-1)
	switch {
	case s.stones[0]&bit != 0:
		return Red
	case s.stones[1]&bit != 0:
		return Black
	}
	return Empty
}

// Bitboards returns the red and the black stones, bit r*6+c standing for
// the cell in row r (0 = top) and column c (0 = left): the board as an
// exact solver reads it, without 36 calls to At.
func (s *State) Bitboards() (red, black uint64) { return s.stones[0], s.stones[1] }

// Stones returns the number of red and black stones on the board.
func (s *State) Stones() (red, black int) {
	return bits.OnesCount64(s.stones[0]), bits.OnesCount64(s.stones[1])
}

// CellQXY converts a whole-board cell, row 1–6 from the TOP and column 1–6
// from the left, to quadrant Q and quadrant coordinates X (column from the
// left) and Y (row from the bottom). It returns zeros outside the board.
func CellQXY(row, col int) (q, x, y int) {
	if row < 1 || row > 6 || col < 1 || col > 6 {
		return 0, 0, 0
	}
	i := (row-1)*6 + col - 1
	return int(cellQ[i]), int(cellX[i]), int(cellY[i])
}

// RowCol converts quadrant coordinates (Q X Y) to the whole-board row 1–6
// from the TOP and column 1–6 from the left. It returns zeros for
// coordinates that do not exist.
func RowCol(q, x, y int) (row, col int) {
	if q < 1 || q > 4 || x < 1 || x > 3 || y < 1 || y > 3 {
		return 0, 0
	}
	i := qxyCell[q-1][x-1][y-1]
	return i/6 + 1, i%6 + 1
}

// PlaceMove returns the move that places a stone on (Q X Y), or game.Noop
// when the coordinates do not exist.
func PlaceMove(q, x, y int) game.Move {
	if q < 1 || q > 4 || x < 1 || x > 3 || y < 1 || y > 3 {
		return game.Noop
	}
	return game.Move(qxyCell[q-1][x-1][y-1] + 1)
}

// RotateMove returns the move that rotates quadrant q (1–4) clockwise or
// counterclockwise, or game.Noop when the quadrant does not exist.
func RotateMove(q int, clockwise bool) game.Move {
	if q < 1 || q > 4 {
		return game.Noop
	}
	m := firstRotate + game.Move(2*(q-1))
	if !clockwise {
		m++
	}
	return m
}

// MoveKind says what a move does.
type MoveKind uint8

// Kinds of moves.
const (
	InvalidMove MoveKind = iota // not a Pentago move (Noop included)
	PlaceStone
	RotateQuadrant
)

// MoveInfo describes a move, as returned by Decode.
type MoveInfo struct {
	Kind MoveKind
	// Q is the quadrant (1–4) of a placement or rotation.
	Q int
	// X, Y (1–3, Y from the bottom) and Row, Col (1–6, Row from the TOP)
	// locate a placement; zero for rotations.
	X, Y, Row, Col int
	// Clockwise gives the direction of a rotation.
	Clockwise bool
}

// Decode describes m without reference to a position.
func Decode(m game.Move) MoveInfo {
	switch {
	case m == game.Noop || m > lastMove:
		return MoveInfo{}
	case m < firstRotate:
		i := int(m - 1)
		return MoveInfo{Kind: PlaceStone, Q: int(cellQ[i]), X: int(cellX[i]), Y: int(cellY[i]), Row: i/6 + 1, Col: i%6 + 1}
	}
	r := int(m - firstRotate)
	return MoveInfo{Kind: RotateQuadrant, Q: r>>1 + 1, Clockwise: r&1 == 0}
}

// Square is a whole-board cell: Row 1–6 from the TOP, Col 1–6 from the left.
type Square struct{ Row, Col int }

// WinningLines returns the cells of every five-in-a-row on the board, each
// line from one end to the other, for highlighting when the game is over.
// A six-in-a-row shows as its two overlapping fives. Nil when there is none.
func (s *State) WinningLines() [][5]Square {
	var out [][5]Square
	for _, m := range lineMasks {
		if s.stones[0]&m == m || s.stones[1]&m == m {
			var line [5]Square
			k := 0
			for b := m; b != 0; b &= b - 1 {
				i := bits.TrailingZeros64(b)
				line[k] = Square{i/6 + 1, i%6 + 1}
				k++
			}
			out = append(out, line)
		}
	}
	return out
}

// Winner returns the role that won, or game.NoRole for a draw or a game
// that is not over.
func (s *State) Winner() game.Role {
	switch s.status {
	case redWins:
		return RoleRed
	case blackWins:
		return RoleBlack
	}
	return game.NoRole
}
