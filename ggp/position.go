package ggp

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// legalTexts returns the sorted KIF texts of role r's legal moves in s. A
// state that is not a game.JointState gives the role in control its legal
// moves and every other role the pass, as game.State defines.
func legalTexts(s game.State, r game.Role, buf []game.Move) []string {
	if s.Terminal() {
		return nil
	}
	if js, ok := s.(game.JointState); ok {
		buf = js.LegalOf(r, buf[:0])
	} else if s.ToMove() == r {
		buf = s.Legal(buf[:0])
	} else {
		return []string{"noop"}
	}
	texts := make([]string, len(buf))
	for i, m := range buf {
		texts[i] = s.FormatMove(m)
	}
	sort.Strings(texts)
	return texts
}

// moveOf returns the legal move of role r in s whose KIF text is text,
// compared without case.
func moveOf(s game.State, r game.Role, text string) (game.Move, bool) {
	var buf []game.Move
	if js, ok := s.(game.JointState); ok {
		buf = js.LegalOf(r, nil)
	} else if s.ToMove() == r {
		buf = s.Legal(nil)
	} else {
		return game.Noop, game.IsNoop(text)
	}
	for _, m := range buf {
		if SameMove(s.FormatMove(m), text) {
			return m, true
		}
	}
	return game.Noop, false
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

// applyJoint plays one joint move (one KIF text per role, in role order)
// on s, checking that each is legal for its role.
func applyJoint(s game.State, moves []string) error {
	n := len(s.Variant().Roles)
	if len(moves) != n {
		return fmt.Errorf("%d moves for %d roles", len(moves), n)
	}
	if s.Terminal() {
		return fmt.Errorf("the game is already over")
	}
	joint := make([]game.Move, n)
	for r, text := range moves {
		m, ok := moveOf(s, game.Role(r), text)
		if !ok {
			return fmt.Errorf("%s is not a legal move for %s now", text, s.Variant().RoleName(game.Role(r)))
		}
		joint[r] = m
	}
	if js, ok := s.(game.JointState); ok {
		js.ApplyJoint(joint)
		return nil
	}
	s.Apply(joint[s.ToMove()])
	return nil
}
