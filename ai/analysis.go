package ai

// The evaluation service: one analysis of a position, live, that the
// analyze command prints and that an analysis board or a review shows,
// so that they can never disagree on a proven position. Where the game's
// exact solver affords the position the value is the solver's, for the
// position and for each move; otherwise it is the search's, proven when
// the search reached the end of the game on every line.

import (
	"context"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/tabletop/tabletop/game"
)

// MoveValue is a move of the side to move with its value.
type MoveValue struct {
	Move game.Move // the first action
	// Line is the best line from Move on, as far as known: at least the
	// mover's whole turn when the solver settled it.
	Line   []game.Move
	Score  float64 // the mover's expected goal after Move, 0–100
	Proven bool    // Score is the game-theoretic value
}

// Analysis is a report of an analysis in progress, or its last one.
type Analysis struct {
	Score float64 // the mover's expected goal, 0–100
	// Proven says Score is the game-theoretic value: settled by the
	// game's exact solver (Solver), or by a search that reached the end
	// of the game on every line, or found a forced result.
	Proven bool
	Solver bool
	Book   bool        // the move is the opening book's
	Line   []game.Move // the best line, starting with the mover's action
	Turn   []game.Move // the mover's whole turn: Line's start, completed
	// Moves are the best few moves, best first, each with its value
	// (exact ones first where the solver settled them).
	Moves []MoveValue
	Depth int   // completed depth of the search, in actions (0: none)
	Nodes int64 // nodes searched
	Time  time.Duration
	Done  bool // the analysis is over: this is its last report
}

// AnalysisOptions configures an analysis.
type AnalysisOptions struct {
	// Options are the search's: Level (default hard), Budget (default
	// the level's: how long the analysis runs unless its context ends
	// first), Threads, Multi. Progress is replaced by the analysis's
	// reports; MultiPV by Moves.
	Options
	// Moves is how many of the best moves to report with their values
	// (default 3).
	Moves int
	// Role is the role analysed on a turn where several roles move at
	// once (game.JointState); otherwise the role in control is.
	Role game.Role
}

// provenCacheSize bounds the proven values an Analyzer remembers.
const provenCacheSize = 4096

// Analyzer analyses positions, one at a time. It keeps its Searcher (and
// so its table) and the proven values it found, by position, so that a
// position once proven is reported with that value by every later
// analysis, whatever its budget: a review and an analysis board that
// share one Analyzer agree on every position either has proven.
type Analyzer struct {
	mu     sync.Mutex
	sr     *Searcher
	proven map[string]Analysis
}

// NewAnalyzer returns an Analyzer with a fresh Searcher.
func NewAnalyzer() *Analyzer {
	return &Analyzer{sr: NewSearcher(), proven: map[string]Analysis{}}
}

// Analyze evaluates s (not terminal) until its budget is spent or ctx
// ends, calling report (if not nil; from the analysis's goroutine, quick
// and not blocking) with each new finding, and returns the last report
// (Done). s is not modified.
func (a *Analyzer) Analyze(ctx context.Context, s game.State, opt AnalysisOptions, report func(Analysis)) Analysis {
	a.mu.Lock()
	defer a.mu.Unlock()
	if report == nil {
		report = func(Analysis) {}
	}
	start := time.Now()
	if opt.Level == "" {
		opt.Level = Hard
	}
	if opt.Moves <= 0 {
		opt.Moves = 3
	}
	if opt.Budget <= 0 {
		opt.Budget = LevelBudget(opt.Level)
	}
	key := s.Variant().Name + " " + s.String()
	known, isKnown := a.proven[key]
	if isKnown {
		known.Done, known.Time = false, time.Since(start)
		report(known)
	}
	an, ok := a.solved(ctx, s, opt, report)
	if !ok {
		an = a.searched(ctx, s, opt, start, report)
	}
	if isKnown && !an.Proven {
		an.Score, an.Proven, an.Solver, an.Line, an.Turn = known.Score, true, known.Solver, known.Line, known.Turn
	}
	an.Done, an.Time = true, time.Since(start)
	if an.Proven {
		if len(a.proven) >= provenCacheSize {
			clear(a.proven)
		}
		a.proven[key] = an
	}
	report(an)
	return an
}

// Stream runs Analyze in a goroutine and delivers its reports on the
// channel it returns: the latest one waiting (a slow reader misses
// intermediate reports, never the last), closed after the last. The
// analysis stops when ctx ends.
func (a *Analyzer) Stream(ctx context.Context, s game.State, opt AnalysisOptions) <-chan Analysis {
	out := make(chan Analysis, 1)
	s = s.Clone()
	go func() {
		defer close(out)
		last := a.Analyze(ctx, s, opt, func(an Analysis) {
			for {
				select {
				case out <- an:
					return
				default:
				}
				select { // full: the newer report replaces the waiting one
				case <-out:
				default:
				}
			}
		})
		select {
		case <-out: // the last report replaces a waiting one
		default:
		}
		select {
		case out <- last:
		case <-ctx.Done():
		}
	}()
	return out
}

// solved is the analysis by the game's exact solver, when its estimate
// fits the budget: the value, the line and the value of every move
// (those it cannot settle in time keep no value and come last).
func (a *Analyzer) solved(ctx context.Context, s game.State, opt AnalysisOptions, report func(Analysis)) (Analysis, bool) {
	p := newPlan(ctx, s, s.Legal(nil), opt.Options, time.Now())
	sv := solverOf(p)
	if sv == nil {
		return Analysis{}, false
	}
	if d, ok := sv.Cost(s, p.threads); !ok || d > time.Duration(float64(p.budget)*solveShare) {
		return Analysis{}, false
	}
	sctx, cancel := context.WithDeadline(ctx, p.deadline())
	defer cancel()
	sol, err := sv.Solve(sctx, s, game.SolveOptions{Threads: p.threads, Moves: true})
	if err != nil || len(sol.Line) == 0 {
		return Analysis{}, false
	}
	an := Analysis{Score: float64(sol.Goal), Proven: true, Solver: true, Line: sol.Line, Turn: sol.Line}
	report(an)
	if sol.Moves != nil {
		an.Moves = movesOfSolution(s, sol, opt.Moves)
	} else {
		an.Moves = solvedMoves(sctx, sv, s, sol.Line[0], p.threads, opt.Moves)
	}
	if len(an.Moves) > 0 && an.Moves[0].Score == an.Score && len(an.Moves[0].Line) > len(an.Line) {
		an.Line, an.Turn = an.Moves[0].Line, an.Moves[0].Line
	}
	return an, true
}

// movesOfSolution is the best n of the moves a solve valued, best first
// (among equals the solver's own choice, first).
func movesOfSolution(s game.State, sol game.Solution, n int) []MoveValue {
	var out []MoveValue
	for _, m := range sol.Moves {
		if len(m.Line) > 0 && s.IsLegal(m.Line[0]) {
			out = append(out, MoveValue{Move: m.Line[0], Line: m.Line, Score: float64(m.Goal), Proven: true})
		}
	}
	return bestFirst(out, sol.Line[0], n)
}

// bestFirst sorts moves by score, the move first first among equals, and
// keeps n of them.
func bestFirst(out []MoveValue, first game.Move, n int) []MoveValue {
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Move == first && out[j].Move != first
	})
	return out[:min(n, len(out))]
}

// solvedMoves is the exact value of each legal action of s that the
// solver settles before ctx ends, best first (among equals the solver's
// own choice, first), with the solver's line after it; at most n of them.
func solvedMoves(ctx context.Context, sv game.Solver, s game.State, first game.Move, threads, n int) []MoveValue {
	var out []MoveValue
	mover := s.ToMove()
	t := s.Clone()
	for _, m := range s.Legal(nil) {
		t.CopyFrom(s)
		t.Apply(m)
		mv := MoveValue{Move: m, Line: []game.Move{m}, Proven: true}
		if t.Terminal() {
			mv.Score = float64(t.Goal(mover))
			out = append(out, mv)
			continue
		}
		sol, err := sv.Solve(ctx, t, game.SolveOptions{Threads: threads})
		if err != nil {
			continue // not settled in time: left out
		}
		mv.Score = float64(game.MaxGoal - sol.Goal)
		if t.ToMove() == mover {
			mv.Score = float64(sol.Goal)
			mv.Line = append(mv.Line, sol.Line...) // the rest of the turn
		}
		out = append(out, mv)
	}
	return bestFirst(out, first, n)
}

// searched is the analysis by the search, reported after each completed
// depth, with the values of the best moves.
func (a *Analyzer) searched(ctx context.Context, s game.State, opt AnalysisOptions, start time.Time, report func(Analysis)) Analysis {
	so := opt.Options
	so.MultiPV = opt.Moves
	so.rootSolved = true // by solved, if the solver affords it
	so.Progress = func(pr Progress) {
		an := Analysis{Score: pr.Score, Line: pr.PV, Moves: pr.Moves, Depth: pr.Depth, Nodes: pr.Nodes, Time: time.Since(start)}
		an.Proven = provenScore(s, pr.Score, pr.Moves)
		report(an)
	}
	var res Result
	if s.ToMove() == game.NoRole {
		res = a.sr.SearchFor(ctx, s, opt.Role, so)
	} else {
		res = a.sr.Search(ctx, s, so)
	}
	an := Analysis{Score: res.Score, Proven: res.Exact, Book: res.Book, Line: res.PV, Turn: res.Turn, Moves: res.Moves, Depth: res.Depth, Nodes: res.Nodes}
	if len(an.Turn) == 0 && res.Move != game.Noop {
		an.Turn = []game.Move{res.Move} // a simultaneous turn is one action
	}
	if !an.Proven {
		an.Proven = provenScore(s, res.Score, res.Moves)
	}
	if len(an.Moves) == 0 && res.Move != game.Noop {
		an.Moves = []MoveValue{{Move: res.Move, Line: res.PV, Score: res.Score, Proven: an.Proven}}
	}
	return an
}

// provenScore tells whether a search's score for a two-role game is a
// forced result: the best move is proven and worth the score.
func provenScore(s game.State, score float64, moves []MoveValue) bool {
	return len(s.Variant().Roles) == 2 && len(moves) > 0 && moves[0].Proven && moves[0].Score == score
}

// rootValues returns the best root moves of the iteration just completed
// with their values, best first, when the plan asks for them
// (Options.MultiPV).
func (sr *Searcher) rootValues(p *plan, main *worker) []MoveValue {
	if p.opt.MultiPV <= 0 || p.maxN || p.brs {
		return nil
	}
	rms := slices.Clone(main.rootMoves)
	sort.SliceStable(rms, func(i, j int) bool { return rms[i].score > rms[j].score })
	out := make([]MoveValue, 0, min(p.opt.MultiPV, len(rms)))
	for _, rm := range rms[:cap(out)] {
		line := slices.Clone(rm.line)
		if len(line) == 0 {
			line = []game.Move{rm.move}
		}
		out = append(out, MoveValue{Move: rm.move, Line: line, Score: sr.scoreOf(main, p.s, rm.score, line, p.nroles), Proven: rm.proven})
	}
	return out
}

// cloneMoveValues copies moves for a receiver that keeps them.
func cloneMoveValues(moves []MoveValue) []MoveValue {
	if moves == nil {
		return nil
	}
	out := make([]MoveValue, len(moves))
	for i, mv := range moves {
		out[i] = mv
		out[i].Line = slices.Clone(mv.Line)
	}
	return out
}
