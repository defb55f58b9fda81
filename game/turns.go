package game

import (
	"errors"
	"fmt"
	"strings"
)

// Turns of any game, simultaneous or not. A game's moves are kept in one
// flat list: a turn where several roles choose at once (see JointState)
// takes one entry per role, in role order. Whether a turn is joint is a
// property of the position, so the list can always be cut back into
// turns by replaying it (SplitTurns), and games without such turns keep
// exactly the list of their moves.

// JointTurn reports whether several roles choose at once in s.
func JointTurn(s State) bool {
	return !s.Terminal() && s.ToMove() == NoRole
}

// TurnSize is how many entries of a move list the turn of s takes: one,
// or one per role on a joint turn.
func TurnSize(s State) int {
	if JointTurn(s) {
		return len(s.Variant().Roles)
	}
	return 1
}

// ApplyTurn plays on s the turn at the front of moves (one move, or one
// per role on a joint turn), unchecked, and returns how many entries it
// took; 0 when moves is too short for the turn.
func ApplyTurn(s State, moves []Move) int {
	n := TurnSize(s)
	if len(moves) < n {
		return 0
	}
	if n == 1 && !JointTurn(s) {
		s.Apply(moves[0])
		return 1
	}
	s.(JointState).ApplyJoint(moves[:n])
	return n
}

// SplitTurns cuts moves, played from start, into the game's turns.
func SplitTurns(start State, moves []Move) [][]Move {
	s := start.Clone()
	var out [][]Move
	for i := 0; i < len(moves); {
		n := ApplyTurn(s, moves[i:])
		if n == 0 {
			break
		}
		out = append(out, moves[i:i+n])
		i += n
	}
	return out
}

// LegalFor reports whether m is a legal move of role r in s, on any turn.
func LegalFor(s State, r Role, m Move) bool {
	if !JointTurn(s) {
		return s.ToMove() == r && s.IsLegal(m)
	}
	for _, l := range s.(JointState).LegalOf(r, nil) {
		if l == m {
			return true
		}
	}
	return false
}

// LegalTurn reports whether turn (one move, or one per role on a joint
// turn, or a resignation, see Retirer) may be played in s.
func LegalTurn(s State, turn []Move) bool {
	if r, ok := resignTurn(turn); ok {
		return CheckResign(s, r) == nil
	}
	if !JointTurn(s) {
		return len(turn) == 1 && s.IsLegal(turn[0])
	}
	if len(turn) != len(s.Variant().Roles) {
		return false
	}
	for r, m := range turn {
		if !LegalFor(s, Role(r), m) {
			return false
		}
	}
	return true
}

// PlayJoint plays every role's move of a joint turn at once, after
// checking each.
func PlayJoint(s State, moves []Move) error {
	if s.Terminal() {
		return ErrGameOver
	}
	v := s.Variant()
	if len(moves) != len(v.Roles) {
		return fmt.Errorf("%d moves for %d roles", len(moves), len(v.Roles))
	}
	for r, m := range moves {
		if !LegalFor(s, Role(r), m) {
			return fmt.Errorf("%s is not a legal move for %s now", s.FormatMove(m), v.RoleName(Role(r)))
		}
	}
	s.(JointState).ApplyJoint(moves)
	return nil
}

// JointText is the KIF list of every role's move of a joint turn, in
// role order, e.g. ((throw rock) (throw paper)): how saves and records
// write such a turn.
func JointText(s State, moves []Move) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = s.FormatMove(m)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// ParseJoint reads a joint turn written by JointText and checks each
// role's move.
func ParseJoint(s State, text string) ([]Move, error) {
	if s.Terminal() {
		return nil, ErrGameOver
	}
	items, err := KIFItems(text)
	if err != nil {
		return nil, err
	}
	v := s.Variant()
	if len(items) != len(v.Roles) || oneMove(s, text) {
		return nil, fmt.Errorf("several roles move at once here: want a list of %d moves, one per role in the order %s", len(v.Roles), strings.Join(v.Roles, ", "))
	}
	moves := make([]Move, len(items))
	for r, item := range items {
		m, err := (SeatTurn{s, Role(r)}).ParseMove(item)
		if err != nil {
			return nil, err
		}
		moves[r] = m
	}
	return moves, nil
}

// oneMove reports whether text is one move of some role rather than a
// list of every role's move.
func oneMove(s State, text string) bool {
	for r := range s.Variant().Roles {
		if _, err := (SeatTurn{s, Role(r)}).ParseMove(text); err == nil {
			return true
		}
	}
	return false
}

// KIFItems splits a KIF list "(a (b c) d)" into its items' texts: a
// joint turn written as every role's move, in the roles' order.
func KIFItems(text string) ([]string, error) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "(") || !strings.HasSuffix(text, ")") {
		return nil, errors.New("want a list of moves in parentheses, one per role")
	}
	var items []string
	depth, startAt := 0, -1
	inner := text[1 : len(text)-1]
	for i, c := range inner {
		switch {
		case c == '(':
			if depth == 0 {
				startAt = i
			}
			depth++
		case c == ')':
			depth--
			if depth < 0 {
				return nil, errors.New("unbalanced parentheses")
			}
			if depth == 0 {
				items = append(items, inner[startAt:i+1])
				startAt = -1
			}
		case depth == 0 && (c == ' ' || c == '\t'):
			if startAt >= 0 {
				items = append(items, inner[startAt:i])
				startAt = -1
			}
		case depth == 0 && startAt < 0:
			startAt = i
		}
	}
	if depth != 0 {
		return nil, errors.New("unbalanced parentheses")
	}
	if startAt >= 0 {
		items = append(items, inner[startAt:])
	}
	return items, nil
}

// SeatTurn is a joint turn as one role sees it while choosing: that role
// is the one in control and its moves are the legal ones. A client plays
// through it as on any turn, so it needs nothing of its own for
// simultaneous games; whoever collects the roles' moves plays them at
// once. It is never applied to. Its State is a JointState.
type SeatTurn struct {
	State
	// Role is the role choosing.
	Role Role
}

// ToMove is the role choosing.
func (t SeatTurn) ToMove() Role { return t.Role }

// Legal appends the choosing role's legal moves.
func (t SeatTurn) Legal(buf []Move) []Move { return t.State.(JointState).LegalOf(t.Role, buf) }

// IsLegal reports whether m is a legal move of the choosing role.
func (t SeatTurn) IsLegal(m Move) bool { return LegalFor(t.State, t.Role, m) }

// Apply panics: the turn is played once every role chose.
func (t SeatTurn) Apply(Move) {
	panic("game: a seat's view of a joint turn is not played on")
}

// Clone copies the position, still seen by the same role.
func (t SeatTurn) Clone() State {
	return SeatTurn{t.State.Clone(), t.Role}
}

// RandomMove is one of the choosing role's legal moves.
func (t SeatTurn) RandomMove(rng *Rand) Move {
	legal := t.Legal(nil)
	if len(legal) == 0 {
		return Noop
	}
	return legal[rng.Intn(len(legal))]
}

// ParseMove reads a move of the choosing role, in KIF (any case and
// spacing) or short notation, and checks that it is legal.
func (t SeatTurn) ParseMove(text string) (Move, error) {
	if t.Terminal() {
		return Noop, ErrGameOver
	}
	want := normalKIF(text)
	for _, m := range t.Legal(nil) {
		if normalKIF(t.FormatMove(m)) == want || t.ShortMove(m) == strings.TrimSpace(text) {
			return m, nil
		}
	}
	return Noop, fmt.Errorf("%s is not a legal move for %s now", strings.TrimSpace(text), t.Variant().RoleName(t.Role))
}

// normalKIF is KIF text in lower case with one space between tokens.
func normalKIF(text string) string {
	text = strings.NewReplacer("(", " ( ", ")", " ) ").Replace(strings.ToLower(text))
	return strings.Join(strings.Fields(text), " ")
}

// TurnMover is the role that played turn in s: the role in control, the
// role that resigned on a resignation (see Retirer), or NoRole on a
// joint turn.
func TurnMover(s State, turn []Move) Role {
	if r, ok := resignTurn(turn); ok {
		return r
	}
	if JointTurn(s) {
		return NoRole
	}
	return s.ToMove()
}

// resignTurn returns the role whose resignation turn is, with ok false
// for any other turn.
func resignTurn(turn []Move) (Role, bool) {
	if len(turn) != 1 {
		return NoRole, false
	}
	return Resigner(turn[0])
}
