package game

import (
	"errors"
	"strings"
)

// ErrGameOver is the error for an action asked of a finished game; errors
// from Play, PlayText and every State.ParseMove in a terminal position
// wrap it, so callers can tell it from an illegal move with errors.Is.
var ErrGameOver = errors.New("the game is over")

// Winners returns the roles that share the highest goal of a terminal
// position, in role order: one role for a win, every role for a draw. It
// returns nil while the game goes on.
func Winners(s State) []Role {
	if !s.Terminal() {
		return nil
	}
	best, winners := -1, []Role(nil)
	for i := range s.Variant().Roles {
		r := Role(i)
		switch g := s.Goal(r); {
		case g > best:
			best, winners = g, append(winners[:0], r)
		case g == best:
			winners = append(winners, r)
		}
	}
	return winners
}

// ResultText describes the end of a game for a status line, e.g.
// "game over: x wins", "game over: a draw" or "game over: shared by red
// and blue"; it is "" while the game goes on. The client and the rooms
// both word an end this way.
func ResultText(s State) string {
	w := Winners(s)
	if w == nil {
		return ""
	}
	v := s.Variant()
	names := make([]string, len(w))
	for i, r := range w {
		names[i] = v.RoleName(r)
	}
	switch {
	case len(names) == 1:
		return "game over: " + names[0] + " wins"
	case len(names) == len(v.Roles):
		return "game over: a draw"
	}
	return "game over: shared by " + strings.Join(names, " and ")
}

// JoinAnd writes names as a sentence lists them: "a", "a and b", "a, b
// and c".
func JoinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
