package table

import (
	"slices"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// Step is one turn played: the move of the role in control or, on a turn
// where several roles choose at once, every role's move.
type Step struct {
	// Turn is the step's index: the number of steps played before it.
	Turn int
	// Mover is the role in control, or game.NoRole on a joint turn; on
	// a resignation (see Table.Retiring) the role that resigned, whose
	// Moves entry is game.ResignMove.
	Mover game.Role
	// Moves has one move per role: the mover's (game.Noop for the
	// others), or on a joint turn every role's.
	Moves []game.Move
	// Texts has every role's move in KIF, as the GGP protocol carries a
	// joint move: a role not in control has its only move, e.g. "noop".
	Texts []string
}

// Joint reports whether several roles chose at once on this step.
func (s Step) Joint() bool { return s.Mover == game.NoRole }

// Move is the mover's move; game.Noop on a joint turn.
func (s Step) Move() game.Move {
	if s.Joint() {
		return game.Noop
	}
	return s.Moves[s.Mover]
}

// Text is the step as records and saves write it: the mover's move in
// KIF, or on a joint turn the KIF list of every role's move in role
// order, e.g. "((throw rock) (throw paper))".
func (s Step) Text() string {
	if !s.Joint() {
		return s.Texts[s.Mover]
	}
	return "(" + strings.Join(s.Texts, " ") + ")"
}

// played returns the moves of s as the flat list keeps them: one entry,
// or one per role on a joint turn.
func (s Step) played() []game.Move {
	if s.Joint() {
		return s.Moves
	}
	return s.Moves[s.Mover : s.Mover+1]
}

// makeStep describes the turn of pos played with moves (one per role),
// before it is applied: the texts are those of pos.
func makeStep(pos game.State, turn int, moves []game.Move) Step {
	mover := pos.ToMove()
	if Joint(pos) {
		mover = game.NoRole
	}
	st := Step{Turn: turn, Mover: mover, Moves: moves, Texts: make([]string, len(moves))}
	for r := range moves {
		if mover == game.NoRole || game.Role(r) == mover {
			st.Texts[r] = pos.FormatMove(moves[r])
			continue
		}
		st.Texts[r] = onlyMoveText(pos, game.Role(r))
	}
	return st
}

// onlyMoveText is the KIF text of the move a role not in control plays on
// a turn-taking turn: its one legal move where the game lists every
// role's moves (a rule sheet's noop term), else "noop".
func onlyMoveText(pos game.State, r game.Role) string {
	if js, ok := pos.(game.JointState); ok {
		if legal := js.LegalOf(r, nil); len(legal) == 1 {
			return pos.FormatMove(legal[0])
		}
	}
	return "noop"
}

// Joint reports whether several roles choose at once in s: it is not
// over and no single role is in control.
func Joint(s game.State) bool {
	return !s.Terminal() && s.ToMove() == game.NoRole
}

// LegalOf appends role r's legal moves in s to buf: its own where the
// game lists every role's moves (game.JointState), else the mover's
// moves for the mover and the pass for every other role.
func LegalOf(s game.State, r game.Role, buf []game.Move) []game.Move {
	if s.Terminal() {
		return buf
	}
	if js, ok := s.(game.JointState); ok {
		return js.LegalOf(r, buf)
	}
	if s.ToMove() == r {
		return s.Legal(buf)
	}
	return append(buf, game.Noop)
}

// IsLegalFor reports whether m is a legal move of role r in s on any
// turn (see LegalOf).
func IsLegalFor(s game.State, r game.Role, m game.Move) bool {
	switch {
	case s.Terminal():
		return false
	case !Joint(s) && s.ToMove() == r:
		return s.IsLegal(m)
	}
	if _, ok := s.(game.JointState); !ok {
		return m == game.Noop
	}
	return slices.Contains(LegalOf(s, r, nil), m)
}

// Apply plays a turn on s given every role's move (see ParseJoint): the
// mover's move, or every move at once on a joint turn. The moves must be
// legal. A table plays its steps with it; a GGP player follows the game
// its manager runs with it.
func Apply(s game.State, moves []game.Move) {
	if r, ok := resignation(moves); ok {
		s.Apply(game.ResignMove(r))
		return
	}
	if Joint(s) {
		s.(game.JointState).ApplyJoint(moves)
		return
	}
	s.Apply(moves[s.ToMove()])
}

// resignation returns the role whose resignation a step's moves are
// (see Table.Retiring), with ok false for a turn's moves.
func resignation(moves []game.Move) (game.Role, bool) {
	for _, m := range moves {
		if r, ok := game.Resigner(m); ok {
			return r, true
		}
	}
	return game.NoRole, false
}
