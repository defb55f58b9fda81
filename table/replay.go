package table

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// Replay rebuilds a game from the texts of its steps (Step.Text: saves,
// rooms, records), played from start and every move checked with the
// game: the one replay of a game from its moves. A step's text is one
// move in KIF or short notation on a turn-taking turn; on a turn where
// several roles choose at once it is the KIF list of every role's move in
// role order, "((throw rock) (throw paper))", or a JSON object from each
// role to its move, {"left":"(throw rock)","right":"(throw paper)"} (the
// rules protocol's and the match runner's form), which any turn takes
// (on a turn-taking turn the others' moves are their only ones). The table's seats are
// Person seats; an error names the step that does not replay.
func Replay(start game.State, texts []string) (*Table, error) {
	t, err := New(start, make([]Seat, len(start.Variant().Roles)), 0)
	if err != nil {
		return nil, err
	}
	if err := t.PlayTexts(texts); err != nil {
		return t, err
	}
	return t, nil
}

// ReplayVariant is Replay from a position string of the named variant
// ("" for its start).
func ReplayVariant(variant, start string, texts []string) (*Table, error) {
	s, err := game.NewState(variant, start)
	if err != nil {
		return nil, err
	}
	return Replay(s, texts)
}

// PlayTexts plays the steps' texts (see Replay) on the table, checking
// each, and stops at the first that does not play, naming it.
func (t *Table) PlayTexts(texts []string) error {
	for _, text := range texts {
		if err := t.PlayText(text); err != nil {
			return fmt.Errorf("move %d %q: %w", len(t.steps)+1, text, err)
		}
	}
	return nil
}

// PlayText plays one step from its text (see Replay).
func (t *Table) PlayText(text string) error {
	if t.Over() {
		return game.ErrGameOver
	}
	if !Joint(t.pos) && !strings.HasPrefix(strings.TrimSpace(text), "{") {
		m, err := t.pos.ParseMove(text)
		if err != nil {
			return err
		}
		r, ok := game.Resigner(m)
		if !ok {
			r = t.pos.ToMove()
		}
		_, err = t.Play(r, m)
		return err
	}
	moves, err := jointMoves(t.pos, text)
	if err != nil {
		return err
	}
	return t.PlayJoint(moves)
}

// PlayJoint plays a whole turn given every role's move (on a turn-taking
// turn the others' are their only moves, as a GGP joint move has them),
// each checked; the choices of the turn so far are set aside.
func (t *Table) PlayJoint(moves []game.Move) error {
	if len(moves) != len(t.seats) {
		return fmt.Errorf("%d moves for %d roles", len(moves), len(t.seats))
	}
	if t.Over() {
		return game.ErrGameOver
	}
	for r, m := range moves {
		if !IsLegalFor(t.pos, game.Role(r), m) {
			return fmt.Errorf("%s is not a legal move for %s now", t.pos.FormatMove(m), t.v.RoleName(game.Role(r)))
		}
	}
	if !Joint(t.pos) {
		mover := t.pos.ToMove()
		m := moves[mover]
		moves = make([]game.Move, len(t.seats))
		moves[mover] = m
	}
	return t.Commit(makeStep(t.pos, len(t.steps), moves))
}

// ParseJoint reads every role's move from texts (one per role, in role
// order, in KIF compared without case, as the GGP protocol sends a joint
// move) and checks each is legal for its role now.
func ParseJoint(s game.State, texts []string) ([]game.Move, error) {
	n := len(s.Variant().Roles)
	if len(texts) != n {
		return nil, fmt.Errorf("%d moves for %d roles", len(texts), n)
	}
	if s.Terminal() {
		return nil, game.ErrGameOver
	}
	moves := make([]game.Move, n)
	for r, text := range texts {
		m, err := ParseFor(s, game.Role(r), text)
		if err != nil {
			return nil, err
		}
		moves[r] = m
	}
	return moves, nil
}

// ParseFor reads role r's move in s from its text — KIF compared without
// case and spacing, or the game's short notation — and checks that it is
// one of r's legal moves now (see LegalOf). It compares the text with the
// legal moves' and reads no other notation (a turn-taking turn's mover's
// text in any notation is the game's ParseMove's, see PlayText).
func ParseFor(s game.State, r game.Role, text string) (game.Move, error) {
	if s.Terminal() {
		return game.Noop, game.ErrGameOver
	}
	want, short := normalKIF(text), strings.TrimSpace(text)
	for _, m := range LegalOf(s, r, nil) {
		if normalKIF(s.FormatMove(m)) == want || s.ShortMove(m) == short || m == game.Noop && game.IsNoop(text) {
			return m, nil
		}
	}
	return game.Noop, fmt.Errorf("%s is not a legal move for %s now", short, s.Variant().RoleName(r))
}

// normalKIF is KIF text in lower case with one space between tokens.
func normalKIF(text string) string {
	text = strings.NewReplacer("(", " ( ", ")", " ) ").Replace(strings.ToLower(text))
	return strings.Join(strings.Fields(text), " ")
}

// jointMoves reads a joint turn's text: a KIF list of every role's move
// or a JSON object from role names to moves; s is at a joint turn.
func jointMoves(s game.State, text string) ([]game.Move, error) {
	v := s.Variant()
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "{") {
		var byRole map[string]string
		if err := json.Unmarshal([]byte(text), &byRole); err != nil {
			return nil, fmt.Errorf("not a JSON object of role to move: %v", err)
		}
		texts := make([]string, len(v.Roles))
		for role, mv := range byRole {
			r := v.RoleIndexFold(role)
			if r == game.NoRole {
				return nil, fmt.Errorf("no role %q (roles: %s)", role, strings.Join(v.Roles, ", "))
			}
			if texts[r] != "" {
				return nil, fmt.Errorf("two moves for %s", v.RoleName(r)) // the role named in two cases
			}
			texts[r] = mv
		}
		for r, mv := range texts {
			if mv == "" {
				return nil, fmt.Errorf("no move for %s", v.Roles[r])
			}
		}
		return ParseJoint(s, texts)
	}
	items, err := game.KIFItems(text)
	if err != nil {
		return nil, err // what is wrong with the KIF: "unbalanced" …
	}
	if len(items) != len(v.Roles) || isOneMove(s, text) {
		return nil, fmt.Errorf("several roles move at once here: want a list of %d moves, one per role in the order %s", len(v.Roles), strings.Join(v.Roles, ", "))
	}
	return ParseJoint(s, items)
}

// isOneMove reports whether text is one move of some role rather than a
// list of every role's move.
func isOneMove(s game.State, text string) bool {
	for r := range s.Variant().Roles {
		if _, err := ParseFor(s, game.Role(r), text); err == nil {
			return true
		}
	}
	return false
}
