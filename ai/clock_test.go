package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

// The playout searches stop within one game of their clock running out,
// however slow a ply: a playout of othello's sheet takes tens of
// milliseconds on a busy machine, and a search that read the clock every
// 64 playouts (the plain Monte Carlo player) or every 4 (the general
// player without lanes) overran a 1 s play clock. The clock here is a
// cancel at the 300th ply, the plies are counted: nothing is timed.
func TestPlayoutSearchesStopWithinAGameOfTheClock(t *testing.T) {
	t.Parallel()
	const stopAt = 300
	searches := []struct {
		name   string
		start  func() game.State
		search func(ctx context.Context, s game.State) game.Move
	}{
		{"mcts, turn-taking", func() game.State { return newToy(0) }, func(ctx context.Context, s game.State) game.Move {
			return NewMCTSPlayer(1, time.Hour).Choose(ctx, s)
		}},
		{"mcts, GDL", func() game.State { return sheet(t, "tictactoe").New() }, func(ctx context.Context, s game.State) game.Move {
			return NewMCTSPlayer(1, time.Hour).Choose(ctx, s)
		}},
		{"general, GDL without lanes", func() game.State { return sheet(t, "tictactoe").New() }, func(ctx context.Context, s game.State) game.Move {
			return NewSearcher().SearchFor(ctx, s, 0, Options{Level: Hard, Threads: 1, Budget: time.Hour, Seed: 1}).Move
		}},
	}
	for _, c := range searches {
		ctx, cancel := context.WithCancel(context.Background())
		plies := gametest.NewPlyCounter(stopAt, cancel)
		s := gametest.CountPlies(c.start(), plies)
		if m := c.search(ctx, s); !s.IsLegal(m) {
			t.Errorf("%s: illegal move %v", c.name, m)
		}
		cancel()
		// A game of these is at most nine plies.
		if all, late := plies.Plies(); all < stopAt || late > 9 {
			t.Errorf("%s: %d plies, %d of them after the clock ran out at the %dth; want at most a game's", c.name, all, late, stopAt)
		}
	}
}
