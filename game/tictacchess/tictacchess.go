package tictacchess

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// Size is the side of the board.
const Size = 7

// LastStep is the step counter value that ends the game (32 actions).
const LastStep = 33

// Players is the number of roles.
const Players = 4

// The roles in turn order.
const (
	Red    game.Role = 0
	Yellow game.Role = 1
	Blue   game.Role = 2
	Green  game.Role = 3
)

const cells = Size * Size

// roleNames are the role names of RULES.md in turn order.
var roleNames = [Players]string{"red", "yellow", "blue", "green"}

// roleLetters are the board characters of the position string.
var roleLetters = [Players]byte{'r', 'y', 'b', 'g'}

// Variant is the registered variant "tictacchess".
var Variant = &game.Variant{
	Name:    "tictacchess",
	Title:   "Tic-Tac-Chess",
	Summary: "Four players jump like knights and race for three in a row in the centre of a 7×7 board.",
	Rules: `Tic-Tac-Chess for four players: red, yellow, blue and green move in that order.
The board is 7×7; a cell is (X Y), X the column from the left, Y the row from the bottom.
The border is every cell with X or Y equal to 1 or 7.
Each player has a spawn cell on the border: red (1 4), yellow (4 1), blue (7 4),
green (4 7), and starts with one piece there. The step counter starts at 1.
On your turn move one of your pieces, (move X1 Y1 X2 Y2):
  - like a knight, (±1,±2) or (±2,±1), to an empty cell; or
  - one step in any direction, diagonals too, onto another player's piece,
    which is captured and removed.
A piece can never land on the border. When your piece leaves your spawn cell,
a new piece of yours appears there at once.
If you have no legal move you must pass (noop); otherwise you must move.
Every action adds 1 to the step counter.
The game ends as soon as a player has three pieces in a line (row, column or
diagonal) inside the central 3×3 (X and Y from 3 to 5): that player scores 100.
It also ends when the step counter reaches 33 (8 actions each).
Every player without a line scores 10 per piece on the board, at most 99.`,
	Roles:         roleNames[:],
	Order:         300,
	New:           func() game.State { return New() },
	ParsePosition: func(s string) (game.State, error) { return ParsePosition(s) },
}

func init() { game.Register(Variant) }

// State is one Tic-Tac-Chess position. It is a small value (no pointers), so
// copying the struct copies the position.
type State struct {
	pieces [Players]uint64 // one bit per cell, bit (Y-1)*7 + (X-1)
	hash   uint64          // Zobrist hash, kept up to date by Apply
	step   int8            // step counter 1–33; the role in control is (step-1) mod 4
	winner int8            // role with a centre line, or -1
	out    uint8           // one bit per role that resigned and dropped out (retire.go)
}

// New returns the starting position.
func New() *State {
	s := &State{step: 1, winner: -1}
	for r := 0; r < Players; r++ {
		s.pieces[r] = bit(spawnCell[r])
	}
	s.hash = s.computeHash()
	return s
}

// Move encoding: bits 0–5 the from cell, 6–11 the to cell, bit 12 always
// set so that no move is the zero Move (Noop).
const (
	moveFlag    = 1 << 12
	invalidMove = game.Move(1 << 31) // never legal; MoveOf returns it for bad coordinates
)

func encode(from, to int) game.Move { return game.Move(moveFlag | to<<6 | from) }

// decode returns the cells of m and whether m is a well-formed move.
func decode(m game.Move) (from, to int, ok bool) {
	from, to = int(m&63), int(m>>6&63)
	ok = m>>12 == 1 && from < cells && to < cells
	return from, to, ok
}

func bit(c int) uint64 { return 1 << uint(c) }

func index(x, y int) int { return (y-1)*Size + (x - 1) }

func coords(c int) (x, y int) { return c%Size + 1, c/Size + 1 }

func onBoard(x, y int) bool { return x >= 1 && x <= Size && y >= 1 && y <= Size }

func onBorder(x, y int) bool { return x == 1 || x == Size || y == 1 || y == Size }

// Precomputed tables.
var (
	spawnCell  [Players]int // cell index of each player's spawn
	borderMask uint64       // every border cell
	boardMask  uint64       // all 49 cells
	centreMask uint64       // the central 3×3
	kingTo     [cells]uint64
	knightTo   [cells]uint64 // non-border knight targets: where a piece may jump
	kingNear   [cells]uint64 // every adjacent cell, border included
	knightNear [cells]uint64 // every knight-distance cell, border included
	lineMask   [8]uint64     // the 3 rows, 3 columns and 2 diagonals of the centre
	lineCells  [8][3]int
	cellLines  [cells]int // centre lines through a cell: 2 edge, 3 corner, 4 middle, 0 outside
	zobPiece   [Players][cells]uint64
	zobTurn    [LastStep + 1]uint64 // step counter and, through it, the role in control
	zobOut     [Players]uint64      // a role that resigned and dropped out
)

var (
	kingSteps   = [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
	knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

func init() {
	spawnCell = [Players]int{index(1, 4), index(4, 1), index(7, 4), index(4, 7)}
	for c := 0; c < cells; c++ {
		x, y := coords(c)
		boardMask |= bit(c)
		if onBorder(x, y) {
			borderMask |= bit(c)
		}
		if x >= 3 && x <= 5 && y >= 3 && y <= 5 {
			centreMask |= bit(c)
		}
		for _, d := range kingSteps {
			if tx, ty := x+d[0], y+d[1]; onBoard(tx, ty) {
				kingNear[c] |= bit(index(tx, ty))
			}
		}
		for _, d := range knightSteps {
			if tx, ty := x+d[0], y+d[1]; onBoard(tx, ty) {
				knightNear[c] |= bit(index(tx, ty))
			}
		}
	}
	for c := 0; c < cells; c++ { // after borderMask is complete
		kingTo[c] = kingNear[c] &^ borderMask
		knightTo[c] = knightNear[c] &^ borderMask
	}
	n := 0
	for i := 3; i <= 5; i++ {
		lineCells[n] = [3]int{index(3, i), index(4, i), index(5, i)} // row Y=i
		n++
		lineCells[n] = [3]int{index(i, 3), index(i, 4), index(i, 5)} // column X=i
		n++
	}
	lineCells[n] = [3]int{index(3, 3), index(4, 4), index(5, 5)}
	lineCells[n+1] = [3]int{index(3, 5), index(4, 4), index(5, 3)}
	for i, l := range lineCells {
		lineMask[i] = bit(l[0]) | bit(l[1]) | bit(l[2])
		for _, c := range l {
			cellLines[c]++
		}
	}
	// Fixed seed: hashes are stable across runs, so saved tables and test
	// expectations stay valid.
	rng := game.NewRand(0x7474c4e55)
	for r := range zobPiece {
		for c := range zobPiece[r] {
			zobPiece[r][c] = rng.Uint64()
		}
	}
	for i := range zobTurn {
		zobTurn[i] = rng.Uint64()
	}
	// Drawn last, so that the hashes of positions without resignations
	// stay what they were.
	for r := range zobOut {
		zobOut[r] = rng.Uint64()
	}
}

func (s *State) computeHash() uint64 {
	h := zobTurn[s.step]
	for r := 0; r < Players; r++ {
		for p := s.pieces[r]; p != 0; p &= p - 1 {
			h ^= zobPiece[r][bits.TrailingZeros64(p)]
		}
		if s.out&(1<<r) != 0 {
			h ^= zobOut[r]
		}
	}
	return h
}

// lineOf returns the index of a centre line filled by own, or -1.
func lineOf(own uint64) int {
	if bits.OnesCount64(own&centreMask) < 3 {
		return -1
	}
	for i, l := range lineMask {
		if own&l == l {
			return i
		}
	}
	return -1
}

func (s *State) occupied() uint64 {
	return s.pieces[0] | s.pieces[1] | s.pieces[2] | s.pieces[3]
}

func (s *State) role() int { return int(s.step-1) & 3 }

// targets returns the cells the piece on from may move to, given the mover's
// pieces own and all pieces occ.
func targets(from int, own, occ uint64) uint64 {
	return kingTo[from]&(occ&^own) | knightTo[from]&^occ
}

// Variant returns the tictacchess variant.
func (s *State) Variant() *game.Variant { return Variant }

// ToMove returns the role in control, which follows from the step counter.
func (s *State) ToMove() game.Role { return game.Role(s.role()) }

// Terminal reports whether a player has a centre line, step 33 is
// reached, or one player is left in the game.
func (s *State) Terminal() bool {
	return s.winner >= 0 || s.step >= LastStep || bits.OnesCount8(s.out) == Players-1
}

// Goal returns 100 for the player with a centre line or the last one in
// the game, 0 for a player who resigned, and otherwise 10 per piece on
// the board, at most 99. The same formula applies before the end.
func (s *State) Goal(r game.Role) int {
	switch {
	case r < 0 || r >= Players || s.out&(1<<r) != 0:
		return 0
	case int(s.winner) == int(r) || bits.OnesCount8(s.out) == Players-1:
		return game.MaxGoal
	}
	return pieceGoal(bits.OnesCount64(s.pieces[r]))
}

func pieceGoal(n int) int {
	if n >= 10 {
		return 99
	}
	return 10 * n
}

// Hash returns the Zobrist hash of the pieces and the step counter (which
// fixes the role in control).
func (s *State) Hash() uint64 { return s.hash }

// Legal appends the moves of the role in control, or Noop when it has none.
func (s *State) Legal(buf []game.Move) []game.Move {
	if s.Terminal() {
		return buf
	}
	own := s.pieces[s.role()]
	occ := s.occupied()
	n := len(buf)
	for p := own; p != 0; p &= p - 1 {
		from := bits.TrailingZeros64(p)
		for t := targets(from, own, occ); t != 0; t &= t - 1 {
			buf = append(buf, encode(from, bits.TrailingZeros64(t)))
		}
	}
	if len(buf) == n {
		buf = append(buf, game.Noop)
	}
	return buf
}

// hasMove reports whether the role in control has a legal move.
func (s *State) hasMove() bool {
	own := s.pieces[s.role()]
	occ := s.occupied()
	for p := own; p != 0; p &= p - 1 {
		if targets(bits.TrailingZeros64(p), own, occ) != 0 {
			return true
		}
	}
	return false
}

// IsLegal reports whether m is legal now.
func (s *State) IsLegal(m game.Move) bool {
	if s.Terminal() {
		return false
	}
	if m == game.Noop {
		return !s.hasMove()
	}
	from, to, ok := decode(m)
	if !ok {
		return false
	}
	own := s.pieces[s.role()]
	return own&bit(from) != 0 && targets(from, own, s.occupied())&bit(to) != 0
}

// Apply plays the legal move m, or a resignation (game.ResignMove).
func (s *State) Apply(m game.Move) {
	if who, ok := game.Resigner(m); ok {
		s.retire(who)
		return
	}
	r := s.role()
	if m != game.Noop {
		from, to, _ := decode(m)
		tb := bit(to)
		for q := 0; q < Players; q++ {
			if s.pieces[q]&tb != 0 { // only another player's piece can be there
				s.pieces[q] &^= tb
				s.hash ^= zobPiece[q][to]
				break
			}
		}
		own := s.pieces[r] | tb
		s.hash ^= zobPiece[r][to]
		if from != spawnCell[r] {
			own &^= bit(from)
			s.hash ^= zobPiece[r][from]
		} // else the piece that left the spawn is replaced at once
		s.pieces[r] = own
		// Captures only remove pieces and spawns are on the border, so only
		// the mover can have completed a line.
		if l := lineOf(own); l >= 0 {
			s.winner = int8(r)
		}
	}
	s.hash ^= zobTurn[s.step] ^ zobTurn[s.step+1]
	s.step++
	if s.out != 0 {
		s.passRetired()
	}
}

// RandomMove returns a uniformly random legal move without building the
// move list: it counts the targets of every piece, draws one index and
// walks to it.
func (s *State) RandomMove(rng *game.Rand) game.Move {
	own := s.pieces[s.role()]
	occ := s.occupied()
	total := 0
	for p := own; p != 0; p &= p - 1 {
		total += bits.OnesCount64(targets(bits.TrailingZeros64(p), own, occ))
	}
	if total == 0 {
		return game.Noop
	}
	k := rng.Intn(total)
	for p := own; p != 0; p &= p - 1 {
		from := bits.TrailingZeros64(p)
		t := targets(from, own, occ)
		if c := bits.OnesCount64(t); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			t &= t - 1
		}
		return encode(from, bits.TrailingZeros64(t))
	}
	return game.Noop // unreachable: k < total
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a *State.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }
