// Package modelsearch chooses moves in games of more than two roles by
// simulation against a model of the other roles: each of them is a
// reasonable but fallible player that looks one action ahead with the
// game's estimate (game.Evaluator), values each of its actions by its own
// expected goal minus the best other expected goal, and plays the best
// of them after adding a random error of up to Noise goal points to each
// value. The searching role plays the same way without the error.
//
// Every candidate move is followed by simulations of the rest of the game
// under that model, and the candidate that most often ends with the
// unique highest goal (a shared highest goal counts TieValue of a win) is
// played; the simulations are shared out among the candidates by
// sequential halving. Search trees (paranoid, best-reply, UCT) assume
// the others play their best against the searcher or for themselves, and
// settle for ties in a game where three seats take the leader's pieces;
// the simulations see how often a lead survives noisy play to the end.
package modelsearch

import (
	"cmp"
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/game"
)

// The model and the budget, measured in Tic-Tac-Chess against three easy
// seats (ai/README.md, "Tic-Tac-Chess against three easy seats"): noise
// 12 and 40, an error on the searching role's own simulated moves, ties
// valued 0 or 0.5, and 8 000 simulations a move all won fewer games.
const (
	// Noise is the other roles' error, uniform in ±Noise goal points of
	// lead on each action's value.
	Noise = 24.0
	// TieValue is what a shared highest goal is worth, a win being 1.
	TieValue = 0.25
	// DefaultSimulations is the number of simulations of a search, over
	// all candidates.
	DefaultSimulations = 2000
)

// Options bounds one search.
type Options struct {
	// Simulations caps the simulations (0: DefaultSimulations); the
	// search is reproducible for a Seed when it ends at the cap rather
	// than at the deadline, whatever the number of threads.
	Simulations int
	Threads     int // workers (at least 1)
	Seed        uint64
	Deadline    time.Time // zero: none
	// Others, when set, replaces the model of the other roles: it
	// returns the action of the role in control of s, a legal one,
	// drawing its randomness from seed. A measurement uses it to play the
	// simulations against the very players of a match, to see what a
	// perfect model of them would be worth (ai/README.md). It must be
	// safe for concurrent use when Threads > 1.
	Others func(s game.State, seed uint64) game.Move
	// Plan grows, below each candidate, a tree of the searching role's
	// own later decisions (plan.go), so that a candidate is valued with
	// the role's best continuation rather than its one-action look. Each
	// candidate's simulations then run in order on one worker, so the
	// search stays reproducible for a Seed at its cap.
	Plan bool
	// Explore and Widen tune the planning tree (0: DefaultExplore,
	// DefaultWiden).
	Explore, Widen float64
	// OpenLoop keys the planning tree's nodes by the searching role's own
	// actions since the candidate rather than by the position, so that
	// a decision's statistics gather over every way the others played.
	OpenLoop bool
	// Chance, when above 0, widens the others' replies inside a closed
	// planning tree progressively (plan.go, tree.reply): a decision of
	// theirs visited n times keeps at most ⌈Chance·√n⌉ distinct actions
	// drawn from the model, so the searching role's later decisions are
	// revisited. 0: every reply drawn afresh.
	Chance float64
	// Ties is what a shared highest goal is worth in a simulation's
	// score, a win being 1: 0 means TieValue, a negative value nothing
	// (the score is then the match's count of unique highest goals).
	Ties float64
	// Noise is the other roles' error in the model, ±Noise goal points
	// of lead on each action's value (0: the package's Noise).
	Noise float64
	// OwnLook, when set, replaces the game's estimate in the searching
	// role's own look one action ahead (the others keep the estimate):
	// it writes est as game.Evaluator does for a state that is not
	// terminal. A measurement uses it to see what a continuation by
	// other weights is worth (ai/README.md). It must be safe for
	// concurrent use when Threads > 1.
	OwnLook func(s game.State, est []int)
	// Exact, when above 0, values the candidates exactly under the model
	// (exact.go) when every line from the position ends within Exact
	// actions and the work fits ExactNodes (0: DefaultExactNodes);
	// otherwise the simulations run. Not with Others, which is no model.
	Exact, ExactNodes int
	// Nested, when above 0, chooses the searching role's next action in
	// each flat simulation (its first decision after the candidate) by
	// Nested simulations of each of its NestedWidth best actions by its
	// look (0: 3), rather than by the look alone: a measurement of what
	// a stronger own continuation is worth (ai/README.md). Not with Plan.
	Nested, NestedWidth int
}

// Value is what the simulations of one candidate found.
type Value struct {
	Score float64 // wins plus TieValue × ties, per simulation (0–1)
	Goal  float64 // mean final goal of the searching role (0–100)
	Sims  int
}

// Result is the outcome of a search.
type Result struct {
	Best   int     // index of the chosen candidate
	Values []Value // by candidate; a candidate dropped early has fewer Sims
	Sims   int64   // simulations played
	Rounds int     // halving rounds completed
}

// Search values the candidate moves of the role in control of s, which
// must implement game.Evaluator, and returns the best of them. It stops
// early at the deadline or when ctx is cancelled, keeping what it found.
func Search(ctx context.Context, s game.State, cand []game.Move, opt Options) Result {
	n := len(cand)
	res := Result{Values: make([]Value, n)}
	if n == 0 {
		return res
	}
	if opt.Exact > 0 && opt.Others == nil {
		if vals, work, ok := exactValues(ctx, s, cand, opt.Exact, opt); ok {
			res.Values, res.Sims = vals, int64(work)
			for i, v := range vals {
				if v.Score > vals[res.Best].Score {
					res.Best = i
				}
			}
			return res
		}
	}
	total := opt.Simulations
	if total <= 0 {
		total = DefaultSimulations
	}
	workers, alive, stop := setUp(ctx, s, n, opt)
	play := flatRound
	if opt.Plan {
		play = planRounds(n, opt)
	}
	rounds := 1
	for k := n; k > 1; k = (k + 1) / 2 {
		rounds++
	}
	first := 0 // index of the next round's first simulation
	for len(alive) > 1 && !stop() {
		per := max(1, total/(rounds*len(alive)))
		play(s, cand, alive, first, per, opt.Seed, workers, stop)
		first += per
		res.Rounds++
		merge(res.Values, workers)
		sortByScore(alive, res.Values)
		alive = alive[:(len(alive)+1)/2]
	}
	if res.Rounds == 0 {
		merge(res.Values, workers) // nothing was played: the first candidate
	}
	for _, w := range workers {
		res.Sims += w.sims
	}
	res.Best = alive[0] // the best of the last round's survivors
	return res
}

// Evaluate plays per simulations of every candidate, without halving,
// and returns their values: for measurements that compare candidates
// (every one as exactly as the others), not for play. opt.Simulations
// is ignored.
func Evaluate(ctx context.Context, s game.State, cand []game.Move, per int, opt Options) []Value {
	workers, alive, stop := setUp(ctx, s, len(cand), opt)
	play := flatRound
	if opt.Plan {
		play = planRounds(len(cand), opt)
	}
	play(s, cand, alive, 0, per, opt.Seed, workers, stop)
	vals := make([]Value, len(cand))
	merge(vals, workers)
	return vals
}

// setUp makes a search's workers, the list of its n candidates (all
// alive) and its stop condition.
func setUp(ctx context.Context, s game.State, n int, opt Options) ([]*worker, []int, func() bool) {
	workers := make([]*worker, max(opt.Threads, 1))
	for i := range workers {
		workers[i] = newWorker(s, n)
		workers[i].others = opt.Others
		workers[i].noise = cmp.Or(opt.Noise, Noise)
		workers[i].ownLook = opt.OwnLook
		workers[i].nested, workers[i].nestedWidth = opt.Nested, cmp.Or(opt.NestedWidth, 3)
		if opt.Ties != 0 {
			workers[i].ties = max(opt.Ties, 0)
		}
	}
	alive := make([]int, n)
	for i := range alive {
		alive[i] = i
	}
	stop := func() bool {
		return ctx.Err() != nil || (!opt.Deadline.IsZero() && time.Now().After(opt.Deadline))
	}
	return workers, alive, stop
}

// roundFunc plays per simulations of each candidate in alive, numbered
// from first, on the workers.
type roundFunc func(s game.State, cand []game.Move, alive []int, first, per int, seed uint64, workers []*worker, stop func() bool)

// flatRound is a roundFunc whose simulations are independent: the
// workers share them out one at a time.
func flatRound(s game.State, cand []game.Move, alive []int, first, per int, seed uint64, workers []*worker, stop func() bool) {
	var next atomic.Int64
	jobs := int64(len(alive) * per)
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := next.Add(1) - 1; j < jobs && !stop(); j = next.Add(1) - 1 {
				ci := alive[int(j)%len(alive)]
				sim := uint64(first) + uint64(int(j)/len(alive))
				w.start(s, cand[ci], sim, seed)
				var score float64
				var goal int
				if w.nested > 0 {
					score, goal = w.nestedPlayout()
				} else {
					score, goal = w.playout()
				}
				w.tally(ci, score, goal)
			}
		}()
	}
	wg.Wait()
}

// merge sums the workers' tallies into vals.
func merge(vals []Value, workers []*worker) {
	for i := range vals {
		var score, goal float64
		var count int
		for _, w := range workers {
			score, goal, count = score+w.score[i], goal+w.goal[i], count+w.count[i]
		}
		vals[i] = Value{Sims: count}
		if count > 0 {
			vals[i].Score, vals[i].Goal = score/float64(count), goal/float64(count)
		}
	}
}

// sortByScore orders the candidate indices by score, best first, keeping
// the order of equal ones (the caller's move order breaks ties).
func sortByScore(idx []int, vals []Value) {
	for a := 1; a < len(idx); a++ {
		for b := a; b > 0 && vals[idx[b]].Score > vals[idx[b-1]].Score; b-- {
			idx[b], idx[b-1] = idx[b-1], idx[b]
		}
	}
}

// worker plays simulations with its own states and tallies.
type worker struct {
	sim, child  game.State
	moves       []game.Move
	est         []int
	rng         game.Rand
	score, goal []float64
	count       []int
	sims        int64
	nroles      int
	root        game.Role
	order       []scored                           // planning: a new node's actions by look
	path        []step                             // planning: the simulation's decisions in the tree
	edgeStats   []stat                             // planning: the stats of a node's widened actions
	others      func(game.State, uint64) game.Move // Options.Others
	ties        float64                            // a shared highest goal's score
	noise       float64                            // the others' error (Options.Noise)
	ownLook     func(game.State, []int)            // Options.OwnLook
	nested      int                                // Options.Nested
	nestedWidth int                                // Options.NestedWidth
	inner       *worker                            // Nested: the inner simulations' worker
}

func newWorker(s game.State, ncand int) *worker {
	n := len(s.Variant().Roles)
	return &worker{
		sim: s.Clone(), child: s.Clone(), est: make([]int, n), nroles: n, root: s.ToMove(),
		ties: TieValue, noise: Noise,
		score: make([]float64, ncand), goal: make([]float64, ncand), count: make([]int, ncand),
	}
}

// lead is role r's value in w.est minus the best other value, in goal
// points.
func (w *worker) lead(r game.Role) float64 {
	best := math.MinInt
	for q, e := range w.est {
		if game.Role(q) != r && e > best {
			best = e
		}
	}
	return float64(w.est[r]-best) / 100
}

// look fills w.est for s: the final goals or the game's estimate (×100).
func (w *worker) look(s game.State) {
	if s.Terminal() {
		for r := range w.est {
			w.est[r] = 100 * s.Goal(game.Role(r))
		}
		return
	}
	s.(game.Evaluator).Estimate(w.est)
}

// lookOwn fills w.est for s as the searching role's own look: by
// Options.OwnLook where it is set.
func (w *worker) lookOwn(s game.State) {
	if w.ownLook == nil || s.Terminal() {
		w.look(s)
		return
	}
	w.ownLook(s, w.est)
}

// choose is the model's action for the role in control of w.sim.
func (w *worker) choose() game.Move {
	s := w.sim
	mover := s.ToMove()
	w.moves = s.Legal(w.moves[:0])
	if len(w.moves) == 1 {
		return w.moves[0]
	}
	if w.others != nil && mover != w.root {
		return w.others(s, w.rng.Uint64())
	}
	noise := w.noise
	if mover == w.root {
		noise = 0
	}
	best, bestV := w.moves[0], math.Inf(-1)
	for _, m := range w.moves {
		w.child.CopyFrom(s)
		w.child.Apply(m)
		if mover == w.root {
			w.lookOwn(w.child)
		} else {
			w.look(w.child)
		}
		v := w.lead(mover)
		if noise > 0 {
			v += (2*float64(w.rng.Intn(1<<20))/float64(1<<20) - 1) * noise
		}
		if v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// start readies simulation number sim of candidate m: the position, and
// the draws, which depend on the seed and the number only.
func (w *worker) start(s game.State, m game.Move, sim, seed uint64) {
	// The same simulation number draws the same errors for every
	// candidate: the comparison is between moves, not between luck.
	w.rng.Seed(seed ^ (sim+1)*0x9e3779b97f4a7c15)
	w.sim.CopyFrom(s)
	w.sim.Apply(m)
}

// tally adds a simulation's score and goal to candidate ci's sums.
func (w *worker) tally(ci int, score float64, goal int) {
	w.score[ci] += score
	w.goal[ci] += float64(goal)
	w.count[ci]++
	w.sims++
}

// playout plays w.sim to its end under the model and returns the
// searching role's score (1 for the unique highest goal, w.ties for a
// shared one, else 0) and its goal.
func (w *worker) playout() (float64, int) {
	s := w.sim
	for !s.Terminal() {
		s.Apply(w.choose())
	}
	return w.outcome()
}

// nestedPlayout is playout with the searching role's next decision
// chosen by nestedChoice (Options.Nested); a function of its own so that
// the plain playout, the search's hot path, stays as it was.
func (w *worker) nestedPlayout() (float64, int) {
	s := w.sim
	for !s.Terminal() && s.ToMove() != w.root {
		s.Apply(w.choose())
	}
	if !s.Terminal() {
		s.Apply(w.nestedChoice())
	}
	return w.playout()
}

// nestedChoice is the searching role's action in w.sim chosen by
// w.nested inner simulations of each of its w.nestedWidth best actions
// by its look, the same draws for each action; the best mean score
// wins, the look's order breaking ties.
func (w *worker) nestedChoice() game.Move {
	w.rank(w.sim)
	if len(w.order) == 1 || w.nestedWidth <= 1 {
		return w.order[0].m // the look's choice, as choose makes it
	}
	in := w.inner
	if in == nil {
		in = newWorker(w.sim, 0)
		in.root, in.noise, in.ties, in.ownLook, in.others = w.root, w.noise, w.ties, w.ownLook, w.others
		w.inner = in
	}
	base := w.rng.Uint64()
	best, bestV := w.order[0].m, -1.0
	for _, o := range w.order[:min(len(w.order), w.nestedWidth)] {
		v := 0.0
		for j := range w.nested {
			in.rng.Seed(base ^ uint64(j+1)*0x9e3779b97f4a7c15)
			in.sim.CopyFrom(w.sim)
			in.sim.Apply(o.m)
			score, _ := in.playout()
			v += score
		}
		if v > bestV {
			best, bestV = o.m, v
		}
	}
	return best
}

// outcome is the score and goal of the searching role in the finished
// simulation w.sim.
func (w *worker) outcome() (float64, int) {
	return outcome(w.sim, w.root, w.nroles, w.ties)
}

// outcome is root's score in the finished game s, 1 for the unique
// highest goal, ties for a shared one, else 0, and its goal.
func outcome(s game.State, root game.Role, nroles int, ties float64) (float64, int) {
	own, other := s.Goal(root), -1
	for r := 0; r < nroles; r++ {
		if game.Role(r) != root {
			other = max(other, s.Goal(game.Role(r)))
		}
	}
	switch {
	case own > other:
		return 1, own
	case own == other:
		return ties, own
	}
	return 0, own
}

// ModelAction is the action the model gives the role in control of s, a
// non-terminal state implementing game.Evaluator, when that role is one
// of the others (its one-action look with the error), drawing the error
// from seed. A measurement plays seats by it to see how a search fares
// against the very players its simulations assume, which separates the
// search's own biases from the model's mistakes (ai/README.md).
func ModelAction(s game.State, seed uint64) game.Move {
	w := newWorker(s, 0)
	w.root = game.NoRole
	w.rng.Seed(seed)
	return w.choose()
}
