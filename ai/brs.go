package ai

import (
	"math"

	"github.com/tabletop/tabletop/game"
)

// brsReplyShift places the number of skipped roles in a reply's move code
// (replies are kept in the table as one move).
const brsReplyShift = 28

// brsSearch is the negamax of best-reply search. At a node of the root
// role (side 0) the role moves; at any other node (side 1) every other
// role in turn order, after skipping the roles before it, offers each of
// its moves, and the roles after it skip until the root role is in
// control again. Values are those of search: for the side in control.
func (w *worker) brsSearch(ply, depth int, alpha, beta int32) int32 {
	s := w.states[ply]
	w.pvLen[ply] = 0
	if w.tick() {
		return 0
	}
	if s.Terminal() {
		return w.terminal(s, ply)
	}
	if ply >= maxPly-1 {
		w.inexact++
		w.horizon++
		return w.eval(s)
	}
	if s.ToMove() != w.root {
		return w.brsReplies(ply, depth, alpha, beta)
	}
	tac := w.tac[ply]
	var moves []game.Move
	forced := false
	if tac != nil {
		moves = tac.Forcing(w.moves[ply][:0])
		forced = len(moves) > 0
	}
	if depth <= 0 && !forced {
		w.inexact++
		w.horizon++
		return w.eval(s)
	}
	if depth < 0 {
		depth = 0
	}
	key := s.Hash() ^ w.salt
	h, hasTT := w.sh.tt.probe(key)
	if hasTT && ttDecides(h, depth, alpha, beta) {
		w.inexact++
		if h.depth != exactDepth {
			w.horizon++
		}
		return h.score
	}
	if !forced {
		moves = s.Legal(w.moves[ply][:0])
	}
	w.moves[ply] = moves
	if len(moves) == 0 {
		w.inexact++
		w.horizon++ // an estimate: the subtree is not complete
		return w.eval(s)
	}
	sc := w.orderMoves(s, ply, depth, moves, h.move, hasTT)
	startHorizon := w.horizon
	best, bestMove := w.brsRootMoves(ply, depth, alpha, beta, moves, sc)
	if w.stopped {
		return 0
	}
	w.brsStore(key, bestMove, best, depth, startHorizon, alpha, beta)
	return best
}

// brsRootMoves searches the ordered moves (with scores sc) of the root
// role at ply and returns the best value and move, stopping at a cutoff.
// The result means nothing when the search stopped.
func (w *worker) brsRootMoves(ply, depth int, alpha, beta int32, moves []game.Move, sc []int32) (int32, game.Move) {
	s := w.states[ply]
	child := w.states[ply+1]
	best := int32(-scoreInf)
	bestMove := moves[0]
	for i := 0; i < len(moves); i++ {
		pickNext(moves, sc, i)
		m := moves[i]
		child.CopyFrom(s)
		child.Apply(m)
		v := w.brsChild(ply, depth-1, alpha, beta, i == 0)
		if w.stopped {
			return 0, m
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				w.setPV(ply, m)
				if v >= beta {
					w.rememberCutoff(ply, 0, depth, m)
					break
				}
			}
		}
	}
	return best, bestMove
}

// brsReplies is a node of the other roles in best-reply search.
func (w *worker) brsReplies(ply, depth int, alpha, beta int32) int32 {
	s := w.states[ply]
	// Skips make the line differ from the game: nothing below is exact.
	w.inexact++
	key := s.Hash() ^ w.salt
	h, hasTT := w.sh.tt.probe(key)
	if hasTT && ttDecides(h, depth, alpha, beta) {
		if h.depth != exactDepth {
			w.horizon++
		}
		return h.score
	}
	startHorizon := w.horizon
	quiet := depth <= 0
	if quiet {
		w.horizon++
	}
	n := brsNode{ply: ply, depth: depth, alpha: alpha, beta: beta, quiet: quiet, best: -scoreInf, bestMove: game.Noop}
	// The table's reply first, then every role's moves.
	if hasTT && h.move != game.Noop {
		n.first = h.move
	}
	for k := -1; k < w.nroles-1; k++ {
		moves, sc, ok, more := w.brsReplyMoves(&n, k)
		if !more {
			break
		}
		if !ok {
			continue
		}
		kk := k
		if k < 0 {
			kk = int(n.first >> brsReplyShift)
		}
		if w.brsTryReplies(&n, k, kk, moves, sc) {
			if w.stopped {
				return 0
			}
			w.brsStore(key, n.bestMove, n.best, depth, startHorizon, alpha, beta)
			return n.best
		}
	}
	if n.searched == 0 {
		// Quiet horizon with no winning reply, or no other role can act;
		// either way an estimate, so the subtree is not complete.
		if !quiet {
			w.horizon++
		}
		return w.eval(s)
	}
	w.brsStore(key, n.bestMove, n.best, depth, startHorizon, alpha, beta)
	return n.best
}

// brsNode is the state of a reply node of best-reply search while its
// replies are searched.
type brsNode struct {
	ply, depth  int
	alpha, beta int32
	quiet       bool      // at the horizon: only replies that end the game
	first       game.Move // the table's reply (with its skips), or Noop
	best        int32
	bestMove    game.Move // a reply with its skips
	searched    int
}

// brsReplyMoves puts into w.brsFrom[ply] the position after k roles skip
// (k < 0: the skips of the table's reply) and returns the moves to try
// there, with ordering scores or nil. ok is false when the role has
// nothing to try, more false when no later role can act either.
func (w *worker) brsReplyMoves(n *brsNode, k int) (moves []game.Move, sc []int32, ok, more bool) {
	ply := n.ply
	s, from := w.states[ply], w.brsFrom[ply]
	from.CopyFrom(s)
	switch {
	case k < 0:
		if n.first == game.Noop || !w.brsSkip(from, int(n.first>>brsReplyShift)) || !from.IsLegal(n.first&(1<<brsReplyShift-1)) {
			return nil, nil, false, true
		}
		moves = append(w.moves[ply][:0], n.first&(1<<brsReplyShift-1))
	case !w.brsSkip(from, k):
		return nil, nil, false, false
	case n.quiet:
		// At the horizon only a reply that ends the game counts.
		tac, isTac := from.(game.Tactics)
		if !isTac {
			return nil, nil, false, true
		}
		moves = tac.Forcing(w.moves[ply][:0])
		if len(moves) != 1 {
			return nil, nil, false, true
		}
	default:
		moves = from.Legal(w.moves[ply][:0])
	}
	w.moves[ply] = moves
	if !n.quiet && k >= 0 {
		sc = w.orderMoves(from, ply, n.depth, moves, game.Noop, false)
	}
	return moves, sc, true, true
}

// brsTryReplies searches the moves of the role after kk skips (k < 0: the
// table's reply), from w.brsFrom[ply]. It reports true when the node is
// done: the search stopped or a reply reached beta.
func (w *worker) brsTryReplies(n *brsNode, k, kk int, moves []game.Move, sc []int32) bool {
	ply := n.ply
	child, from := w.states[ply+1], w.brsFrom[ply]
	for i := 0; i < len(moves); i++ {
		if sc != nil {
			pickNext(moves, sc, i)
		}
		m := moves[i]
		code := m | game.Move(kk)<<brsReplyShift
		if k >= 0 && code == n.first {
			continue
		}
		child.CopyFrom(from)
		child.Apply(m)
		if n.quiet && !child.Terminal() {
			continue
		}
		for !child.Terminal() && child.ToMove() != w.root {
			child.(game.Skipper).Skip()
		}
		n.searched++
		var v int32
		if child.Terminal() {
			v = w.terminal(child, ply+1)
			if w.side(child.ToMove()) != 1 {
				v = -v
			}
		} else {
			v = w.brsChild(ply, n.depth-1, n.alpha, n.beta, n.searched == 1)
		}
		if w.stopped {
			return true
		}
		if v > n.best {
			n.best, n.bestMove = v, code
			if v > n.alpha {
				n.alpha = v
				if v >= n.beta {
					w.rememberCutoff(ply, 1, n.depth, m)
					return true
				}
			}
		}
	}
	return false
}

// brsSkip skips k roles in t; it reports false when the game ends first
// or the root role would be in control.
func (w *worker) brsSkip(t game.State, k int) bool {
	sk, ok := t.(game.Skipper)
	if !ok {
		return false
	}
	for i := 0; i < k; i++ {
		sk.Skip()
		if t.Terminal() || t.ToMove() == w.root {
			return false
		}
	}
	return !t.Terminal()
}

// brsChild searches the position in states[ply+1] with principal-variation
// search: the first move with the full window, the others with a null
// window first and again in full only when they might be better.
func (w *worker) brsChild(ply, depth int, alpha, beta int32, first bool) int32 {
	if first {
		return -w.brsSearch(ply+1, depth, -beta, -alpha)
	}
	v := -w.brsSearch(ply+1, depth, -alpha-1, -alpha)
	if v > alpha && v < beta && !w.stopped {
		v = -w.brsSearch(ply+1, depth, -beta, -alpha)
	}
	return v
}

// brsStore records a best-reply result in the shared table. A subtree
// that stopped nowhere for lack of depth (the horizon count did not move
// since startHorizon) is stored as complete, good for any depth: a deeper
// search would only repeat it, and the iterative deepening can see that
// nothing is left to deepen.
func (w *worker) brsStore(key uint64, m game.Move, best int32, depth int, startHorizon int64, alpha, beta int32) {
	d := max(depth, 0)
	if w.horizon == startHorizon {
		d = exactDepth
	}
	w.sh.tt.store(key, m, best, d, boundOf(best, alpha, beta))
}

// tieSamples is how many random continuations breakTies plays after each
// tied root move.
const tieSamples = 256

// breakTies looks again at the root after a best-reply search of the
// given depth reached the end of the game on every line, with value best
// for rootMoves[0]. Near the end the values are whole goal points, and
// several moves often share the best worst case; among those it prefers
// the one that does best on average when the other roles play any legal
// move (random continuations until the root role is in control again,
// then its best one-ply estimate or the result): the worst case stays the
// same, and an opponent who does not find the best reply is punished.
func (w *worker) breakTies(depth int, best int32, seed uint64) game.Move {
	s := w.states[0]
	child := w.states[1]
	tied := []game.Move{w.rootMoves[0].move}
	for _, rm := range w.rootMoves[1:] {
		// A root move's score is its value or an upper bound below the
		// best found so far, so only one equal to the best can tie.
		if rm.score < best {
			continue
		}
		child.CopyFrom(s)
		child.Apply(rm.move)
		v := w.child(0, depth-1, best-1, best, w.side(child.ToMove()) == 0)
		if w.stopped {
			return tied[0]
		}
		if v >= best {
			tied = append(tied, rm.move)
		}
	}
	if len(tied) == 1 {
		return tied[0]
	}
	w.rng.Seed(seed)
	after, cont, reply := w.states[1], w.states[2], w.states[3]
	choice, choiceSum := tied[0], math.Inf(-1)
	for _, m := range tied {
		after.CopyFrom(s)
		after.Apply(m)
		sum := 0.0
		for k := 0; k < tieSamples; k++ {
			cont.CopyFrom(after)
			for !cont.Terminal() && cont.ToMove() != w.root {
				cont.Apply(cont.RandomMove(&w.rng))
			}
			if cont.Terminal() {
				sum += w.tieValue(cont)
				continue
			}
			b := math.Inf(-1)
			w.moves[3] = cont.Legal(w.moves[3][:0])
			for _, r := range w.moves[3] {
				reply.CopyFrom(cont)
				reply.Apply(r)
				b = max(b, w.tieValue(reply))
			}
			sum += b
		}
		if sum > choiceSum {
			choice, choiceSum = m, sum
		}
	}
	return choice
}

// tieValue is the root role's utility in t: final, or estimated.
func (w *worker) tieValue(t game.State) float64 {
	if t.Terminal() {
		for r := range w.est {
			w.est[r] = 100 * t.Goal(game.Role(r))
		}
	} else {
		w.estimate(t)
	}
	return float64(w.utility(w.root))
}
