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
	rng    game.Rand
	nodes  []mctsNode
	moves  []game.Move
	state  game.State
	// Exploration is the UCT constant (default √2).
	Exploration float64
	// Iterations counts the playouts of the last Choose.
	Iterations int
}

type mctsNode struct {
	move     game.Move
	mover    game.Role // the role that played move
	parent   int32
	first    int32 // index of the first child, -1 before expansion
	children int32
	visits   int32
	reward   float64 // sum of the mover's goals / 100
}

// mctsMaxNodes bounds the tree; beyond it the search keeps playing out
// from the leaves without growing.
const mctsMaxNodes = 1 << 21

// NewMCTSPlayer returns a UCT player that thinks for budget per action.
func NewMCTSPlayer(seed uint64, budget time.Duration) *MCTSPlayer {
	p := &MCTSPlayer{budget: budget, Exploration: math.Sqrt2}
	p.rng.Seed(seed)
	return p
}

// Name implements Player.
func (p *MCTSPlayer) Name() string { return "mcts" }

// NewGame implements GameStarter.
func (p *MCTSPlayer) NewGame(seed uint64) { p.rng.Seed(seed) }

// Choose implements Player.
func (p *MCTSPlayer) Choose(ctx context.Context, s game.State) game.Move {
	legal := s.Legal(nil)
	if len(legal) <= 1 {
		if len(legal) == 1 {
			return legal[0]
		}
		return game.Noop
	}
	if p.state == nil || p.state.Variant() != s.Variant() {
		p.state = s.Clone()
	}
	deadline := time.Now().Add(p.budget)
	p.nodes = append(p.nodes[:0], mctsNode{parent: -1, first: -1, mover: game.NoRole})
	p.Iterations = 0
	for {
		if p.Iterations&63 == 0 && (ctx.Err() != nil || time.Now().After(deadline)) {
			break
		}
		p.iterate(s)
		p.Iterations++
	}
	root := p.nodes[0]
	if root.first < 0 {
		return legal[0]
	}
	best := root.first
	for c := root.first; c < root.first+root.children; c++ {
		if p.nodes[c].visits > p.nodes[best].visits {
			best = c
		}
	}
	return p.nodes[best].move
}

// iterate runs one selection, expansion, playout and backup.
func (p *MCTSPlayer) iterate(root game.State) {
	t := p.state
	t.CopyFrom(root)
	n := int32(0)
	for !t.Terminal() {
		nd := &p.nodes[n]
		if nd.first < 0 {
			p.moves = t.Legal(p.moves[:0])
			if len(p.nodes)+len(p.moves) > mctsMaxNodes {
				break
			}
			nd.first = int32(len(p.nodes))
			nd.children = int32(len(p.moves))
			mover := t.ToMove()
			for _, m := range p.moves {
				p.nodes = append(p.nodes, mctsNode{move: m, mover: mover, parent: n, first: -1})
			}
			nd = &p.nodes[n]
			c := nd.first + int32(p.rng.Intn(int(nd.children)))
			t.Apply(p.nodes[c].move)
			n = c
			break
		}
		n = p.selectChild(n)
		t.Apply(p.nodes[n].move)
	}
	game.Playout(t, &p.rng, 0)
	for ; n >= 0; n = p.nodes[n].parent {
		nd := &p.nodes[n]
		nd.visits++
		if nd.mover != game.NoRole {
			nd.reward += float64(t.Goal(nd.mover)) / 100
		}
	}
}

// selectChild is UCB1 over the children of n; unvisited children first.
func (p *MCTSPlayer) selectChild(n int32) int32 {
	nd := p.nodes[n]
	logN := math.Log(float64(nd.visits) + 1)
	best, bestV := nd.first, math.Inf(-1)
	for c := nd.first; c < nd.first+nd.children; c++ {
		ch := &p.nodes[c]
		if ch.visits == 0 {
			return c
		}
		v := ch.reward/float64(ch.visits) + p.Exploration*math.Sqrt(logN/float64(ch.visits))
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}
