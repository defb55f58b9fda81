package ui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// Simultaneous turns (games where several roles choose at once, see
// game.JointState). A local match keeps its moves in one flat list; a
// turn where several roles choose takes one entry per role, in role
// order. Whether a turn is joint is a property of the position, so the
// list can always be cut back into turns by replaying it (splitSteps),
// and games without such turns keep exactly the list they always had.

// jointTurn reports whether several roles choose at once in s.
func jointTurn(s game.State) bool {
	return !s.Terminal() && s.ToMove() == game.NoRole
}

// stepSize is how many entries of a move list the turn of s takes.
func stepSize(s game.State) int {
	if jointTurn(s) {
		return len(s.Variant().Roles)
	}
	return 1
}

// applyStep plays on s the turn at the front of moves (one move, or one
// per role on a joint turn) and returns how many entries it took; 0
// when moves is too short for the turn.
func applyStep(s game.State, moves []game.Move) int {
	n := stepSize(s)
	if len(moves) < n {
		return 0
	}
	if n == 1 && !jointTurn(s) {
		s.Apply(moves[0])
		return 1
	}
	s.(game.JointState).ApplyJoint(moves[:n])
	return n
}

// splitSteps cuts moves, played from start, into the game's turns.
func splitSteps(start game.State, moves []game.Move) [][]game.Move {
	s := start.Clone()
	var out [][]game.Move
	for i := 0; i < len(moves); {
		n := applyStep(s, moves[i:])
		if n == 0 {
			break
		}
		out = append(out, moves[i:i+n])
		i += n
	}
	return out
}

// legalFor reports whether m is a legal move of role r in s, on any turn.
func legalFor(s game.State, r game.Role, m game.Move) bool {
	if !jointTurn(s) {
		return s.ToMove() == r && s.IsLegal(m)
	}
	for _, l := range s.(game.JointState).LegalOf(r, nil) {
		if l == m {
			return true
		}
	}
	return false
}

// playJoint plays every role's move of a joint turn at once, after
// checking each.
func playJoint(s game.State, moves []game.Move) error {
	if s.Terminal() {
		return game.ErrGameOver
	}
	v := s.Variant()
	if len(moves) != len(v.Roles) {
		return fmt.Errorf("%d moves for %d roles", len(moves), len(v.Roles))
	}
	for r, m := range moves {
		if !legalFor(s, game.Role(r), m) {
			return fmt.Errorf("%s is not a legal move for %s now", s.FormatMove(m), v.RoleName(game.Role(r)))
		}
	}
	s.(game.JointState).ApplyJoint(moves)
	return nil
}

// jointText is how a save writes a joint turn: a KIF list of every
// role's move in role order, e.g. ((throw rock) (throw paper)).
func jointText(s game.State, moves []game.Move) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = s.FormatMove(m)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// jointShort is a joint turn in the move list: each role and its move,
// in role order.
func jointShort(s game.State, moves []game.Move) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = s.Variant().RoleName(game.Role(i)) + " " + moveName(s, m)
	}
	return strings.Join(parts, " · ")
}

// jointMover names the movers of a joint turn in the move list.
const jointMover = "all"

// parseJoint reads a joint turn written by jointText and checks each
// role's move.
func parseJoint(s game.State, text string) ([]game.Move, error) {
	if s.Terminal() {
		return nil, game.ErrGameOver
	}
	items, err := kifItems(text)
	if err != nil {
		return nil, err
	}
	v := s.Variant()
	if len(items) != len(v.Roles) || oneMove(s.(game.JointState), text) {
		return nil, fmt.Errorf("several roles move at once here: want a list of %d moves, one per role in the order %s", len(v.Roles), strings.Join(v.Roles, ", "))
	}
	moves := make([]game.Move, len(items))
	for r, item := range items {
		m, err := (seatTurn{s.(game.JointState), game.Role(r)}).ParseMove(item)
		if err != nil {
			return nil, err
		}
		moves[r] = m
	}
	return moves, nil
}

// oneMove reports whether text is one move of some role rather than a
// list of every role's move.
func oneMove(s game.JointState, text string) bool {
	for r := range s.Variant().Roles {
		if _, err := (seatTurn{s, game.Role(r)}).ParseMove(text); err == nil {
			return true
		}
	}
	return false
}

// kifItems splits a KIF list "(a (b c) d)" into its items' texts.
func kifItems(text string) ([]string, error) {
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

// seatTurn is a joint turn as one role sees it while choosing: that role
// is the one in control and its moves are the legal ones. The board
// plays through it as on any turn, so it needs nothing of its own for
// simultaneous games; the match collects the moves and plays them at
// once. It is never applied to.
type seatTurn struct {
	game.JointState
	role game.Role
}

// ToMove is the role choosing.
func (t seatTurn) ToMove() game.Role { return t.role }

// Legal appends the choosing role's legal moves.
func (t seatTurn) Legal(buf []game.Move) []game.Move { return t.LegalOf(t.role, buf) }

// IsLegal reports whether m is a legal move of the choosing role.
func (t seatTurn) IsLegal(m game.Move) bool { return legalFor(t.JointState, t.role, m) }

// Apply panics: the match plays the turn once every role chose.
func (t seatTurn) Apply(game.Move) {
	panic("ui: a seat's view of a joint turn is not played on")
}

// Clone copies the position, still seen by the same role.
func (t seatTurn) Clone() game.State {
	return seatTurn{t.JointState.Clone().(game.JointState), t.role}
}

// RandomMove is one of the choosing role's legal moves.
func (t seatTurn) RandomMove(rng *game.Rand) game.Move {
	legal := t.Legal(nil)
	if len(legal) == 0 {
		return game.Noop
	}
	return legal[rng.Intn(len(legal))]
}

// ParseMove reads a move of the choosing role, in KIF (any case and
// spacing) or short notation, and checks that it is legal.
func (t seatTurn) ParseMove(text string) (game.Move, error) {
	if t.Terminal() {
		return game.Noop, game.ErrGameOver
	}
	want := normalKIF(text)
	for _, m := range t.Legal(nil) {
		if normalKIF(t.FormatMove(m)) == want || t.ShortMove(m) == strings.TrimSpace(text) {
			return m, nil
		}
	}
	return game.Noop, fmt.Errorf("%s is not a legal move for %s now", strings.TrimSpace(text), t.Variant().RoleName(t.role))
}

// normalKIF is KIF text in lower case with one space between tokens.
func normalKIF(text string) string {
	text = strings.NewReplacer("(", " ( ", ")", " ) ").Replace(strings.ToLower(text))
	return strings.Join(strings.Fields(text), " ")
}

// legalTurn reports whether turn (one move, or one per role on a joint
// turn) may be played in s.
func legalTurn(s game.State, turn []game.Move) bool {
	if !jointTurn(s) {
		return len(turn) == 1 && s.IsLegal(turn[0])
	}
	for r, m := range turn {
		if !legalFor(s, game.Role(r), m) {
			return false
		}
	}
	return true
}
