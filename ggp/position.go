package ggp

import (
	"sort"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// legalTexts returns the sorted KIF texts of role r's legal moves in s
// (see table.LegalOf: on a turn-taking turn a role not in control has
// its only move, the pass).
func legalTexts(s game.State, r game.Role, buf []game.Move) []string {
	if s.Terminal() {
		return nil
	}
	buf = table.LegalOf(s, r, buf[:0])
	texts := make([]string, len(buf))
	for i, m := range buf {
		texts[i] = s.FormatMove(m)
	}
	sort.Strings(texts)
	return texts
}

// SameMove reports whether two moves in canonical KIF are the same move:
// the protocol's symbols are compared without case.
func SameMove(a, b string) bool { return strings.EqualFold(a, b) }

// legalText is the legal move (in the game's own spelling) that reply
// is, compared without case.
func legalText(reply string, legal []string) (string, bool) {
	for _, l := range legal {
		if SameMove(l, reply) {
			return l, true
		}
	}
	return "", false
}

// applyJoint plays one joint move (one KIF text per role, in role order,
// compared without case) on s, checking that each is legal for its role.
func applyJoint(s game.State, moves []string) error {
	joint, err := table.ParseJoint(s, moves)
	if err != nil {
		return err
	}
	table.Apply(s, joint)
	return nil
}
