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
	// gen searches games that may have simultaneous turns: the general
	// player's tree without its proofs, with each role's own statistics
	// (regret matching) on joint turns.
	gen genTree
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
	p.gen.rng.Seed(seed)
	p.gen.maxNodes = mctsMaxNodes
	return p
}

// Name implements Player.
func (p *MCTSPlayer) Name() string { return "mcts" }

// NewGame implements GameStarter.
func (p *MCTSPlayer) NewGame(seed uint64) {
	p.tree.rng.Seed(seed)
	p.gen.rng.Seed(seed)
}

// Choose implements Player.
func (p *MCTSPlayer) Choose(ctx context.Context, s game.State) game.Move {
	if _, ok := s.(game.JointState); ok {
		return p.ChooseFor(ctx, s, s.ToMove())
	}
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
	p.iterateUntil(ctx, deadline, func() { p.tree.iterate(s) })
	if c := p.tree.bestChild(0); c >= 0 {
		return p.tree.nodes[c].move
	}
	return legal[0]
}

// ChooseFor implements JointPlayer; it also plays every turn of a game
// with simultaneous turns (a game.JointState), r being the role in
// control on the others.
func (p *MCTSPlayer) ChooseFor(ctx context.Context, s game.State, r game.Role) game.Move {
	var legal []game.Move
	if s.ToMove() == game.NoRole {
		legal = s.(game.JointState).LegalOf(r, nil)
	} else {
		legal = s.Legal(nil)
	}
	if len(legal) <= 1 {
		if len(legal) == 1 {
			return legal[0]
		}
		return game.Noop
	}
	deadline := time.Now().Add(p.budget)
	p.gen.exploration = p.Exploration
	p.gen.reset(s)
	p.iterateUntil(ctx, deadline, func() { p.gen.iterate(s) })
	// Plain UCT: the most visited choice (at a joint turn the largest share
	// of the average strategy), exact or not.
	best, weight := legal[0], -1.0
	for _, c := range genChoices([]*genTree{&p.gen}, r) {
		if c.weight > weight {
			best, weight = c.move, c.weight
		}
	}
	return best
}

// iterateUntil runs iterate until ctx is done or the deadline passes,
// counting the iterations. The clock is read before every iteration: a
// playout of a large GDL sheet takes milliseconds (tens of them on a busy
// machine), next to which reading it costs nothing, and reading it every
// 64 playouts overran the budget by a second on othello.
func (p *MCTSPlayer) iterateUntil(ctx context.Context, deadline time.Time, iterate func()) {
	p.Iterations = 0
	for ctx.Err() == nil && time.Now().Before(deadline) {
		iterate()
		p.Iterations++
	}
}
