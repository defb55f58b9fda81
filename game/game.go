// Package game defines the rules interface shared by every board game in
// tabletop, and the registry of playable variants.
//
// The AI and the UI see games only through State: who is in control, the
// legal moves, applying a move, the terminal test and goal values, a Zobrist
// hash, and text forms for moves and positions. Each game lives in its own
// sub-package and registers its variants with Register; import
// game/all to get every one of them.
//
// This package must not import any UI or AI code (see imports_test.go).
package game

import "strings"

// Role identifies a player by its index in Variant.Roles (0, 1, ...).
type Role int8

// NoRole is returned where no role applies.
const NoRole Role = -1

// Move is one action in a game-specific compact encoding. Moves are cheap
// values: they can be stored in transposition tables and compared with ==.
// The zero Move is always Noop, the pass; games encode every other action
// as a non-zero value.
type Move uint32

// Noop is the pass: in Tic-Tac-Chess the only legal move of a player who
// cannot move. Its canonical text is "noop".
const Noop Move = 0

// MaxGoal is the highest goal value a role can reach.
const MaxGoal = 100

// State is one position of one variant, mutable in place.
//
// The hot-path methods (ToMove, Legal, Apply, Terminal, Goal, Hash,
// RandomMove, CopyFrom) must not allocate.
type State interface {
	// Variant returns the variant this position belongs to.
	Variant() *Variant

	// ToMove returns the role in control. Only that role has moves; the
	// others implicitly play noop. In a terminal position it still returns
	// the role that would be next.
	ToMove() Role

	// Legal appends the legal moves of the role in control to buf and
	// returns the extended slice. It returns buf unchanged in a terminal
	// position. When a role in control has no move but must pass, the
	// result is the single move Noop.
	Legal(buf []Move) []Move

	// IsLegal reports whether m is a legal move now.
	IsLegal(m Move) bool

	// Apply plays m, which must be legal (see IsLegal; Play checks it).
	Apply(m Move)

	// Terminal reports whether the game is over.
	Terminal() bool

	// Goal returns the goal value, 0–100, of role r. It is defined in
	// terminal positions; elsewhere it is the value the rules would give
	// if the game stopped now, or 0.
	Goal(r Role) int

	// Hash returns a 64-bit Zobrist hash of the whole position, including
	// the role in control and every counter that affects the future.
	Hash() uint64

	// RandomMove returns a legal move chosen uniformly at random, without
	// enumerating every legal move where the game can avoid it. The
	// position must not be terminal.
	RandomMove(rng *Rand) Move

	// Clone returns an independent copy.
	Clone() State

	// CopyFrom overwrites the receiver with src, which must be a state of
	// the same Go type (and variant). It does not allocate, so searches
	// can keep one preallocated state per ply.
	CopyFrom(src State)

	// FormatMove returns the canonical KIF text of m, e.g. "(mark r3 c4)".
	FormatMove(m Move) string

	// ShortMove returns the short notation of m that people type, e.g. "r3c4".
	ShortMove(m Move) string

	// ParseMove reads a move in KIF or short notation and checks that it is
	// legal now. The error says what is wrong; in a terminal position it
	// wraps ErrGameOver.
	ParseMove(s string) (Move, error)

	// String returns the one-line position string of RULES.md.
	String() string

	// Describe returns a readable multi-line description of the position:
	// the board with coordinates, stocks and counters.
	Describe() string
}

// Evaluator is implemented by states that can estimate the outcome of a
// position that is not terminal. The AI calls it at its search horizon.
type Evaluator interface {
	// Estimate writes into est[r], for every role r, the goal that role can
	// expect, scaled by 100 (0 to 10000). len(est) is the number of roles.
	Estimate(est []int)
}

// Variant describes one playable variant of a game.
type Variant struct {
	// Name is the identifier used on the command line, e.g. "quad7".
	Name string
	// Title is the display name, e.g. "Quad 7×7".
	Title string
	// Summary is a one-line description for menus.
	Summary string
	// Rules is a short plain-text summary of the rules, for the rules screen.
	Rules string
	// Roles are the role names in RULES.md, in turn order, e.g. "x", "o".
	Roles []string
	// New returns the starting position.
	New func() State
	// ParsePosition reads a position string of RULES.md, fully validated.
	ParsePosition func(s string) (State, error)
	// Order places the variant in menus: lower first, ties by name. Each
	// game package sets it when it registers, so adding a game touches
	// only its own package.
	Order int
}

// RoleIndex returns the role with the given name, or NoRole.
func (v *Variant) RoleIndex(name string) Role {
	for i, r := range v.Roles {
		if r == name {
			return Role(i)
		}
	}
	return NoRole
}

// RoleIndexFold is RoleIndex with names compared without case, as GDL
// compares symbols, for names people type or other programs send: a rule
// sheet's xPlayer is found as xplayer too (the exact spelling first).
func (v *Variant) RoleIndexFold(name string) Role {
	if r := v.RoleIndex(name); r != NoRole {
		return r
	}
	for i, r := range v.Roles {
		if strings.EqualFold(r, name) {
			return Role(i)
		}
	}
	return NoRole
}

// RoleName returns the name of role r, or "?" when r is out of range.
func (v *Variant) RoleName(r Role) string {
	if r < 0 || int(r) >= len(v.Roles) {
		return "?"
	}
	return v.Roles[r]
}

// Play parses nothing and trusts nothing: it applies m to s only if the
// game is not over and m is legal, and otherwise says why not, in the
// game's words where it has them (see Check).
func Play(s State, m Move) error {
	if err := Check(s, m); err != nil {
		return err
	}
	s.Apply(m)
	return nil
}

// PlayText parses a move in KIF or short notation and applies it.
func PlayText(s State, text string) (Move, error) {
	if s.Terminal() {
		return Noop, ErrGameOver
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return Noop, err
	}
	s.Apply(m)
	return m, nil
}
