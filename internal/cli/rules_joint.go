package cli

import (
	"encoding/json"
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
