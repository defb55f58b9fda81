package ai

// Exact play where a game's solver (game.Solver, registered by a package
// beside the game) can afford it: at the root, hard and max solve the
// position when the solver's estimate fits their budget and play a turn
// that keeps its value; inside the alpha-beta search, every worker asks
// the solver's probe about the positions it reaches with some depth left,
// and a settled one is a proof, like a finished game.

import (
	"context"
	"time"

	"github.com/tabletop/tabletop/game"
)

// Probes inside the search (variables only for the measurements of the
// tests).
var (
	// probeDepth is the depth, in actions, a node must have left for the
	// search to probe it: a probe costs as much as hundreds of the
	// search's nodes, so only a large subtree is worth replacing (with
	// 2, the search from 19–22 stones lost three or four actions of depth
	// and kept fewer values).
	probeDepth = 4
	// probeWork is the work (nodes of the solver's search) of one probe.
	probeWork = 200
)

const (
	// solveShare is the part of the budget a root solve may be estimated
	// to take; it may run until solveStop of the budget. The margin is
	// for the machine's load: a solve given up at solveStop leaves the
	// search almost no time.
	solveShare = 0.6
	solveStop  = 0.9
	// solvedMargin keeps a solver's win below every win the search
	// reached itself (scoreMax − ply), so that the search still prefers
	// the quickest win it sees.
	solvedMargin = 300
)

// solverOf returns the solver the plan's search may use: a two-role
// game's registered solver, at a level without noise; nil otherwise.
func solverOf(p *plan) game.Solver {
	if p.nroles != 2 || p.noisy() || p.opt.NoSolver {
		return nil
	}
	return game.SolverFor(p.s.Variant())
}

// exactRoot solves the root when the solver expects to settle it within
// solveShare of the budget, and returns the move: the solver's own turn
// for a win; for a draw or a loss the turn the alpha-beta search prefers
// in the time left, if it keeps the value (any turn does for a loss).
func (sr *Searcher) exactRoot(p *plan, main *worker) (Result, bool) {
	sv := solverOf(p)
	if sv == nil || p.opt.rootSolved {
		return Result{}, false
	}
	if d, ok := sv.Cost(p.s, p.threads); !ok || d > time.Duration(float64(p.budget)*solveShare) {
		return Result{}, false
	}
	ctx, cancel := context.WithDeadline(p.ctx, p.start.Add(time.Duration(float64(p.budget)*solveStop)))
	defer cancel()
	sol, err := sv.Solve(ctx, p.s, game.SolveOptions{Threads: p.threads})
	if err != nil || len(sol.Line) == 0 || !p.s.IsLegal(sol.Line[0]) {
		return Result{}, false
	}
	res := Result{Move: sol.Line[0], PV: sol.Line, Score: float64(sol.Goal), Exact: true}
	if sol.Goal < game.MaxGoal {
		keepRootMoves(p, main, sv, sol)
		// The choice among the moves that keep the value is a refinement:
		// a quarter of the budget, and 2 s, at most (a quarter of the
		// nodes without a clock).
		if p.clockless() {
			main.sh.maxNodes = main.sh.nodes.Load() + max(p.opt.Nodes/4, 1)
		} else if d := time.Now().Add(min(p.budget/4, 2*time.Second)); d.Before(main.sh.deadline) {
			main.sh.deadline = d
		}
		if r := sr.alphaBeta(p, main); keeps(p, sv, r.Turn, sol.Goal) {
			r.Score, r.Exact = float64(sol.Goal), true
			return r, true
		}
	}
	res.Turn = sr.completeTurn(p.ctx, main, p.s, res.PV, p.paranoid())
	return res, true
}

// keepRootMoves narrows the root moves of the search to those after
// which the mover still reaches the root's goal: by the values of the
// moves the solve found, else as far as the solver can tell in a tenth
// of the budget (its table knows many of them after the root's solve); a
// move it cannot settle in time stays.
func keepRootMoves(p *plan, main *worker, sv game.Solver, sol game.Solution) {
	if sol.Goal == 0 {
		return // every move loses: the search chooses the best hope
	}
	known := map[game.Move]int{}
	for _, m := range sol.Moves {
		if len(m.Line) > 0 {
			known[m.Line[0]] = m.Goal
		}
	}
	ctx, cancel := context.WithTimeout(p.ctx, p.budget/10)
	defer cancel()
	kept := main.rootMoves[:0]
	t := p.s.Clone()
	for _, rm := range main.rootMoves {
		goal, ok := known[rm.move]
		if !ok {
			t.CopyFrom(p.s)
			t.Apply(rm.move)
			goal = after(ctx, sv, t, p.s.ToMove(), p.threads)
		}
		if goal >= sol.Goal || !ok && ctx.Err() != nil {
			kept = append(kept, rm)
		}
	}
	if len(kept) > 0 {
		main.rootMoves = kept
	}
}

// after is the exact goal of mover in t, the position after one of its
// actions (−1 when the solver does not settle it).
func after(ctx context.Context, sv game.Solver, t game.State, mover game.Role, threads int) int {
	if t.Terminal() {
		return t.Goal(mover)
	}
	sol, err := sv.Solve(ctx, t, game.SolveOptions{Threads: threads})
	switch {
	case err != nil:
		return -1
	case t.ToMove() == mover:
		return sol.Goal
	}
	return game.MaxGoal - sol.Goal
}

// keeps tells whether playing turn in p.s leaves the mover the goal
// (a loss is kept by any turn); it asks the solver about the position
// the turn leads to, which its table usually knows after the root solve.
func keeps(p *plan, sv game.Solver, turn []game.Move, goal int) bool {
	if goal == 0 {
		return len(turn) > 0
	}
	t := p.s.Clone()
	mover := p.s.ToMove()
	for _, m := range turn {
		if t.Terminal() || t.ToMove() != mover || !t.IsLegal(m) {
			return false
		}
		t.Apply(m)
	}
	if !t.Terminal() && t.ToMove() == mover {
		return false // not a whole turn
	}
	timeout := time.Second
	if p.clockless() {
		timeout = noClock
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return after(ctx, sv, t, mover, p.threads) >= goal
}

// probeSolved asks the worker's probe about the position at ply, where
// depth actions are left, and returns its exact score when settled.
func (w *worker) probeSolved(ply, depth int) (int32, bool) {
	if w.probe == nil || depth < probeDepth || ply == 0 {
		return 0, false
	}
	goal, ok := w.probe.Probe(w.states[ply], probeWork)
	// A probe costs as much as many nodes: look at the clock now.
	if w.sh.ctx.Err() != nil || time.Now().After(w.sh.deadline) {
		w.sh.stop.Store(true)
	}
	if !ok {
		return 0, false
	}
	return solvedScore(goal, ply), true
}

// solvedScore is the score, for the side in control, of a position the
// solver settled with the given goal: a win or a loss counts as proven
// but after any the search reached itself, a draw is 0.
func solvedScore(goal, ply int) int32 {
	v := int32((2*goal - game.MaxGoal) * 100 * scoreScale)
	switch {
	case v > 0:
		return v - solvedMargin - int32(ply)
	case v < 0:
		return v + solvedMargin + int32(ply)
	}
	return 0
}

// setProbe gives the worker a probe of sv (nil: none), kept between
// searches.
func (w *worker) setProbe(sv game.Solver) {
	switch {
	case sv == nil:
		w.probe = nil
	case w.probeOf != sv || w.probe == nil:
		w.probe, w.probeOf = sv.NewProbe(), sv
	}
}
