package ai

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/game"
)

// Scores inside the search are integers from the point of view of the
// "side" in control: in two-player games the role itself, in the paranoid
// search of a multi-player game the root role (side 0) against the
// coalition of all the others (side 1). The utility of a position for a
// side is its goal minus the best opposing goal, in hundredths of a goal
// point, times scoreScale, so it lies in ±400·100.
const (
	scoreScale = 4
	scoreMax   = 100 * 100 * scoreScale
	scoreInf   = scoreMax + 1000
	// evalLimit keeps horizon estimates below a certain win, so that the
	// search prefers a proven 100 to an estimated one.
	evalLimit = scoreMax - 1000
	maxPly    = 200
	// orderDepth is the remaining depth from which moves are ordered by
	// the static estimate of the position they lead to.
	orderDepth = 2
	// checkEvery is how many nodes a worker searches between two looks at
	// the clock and the context.
	checkEvery = 1024
	// lmrFrom is the index in the move order from which late-move
	// reductions apply.
	lmrFrom = 3
	// sameKeep is how many actions that keep control (Quad blocks) an
	// inner node searches once an action that ends the turn was searched.
	sameKeep = 4
)

// shared is the state common to the workers of one search.
type shared struct {
	tt       *table
	stop     atomic.Bool
	nodes    atomic.Int64
	maxNodes int64 // Options.Nodes: stop once nodes reaches it (0: no cap)
	ctx      context.Context
	deadline time.Time
	start    time.Time
}

// rootMove is a move of the root with its last known score.
type rootMove struct {
	move  game.Move
	score int32
	exact bool // score is a full-window value (multi-PV)
	// With lines kept (an analysis, Options.MultiPV): the best line
	// after move and whether score is the game's value (the subtree
	// reached only finished or solved positions).
	line   []game.Move
	proven bool
}

// worker is one search thread. Everything the inner loop touches is
// preallocated: one state per ply, move and ordering buffers per ply.
type worker struct {
	sh       *shared
	id       int
	variant  *game.Variant
	nroles   int
	root     game.Role // role in control at the root
	paranoid bool      // nroles > 2: side 0 is root, side 1 everyone else
	salt     uint64    // mixes the root role into paranoid TT keys

	states  []game.State
	moves   [][]game.Move
	order   [][]int32
	pv      [][]game.Move
	pvLen   []int
	killers [][2]game.Move
	history [2][4096]int32
	est     []int
	vec     [][]int        // max^n value vectors per ply
	brs     bool           // best-reply search (nroles > 2)
	brsFrom []game.State   // per ply: the position after a best-reply search's skips
	tac     []game.Tactics // states[ply] as game.Tactics, or nil
	scratch game.State
	probe   game.Probe  // the game's solver's probe, or nil (exact.go)
	probeOf game.Solver // the solver probe belongs to
	rng     game.Rand

	nodes   int64
	flushed int64
	inexact int64 // horizon estimates and inexact TT cutoffs used so far
	// horizon counts the places best-reply search stopped for lack of
	// depth; an iteration that adds none cannot change with more depth.
	horizon int64
	stopped bool

	rootMoves []rootMove
	multiPV   bool
	keepLines bool // multiPV keeps each root move's line (rootMove.line)
}

func newWorker(sh *shared, id int) *worker {
	w := &worker{sh: sh, id: id}
	w.moves = make([][]game.Move, maxPly+1)
	w.order = make([][]int32, maxPly+1)
	w.pv = make([][]game.Move, maxPly+1)
	w.pvLen = make([]int, maxPly+1)
	w.killers = make([][2]game.Move, maxPly+1)
	for i := range w.pv {
		w.pv[i] = make([]game.Move, maxPly+1)
	}
	w.rng.Seed(uint64(id) + 1)
	return w
}

// prepare points the worker at the position s; states are reallocated
// only when the variant changes.
// A fresh worker forgets its move-ordering history, which reproducible
// (seeded) levels need.
func (w *worker) prepare(s game.State, paranoid, fresh bool) {
	v := s.Variant()
	if w.variant != v || len(w.states) == 0 {
		w.variant = v
		w.nroles = len(v.Roles)
		w.states = make([]game.State, maxPly+2)
		w.tac = make([]game.Tactics, maxPly+2)
		for i := range w.states {
			w.states[i] = s.Clone()
			w.tac[i], _ = w.states[i].(game.Tactics)
		}
		w.scratch = s.Clone()
		w.brsFrom = make([]game.State, maxPly+2)
		for i := range w.brsFrom {
			w.brsFrom[i] = s.Clone()
		}
		w.est = make([]int, w.nroles)
		w.vec = make([][]int, maxPly+2)
		for i := range w.vec {
			w.vec[i] = make([]int, w.nroles)
		}
		w.history = [2][4096]int32{}
	}
	w.states[0].CopyFrom(s)
	w.root = s.ToMove()
	w.paranoid = paranoid && w.nroles > 2
	w.salt = 0
	if w.nroles > 2 {
		w.salt = (uint64(w.root) + 1) * 0x9e3779b97f4a7c15
	}
	w.nodes, w.flushed, w.inexact, w.horizon = 0, 0, 0, 0
	w.stopped = false
	w.brs = false
	for i := range w.killers {
		w.killers[i] = [2]game.Move{}
	}
	if fresh {
		w.history = [2][4096]int32{}
	}
	// Age the history so that old searches guide but do not dominate.
	for sd := range w.history {
		for i := range w.history[sd] {
			w.history[sd][i] /= 8
		}
	}
}

// side maps a role to 0 or 1 for the negamax.
func (w *worker) side(r game.Role) int {
	if w.nroles > 2 {
		if r == w.root {
			return 0
		}
		return 1
	}
	return int(r) & 1
}

// utility turns per-role values (hundredths of a goal point, in w.est)
// into the score of the side of role r.
func (w *worker) utility(r game.Role) int32 {
	var u int
	if w.nroles == 2 {
		u = w.est[r] - w.est[1-r]
	} else {
		best := -1 << 30
		for q, e := range w.est {
			if game.Role(q) != w.root && e > best {
				best = e
			}
		}
		u = w.est[w.root] - best
		if r != w.root {
			u = -u
		}
	}
	return int32(u * scoreScale)
}

// terminal scores a finished game for the side in control of s; earlier
// wins and later losses score better.
func (w *worker) terminal(s game.State, ply int) int32 {
	for r := range w.est {
		w.est[r] = s.Goal(game.Role(r)) * 100
	}
	v := w.utility(s.ToMove())
	if v > 0 {
		v -= int32(ply)
	} else if v < 0 {
		v += int32(ply)
	}
	return v
}

// estimate fills w.est for a non-terminal s: the game's own evaluator,
// or else a few random playouts.
func (w *worker) estimate(s game.State) {
	if ev, ok := s.(game.Evaluator); ok {
		ev.Estimate(w.est)
		return
	}
	const playouts = 4
	sum := w.vec[maxPly+1]
	clear(sum)
	for i := 0; i < playouts; i++ {
		w.scratch.CopyFrom(s)
		game.Playout(w.scratch, &w.rng, 0)
		for r := range sum {
			sum[r] += w.scratch.Goal(game.Role(r)) * 100
		}
	}
	for r := range sum {
		w.est[r] = sum[r] / playouts
	}
}

// eval is the horizon score of s for the side in control.
func (w *worker) eval(s game.State) int32 {
	w.estimate(s)
	v := w.utility(s.ToMove())
	if v > evalLimit {
		v = evalLimit
	} else if v < -evalLimit {
		v = -evalLimit
	}
	return v
}

// tick counts a node and, every checkEvery nodes, looks at the clock and
// the context. It reports whether the search must stop.
func (w *worker) tick() bool {
	w.nodes++
	if w.nodes&(checkEvery-1) == 0 {
		w.sh.nodes.Add(w.nodes - w.flushed)
		w.flushed = w.nodes
		if w.sh.ctx.Err() != nil || time.Now().After(w.sh.deadline) || w.sh.overNodes() {
			w.sh.stop.Store(true)
		}
	}
	if w.sh.stop.Load() {
		w.stopped = true
	}
	return w.stopped
}

// overNodes tells whether the search has used its node cap.
func (sh *shared) overNodes() bool {
	return sh.maxNodes > 0 && sh.nodes.Load() >= sh.maxNodes
}

func (w *worker) flush() {
	w.sh.nodes.Add(w.nodes - w.flushed)
	w.flushed = w.nodes
}

func moveSlot(m game.Move) uint32 { return uint32(m) * 2654435761 >> 20 }

// orderMoves gives every move of s (at ply, with depth to go) an ordering
// score: TT move, then immediate results and static estimates where the
// subtree is large, then killers and history.
func (w *worker) orderMoves(s game.State, ply, depth int, moves []game.Move, ttMove game.Move, hasTT bool) []int32 {
	sc := w.order[ply]
	if cap(sc) < len(moves) {
		sc = make([]int32, len(moves), 2*len(moves))
		w.order[ply] = sc
	}
	sc = sc[:len(moves)]
	side := w.side(s.ToMove())
	hist := &w.history[side]
	k := w.killers[ply]
	byEval := depth >= orderDepth && len(moves) > 1
	child := w.states[ply+1]
	for i, m := range moves {
		var v int32
		switch {
		case hasTT && m == ttMove:
			v = 1 << 30
		case byEval:
			child.CopyFrom(s)
			child.Apply(m)
			var e int32
			if child.Terminal() {
				e = w.terminal(child, ply+1)
			} else {
				e = w.eval(child)
			}
			if w.side(child.ToMove()) != side {
				e = -e
			}
			v = e * 8
			if m == k[0] || m == k[1] {
				v += 2000
			}
		case m == k[0]:
			v = 1 << 29
		case m == k[1]:
			v = 1<<29 - 1
		default:
			v = hist[moveSlot(m)]
		}
		sc[i] = v
	}
	return sc
}

// rememberCutoff updates killers and history after a beta cutoff.
func (w *worker) rememberCutoff(ply, side, depth int, m game.Move) {
	if m != w.killers[ply][0] {
		w.killers[ply][1] = w.killers[ply][0]
		w.killers[ply][0] = m
	}
	hs := &w.history[side][moveSlot(m)]
	*hs += int32(depth*depth + 1) // +1: a cutoff in quiescence (depth 0) is news too
	if *hs > 1<<20 {
		for j := range w.history[side] {
			w.history[side][j] /= 2
		}
	}
}

// setPV makes m, followed by the line found below it at ply+1, the
// principal variation at ply.
func (w *worker) setPV(ply int, m game.Move) {
	w.pv[ply][0] = m
	w.pvLen[ply] = 1 + copy(w.pv[ply][1:], w.pv[ply+1][:w.pvLen[ply+1]])
}

// pickNext moves the best-ordered remaining move to index i.
func pickNext(moves []game.Move, sc []int32, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if sc[j] > sc[b] {
			b = j
		}
	}
	if b != i {
		moves[i], moves[b] = moves[b], moves[i]
		sc[i], sc[b] = sc[b], sc[i]
	}
}

// child searches the position already in states[ply+1], negating when
// control passes to the other side (a role may move several times).
func (w *worker) child(ply, depth int, alpha, beta int32, same bool) int32 {
	if same {
		return w.search(ply+1, depth, alpha, beta)
	}
	return -w.search(ply+1, depth, -beta, -alpha)
}

// search is the negamax alpha-beta with principal-variation search. For
// games that implement game.Tactics, forced positions (a win at once, or
// threats that must be stopped) are searched on past the horizon with
// only the forced actions (a quiescence search), other positions over the
// game's candidate actions, and actions that keep control cost no depth.
func (w *worker) search(ply, depth int, alpha, beta int32) int32 {
	if w.brs {
		return w.brsSearch(ply, depth, alpha, beta)
	}
	s := w.states[ply]
	w.pvLen[ply] = 0
	if w.tick() {
		return 0
	}
	if s.Terminal() {
		return w.terminal(s, ply)
	}
	tac := w.tac[ply]
	forced := false
	if tac != nil && ply < maxPly {
		w.moves[ply] = tac.Forcing(w.moves[ply][:0])
		forced = len(w.moves[ply]) > 0
	}
	if depth < 0 {
		depth = 0
	}
	if !forced && (depth <= 0 || ply >= maxPly) {
		if ply > 0 && ply < maxPly && w.states[ply-1].ToMove() == s.ToMove() {
			return w.finishTurn(ply, alpha, beta)
		}
		w.inexact++
		return w.eval(s)
	}
	key := s.Hash() ^ w.salt
	h, hasTT := w.sh.tt.probe(key)
	if hasTT && ttDecides(h, depth, alpha, beta) {
		if h.depth != exactDepth {
			w.inexact++
		}
		return h.score
	}
	if v, ok := w.probeSolved(ply, depth); ok {
		w.sh.tt.store(key, game.Noop, v, exactDepth, boundExact)
		return v
	}
	switch {
	case forced:
	case tac != nil:
		w.moves[ply] = tac.Candidates(w.moves[ply][:0])
	default:
		w.moves[ply] = s.Legal(w.moves[ply][:0])
	}
	moves := w.moves[ply]
	if len(moves) == 0 { // cannot happen in a correct game; be safe
		w.inexact++
		return w.eval(s)
	}
	sc := w.orderMoves(s, ply, depth, moves, h.move, hasTT)
	startInexact := w.inexact
	best, bestMove := w.searchMoves(ply, depth, alpha, beta, forced, sc)
	if w.stopped {
		return 0
	}
	d := depth
	if w.inexact == startInexact {
		d = exactDepth
	}
	w.sh.tt.store(key, bestMove, best, d, boundOf(best, alpha, beta))
	return best
}

// ttDecides tells whether a table entry settles a node searched to depth
// with the window (alpha, beta): deep enough (outside the principal
// variation; an exact subtree always is) and a bound that cuts.
func ttDecides(h ttHit, depth int, alpha, beta int32) bool {
	pvNode := beta-alpha > 1
	if !(h.depth >= depth && !pvNode || h.depth == exactDepth) {
		return false
	}
	return h.bound == boundExact || h.bound == boundLower && h.score >= beta || h.bound == boundUpper && h.score <= alpha
}

// searchMoves searches the ordered moves of an inner node (in w.moves
// with their scores sc) and returns the best value and move. It keeps the
// principal variation and the cutoff statistics.
func (w *worker) searchMoves(ply, depth int, alpha, beta int32, forced bool, sc []int32) (int32, game.Move) {
	s := w.states[ply]
	moves := w.moves[ply]
	tac := w.tac[ply]
	side := w.side(s.ToMove())
	nd := depth - 1
	if len(moves) == 1 {
		nd = depth // a forced move costs no depth
	}
	best := int32(-scoreInf)
	bestMove := moves[0]
	child := w.states[ply+1]
	// On the last ply, actions that keep control (a Quad block, a Pentago
	// placement) are left out while an action that ends the turn exists:
	// they would only push the opponent's answer past the horizon.
	skipSame := nd <= 0 && tac == nil
	midTurn := ply > 0 && w.states[ply-1].ToMove() == s.ToMove()
	searched, sameSearched := 0, 0
	for i := 0; i < len(moves); i++ {
		pickNext(moves, sc, i)
		m := moves[i]
		child.CopyFrom(s)
		child.Apply(m)
		same := w.side(child.ToMove()) == side
		if skipSame && same && !child.Terminal() {
			if i == len(moves)-1 && searched == 0 {
				// Every action keeps control: search them all after all.
				skipSame = false
				i = -1
			}
			continue
		}
		if same {
			// Beyond the best few, actions that keep control are pruned
			// once an action that ends the turn has been searched: in
			// Quad most blocks are pointless, and they double the width.
			if tac == nil && ply > 0 && sameSearched >= sameKeep && searched > sameSearched {
				continue
			}
			// With game.Tactics such actions cost no depth, so a turn
			// gets at most one that is not forced, among the best few.
			if tac != nil && !forced && (midTurn || sameSearched >= sameKeep) {
				continue
			}
			sameSearched++
		}
		searched++
		cd := nd
		if same && tac != nil {
			cd = depth // the turn goes on: a block costs no depth
		}
		var v int32
		if searched == 1 {
			v = w.child(ply, cd, alpha, beta, same)
		} else {
			v = w.laterChild(ply, cd, i, alpha, beta, same, forced)
		}
		if w.stopped {
			return 0, game.Noop
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				w.setPV(ply, m)
				if v >= beta {
					w.rememberCutoff(ply, side, depth, m)
					break
				}
			}
		}
	}
	return best, bestMove
}

// laterChild searches the position in states[ply+1], reached by the i-th
// move of the order, after the first: with a null window, reduced by
// late-move reduction if the move comes late, and again at full depth
// and with the full window if it looks better than alpha.
func (w *worker) laterChild(ply, cd, i int, alpha, beta int32, same, forced bool) int32 {
	r := 0
	if m := w.moves[ply][i]; cd >= 2 && !forced && i >= lmrFrom && m != w.killers[ply][0] && m != w.killers[ply][1] {
		r = 1
		if i >= 4*lmrFrom && cd >= 4 {
			r = 2
		}
	}
	v := w.child(ply, cd-r, alpha, alpha+1, same)
	if r > 0 && v > alpha && !w.stopped {
		v = w.child(ply, cd, alpha, alpha+1, same)
	}
	if v > alpha && v < beta && !w.stopped {
		v = w.child(ply, cd, alpha, beta, same)
	}
	return v
}

// searchRoot searches every root move to depth and returns the best
// score. Root moves are searched in their current order; the best moves
// to the front. With multiPV every move gets a full-window score.
// It reports whether at least one move got a score; w.stopped tells
// whether the iteration was cut short.
func (w *worker) searchRoot(depth int, alpha, beta int32) (int32, bool) {
	s := w.states[0]
	w.pvLen[0] = 0
	side := w.side(s.ToMove())
	best := int32(-scoreInf)
	bestIdx := -1
	child := w.states[1]
	nd := depth - 1
	if len(w.rootMoves) == 1 {
		nd = depth
	}
	for i := range w.rootMoves {
		rm := &w.rootMoves[i]
		child.CopyFrom(s)
		child.Apply(rm.move)
		same := w.side(child.ToMove()) == side
		startInexact := w.inexact
		var v int32
		if i == 0 || w.multiPV {
			a := alpha
			if w.multiPV {
				a = -scoreInf
			}
			v = w.child(0, nd, a, beta, same)
		} else {
			v = w.child(0, nd, alpha, alpha+1, same)
			if v > alpha && v < beta && !w.stopped {
				v = w.child(0, nd, alpha, beta, same)
			}
		}
		if w.stopped {
			break
		}
		rm.score = v
		rm.exact = w.multiPV
		if w.keepLines {
			rm.line = append(append(rm.line[:0], rm.move), w.pv[1][:w.pvLen[1]]...)
			rm.proven = w.inexact == startInexact || v > evalLimit || v < -evalLimit
		}
		if v > best {
			best = v
			bestIdx = i
			if v > alpha || w.multiPV {
				if v > alpha {
					alpha = v
				}
				w.setPV(0, rm.move)
			}
		}
		if !w.multiPV && v >= beta {
			break
		}
	}
	if bestIdx > 0 {
		// Move the new best to the front, keeping the others' order.
		bm := w.rootMoves[bestIdx]
		copy(w.rootMoves[1:bestIdx+1], w.rootMoves[:bestIdx])
		w.rootMoves[0] = bm
	}
	if bestIdx >= 0 && !w.stopped {
		w.sh.tt.store(s.Hash()^w.salt, w.rootMoves[0].move, best, depth, boundExact)
	}
	return best, bestIdx >= 0
}

// maxn is the max^n search for games of more than two roles: every role
// in control picks the move that maximises its own utility (its goal
// minus the best other goal). The value vector, in hundredths of a goal
// point per role, is left in w.vec[ply].
func (w *worker) maxn(ply, depth int) {
	s := w.states[ply]
	out := w.vec[ply]
	w.pvLen[ply] = 0
	if w.tick() {
		return
	}
	if s.Terminal() {
		for r := range out {
			out[r] = s.Goal(game.Role(r)) * 100
		}
		return
	}
	if depth <= 0 || ply >= maxPly {
		w.inexact++
		w.estimate(s)
		copy(out, w.est)
		return
	}
	moves := s.Legal(w.moves[ply][:0])
	w.moves[ply] = moves
	if len(moves) == 0 {
		w.inexact++
		w.estimate(s)
		copy(out, w.est)
		return
	}
	nd := depth - 1
	if len(moves) == 1 {
		nd = depth
	}
	mover := s.ToMove()
	child := w.states[ply+1]
	bestU := -1 << 30
	for _, m := range moves {
		child.CopyFrom(s)
		child.Apply(m)
		w.maxn(ply+1, nd)
		if w.stopped {
			return
		}
		if u := vecUtility(w.vec[ply+1], mover); u > bestU {
			bestU = u
			copy(out, w.vec[ply+1])
			w.setPV(ply, m)
		}
	}
}

// vecUtility is role r's goal minus the best goal of the others.
func vecUtility(v []int, r game.Role) int {
	best := -1 << 30
	for q, e := range v {
		if game.Role(q) != r && e > best {
			best = e
		}
	}
	return v[r] - best
}

// maxnRoot runs max^n to depth over the root moves; scores are the
// root role's utility on the search scale.
func (w *worker) maxnRoot(depth int) (int32, bool) {
	s := w.states[0]
	w.pvLen[0] = 0
	best := int32(-scoreInf)
	bestIdx := -1
	nd := depth - 1
	if len(w.rootMoves) == 1 {
		nd = depth
	}
	for i := range w.rootMoves {
		rm := &w.rootMoves[i]
		w.states[1].CopyFrom(s)
		w.states[1].Apply(rm.move)
		w.maxn(1, nd)
		if w.stopped {
			break
		}
		v := int32(vecUtility(w.vec[1], w.root) * scoreScale)
		rm.score = v
		rm.exact = true
		if v > best {
			best = v
			bestIdx = i
			w.setPV(0, rm.move)
		}
	}
	if bestIdx > 0 {
		bm := w.rootMoves[bestIdx]
		copy(w.rootMoves[1:bestIdx+1], w.rootMoves[:bestIdx])
		w.rootMoves[0] = bm
	}
	return best, bestIdx >= 0
}

// finishTurn scores a horizon position in the middle of a turn (after a
// Quad block, a Pentago placement): the mover's best action that ends
// its turn, by the estimate of the position it leads to. Without it, the
// search would play actions that keep control just to push the
// opponent's answer past the horizon.
func (w *worker) finishTurn(ply int, alpha, beta int32) int32 {
	s := w.states[ply]
	w.inexact++
	moves := s.Legal(w.moves[ply][:0])
	w.moves[ply] = moves
	side := w.side(s.ToMove())
	child := w.states[ply+1]
	best := int32(-scoreInf)
	for _, m := range moves {
		if w.tick() {
			return 0
		}
		child.CopyFrom(s)
		child.Apply(m)
		var v int32
		switch {
		case child.Terminal():
			v = w.terminal(child, ply+1)
		case w.side(child.ToMove()) == side:
			continue // still the same turn
		default:
			v = w.eval(child)
		}
		if w.side(child.ToMove()) != side {
			v = -v
		}
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	if best == -scoreInf {
		return w.eval(s)
	}
	return best
}
