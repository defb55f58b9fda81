package ai

import (
	"context"
	"math"
	"time"

	"github.com/tabletop/tabletop/game"
)

// MCTSPlayer is a plain UCT player with uniformly random playouts: an
// independent reference opponent that knows nothing about the games.
type MCTSPlayer struct {
	budget time.Duration
	tree   uctTree
	// Exploration is the UCT constant (default √2).
	Exploration float64
	// Iterations counts the playouts of the last Choose.
	Iterations int
}

// mctsMaxNodes bounds the tree; beyond it the search keeps playing out
// from the leaves without growing.
const mctsMaxNodes = 1 << 21

// NewMCTSPlayer returns a UCT player that thinks for budget per action.
func NewMCTSPlayer(seed uint64, budget time.Duration) *MCTSPlayer {
	p := &MCTSPlayer{budget: budget, Exploration: math.Sqrt2}
	p.tree.rng.Seed(seed)
	p.tree.maxNodes = mctsMaxNodes
	return p
}

// Name implements Player.
func (p *MCTSPlayer) Name() string { return "mcts" }

// NewGame implements GameStarter.
func (p *MCTSPlayer) NewGame(seed uint64) { p.tree.rng.Seed(seed) }

// Choose implements Player.
func (p *MCTSPlayer) Choose(ctx context.Context, s game.State) game.Move {
	legal := s.Legal(nil)
	if len(legal) <= 1 {
		if len(legal) == 1 {
			return legal[0]
		}
		return game.Noop
	}
	deadline := time.Now().Add(p.budget)
	p.tree.exploration = p.Exploration
	p.tree.reset(s, legal)
	p.Iterations = 0
	for {
		if p.Iterations&63 == 0 && (ctx.Err() != nil || time.Now().After(deadline)) {
			break
		}
		p.tree.iterate(s)
		p.Iterations++
	}
	if c := p.tree.bestChild(0); c >= 0 {
		return p.tree.nodes[c].move
	}
	return legal[0]
}
