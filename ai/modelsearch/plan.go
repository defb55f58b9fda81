package modelsearch

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tabletop/tabletop/game"
)

// Planning over the searching role's own later moves (Options.Plan).
//
// Without it, the searching role's later moves in a simulation are its
// best by a one-action look: a simulation values a candidate as if the
// role could not plan beyond it. With it, each candidate has a tree of
// the positions in which the searching role is to move again, reached
// through the others' modelled actions (chance: their draws decide which
// position follows); a node is known by the position's hash, so the tree
// is closed-loop (the role's choice depends on what the others did). At a
// node the simulations choose by UCB1 among the role's actions ordered
// by its one-action look, widening progressively: the first visits follow
// that look (the simulation's own policy without the tree), and the k-th
// best action joins after about (2(k−1))² visits, so a node visited a
// few times plays as before and a node visited often learns which of its
// actions fare best to the end. Each simulation adds one node; below the
// tree the role plays its one-action look as before.

// Defaults of the planning tree.
const (
	// DefaultExplore is UCB1's exploration constant on scores of 0–1.
	DefaultExplore = 0.4
	// DefaultWiden scales the widening: a node visited n times chooses
	// among its 1 + Widen·√n best actions by the one-action look.
	DefaultWiden = 0.5
)

// tree is the searching role's decisions below one candidate: a node is
// a decision (its key: the position's hash, or with OpenLoop the own
// actions that led to it), an edge one of its actions.
type tree struct {
	nodes   map[uint64]int32 // stats index by node key
	edges   map[uint64]int32 // stats index by edgeKey
	stats   []stat
	open    bool
	chance  float64              // Options.Chance: 0, the others' replies drawn afresh
	replies map[uint64]*replySet // with chance: the others' replies kept, by position hash
}

// replySet is the others' replies kept at one of their decisions in the
// tree (Options.Chance): the distinct actions the model drew there, each
// with how often it was drawn, and the visits of the decision.
type replySet struct {
	n     int32
	moves []game.Move
	count []int32
}

// stat counts the simulations through a node or an edge and sums their
// scores.
type stat struct {
	n int32
	w float64
}

func newTree(open bool, chance float64) *tree {
	t := &tree{nodes: make(map[uint64]int32), edges: make(map[uint64]int32), open: open, chance: chance}
	if chance > 0 {
		t.replies = make(map[uint64]*replySet)
	}
	return t
}

// reply is the action of the other role in control of w.sim at a
// decision of theirs inside the tree, widened progressively: a decision
// visited n times draws a new action from the model while it keeps fewer
// than ⌈chance·√n⌉ distinct ones, and otherwise replays one of those it
// keeps, in proportion to how often the model drew it. The searching
// role's later decisions are then reached again and again, where fresh
// draws would split them among many positions each seen once.
func (t *tree) reply(w *worker) game.Move {
	key := w.sim.Hash()
	rs := t.replies[key]
	if rs == nil {
		rs = &replySet{}
		t.replies[key] = rs
	}
	rs.n++
	if len(rs.moves) < int(math.Ceil(t.chance*math.Sqrt(float64(rs.n)))) {
		m := w.choose()
		if i := slices.Index(rs.moves, m); i >= 0 {
			rs.count[i]++
		} else {
			rs.moves, rs.count = append(rs.moves, m), append(rs.count, 1)
		}
		return m
	}
	var total int32
	for _, c := range rs.count {
		total += c
	}
	r := int32(w.rng.Intn(int(total)))
	for i, c := range rs.count {
		if r < c {
			return rs.moves[i]
		}
		r -= c
	}
	return rs.moves[len(rs.moves)-1]
}

// edgeKey is the key of action m at the node keyed k (also the key of
// the node it leads to in an open-loop tree).
func edgeKey(k uint64, m game.Move) uint64 {
	return (k ^ uint64(m)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
}

// credit adds a simulation's score to the stats of key in index, which
// it adds when absent.
func (t *tree) credit(index map[uint64]int32, key uint64, score float64) {
	i, ok := index[key]
	if !ok {
		i = int32(len(t.stats))
		t.stats = append(t.stats, stat{})
		index[key] = i
	}
	t.stats[i].n++
	t.stats[i].w += score
}

// step is one decision of a simulation in the tree.
type step struct {
	node uint64
	m    game.Move
}

// scored is an action and its look.
type scored struct {
	m game.Move
	v float64
}

// rank fills w.order with the legal actions of the searching role in s,
// best by its one-action look (lead, no error) first.
func (w *worker) rank(s game.State) {
	w.moves = s.Legal(w.moves[:0])
	w.order = w.order[:0]
	for _, m := range w.moves {
		w.child.CopyFrom(s)
		w.child.Apply(m)
		w.lookOwn(w.child)
		w.order = append(w.order, scored{m, w.lead(w.root)})
	}
	// Stable: equal looks keep the game's move order, as choose does.
	slices.SortStableFunc(w.order, func(a, b scored) int {
		switch {
		case a.v > b.v:
			return -1
		case a.v < b.v:
			return 1
		}
		return 0
	})
}

// pick is the index in w.order of the action a simulation takes at the
// node keyed k, visited n times: UCB1 among the node's widened best
// actions, an untried one first.
func (t *tree) pick(w *worker, k uint64, n int32, explore, widen float64) int {
	width := min(len(w.order), 1+int(widen*math.Sqrt(float64(n))))
	w.edgeStats = w.edgeStats[:0]
	for _, o := range w.order[:width] {
		var st stat
		if i, ok := t.edges[edgeKey(k, o.m)]; ok {
			st = t.stats[i]
		}
		w.edgeStats = append(w.edgeStats, st)
	}
	return ucb(w.edgeStats, n, explore)
}

// ucb is the index of the edge to try: the first untried one, else the
// best by UCB1 after n visits of their node.
func ucb(edges []stat, n int32, explore float64) int {
	best, bestV := 0, math.Inf(-1)
	logN := math.Log(float64(max(n, 1)))
	for i, e := range edges {
		if e.n == 0 {
			return i
		}
		v := e.w/float64(e.n) + explore*math.Sqrt(logN/float64(e.n))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// planPlayout plays w.sim to its end like playout, the searching role's
// moves chosen in t where t knows the decision (and one new node added),
// and returns the score and the goal; the simulation's decisions in the
// tree are credited with its score.
func (w *worker) planPlayout(t *tree, explore, widen float64) (float64, int) {
	s := w.sim
	w.path = w.path[:0]
	grown, inTree := false, true
	var key uint64 // the next own decision's key in an open-loop tree
	for !s.Terminal() {
		if s.ToMove() != w.root {
			if t.chance > 0 && inTree && !grown && !t.open {
				s.Apply(t.reply(w))
			} else {
				s.Apply(w.choose())
			}
			continue
		}
		if !t.open {
			key = s.Hash()
		}
		ni, known := t.nodes[key]
		if !inTree || !known && grown {
			inTree = false
			s.Apply(w.choose())
			continue
		}
		var n int32
		if known {
			n = t.stats[ni].n
		}
		grown = grown || !known
		w.rank(s)
		m := w.order[t.pick(w, key, n, explore, widen)].m
		w.path = append(w.path, step{key, m})
		s.Apply(m)
		key = edgeKey(key, m)
	}
	score, goal := w.outcome()
	for _, st := range w.path {
		t.credit(t.nodes, st.node, score)
		t.credit(t.edges, edgeKey(st.node, st.m), score)
	}
	return score, goal
}

// planRounds returns the roundFunc of a planning search over n
// candidates: each candidate keeps its tree from round to round, and its
// simulations of a round run in order on one worker (a tree's growth
// depends on their order), the workers sharing out the candidates.
func planRounds(n int, opt Options) roundFunc {
	trees := make([]*tree, n)
	explore, widen := opt.Explore, opt.Widen
	if explore <= 0 {
		explore = DefaultExplore
	}
	if widen <= 0 {
		widen = DefaultWiden
	}
	return func(s game.State, cand []game.Move, alive []int, first, per int, seed uint64, workers []*worker, stop func() bool) {
		var next atomic.Int64
		var wg sync.WaitGroup
		for _, w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := next.Add(1) - 1; j < int64(len(alive)) && !stop(); j = next.Add(1) - 1 {
					ci := alive[j]
					if trees[ci] == nil {
						trees[ci] = newTree(opt.OpenLoop, opt.Chance)
					}
					for k := 0; k < per && !stop(); k++ {
						w.start(s, cand[ci], uint64(first+k), seed)
						score, goal := w.planPlayout(trees[ci], explore, widen)
						w.tally(ci, score, goal)
					}
				}
			}()
		}
		wg.Wait()
	}
}
