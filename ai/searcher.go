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
// of more than two roles when Options.Multi is empty; it won the
// comparison recorded in the README. Easy and medium use best-reply
// search, whose depth cap and root noise make their imperfection.
var DefaultMulti = UCT

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
}

// NewSearcher returns a Searcher with the default 16 MiB table.
func NewSearcher() *Searcher { return NewSearcherBits(defaultTTBits) }

// NewSearcherBits returns a Searcher whose table has 2^bits entries of
// 16 bytes (bits is clamped to 10–28).
func NewSearcherBits(bits uint) *Searcher {
	bits = min(max(bits, 10), 28)
	return &Searcher{tt: newTable(bits)}
}

// Search is the method form of the package-level Search.
func (sr *Searcher) Search(ctx context.Context, s game.State, opt Options) (res Result) {
	sr.mu.Lock()
	defer sr.mu.Unlock()
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	defer func() {
		// Never panic into the caller (the UI, a server session): fall
		// back to the first legal move.
		if r := recover(); r != nil {
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
	level := opt.Level
	spec, ok := levelSpecs[level]
	if !ok {
		level, spec = Hard, levelSpecs[Hard]
	}
	budget := opt.Budget
	if budget <= 0 {
		budget = spec.budget
	}
	maxDepth := spec.depth
	if opt.MaxDepth > 0 {
		maxDepth = min(maxDepth, opt.MaxDepth)
	}
	maxDepth = min(maxDepth, maxPly)
	nroles := len(s.Variant().Roles)
	multi := multiSearch(opt.Multi, spec)
	useMaxN := nroles > 2 && multi == MaxN
	_, canSkip := s.(game.Skipper)
	useBRS := nroles > 2 && multi == BestReply && canSkip
	threads := opt.Threads
	if threads <= 0 {
		threads = spec.threads
		if budget < 200*time.Millisecond {
			threads = 1
		}
	}
	threads = min(threads, runtime.NumCPU(), 8)
	if useMaxN {
		threads = 1 // max^n does not use the shared table
	}
	threads = max(threads, 1)

	sh := &shared{tt: sr.tt, ctx: ctx, start: start, deadline: start.Add(budget)}
	sr.tt.gen++
	if spec.noise > 0 {
		// Levels with noise must be reproducible for a seed: start from
		// an empty table.
		sr.tt.clear()
	}
	for len(sr.workers) < threads {
		sr.workers = append(sr.workers, newWorker(nil, len(sr.workers)))
	}
	main := sr.workers[0]
	main.sh = sh
	main.prepare(s, !useMaxN, spec.noise > 0)
	main.setBRS(useBRS)
	main.multiPV = spec.noise > 0
	main.rng.Seed(opt.Seed ^ s.Hash())
	main.rootMoves = initRootMoves(main, rootCandidates(s, moves))

	if len(moves) == 1 {
		res = Result{Move: moves[0], PV: []game.Move{moves[0]}}
		res.Score = sr.scoreOf(main, s, 0, res.PV, nroles)
		res.Turn = sr.completeTurn(ctx, main, s, res.PV, !useMaxN)
		return res
	}

	if level == Hard || level == Max {
		if m, ok := bookMove(s); ok {
			// Books list proven winning actions only.
			res = Result{Move: m, PV: []game.Move{m}, Score: 100, Exact: true}
			res.Turn = sr.completeTurn(ctx, main, s, res.PV, !useMaxN)
			return res
		}
	}

	if nroles > 2 && multi == UCT {
		cand := make([]game.Move, len(main.rootMoves))
		for i, rm := range main.rootMoves {
			cand[i] = rm.move
		}
		// When every candidate ends the game (a win on the spot, which the
		// tactics offer alone, or the last action), the tree cannot learn
		// more than the final goals, so the move is played without waiting.
		if r, ok := lastActionResult(s, cand); ok {
			r.Turn = sr.completeTurn(ctx, main, s, r.PV, true)
			return r
		}
		res = sr.uctSearch(ctx, s, cand, start, start.Add(budget), threads, opt.Seed^s.Hash(), opt.Progress)
		res.Turn = sr.completeTurn(ctx, main, s, res.PV, true)
		return res
	}

	var wg sync.WaitGroup
	for i := 1; i < threads; i++ {
		w := sr.workers[i]
		w.sh = sh
		w.prepare(s, true, false)
		w.setBRS(useBRS)
		w.rng.Seed(opt.Seed ^ s.Hash() + uint64(i))
		w.rootMoves = append(w.rootMoves[:0], main.rootMoves...)
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			defer func() { _ = recover() }()
			w.helperLoop(maxDepth)
		}(w)
	}

	best := main.rootMoves[0]
	var pv []game.Move
	var score int32
	depth := 0
	exact := false
	// hope is the best move of the deepest iteration that did not prove a
	// loss: when every move loses against perfect play, it is the one that
	// asks the most of the opponent, better than merely the longest loss.
	hope := game.Noop
	for d := 1; d <= maxDepth; d++ {
		startInexact, startHorizon := main.inexact, main.horizon
		var v int32
		var got bool
		if useMaxN {
			v, got = main.maxnRoot(d)
		} else {
			v, got = main.searchRoot(d, -scoreInf, scoreInf)
		}
		if got {
			best = main.rootMoves[0]
			pv = append(pv[:0], main.pv[0][:main.pvLen[0]]...)
			score = v
			if v >= -evalLimit && !main.stopped {
				hope = best.move
			}
			if len(pv) == 0 || pv[0] != best.move {
				pv = append(pv[:0], best.move)
			}
		}
		if main.stopped {
			break
		}
		depth = d
		if opt.Progress != nil {
			main.flush()
			el := time.Since(start)
			n := sh.nodes.Load()
			opt.Progress(Progress{
				Depth: d, Best: best.move, Score: sr.scoreOf(main, s, score, pv, nroles),
				Nodes: n, NPS: float64(n) / math.Max(el.Seconds(), 1e-9),
				PV: append([]game.Move(nil), pv...), Time: el,
			})
		}
		if main.inexact == startInexact {
			exact = true
			break // every leaf was a finished game: the value is exact
		}
		if useBRS && main.horizon == startHorizon {
			// Best-reply search reached the end of every line it follows:
			// deeper iterations would repeat it. Not exact, because the
			// skipped turns are not real play.
			if spec.noise == 0 {
				if m := main.breakTies(d, score, opt.Seed^s.Hash()); m != best.move {
					best.move = m
					pv = append(pv[:0], m)
				}
			}
			break
		}
		if nroles == 2 && !useMaxN && (score > evalLimit || score < -evalLimit) {
			// Estimates never pass evalLimit, so such a score is a
			// proven 100–0 result: nothing deeper can change it.
			exact = true
			break
		}
		if time.Since(start) > time.Duration(float64(budget)*spec.soft) {
			break
		}
	}
	sh.stop.Store(true)
	wg.Wait()
	for _, w := range sr.workers[:threads] {
		w.flush()
	}

	if spec.noise > 0 && len(main.rootMoves) > 1 && main.rootMoves[0].score <= evalLimit {
		// Deliberate imperfection, but a proven win is always taken.
		best = chooseNoisy(main.rootMoves, spec.noise, opt.Seed^s.Hash())
		if len(pv) == 0 || pv[0] != best.move {
			pv = append(pv[:0], best.move)
			score = best.score
		}
	}
	if nroles == 2 && !useMaxN && score < -evalLimit && hope != game.Noop && hope != best.move && s.IsLegal(hope) {
		best.move = hope
		pv = append(pv[:0], hope)
	}
	if !s.IsLegal(best.move) {
		best.move = moves[0]
		pv = pv[:0]
	}
	if len(pv) == 0 {
		pv = append(pv, best.move)
	}
	if !useMaxN {
		pv = sr.extendPV(main, s, pv, depth+2)
	}
	res = Result{
		Move:  best.move,
		Score: sr.scoreOf(main, s, score, pv, nroles),
		Depth: depth,
		PV:    pv,
		Nodes: sh.nodes.Load(),
		Exact: exact && spec.noise == 0,
	}
	res.Turn = sr.completeTurn(ctx, main, s, pv, !useMaxN)
	if len(res.Turn) > len(res.PV) {
		// The line ended inside the turn (a proof at the horizon): show
		// at least the whole turn.
		res.PV = append([]game.Move(nil), res.Turn...)
	}
	return res
}

// multiSearch is the search for games of more than two roles: the one
// asked for, else the level's default.
func multiSearch(asked string, spec levelSpec) string {
	switch {
	case asked != "":
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
	w.multiPV = false
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
		if recover() != nil {
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
