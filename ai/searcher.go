package ai

import (
	"context"
	"math"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/tabletop/tabletop/game"
)

// DefaultMulti is the search that the hard and max levels use for games
// of more than two roles when Options.Multi is empty: the opponent
// model's simulations with the tree of the searcher's own later moves
// (ai/modelsearch, Plan) where the game has an estimate
// (game.Evaluator), else UCT. The simulations won the comparison
// recorded in the README (69 % unique highest goals against three easy
// seats, against UCT's 46–55 %, level with UCT against UCT and against
// random seats); the tree added about 2.5 points (70 % against 67.5 %
// over 240 games, capped) and is level with the simulations without it.
// Easy and medium use best-reply search, whose depth cap and root noise
// make their imperfection.
var DefaultMulti = Plan

// defaultTTBits sizes the transposition table of a Searcher: 2^20
// entries of 16 bytes, 16 MiB.
const defaultTTBits = 20

// levelSpec is what a difficulty level means.
type levelSpec struct {
	budget  time.Duration // default time budget
	depth   int           // iterative-deepening cap, in actions
	noise   float64       // root noise, in goal points (0 = none)
	threads int           // worker goroutines for budgets of 200 ms or more
	soft    float64       // fraction of the budget after which no new depth starts
}

var levelSpecs = map[Level]levelSpec{
	Easy:   {budget: 300 * time.Millisecond, depth: 2, noise: 12, threads: 1, soft: 1},
	Medium: {budget: 600 * time.Millisecond, depth: 4, noise: 3, threads: 1, soft: 1},
	Hard:   {budget: 1500 * time.Millisecond, depth: maxPly, threads: 2, soft: 0.5},
	Max:    {budget: 10 * time.Second, depth: maxPly, threads: 2, soft: 1},
}

// LevelBudget returns the default time budget of a level.
func LevelBudget(l Level) time.Duration {
	if sp, ok := levelSpecs[l]; ok {
		return sp.budget
	}
	return levelSpecs[Hard].budget
}

// Searcher runs searches with a transposition table that is allocated
// once and kept between searches. A Searcher runs one search at a time;
// concurrent calls wait for each other.
type Searcher struct {
	mu      sync.Mutex
	tt      *table
	workers []*worker
	turn    game.State // scratch for completing a turn
	trees   []*uctTree // one per thread, for UCT
	gtrees  []*genTree // one per thread, for the general player
}

// NewSearcher returns a Searcher with the default 16 MiB table.
func NewSearcher() *Searcher { return NewSearcherBits(defaultTTBits) }

// NewSearcherBits returns a Searcher whose table has 2^bits entries of
// 16 bytes (bits is clamped to 10–28).
func NewSearcherBits(bits uint) *Searcher {
	bits = min(max(bits, 10), 28)
	return &Searcher{tt: newTable(bits)}
}

// Search is the method form of the package-level Search. It decides how
// to search (newPlan), answers at once where it can or else runs the
// plan's algorithm (dispatch); alpha-beta deepens iteratively (deepen)
// and turns the deepest iteration into the Result (finish).
func (sr *Searcher) Search(ctx context.Context, s game.State, opt Options) (res Result) {
	sr.mu.Lock()
	defer sr.mu.Unlock()
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	defer func() {
		// Never panic into the caller (the UI, a server session): report
		// the bug and fall back to the first legal move.
		if r := recover(); r != nil {
			reportPanic("search", r)
			res = fallback(s)
		}
	}()
	if s == nil || s.Terminal() {
		return Result{}
	}
	moves := s.Legal(nil)
	if len(moves) == 0 {
		return Result{}
	}
	p := newPlan(ctx, s, moves, opt, start)
	if generalFor(s, opt.Multi) {
		return sr.generalSearch(p, s.ToMove())
	}
	return sr.dispatch(p, sr.prepareMain(p))
}

// plan is what one search will do: the level's meaning, the budget, the
// algorithm and the number of threads, decided before anything is
// searched.
type plan struct {
	ctx      context.Context
	s        game.State
	moves    []game.Move // the legal moves of s
	opt      Options
	level    Level
	spec     levelSpec
	start    time.Time
	budget   time.Duration
	maxDepth int
	nroles   int
	multi    Algorithm // the search for more than two roles
	maxN     bool      // max^n search (no shared table, no paranoid side)
	brs      bool      // best-reply search
	threads  int
	seed     uint64 // Options.Seed mixed with the position
}

// newPlan decides how to search s (not terminal, with the legal moves).
func newPlan(ctx context.Context, s game.State, moves []game.Move, opt Options, start time.Time) *plan {
	p := &plan{ctx: ctx, s: s, moves: moves, opt: opt, start: start, seed: opt.Seed ^ s.Hash()}
	var ok bool
	p.level = opt.Level
	if p.spec, ok = levelSpecs[p.level]; !ok {
		p.level, p.spec = Hard, levelSpecs[Hard]
	}
	p.budget = opt.Budget
	if p.budget <= 0 {
		p.budget = p.spec.budget
		if opt.Nodes > 0 {
			p.budget = noClock
			if p.opt.Playouts <= 0 {
				p.opt.Playouts = int(min(opt.Nodes, math.MaxInt32))
			}
		}
	}
	p.maxDepth = p.spec.depth
	if opt.MaxDepth > 0 {
		p.maxDepth = min(p.maxDepth, opt.MaxDepth)
	}
	p.maxDepth = min(p.maxDepth, maxPly)
	p.nroles = len(s.Variant().Roles)
	p.multi = multiSearch(opt.Multi, p.spec)
	p.maxN = p.nroles > 2 && p.multi == MaxN
	_, canSkip := s.(game.Skipper)
	p.brs = p.nroles > 2 && p.multi == BestReply && canSkip
	p.threads = opt.Threads
	if p.threads <= 0 {
		p.threads = p.spec.threads
		if p.budget < 200*time.Millisecond {
			p.threads = 1
		}
	}
	p.threads = min(p.threads, runtime.NumCPU(), 8)
	if p.maxN {
		p.threads = 1 // max^n does not use the shared table
	}
	p.threads = max(p.threads, 1)
	return p
}

// noClock is the budget of a search bounded by Options.Nodes alone: so
// long that the clock never decides anything.
const noClock = time.Duration(1 << 60)

// deadline is when the search must stop.
func (p *plan) deadline() time.Time { return p.start.Add(p.budget) }

// clockless tells whether the search is bounded by Options.Nodes alone.
func (p *plan) clockless() bool { return p.budget == noClock }

// paranoid tells whether the alpha-beta workers play the root role
// against a coalition (every search but max^n; only matters with more
// than two roles).
func (p *plan) paranoid() bool { return !p.maxN }

// noisy tells whether the level plays with deliberate imperfection.
func (p *plan) noisy() bool { return p.spec.noise > 0 }

// prepareMain readies the table and the main worker for the plan, with
// the root moves ordered.
func (sr *Searcher) prepareMain(p *plan) *worker {
	sh := &shared{tt: sr.tt, ctx: p.ctx, start: p.start, deadline: p.deadline(), maxNodes: max(p.opt.Nodes, 0)}
	sr.tt.gen++
	if p.noisy() {
		// Levels with noise must be reproducible for a seed: start from
		// an empty table.
		sr.tt.clear()
	}
	for len(sr.workers) < p.threads {
		sr.workers = append(sr.workers, newWorker(nil, len(sr.workers)))
	}
	main := sr.workers[0]
	main.sh = sh
	main.prepare(p.s, p.paranoid(), p.noisy())
	main.setProbe(solverOf(p))
	main.setBRS(p.brs)
	main.multiPV = p.noisy() || p.opt.MultiPV > 0
	main.keepLines = p.opt.MultiPV > 0
	main.rng.Seed(p.seed)
	main.rootMoves = initRootMoves(main, rootCandidates(p.s, p.moves))
	return main
}

// dispatch answers at once where no search is needed (a single legal
// move, a book move, a last action) and otherwise runs the plan's
// algorithm.
func (sr *Searcher) dispatch(p *plan, main *worker) Result {
	if len(p.moves) == 1 {
		res := Result{Move: p.moves[0], PV: []game.Move{p.moves[0]}}
		res.Score = sr.scoreOf(main, p.s, 0, res.PV, p.nroles)
		return sr.withTurn(p, main, res)
	}
	if r, ok := sr.exactRoot(p, main); ok {
		return r
	}
	if (p.level == Hard || p.level == Max) && !p.opt.NoBook {
		if r, ok := openingTurn(p.s); ok {
			return sr.withTurn(p, main, r)
		}
		if m, ok := bookMove(p.s); ok {
			// Books list proven winning actions only.
			return sr.withTurn(p, main, Result{Move: m, PV: []game.Move{m}, Score: 100, Exact: true, Book: true})
		}
	}
	if _, ok := p.s.(game.Evaluator); ok && p.nroles > 2 && (p.multi == Model || p.multi == Plan) {
		return sr.withTurn(p, main, sr.modelSearch(p, rootMoveList(main)))
	}
	if p.nroles > 2 && (p.multi == UCT || p.multi == Model || p.multi == Plan) {
		cand := rootMoveList(main)
		// When every candidate ends the game (a win on the spot, which the
		// tactics offer alone, or the last action), the tree cannot learn
		// more than the final goals, so the move is played without waiting.
		if r, ok := lastActionResult(p.s, cand); ok {
			return sr.withTurn(p, main, r)
		}
		res := sr.uctSearch(p.ctx, p.s, cand, p.start, p.deadline(), p.threads, p.seed, int64(p.opt.Playouts), p.opt.Progress)
		return sr.withTurn(p, main, res)
	}
	return sr.alphaBeta(p, main)
}

// rootMoveList is the moves of the main worker's root, in its order.
func rootMoveList(main *worker) []game.Move {
	cand := make([]game.Move, len(main.rootMoves))
	for i, rm := range main.rootMoves {
		cand[i] = rm.move
	}
	return cand
}

// withTurn fills in the mover's whole turn.
func (sr *Searcher) withTurn(p *plan, main *worker, res Result) Result {
	res.Turn = sr.completeTurn(p.ctx, main, p.s, res.PV, p.paranoid())
	return res
}

// alphaBeta runs the iterative deepening of the main worker, with Lazy
// SMP helpers on the other threads, and finishes its result.
func (sr *Searcher) alphaBeta(p *plan, main *worker) Result {
	var wg sync.WaitGroup
	for i := 1; i < p.threads; i++ {
		w := sr.workers[i]
		w.sh = main.sh
		w.prepare(p.s, true, false)
		w.setProbe(solverOf(p))
		w.setBRS(p.brs)
		w.rng.Seed(p.seed + uint64(i))
		w.rootMoves = append(w.rootMoves[:0], main.rootMoves...)
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			w.runHelper(p.maxDepth)
		}(w)
	}
	it := sr.deepen(p, main)
	main.sh.stop.Store(true)
	wg.Wait()
	for _, w := range sr.workers[:p.threads] {
		w.flush()
	}
	return sr.finish(p, main, it)
}

// iteration is what iterative deepening found: the deepest completed
// iteration's best move, line and score.
type iteration struct {
	best  rootMove
	pv    []game.Move
	score int32
	depth int // deepest completed iteration
	exact bool
	// hope is the best move of the deepest iteration that did not prove a
	// loss: when every move loses against perfect play, it is the one that
	// asks the most of the opponent, better than merely the longest loss.
	hope game.Move
	// moves are the best root moves of the deepest iteration with their
	// values (Options.MultiPV).
	moves []MoveValue
}

// deepen searches the root to depth 1, 2, … until the plan's depth, the
// budget, or a result that more depth cannot change.
func (sr *Searcher) deepen(p *plan, main *worker) iteration {
	it := iteration{best: main.rootMoves[0], hope: game.Noop}
	for d := 1; d <= p.maxDepth; d++ {
		startInexact, startHorizon := main.inexact, main.horizon
		var v int32
		var got bool
		if p.maxN {
			v, got = main.maxnRoot(d)
		} else {
			v, got = main.searchRoot(d, -scoreInf, scoreInf)
		}
		// An analysis (lines kept) reports completed depths only, so
		// that the best move's value is the one in its list of moves.
		if got && (!main.stopped || !main.keepLines) {
			it.best = main.rootMoves[0]
			it.pv = append(it.pv[:0], main.pv[0][:main.pvLen[0]]...)
			it.score = v
			if v >= -evalLimit && !main.stopped {
				it.hope = it.best.move
			}
			if len(it.pv) == 0 || it.pv[0] != it.best.move {
				it.pv = append(it.pv[:0], it.best.move)
			}
		}
		if main.stopped {
			break
		}
		it.depth = d
		it.moves = sr.rootValues(p, main)
		sr.reportDepth(p, main, &it)
		if sr.deepEnough(p, main, &it, startInexact, startHorizon) {
			break
		}
	}
	return it
}

// reportDepth tells the caller's Progress about a completed iteration.
func (sr *Searcher) reportDepth(p *plan, main *worker, it *iteration) {
	if p.opt.Progress == nil {
		return
	}
	main.flush()
	el := time.Since(p.start)
	n := main.sh.nodes.Load()
	p.opt.Progress(Progress{
		Depth: it.depth, Best: it.best.move, Score: sr.scoreOf(main, p.s, it.score, it.pv, p.nroles),
		Nodes: n, NPS: float64(n) / math.Max(el.Seconds(), 1e-9),
		PV: append([]game.Move(nil), it.pv...), Time: el, Moves: cloneMoveValues(it.moves),
	})
}

// deepEnough tells whether the iteration just completed ends the
// deepening: its value is exact or proven, best-reply search saw every
// line to its end, or the soft time limit has passed. It marks exact
// results in it.
func (sr *Searcher) deepEnough(p *plan, main *worker, it *iteration, startInexact, startHorizon int64) bool {
	if main.inexact == startInexact {
		it.exact = true
		return true // every leaf was a finished game: the value is exact
	}
	if p.brs && main.horizon == startHorizon {
		// Best-reply search reached the end of every line it follows:
		// deeper iterations would repeat it. Not exact, because the
		// skipped turns are not real play.
		if !p.noisy() {
			if m := main.breakTies(it.depth, it.score, p.seed); m != it.best.move {
				it.best.move = m
				it.pv = append(it.pv[:0], m)
			}
		}
		return true
	}
	if p.nroles == 2 && !p.maxN && (it.score > evalLimit || it.score < -evalLimit) {
		// Estimates never pass evalLimit, so such a score is a
		// proven 100–0 result: nothing deeper can change it.
		it.exact = true
		return true
	}
	return time.Since(p.start) > time.Duration(float64(p.budget)*p.spec.soft)
}

// finish turns the deepening's result into the Result: the level's
// noise, the hope against a proven loss, a legal move, a longer line and
// the whole turn.
func (sr *Searcher) finish(p *plan, main *worker, it iteration) Result {
	best, pv, score := it.best, it.pv, it.score
	if p.noisy() && len(main.rootMoves) > 1 && main.rootMoves[0].score <= evalLimit {
		// Deliberate imperfection, but a proven win is always taken.
		best = chooseNoisy(main.rootMoves, p.spec.noise, p.seed)
		if len(pv) == 0 || pv[0] != best.move {
			pv = append(pv[:0], best.move)
			score = best.score
		}
	}
	if p.nroles == 2 && !p.maxN && score < -evalLimit && it.hope != game.Noop && it.hope != best.move && p.s.IsLegal(it.hope) {
		best.move = it.hope
		pv = append(pv[:0], it.hope)
	}
	if !p.s.IsLegal(best.move) {
		best.move = p.moves[0]
		pv = pv[:0]
	}
	if len(pv) == 0 {
		pv = append(pv, best.move)
	}
	if !p.maxN {
		pv = sr.extendPV(main, p.s, pv, it.depth+2)
	}
	res := sr.withTurn(p, main, Result{
		Move:  best.move,
		Score: sr.scoreOf(main, p.s, score, pv, p.nroles),
		Depth: it.depth,
		PV:    pv,
		Nodes: main.sh.nodes.Load(),
		Exact: it.exact && !p.noisy(),
		Moves: it.moves,
	})
	if len(res.Turn) > len(res.PV) {
		// The line ended inside the turn (a proof at the horizon): show
		// at least the whole turn.
		res.PV = append([]game.Move(nil), res.Turn...)
	}
	return res
}

// multiSearch is the search for games of more than two roles: the one
// asked for, else the level's default.
func multiSearch(asked Algorithm, spec levelSpec) Algorithm {
	switch {
	case asked != ByLevel:
		return asked
	case spec.noise > 0:
		return BestReply
	}
	return DefaultMulti
}

// setBRS switches the worker to best-reply search, which keeps its own
// table entries (their replies are coded differently).
func (w *worker) setBRS(on bool) {
	w.brs = on
	if on {
		w.salt ^= 0x5bd1e9955bd1e995
	}
}

// runHelper runs the Lazy SMP helper loop; a panic in it is reported and
// ends the helper, and the main worker's result stands.
func (w *worker) runHelper(maxDepth int) {
	defer func() {
		if r := recover(); r != nil {
			reportPanic("helper", r)
		}
	}()
	w.helperLoop(maxDepth)
}

// helperLoop is a Lazy SMP helper: it deepens on its own, half of the
// helpers one depth ahead, filling the shared table for the main worker.
func (w *worker) helperLoop(maxDepth int) {
	for d := 1 + w.id&1; d <= maxDepth && !w.stopped; d++ {
		w.searchRoot(d, -scoreInf, scoreInf)
	}
}

// lastActionResult is the exact result at s if every move in cand ends the
// game: the move with the mover's highest goal, ties broken by the lead
// over the best other goal (as UCT's reward would). ok is false if some
// move does not end the game.
func lastActionResult(s game.State, cand []game.Move) (res Result, ok bool) {
	if len(cand) == 0 {
		return Result{}, false
	}
	me := s.ToMove()
	roles := len(s.Variant().Roles)
	c := s.Clone()
	bestGoal, bestLead := -1, 0
	for _, m := range cand {
		c.CopyFrom(s)
		c.Apply(m)
		if !c.Terminal() {
			return Result{}, false
		}
		goal, other := c.Goal(me), 0
		for r := 0; r < roles; r++ {
			if game.Role(r) != me {
				other = max(other, c.Goal(game.Role(r)))
			}
		}
		if lead := goal - other; goal > bestGoal || goal == bestGoal && lead > bestLead {
			res.Move, bestGoal, bestLead = m, goal, lead
		}
	}
	res.PV = []game.Move{res.Move}
	res.Depth, res.Nodes, res.Score, res.Exact = 1, int64(len(cand)), float64(bestGoal), true
	return res, true
}

// rootCandidates narrows the legal moves of the root to the ones the game
// calls forced or worth searching (game.Tactics), keeping only legal ones.
func rootCandidates(s game.State, legal []game.Move) []game.Move {
	tac, ok := s.(game.Tactics)
	if !ok {
		return legal
	}
	c := tac.Forcing(nil)
	if len(c) == 0 {
		c = tac.Candidates(nil)
	}
	out := c[:0]
	for _, m := range c {
		if s.IsLegal(m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return legal
	}
	return out
}

// initRootMoves orders the root moves by a shallow look: immediate
// results and static estimates first.
func initRootMoves(w *worker, moves []game.Move) []rootMove {
	s := w.states[0]
	sc := w.orderMoves(s, 0, orderDepth, moves, game.Noop, false)
	rms := w.rootMoves[:0]
	for i, m := range moves {
		rms = append(rms, rootMove{move: m, score: sc[i]})
	}
	if h, ok := w.sh.tt.probe(s.Hash() ^ w.salt); ok {
		for i := range rms {
			if rms[i].move == h.move {
				rms[i].score = math.MaxInt32
			}
		}
	}
	sort.SliceStable(rms, func(i, j int) bool { return rms[i].score > rms[j].score })
	for i := range rms {
		rms[i].score = 0
	}
	return rms
}

// chooseNoisy picks the root move with the best score plus uniform noise
// of ±noise goal points, deterministically for the seed.
func chooseNoisy(rms []rootMove, noise float64, seed uint64) rootMove {
	rng := game.NewRand(seed)
	// One goal point of expected goal is 2·100·scoreScale on the search
	// scale (see scoreOf).
	unit := noise * 2 * 100 * scoreScale
	best, bestV := rms[0], math.Inf(-1)
	for _, rm := range rms {
		v := float64(rm.score) + (2*float64(rng.Intn(1<<20))/float64(1<<20)-1)*unit
		if v > bestV {
			best, bestV = rm, v
		}
	}
	return best
}

// scoreOf converts a search score into the expected goal (0–100) of the
// side to move. In two-player games the score is the goal difference, so
// the goal is 50 + diff/2. With more roles it is the root role's goal at
// the end of the principal variation.
func (sr *Searcher) scoreOf(w *worker, s game.State, v int32, pv []game.Move, nroles int) float64 {
	var g float64
	if nroles == 2 {
		if v > evalLimit || v < -evalLimit {
			// A proven result: drop the small bonus for a quick win.
			v = int32(math.Round(float64(v)/(100*scoreScale))) * 100 * scoreScale
		}
		g = 50 + float64(v)/(2*100*scoreScale)
	} else {
		t := w.scratch
		t.CopyFrom(s)
		for _, m := range pv {
			if t.Terminal() || !t.IsLegal(m) {
				break
			}
			t.Apply(m)
		}
		if t.Terminal() {
			g = float64(t.Goal(s.ToMove()))
		} else {
			w.estimate(t)
			g = float64(w.est[s.ToMove()]) / 100
		}
	}
	g = math.Max(0, math.Min(100, g))
	return math.Round(g*100) / 100
}

// extendPV follows the transposition table past the end of pv, up to n
// actions, so that analysis shows a longer line.
func (sr *Searcher) extendPV(w *worker, s game.State, pv []game.Move, n int) []game.Move {
	t := w.scratch
	t.CopyFrom(s)
	for i, m := range pv {
		if t.Terminal() || !t.IsLegal(m) {
			return pv[:i]
		}
		t.Apply(m)
	}
	for len(pv) < n && !t.Terminal() {
		h, ok := sr.tt.probe(t.Hash() ^ w.salt)
		if !ok || !t.IsLegal(h.move) {
			break
		}
		t.Apply(h.move)
		pv = append(pv, h.move)
	}
	return pv
}

// completeTurn returns every action of the mover's turn: the start of pv
// while the mover keeps control, then, if the line stops early, the best
// continuation by the table or a quick search.
func (sr *Searcher) completeTurn(ctx context.Context, w *worker, s game.State, pv []game.Move, paranoid bool) []game.Move {
	if sr.turn == nil || sr.turn.Variant() != s.Variant() {
		sr.turn = s.Clone()
	}
	t := sr.turn
	t.CopyFrom(s)
	mover := s.ToMove()
	var turn []game.Move
	for i, m := range pv {
		if i > 0 && (t.Terminal() || t.ToMove() != mover) || !t.IsLegal(m) {
			break
		}
		t.Apply(m)
		turn = append(turn, m)
	}
	for k := 0; k < 64 && len(turn) > 0 && !t.Terminal() && t.ToMove() == mover; k++ {
		m := sr.quickBest(ctx, w, t, paranoid)
		t.Apply(m)
		turn = append(turn, m)
	}
	return turn
}

// quickBest picks a move in t quickly: the table's move, or a shallow
// search, or the first legal move.
func (sr *Searcher) quickBest(ctx context.Context, w *worker, t game.State, paranoid bool) game.Move {
	moves := t.Legal(nil)
	if h, ok := sr.tt.probe(t.Hash() ^ w.salt); ok && t.IsLegal(h.move) {
		return h.move
	}
	if len(moves) == 1 || ctx.Err() != nil {
		return moves[0]
	}
	now := time.Now()
	w.sh = &shared{tt: sr.tt, ctx: ctx, start: now, deadline: now.Add(200 * time.Millisecond)}
	w.prepare(t, paranoid, false)
	w.multiPV, w.keepLines = false, false
	w.rootMoves = initRootMoves(w, moves)
	for d := 1; d <= 2; d++ {
		w.searchRoot(d, -scoreInf, scoreInf)
		if w.stopped {
			break
		}
	}
	if m := w.rootMoves[0].move; t.IsLegal(m) {
		return m
	}
	return moves[0]
}

// fallback is the answer when something went wrong: the first legal move.
func fallback(s game.State) (res Result) {
	defer func() {
		if r := recover(); r != nil {
			reportPanic("fallback", r)
			res = Result{}
		}
	}()
	if s == nil || s.Terminal() {
		return Result{}
	}
	moves := s.Legal(nil)
	if len(moves) == 0 {
		return Result{}
	}
	return Result{Move: moves[0], Turn: moves[:1], PV: moves[:1]}
}
