package ai

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/game"
)

// uctTree is a Monte Carlo tree searched with UCB1, in which every node's
// mover maximises its own reward, so it handles any number of roles. The
// plain reference player (MCTSPlayer) uses it with uniformly random
// playouts; the UCT search of the AI levels with playouts that take
// immediate wins.
type uctTree struct {
	rng      game.Rand
	nodes    []uctNode
	moves    []game.Move
	state    game.State
	maxNodes int
	// expandAfter is the number of visits a leaf needs before it gets
	// children; until then its visits are playouts from it.
	expandAfter int32
	// exploration is the UCB1 constant.
	exploration float64
	// winFirst makes a playout take an immediate win whenever the game's
	// tactics (game.Tactics.Forcing) offer one; otherwise, and without
	// it, playouts are uniformly random.
	winFirst bool
	scratch  game.State // for trying a forcing move
	// relative is the weight, 0–1, of the relative part of the reward
	// (see utilities).
	relative float64
	// rootGoals sums, per root child, the mover's goals (0–100) over its
	// playouts: the score, whatever the reward.
	rootGoals []float64
}

type uctNode struct {
	move     game.Move
	mover    game.Role // the role that played move
	parent   int32
	first    int32 // index of the first child, -1 before expansion
	children int32
	visits   int32
	reward   float64 // sum of the mover's rewards (0–1 each, see utilities)
}

// reset starts a new tree for root, whose children are rootMoves.
func (t *uctTree) reset(root game.State, rootMoves []game.Move) {
	if t.state == nil || t.state.Variant() != root.Variant() {
		t.state = root.Clone()
	}
	t.rootGoals = t.rootGoals[:0]
	for range rootMoves {
		t.rootGoals = append(t.rootGoals, 0)
	}
	t.nodes = append(t.nodes[:0], uctNode{parent: -1, first: 1, children: int32(len(rootMoves)), mover: game.NoRole})
	for _, m := range rootMoves {
		t.nodes = append(t.nodes, uctNode{move: m, mover: root.ToMove(), first: -1})
	}
}

// iterate runs one selection, expansion, playout and backup from root,
// the position the tree was reset for.
func (t *uctTree) iterate(root game.State) {
	s := t.state
	s.CopyFrom(root)
	n := int32(0)
	for !s.Terminal() {
		nd := &t.nodes[n]
		if nd.first < 0 {
			if nd.visits < t.expandAfter {
				break
			}
			t.moves = s.Legal(t.moves[:0])
			if len(t.nodes)+len(t.moves) > t.maxNodes {
				break
			}
			nd.first = int32(len(t.nodes))
			nd.children = int32(len(t.moves))
			mover := s.ToMove()
			for _, m := range t.moves {
				t.nodes = append(t.nodes, uctNode{move: m, mover: mover, parent: n, first: -1})
			}
			nd = &t.nodes[n]
			c := nd.first + int32(t.rng.Intn(int(nd.children)))
			s.Apply(t.nodes[c].move)
			n = c
			break
		}
		n = t.selectChild(n)
		s.Apply(t.nodes[n].move)
	}
	t.playout(s)
	var g [maxRoles]int
	var u [maxRoles]float64
	t.utilities(s, g[:], u[:])
	for ; n >= 0; n = t.nodes[n].parent {
		nd := &t.nodes[n]
		nd.visits++
		if nd.mover != game.NoRole {
			nd.reward += u[nd.mover]
		}
		if nd.parent == 0 {
			t.rootGoals[n-1] += float64(g[nd.mover])
		}
	}
}

// maxRoles bounds the roles of a game searched by UCT.
const maxRoles = 8

// utilities writes each role's goal in the finished game s into g and its
// reward, 0–1, into u: the goal / 100, blended with weight t.relative
// with the goal minus the best other goal, mapped from −100…100 to 0…1.
// The relative part makes a seat care about being ahead, not only about
// its own score, which is what decides a four-player game.
func (t *uctTree) utilities(s game.State, g []int, u []float64) {
	nr := min(len(s.Variant().Roles), len(u), len(g))
	for r := 0; r < nr; r++ {
		g[r] = s.Goal(game.Role(r))
	}
	for r := 0; r < nr; r++ {
		if t.relative == 0 {
			u[r] = float64(g[r]) / 100
			continue
		}
		best := 0
		for o := 0; o < nr; o++ {
			if o != r && g[o] > best {
				best = g[o]
			}
		}
		u[r] = (1-t.relative)*float64(g[r])/100 + t.relative*float64(g[r]-best+100)/200
	}
}

// playout finishes the game on s.
func (t *uctTree) playout(s game.State) {
	tac, ok := s.(game.Tactics)
	if !t.winFirst || !ok {
		game.Playout(s, &t.rng, 0)
		return
	}
	if t.scratch == nil || t.scratch.Variant() != s.Variant() {
		t.scratch = s.Clone()
	}
	for !s.Terminal() {
		// Forcing lists a winning move alone; a single move that stops a
		// threat is told apart by playing it.
		if f := tac.Forcing(t.moves[:0]); len(f) == 1 {
			t.moves = f
			me := s.ToMove()
			t.scratch.CopyFrom(s)
			t.scratch.Apply(f[0])
			if t.scratch.Terminal() && t.scratch.Goal(me) == 100 {
				s.Apply(f[0])
				continue
			}
		}
		s.Apply(s.RandomMove(&t.rng))
	}
}

// selectChild is UCB1 over the children of n; unvisited children first.
func (t *uctTree) selectChild(n int32) int32 {
	nd := t.nodes[n]
	logN := math.Log(float64(nd.visits) + 1)
	best, bestV := nd.first, math.Inf(-1)
	for c := nd.first; c < nd.first+nd.children; c++ {
		ch := &t.nodes[c]
		if ch.visits == 0 {
			return c
		}
		v := ch.reward/float64(ch.visits) + t.exploration*math.Sqrt(logN/float64(ch.visits))
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// bestChild returns the most visited child of n, or -1 if n has none.
func (t *uctTree) bestChild(n int32) int32 {
	nd := t.nodes[n]
	if nd.first < 0 || nd.children == 0 {
		return -1
	}
	best := nd.first
	for c := nd.first; c < nd.first+nd.children; c++ {
		if t.nodes[c].visits > t.nodes[best].visits {
			best = c
		}
	}
	return best
}

// The UCT search of the AI levels.
const (
	uctMaxNodes    = 1 << 20 // per thread: 32 MiB
	uctExpandAfter = 4
	uctExploration = math.Sqrt2
	uctReportEvery = 100 * time.Millisecond
	uctRelative    = 0.5 // see the README for the measurements
)

// uctSearch runs UCT from s until the deadline, cancellation or, when
// limit is positive, about limit playouts over all trees; one tree
// per thread (root parallelism: the trees' root statistics are summed),
// and chooses the most visited of moves. Progress is reported about ten
// times a second; its Depth is the length of the most visited line.
func (sr *Searcher) uctSearch(ctx context.Context, s game.State, moves []game.Move, start, deadline time.Time, threads int, seed uint64, limit int64, progress func(Progress)) Result {
	for len(sr.trees) < threads {
		sr.trees = append(sr.trees, &uctTree{maxNodes: uctMaxNodes, expandAfter: uctExpandAfter, exploration: uctExploration, winFirst: true, relative: uctRelative})
	}
	trees := sr.trees[:threads]
	var playouts atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for i, t := range trees {
		t.rng.Seed(seed + uint64(i)*0x9e3779b97f4a7c15)
		root := s.Clone() // each thread reads its own copy
		t.reset(root, moves)
		wg.Add(1)
		go func(i int, t *uctTree) {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					reportPanic("uct", r)
					stop.Store(true)
				}
			}()
			next := start.Add(uctReportEvery)
			n, counted := 0, 0
			defer func() { playouts.Add(int64(n - counted)) }()
			for ; !stop.Load(); n++ {
				if n&63 == 0 {
					playouts.Add(int64(n - counted))
					counted = n
					now := time.Now()
					if ctx.Err() != nil || now.After(deadline) || limit > 0 && playouts.Load() >= limit {
						stop.Store(true)
						break
					}
					if i == 0 && progress != nil && now.After(next) {
						next = now.Add(uctReportEvery)
						el := now.Sub(start)
						pv := t.line(nil)
						p := Progress{Depth: len(pv), Nodes: playouts.Load(), NPS: float64(playouts.Load()) / math.Max(el.Seconds(), 1e-9), Time: el, PV: pv}
						if c := t.bestChild(0); c >= 0 {
							p.Best, p.Score = t.nodes[c].move, t.meanGoal(c)
						}
						progress(p)
					}
				}
				t.iterate(root)
			}
		}(i, t)
	}
	wg.Wait()
	res := uctResult(trees, moves)
	res.Nodes = playouts.Load()
	return res
}

// uctResult is the move of root-parallel trees that were reset with the
// same moves: the most visited over all trees, with its mean goal and the
// most visited line below it.
func uctResult(trees []*uctTree, moves []game.Move) Result {
	// reset gave every tree the same children in the same order.
	best, bestVisits := 0, int32(-1)
	var bestGoals float64
	for k := range moves {
		var v int32
		var r float64
		for _, t := range trees {
			v += t.nodes[1+k].visits
			r += t.rootGoals[k]
		}
		if v > bestVisits {
			best, bestVisits, bestGoals = k, v, r
		}
	}
	m := moves[best]
	res := Result{Move: m, PV: []game.Move{m}}
	if bestVisits > 0 {
		res.Score = math.Round(bestGoals/float64(bestVisits)*100) / 100
	}
	// The trees may disagree on the best move; the line continues in the
	// tree that visited the chosen move most, so it is not cut short.
	var deepest *uctTree
	for _, t := range trees {
		if deepest == nil || t.nodes[1+best].visits > deepest.nodes[1+best].visits {
			deepest = t
		}
	}
	if deepest != nil && deepest.nodes[1+best].visits > 1 {
		res.PV = deepest.lineFrom(int32(1+best), res.PV[:0])
	}
	res.Depth = len(res.PV)
	return res
}

// line appends the most visited line from the root: the moves of the
// most visited child, its most visited child and so on, while a node has
// been visited more than once.
func (t *uctTree) line(buf []game.Move) []game.Move {
	return t.lineFrom(t.bestChild(0), buf)
}

// lineFrom appends the move of node n and then the most visited line
// below it, while a node has been visited more than once.
func (t *uctTree) lineFrom(n int32, buf []game.Move) []game.Move {
	for ; n >= 0 && t.nodes[n].visits > 1; n = t.bestChild(n) {
		buf = append(buf, t.nodes[n].move)
	}
	return buf
}

// meanGoal is the mean goal (0–100) of the mover of root child c.
func (t *uctTree) meanGoal(c int32) float64 {
	v := t.nodes[c].visits
	if v == 0 {
		return 0
	}
	return math.Round(t.rootGoals[c-1]/float64(v)*100) / 100
}
