package pentagoexact

// The solver as the product uses it: Service is the game.Solver of the
// variant "pentago", registered at init. Every solve and probe of the
// process shares one transposition table, and the retrograde analyses
// running at once share one memory budget (SetMemory): a solve that would
// not fit is not tried, so a server's sessions never add up to more than
// the operator allowed.

import (
	"context"
	"fmt"
	"math/bits"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
)

// DefaultMemory is the memory budget of the registered Service unless
// game.SetSolverMemory says otherwise: the table and one retrograde
// analysis of 18 stones (1.1 GB), so that max plays perfectly from there
// on a desktop.
const DefaultMemory = 1536 << 20

const (
	// maxTableBytes caps the shared transposition table (2^22 entries).
	maxTableBytes = 64 << 20
	// minTableBytes is the table's size under a very small budget.
	minTableBytes = 1 << 20
	// childWork is the node budget of the search of each position after
	// a rotation, before a rotate-phase position is handed to the
	// retrograde analysis.
	childWork = 50000
	// storedWork is the work recorded with values a retrograde analysis
	// found, so that the table keeps them over cheaper entries.
	storedWork = 40
	// nodeCost is about the time of one node of the search.
	nodeCost = 4 * time.Microsecond
	// initialNsPerPair is the assumed cost of one pair of the retrograde
	// analysis on one thread until one has been measured.
	initialNsPerPair = 150
	// freeAfter is the size of a retrograde workspace after which the
	// memory goes back to the operating system at once.
	freeAfter = 256 << 20
)

// Service solves Pentago positions for the AI (game.Solver). It is safe
// for concurrent use.
type Service struct {
	mu      sync.Mutex
	limit   int64 // bytes for the table and the workspaces running at once
	used    int64 // bytes of the workspaces running now
	tt      *pxTable
	ttBytes int64
	pool    sync.Pool // *Solver on the shared table
	// nsPerPair is the measured time of one pair on one thread
	// (smoothed over the analyses so far), for Cost.
	nsPerPair atomic.Int64
}

// NewService returns a Service with the given memory budget in bytes.
func NewService(memory int64) *Service {
	sv := &Service{limit: memory}
	sv.nsPerPair.Store(initialNsPerPair)
	return sv
}

func init() { game.RegisterSolver("pentago", NewService(DefaultMemory)) }

// SetMemory implements game.Solver. The table's size is fixed at the
// first solve (an eighth of the budget, at most 64 MiB); the rest is for
// retrograde analyses.
func (sv *Service) SetMemory(bytes int64) {
	sv.mu.Lock()
	sv.limit = max(bytes, 0)
	sv.mu.Unlock()
}

// table returns the shared table, made at the first call.
func (sv *Service) table() *pxTable {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.tt == nil {
		size := min(maxTableBytes, max(minTableBytes, sv.limit/8))
		logEntries := uint(bits.Len64(uint64(size/16))) - 1
		sv.tt = newPxTable(logEntries)
		sv.ttBytes = int64(len(sv.tt.w)) * 8
	}
	return sv.tt
}

// solver takes a Solver on the shared table for one goroutine.
func (sv *Service) solver() *Solver {
	if x, ok := sv.pool.Get().(*Solver); ok {
		return x
	}
	return newPxSolverShared(sv.table())
}

func (sv *Service) put(x *Solver) {
	x.ctx, x.limit, x.aborted = nil, 0, false
	x.retro.release()
	sv.pool.Put(x)
}

// reserve takes bytes of the budget for a retrograde analysis; false when
// they are not free now.
func (sv *Service) reserve(bytes int64) bool {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.ttBytes+sv.used+bytes > sv.limit {
		return false
	}
	sv.used += bytes
	return true
}

func (sv *Service) unreserve(bytes int64) {
	sv.mu.Lock()
	sv.used -= bytes
	sv.mu.Unlock()
	if bytes >= freeAfter {
		debug.FreeOSMemory() // a server should not keep a gigabyte it used once
	}
}

// fits tells whether a retrograde analysis of k empty cells fits the
// budget at all (when nothing else runs).
func (sv *Service) fits(k int) bool {
	sv.table()
	sv.mu.Lock()
	defer sv.mu.Unlock()
	return sv.ttBytes+pxRetroBytes(k) <= sv.limit
}

// retroTime estimates a retrograde analysis of k empty cells on threads.
func (sv *Service) retroTime(k, threads int) time.Duration {
	ns := float64(pxRetroPairs(k)) * float64(sv.nsPerPair.Load())
	if threads > 1 {
		ns /= 0.8 * float64(threads) // the threads share memory bandwidth
	}
	return time.Duration(ns)
}

// measured folds the speed of an analysis into nsPerPair.
func (sv *Service) measured(pairs int64, threads int, took time.Duration) {
	if pairs < 1<<20 {
		return // too short to say
	}
	perThread := float64(took.Nanoseconds()) / float64(pairs)
	if threads > 1 {
		perThread *= 0.8 * float64(threads) // as retroTime divides
	}
	ns := int64(perThread)
	old := sv.nsPerPair.Load()
	sv.nsPerPair.Store((3*old + max(ns, 1)) / 4)
}

// view returns the stones of the mover and of the other of a standard
// Pentago position in play, row-major.
func view(s game.State) (ps *pentago.State, me, opp uint64, ok bool) {
	ps, ok = s.(*pentago.State)
	if !ok || ps.Variant().Name != "pentago" || ps.Terminal() {
		return nil, 0, 0, false
	}
	red, black := ps.Bitboards()
	if ps.ToMove() == pentago.RoleBlack {
		red, black = black, red
	}
	return ps, red, black, true
}

// Cost implements game.Solver: the time of the retrograde analysis that
// settles s for certain (the search before it usually settles positions
// of 22 stones or more much sooner).
func (sv *Service) Cost(s game.State, threads int) (time.Duration, bool) {
	ps, me, opp, ok := view(s)
	if !ok {
		return 0, false
	}
	k := 36 - bits.OnesCount64(me|opp)
	if ps.Phase() == pentago.Rotate {
		k++ // solved from the position before the placement
	}
	if !sv.fits(k) {
		return 0, false
	}
	return sv.retroTime(k, threads), true
}

// goalOf turns a value for the mover into its goal.
func goalOf(v int8) int { return 50 + 50*int(v) }

// Solve implements game.Solver.
func (sv *Service) Solve(ctx context.Context, s game.State, opt game.SolveOptions) (game.Solution, error) {
	ps, me, opp, ok := view(s)
	if !ok {
		return game.Solution{}, fmt.Errorf("pentagoexact: %w: not a pentago position in play", game.ErrUnsolved)
	}
	x := sv.solver()
	defer sv.put(x)
	x.ctx = ctx
	threads := max(opt.Threads, 1)
	if ps.Phase() == pentago.Rotate {
		return sv.solveRotate(ctx, x, me, opp, threads)
	}
	v, turn, vals, err := sv.solvePlace(ctx, x, me, opp, threads, opt.Moves)
	if err != nil {
		return game.Solution{}, err
	}
	sol := game.Solution{Goal: goalOf(v), Line: turn.Moves()}
	if vals != nil {
		sol.Moves = placementValues(pxChildren(me, opp, nil), vals)
	}
	return sol, nil
}

// placementValues turns the values of every turn (in pxChildren's order)
// into the value of each placement with its best rotation, in the order
// of the cells (the engine's order of placements).
func placementValues(kids []pxChild, vals []int8) []game.SolvedMove {
	var out []game.SolvedMove
	for i, kid := range kids {
		if i > 0 && kid.turn.cell == kids[i-1].turn.cell {
			last := &out[len(out)-1]
			if g := goalOf(vals[i]); g > last.Goal {
				last.Goal, last.Line = g, kid.turn.Moves()
			}
			continue
		}
		out = append(out, game.SolvedMove{Line: kid.turn.Moves(), Goal: goalOf(vals[i])})
	}
	return out
}

// solvePlace settles a place-phase position (row-major, mover first):
// by the search, and when that runs out of nodes by retrograde analysis
// if it fits the memory and the time left (at once, with allMoves, when
// it fits). turn keeps the value v; vals, the value of every turn in
// pxChildren's order, come with the analysis.
func (sv *Service) solvePlace(ctx context.Context, x *Solver, me, opp uint64, threads int, allMoves bool) (v int8, turn Turn, vals []int8, err error) {
	k := 36 - bits.OnesCount64(me|opp)
	retro := sv.fits(k)
	mq, oq := pxToQ(me), pxToQ(opp)
	if !allMoves || !retro {
		x.limit, x.aborted = 0, false
		if retro {
			// Search a tenth as long as the analysis would take: that
			// settles most positions of 23 stones or more, and the
			// short wins, at once.
			x.limit = x.nodes + min(x.abLimit, max(1000, int64(sv.retroTime(k, threads)/nodeCost/10)))
		}
		v = x.searchValue(mq, oq, 36-k)
		aborted := x.aborted
		x.limit, x.aborted = 0, false
		if aborted && ctx.Err() != nil {
			return 0, Turn{}, nil, fmt.Errorf("pentagoexact: %w", context.Cause(ctx))
		}
		if !aborted {
			turn, err = x.keepingTurn(me, opp, v)
			return v, turn, nil, err
		}
	}
	if err := sv.retro(ctx, x, mq, oq, k, threads); err != nil {
		return 0, Turn{}, nil, err
	}
	v = x.retro.rootVal.value()
	kids := pxChildren(me, opp, nil)
	vals = make([]int8, len(kids))
	turn.cell = -1
	for i, kid := range kids {
		vals[i] = kid.value
		if !kid.final {
			vals[i] = x.retro.turnValue(int(pxRMtoQ[kid.turn.cell]), int(kid.turn.q), int(kid.turn.dir))
		}
		if vals[i] == v && (turn.cell < 0 || kid.final) {
			turn = kid.turn // a win at once, if there is one, else the first
		}
	}
	return v, turn, vals, nil
}

// retro runs the retrograde analysis of (mq, oq) (qm, k empty cells) on
// threads if it fits the budget and the time left, and stores what it
// found about the root and its turns in the table.
func (sv *Service) retro(ctx context.Context, x *Solver, mq, oq uint64, k, threads int) error {
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < sv.retroTime(k, threads)*4/5 {
		return fmt.Errorf("pentagoexact: %w: %d empty cells take about %v", game.ErrUnsolved, k, sv.retroTime(k, threads).Round(time.Millisecond))
	}
	need := pxRetroBytes(k)
	if !sv.reserve(need) {
		return fmt.Errorf("pentagoexact: %w: %d empty cells need %d MB of memory", game.ErrUnsolved, k, need>>20)
	}
	defer sv.unreserve(need)
	defer x.retro.release()
	x.retro.threads = threads
	start := time.Now()
	if _, err := x.retro.solveCtx(ctx, mq, oq); err != nil {
		return err
	}
	sv.measured(x.retro.pairs, threads, time.Since(start))
	x.storeRetro(mq, oq)
	return nil
}

// storeRetro writes the values of a retrograde analysis's root and of
// the position after each of its turns into the table, as exact values,
// so that looking at them again costs nothing.
func (x *Solver) storeRetro(mq, oq uint64) {
	v := x.retro.rootVal.value()
	key, _ := pxCanon(mq, oq)
	x.tt.store(key, v, v, -1, storedWork)
	for e := pxFullQ &^ (mq | oq); e != 0; e &= e - 1 {
		c := bits.TrailingZeros64(e)
		if pxSum(mq | 1<<c).hasFive() {
			continue // the placement wins at once
		}
		for r := 0; r < 8; r++ {
			m2, o2, final, _ := pxKidOf(mq, oq, c<<3|r)
			if final {
				continue
			}
			cv := -x.retro.turnValue(c, r>>1, r&1)
			key, _ := pxCanon(o2, m2)
			x.tt.store(key, cv, cv, -1, storedWork)
		}
	}
}

// keepingTurn returns a turn of the mover of (me, opp) (row-major) that
// keeps the value v the search found: a win at once, else the stored best
// turn when it keeps v, else the first turn in the rules' order that does
// (each checked by the search, on the table the first search filled).
// When v is a loss every turn does.
func (x *Solver) keepingTurn(me, opp uint64, v int8) (Turn, error) {
	kids := pxChildren(me, opp, nil)
	for _, kid := range kids {
		if kid.final && kid.value == 1 {
			return kid.turn, nil
		}
	}
	key, sym := pxCanon(pxToQ(me), pxToQ(opp))
	if _, _, mv, ok := x.probe(key, sym); ok && mv >= 0 {
		t := turnOfQ(mv)
		for _, kid := range kids {
			if kid.turn == t && (v == -1 || x.kidValue(kid) >= v) {
				return t, nil
			}
		}
	}
	for _, kid := range kids {
		if v == -1 || x.kidValue(kid) >= v {
			return kid.turn, nil
		}
		if x.aborted {
			return Turn{}, fmt.Errorf("pentagoexact: %w", context.Cause(x.ctx))
		}
	}
	return Turn{}, fmt.Errorf("pentagoexact: no turn keeps the value %d of %s", v, PositionString(me, opp))
}

// turnOfQ is the turn of a qm move (cell*8 + q*2 + dir).
func turnOfQ(mv int) Turn { return Turn{int8(pxQtoRM[mv>>3]), int8(mv >> 1 & 3), int8(mv & 1)} }

// kidValue is the value of a turn for the mover who plays it.
func (x *Solver) kidValue(kid pxChild) int8 {
	if kid.final {
		return kid.value
	}
	mq, oq := pxToQ(kid.me), pxToQ(kid.opp)
	v := -x.searchValue(mq, oq, bits.OnesCount64(mq|oq))
	if x.aborted {
		return -2
	}
	return v
}

// solveRotate settles a rotate-phase position (row-major; me has just
// placed and turns a quadrant): each rotation's position is searched with
// a small budget, and if one of them is not settled so, the retrograde
// analysis of the position before the placement (any of the mover's
// stones taken off) gives every rotation's value at once.
func (sv *Service) solveRotate(ctx context.Context, x *Solver, me, opp uint64, threads int) (game.Solution, error) {
	var vals [8]int8
	unsettled := false
	for r := range vals {
		rv, ok := x.rotationValue(me, opp, r>>1, r&1, childWork)
		vals[r] = rv
		unsettled = unsettled || !ok
		if ok && rv == 1 {
			return game.Solution{Goal: 100, Line: []game.Move{pentago.RotateMove(r>>1+1, r&1 == 0)}}, nil
		}
	}
	if unsettled {
		if ctx.Err() != nil {
			return game.Solution{}, fmt.Errorf("pentagoexact: %w", context.Cause(ctx))
		}
		c := bits.TrailingZeros64(pxToQ(me))
		mq, oq := pxToQ(me)&^(1<<c), pxToQ(opp)
		if err := sv.retro(ctx, x, mq, oq, 36-bits.OnesCount64(mq|oq), threads); err != nil {
			return game.Solution{}, err
		}
		for r := range vals {
			vals[r] = x.retro.turnValue(c, r>>1, r&1)
		}
	}
	sol := game.Solution{Goal: -1}
	for r, v := range vals {
		line := []game.Move{pentago.RotateMove(r>>1+1, r&1 == 0)}
		sol.Moves = append(sol.Moves, game.SolvedMove{Line: line, Goal: goalOf(v)})
		if goalOf(v) > sol.Goal {
			sol.Goal, sol.Line = goalOf(v), line
		}
	}
	return sol, nil
}

// rotationValue is the value for the mover of turning quadrant q (dir 0
// clockwise) after its placement, from a search of at most work nodes.
func (x *Solver) rotationValue(me, opp uint64, q, dir int, work int64) (int8, bool) {
	m2, o2 := pxRotate(me, q, dir), pxRotate(opp, q, dir)
	m5, o5 := pxFiveIn(m2, pxLinesInQuad[q]), pxFiveIn(o2, pxLinesInQuad[q])
	switch {
	case m5 && o5:
		return 0, true
	case m5:
		return 1, true
	case o5:
		return -1, true
	}
	v, ok := x.probeQ(pxToQ(o2), pxToQ(m2), work)
	return -v, ok
}

// probeQ settles (me, opp) (qm, place phase) with the search alone, in at
// most work nodes.
func (x *Solver) probeQ(me, opp uint64, work int64) (int8, bool) {
	x.limit, x.aborted = x.nodes+work, false
	v := x.searchValue(me, opp, bits.OnesCount64(me|opp))
	aborted := x.aborted
	x.limit, x.aborted = 0, false
	return v, !aborted
}

// NewProbe implements game.Solver.
func (sv *Service) NewProbe() game.Probe { return &serviceProbe{x: newPxSolverShared(sv.table())} }

// serviceProbe is a Service's game.Probe: the search alone, on the
// shared table.
type serviceProbe struct{ x *Solver }

// probeMinStones is the fewest stones a probe looks at: with fewer, its
// small search settles hardly anything the AI's own search would not.
const probeMinStones = 22

// Probe implements game.Probe for place-phase positions with at least
// probeMinStones stones.
func (p *serviceProbe) Probe(s game.State, work int) (int, bool) {
	ps, me, opp, ok := view(s)
	if !ok || ps.Phase() != pentago.Place || bits.OnesCount64(me|opp) < probeMinStones {
		return 0, false
	}
	v, ok := p.x.probeQ(pxToQ(me), pxToQ(opp), int64(work))
	return goalOf(v), ok
}
