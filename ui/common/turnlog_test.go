package common

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/pentago"
	_ "github.com/tabletop/tabletop/game/quad"
	_ "github.com/tabletop/tabletop/game/tictacchess"
)

// A TurnLog says what splitting the whole game again says, call after
// call, as a game goes on (by turns of several moves, complete or not),
// is taken back and goes on otherwise, or starts again.
func TestTurnLogIsTheGameSplitAgain(t *testing.T) {
	t.Parallel()
	const keep = 3
	for _, variant := range []string{"pentago", "quad7", "tictacchess"} {
		rng := rand.New(rand.NewPCG(7, 8))
		var log TurnLog
		start, err := game.NewState(variant, "")
		if err != nil {
			t.Fatal(err)
		}
		var moves []game.Move
		s := start.Clone()
		for step := range 300 {
			switch {
			case rng.IntN(12) == 0 && len(moves) > 0: // a takeback
				moves = moves[:rng.IntN(len(moves))]
				s = start.Clone()
				for _, m := range moves {
					s.Apply(m)
				}
			case s.Terminal() || rng.IntN(40) == 0: // a new game
				start, _ = game.NewState(variant, "")
				moves, s = nil, start.Clone()
			default:
				legal := s.Legal(nil)
				m := legal[rng.IntN(len(legal))]
				s.Apply(m)
				moves = append(moves, m)
			}
			if rng.IntN(3) == 0 {
				continue // several changes before the next call
			}
			turns, movers, before := log.Of(start, slices.Clone(moves), keep)
			want := game.SplitTurns(start, moves)
			if len(turns) != len(want) || len(movers) != len(want) || len(before) != len(want) {
				t.Fatalf("%s step %d: %d turns, %d movers, %d positions, want %d", variant, step, len(turns), len(movers), len(before), len(want))
			}
			r := start.Clone()
			for i, turn := range want {
				if !slices.Equal(turns[i], turn) {
					t.Fatalf("%s step %d: turn %d is %v, want %v", variant, step, i, turns[i], turn)
				}
				if m := game.TurnMover(r, turn); movers[i] != m {
					t.Fatalf("%s step %d: turn %d played by %v, want %v", variant, step, i, movers[i], m)
				}
				switch {
				case i < len(want)-keep && before[i] != nil:
					t.Fatalf("%s step %d: the position of turn %d kept", variant, step, i)
				case i >= len(want)-keep && (before[i] == nil || before[i].String() != r.String()):
					t.Fatalf("%s step %d: turn %d played in %v, want %v", variant, step, i, before[i], r)
				}
				game.ApplyTurn(r, turn)
			}
		}
	}
}
