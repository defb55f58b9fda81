package gametest

import (
	"errors"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// CheckerAgrees plays random games of v and checks, on every position,
// that the game's words for a move (game.Checker) agree with IsLegal for
// every move of universe — the moves its constructors build — and that
// game.Check refuses an illegal move in those words, and a finished game
// with game.ErrGameOver.
func CheckerAgrees(t *testing.T, v *game.Variant, universe []game.Move, games int, seed uint64) {
	t.Helper()
	rng := game.NewRand(seed)
	for g := 0; g < games; g++ {
		s := v.New()
		c, ok := s.(game.Checker)
		if !ok {
			t.Fatalf("%s does not implement game.Checker", v.Name)
		}
		for {
			for _, m := range universe {
				err := c.CheckMove(m)
				switch legal := s.IsLegal(m); {
				case s.Terminal() && !errors.Is(game.Check(s, m), game.ErrGameOver):
					t.Fatalf("%s: Check(%s) after the end = %v, want game.ErrGameOver", s, s.FormatMove(m), game.Check(s, m))
				case legal && err != nil:
					t.Fatalf("%s: CheckMove(%s) = %v, but the move is legal", s, s.FormatMove(m), err)
				case !legal && err == nil:
					t.Fatalf("%s: CheckMove(%s) lets through a move IsLegal refuses", s, s.FormatMove(m))
				case !legal && game.Check(s, m).Error() != err.Error():
					t.Fatalf("%s: Check(%s) = %q, want the game's words %q", s, s.FormatMove(m), game.Check(s, m), err)
				}
			}
			if s.Terminal() {
				break
			}
			s.Apply(s.RandomMove(rng))
		}
	}
}
