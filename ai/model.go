package ai

import (
	"context"
	"math"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/game"
)

// Opponent-model search (Options.Multi = Model): an expectimax of the
// root role over whole rounds, in which every other role is a chance
// node. Each of them is modelled as a reasonable but fallible player: it
// looks one action ahead with the game's estimate (game.Evaluator),
// values each of its actions by its own expected goal minus the best
// other expected goal (the utility every search here gives a role), and
// plays one of its modelK best actions, the better one more often (a
// softmax with temperature modelTemperature goal points). The root role
// maximises its expected utility after modelRounds rounds.
//
// Paranoid and best-reply search assume that the others play against
// the searcher; in a game of four where they mostly play for themselves
// (and attack whoever leads) that pessimism gives up chances, while UCT's
// random playouts expect them to leave pieces hanging. The model sees
// which of the searcher's pieces are in danger from whom, and when a lead
// is safe. The constants were chosen against three easy seats (ai/README:
// three or four modelled actions, other temperatures, a third round and
// other utilities all measured worse).
const (
	modelK           = 2
	modelTemperature = 5.0 // goal points
	modelRounds      = 2
	// modelCheckEvery is how many nodes pass between two looks at the
	// clock and the context.
	modelCheckEvery = 256
)

// modelValue is what the search knows of a position: the root role's
// utility (goal points of lead) and its goal, both expected.
type modelValue struct{ utility, goal float64 }

// modelWorker is one thread of the opponent-model search, with its own
// states and buffers per ply.
type modelWorker struct {
	root     game.Role
	states   []game.State
	moves    [][]game.Move
	vals     [][]float64
	est      []int
	nodes    int64
	stop     *atomic.Bool
	ctx      context.Context
	deadline time.Time
	stopped  bool
	// leaves counts the positions valued by the estimate: an iteration
	// without any reached the end of the game on every line.
	leaves int64
}

func newModelWorker(s game.State) *modelWorker {
	w := &modelWorker{est: make([]int, len(s.Variant().Roles))}
	w.states = make([]game.State, maxPly+2)
	w.moves = make([][]game.Move, maxPly+2)
	w.vals = make([][]float64, maxPly+2)
	for i := range w.states {
		w.states[i] = s.Clone()
	}
	return w
}

// lead is role r's utility in goal points, from the values (×100) in
// w.est: its value minus the best other value.
func (w *modelWorker) lead(r game.Role) float64 {
	best := math.MinInt
	for q, e := range w.est {
		if game.Role(q) != r && e > best {
			best = e
		}
	}
	return float64(w.est[r]-best) / 100
}

// look fills w.est for s with the final goals or the game's estimate.
func (w *modelWorker) look(s game.State) {
	if s.Terminal() {
		for r := range w.est {
			w.est[r] = 100 * s.Goal(game.Role(r))
		}
		return
	}
	s.(game.Evaluator).Estimate(w.est)
}

// rootValue is the root role's value from w.est.
func (w *modelWorker) rootValue() modelValue {
	return modelValue{w.lead(w.root), float64(w.est[w.root]) / 100}
}

// tick counts a node and reports whether the search must stop.
func (w *modelWorker) tick() bool {
	w.nodes++
	if w.nodes%modelCheckEvery == 0 {
		if w.ctx.Err() != nil || time.Now().After(w.deadline) {
			w.stop.Store(true)
		}
	}
	if w.stop.Load() {
		w.stopped = true
	}
	return w.stopped
}

// value is the root role's expected value in states[ply] with rounds of
// its own moves still to search. It means nothing once the search stopped.
func (w *modelWorker) value(ply, rounds int) modelValue {
	s := w.states[ply]
	if w.tick() {
		return modelValue{}
	}
	switch {
	case s.Terminal():
		w.look(s)
		return w.rootValue()
	case ply >= maxPly || s.ToMove() == w.root && rounds == 0:
		w.leaves++
		w.look(s)
		return w.rootValue()
	case s.ToMove() != w.root:
		return w.chance(ply, rounds)
	}
	moves := s.Legal(w.moves[ply][:0])
	w.moves[ply] = moves
	best := modelValue{utility: math.Inf(-1)}
	child := w.states[ply+1]
	for _, m := range moves {
		child.CopyFrom(s)
		child.Apply(m)
		if v := w.value(ply+1, rounds-1); v.utility > best.utility {
			best = v
		}
		if w.stopped {
			break
		}
	}
	return best
}

// chance is a node of another role: the expectation over the model's
// choice among that role's modelK best actions by a look one action
// ahead.
func (w *modelWorker) chance(ply, rounds int) modelValue {
	s := w.states[ply]
	mover := s.ToMove()
	moves := s.Legal(w.moves[ply][:0])
	w.moves[ply] = moves
	vals := w.vals[ply]
	if cap(vals) < len(moves) {
		vals = make([]float64, len(moves))
	}
	vals = vals[:len(moves)]
	w.vals[ply] = vals
	child := w.states[ply+1]
	for i, m := range moves {
		child.CopyFrom(s)
		child.Apply(m)
		w.look(child)
		vals[i] = w.lead(mover)
	}
	top := topK(vals)
	var sum modelValue
	var weight float64
	for _, i := range top {
		if i < 0 {
			break
		}
		p := math.Exp((vals[i] - vals[top[0]]) / modelTemperature)
		child.CopyFrom(s)
		child.Apply(moves[i])
		v := w.value(ply+1, rounds)
		if w.stopped {
			return modelValue{}
		}
		sum.utility += p * v.utility
		sum.goal += p * v.goal
		weight += p
	}
	return modelValue{sum.utility / weight, sum.goal / weight}
}

// topK returns the indices of the modelK largest values, largest first
// (the first index of equal values first); missing ones are -1.
func topK(vals []float64) [modelK]int {
	var top [modelK]int
	for k := range top {
		top[k] = -1
	}
	for i, v := range vals {
		for k := range top {
			if top[k] < 0 || v > vals[top[k]] {
				copy(top[k+1:], top[k:modelK-1])
				top[k] = i
				break
			}
		}
	}
	return top
}

// modelSearch runs the opponent-model search from p.s over the candidate
// moves, deepening by whole rounds (one action of each role) up to
// modelRounds and the plan's depth, until the end of the game on every
// line or the deadline; the threads share out the root moves. The move
// of the deepest complete iteration is played; its Score is the expected
// goal of the mover.
func (sr *Searcher) modelSearch(p *plan, cand []game.Move) Result {
	threads := max(p.threads, 1)
	if len(sr.models) > 0 && sr.models[0].states[0].Variant() != p.s.Variant() {
		sr.models = sr.models[:0]
	}
	for len(sr.models) < threads {
		sr.models = append(sr.models, newModelWorker(p.s))
	}
	maxRounds := min(modelRounds, max(1, (p.maxDepth+p.nroles-1)/p.nroles))
	vals := make([]modelValue, len(cand))
	res := Result{Move: cand[0], PV: []game.Move{cand[0]}}
	var stop atomic.Bool
	for rounds := 1; rounds <= maxRounds; rounds++ {
		leaves := sr.modelIteration(p, cand, rounds, threads, &stop, vals)
		for _, w := range sr.models[:threads] {
			res.Nodes += w.nodes
		}
		if stop.Load() {
			break
		}
		best := 0
		for i := range cand {
			if vals[i].utility > vals[best].utility {
				best = i
			}
		}
		res.Move, res.PV, res.Depth = cand[best], []game.Move{cand[best]}, rounds*p.nroles
		res.Score = math.Round(vals[best].goal*100) / 100
		res.Moves = modelMoves(cand, vals, p.opt.MultiPV)
		if p.opt.Progress != nil {
			el := time.Since(p.start)
			p.opt.Progress(Progress{Depth: res.Depth, Best: res.Move, Score: res.Score, Nodes: res.Nodes,
				NPS: float64(res.Nodes) / math.Max(el.Seconds(), 1e-9), Time: el, PV: []game.Move{res.Move},
				Moves: cloneMoveValues(res.Moves)})
		}
		if leaves == 0 {
			break // every line reached the end of the game: deeper is the same
		}
	}
	return res
}

// modelMoves is the n best of the candidates by their values (the
// root role's utility), each with its expected goal; nil when n is 0.
func modelMoves(cand []game.Move, vals []modelValue, n int) []MoveValue {
	if n <= 0 {
		return nil
	}
	order := make([]int, len(cand))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return vals[order[a]].utility > vals[order[b]].utility })
	out := make([]MoveValue, 0, min(n, len(cand)))
	for _, i := range order[:min(n, len(cand))] {
		out = append(out, MoveValue{Move: cand[i], Line: []game.Move{cand[i]}, Score: math.Round(vals[i].goal*100) / 100})
	}
	return out
}

// modelIteration values every candidate with rounds rounds into vals, on
// threads workers, and returns the number of leaves valued by the
// estimate. A panic in a worker is reported and stops the iteration.
func (sr *Searcher) modelIteration(p *plan, cand []game.Move, rounds, threads int, stop *atomic.Bool, vals []modelValue) int64 {
	var next, leaves atomic.Int64
	var wg sync.WaitGroup
	for _, w := range sr.models[:threads] {
		w.root, w.stop, w.ctx, w.deadline, w.stopped = p.s.ToMove(), stop, p.ctx, p.deadline(), false
		w.nodes, w.leaves = 0, 0
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					reportPanic("model", r)
					stop.Store(true)
				}
			}()
			for i := int(next.Add(1) - 1); i < len(cand) && !w.stopped; i = int(next.Add(1) - 1) {
				w.states[1].CopyFrom(p.s)
				w.states[1].Apply(cand[i])
				vals[i] = w.value(1, rounds-1)
			}
			leaves.Add(w.leaves)
		}()
	}
	wg.Wait()
	return leaves.Load()
}
