package cli

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// The rules protocol of games where roles may choose at once (game.
// JointState, the games read from rule sheets): every role's legal moves,
// to_move null when several choose at once, and input lines that are one
// move or a JSON object of every role's move.

// jointReply is one position of a joint game as the protocol prints it.
type jointReply struct {
	Ply      int         `json:"ply"`
	Roles    []string    `json:"roles"`
	ToMove   *string     `json:"to_move"`
	Legal    *roleMoves  `json:"legal"`
	Terminal bool        `json:"terminal"`
	Goals    *roleValues `json:"goals,omitempty"`
	Position string      `json:"position"`
	State    []string    `json:"state"`
}

// jointSnapshot describes s for the protocol. Every role's legal moves are
// listed, noop included when it is the role's move; none in a terminal
// position.
func jointSnapshot(js game.State, ply int) jointReply {
	v := js.Variant()
	r := jointReply{
		Ply:      ply,
		Roles:    v.Roles,
		Legal:    &roleMoves{roles: v.Roles, moves: make([][]string, len(v.Roles))},
		Terminal: js.Terminal(),
		Position: js.String(),
		State:    facts(js),
	}
	if mover := js.ToMove(); mover != game.NoRole {
		name := v.RoleName(mover)
		r.ToMove = &name
	}
	var buf []game.Move
	for i := range v.Roles {
		buf = js.(game.JointState).LegalOf(game.Role(i), buf[:0])
		texts := make([]string, 0, len(buf))
		for _, m := range buf {
			texts = append(texts, js.FormatMove(m))
		}
		sort.Strings(texts)
		r.Legal.moves[i] = dedupSorted(texts)
	}
	if r.Terminal {
		g := &roleValues{roles: v.Roles, values: make([]int, len(v.Roles))}
		for i := range v.Roles {
			g.values[i] = js.Goal(game.Role(i))
		}
		r.Goals = g
	}
	return r
}

// roleMoves prints each role's moves as a JSON object in role order.
type roleMoves struct {
	roles []string
	moves [][]string
}

func (rm *roleMoves) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, r := range rm.roles {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(r)
		ms, _ := json.Marshal(rm.moves[i])
		b.Write(k)
		b.WriteByte(':')
		b.Write(ms)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// facts splits the position string, the sorted true facts, into one
// string per fact.
func facts(s game.State) []string {
	terms, err := gdl.ParseTerms(s.String())
	out := make([]string, 0, len(terms))
	if err != nil {
		return append(out, s.String())
	}
	for _, t := range terms {
		out = append(out, t.String())
	}
	return out
}

// playJointLine plays one input line on js: a JSON object from every role
// to its move, or one move for the role in control (the others play their
// only legal move).
func playJointLine(js game.State, text string) error {
	if !strings.HasPrefix(text, "{") {
		if js.ToMove() == game.NoRole && !js.Terminal() {
			return fmt.Errorf("several roles move at once: give every role's move as a JSON object, e.g. {\"%s\":\"...\"}", js.Variant().Roles[0])
		}
		_, err := game.PlayText(js, text)
		return err
	}
	if js.Terminal() {
		return game.ErrGameOver
	}
	var byRole map[string]string
	if err := json.Unmarshal([]byte(text), &byRole); err != nil {
		return fmt.Errorf("not a JSON object of role to move: %v", err)
	}
	moves, err := jointMoves(js, byRole)
	if err != nil {
		return err
	}
	js.(game.JointState).ApplyJoint(moves)
	return nil
}

// jointMoves reads every role's move from byRole (roles and moves in any
// case, as GDL compares symbols) and checks it is legal for that role.
func jointMoves(js game.State, byRole map[string]string) ([]game.Move, error) {
	v := js.Variant()
	texts := make([]string, len(v.Roles))
	for role, text := range byRole {
		r := v.RoleIndexFold(role)
		if r == game.NoRole {
			return nil, fmt.Errorf("no role %q (roles: %s)", role, strings.Join(v.Roles, ", "))
		}
		if texts[r] != "" {
			return nil, fmt.Errorf("two moves for %s", v.RoleName(r))
		}
		texts[r] = text
	}
	moves := make([]game.Move, len(v.Roles))
	var buf []game.Move
	for i, role := range v.Roles {
		if texts[i] == "" {
			return nil, fmt.Errorf("no move for %s: every role's move is needed", role)
		}
		want, err := canonicalMove(texts[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", role, err)
		}
		buf = js.(game.JointState).LegalOf(game.Role(i), buf[:0])
		found := false
		for _, m := range buf {
			if strings.EqualFold(js.FormatMove(m), want) {
				moves[i], found = m, true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("%s is not a legal move for %s now", want, role)
		}
	}
	return moves, nil
}

// canonicalMove is the text of a move in the game's form: single spaces
// (compare it without case).
func canonicalMove(text string) (string, error) {
	terms, err := gdl.ParseTerms(text)
	if err != nil {
		return "", err
	}
	if len(terms) != 1 {
		return "", fmt.Errorf("%q is not one move", text)
	}
	return terms[0].String(), nil
}
