package ai

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/game"
)

// The general player (general.go) searches every game that has no
// hand-written help: a state without game.Evaluator that may have
// simultaneous turns (game.JointState), which is what a game read from a
// GDL rule sheet is. The native games keep their own searches.
func generalFor(s game.State, asked Algorithm) bool {
	if asked == General {
		return true
	}
	_, eval := s.(game.Evaluator)
	_, joint := s.(game.JointState)
	return joint && !eval
}

// genLevelPlayouts caps the general player's playouts per move at the
// levels without full strength; with one thread (their default) such a
// search is reproducible for a seed. Hard and max are bounded by time
// only.
var genLevelPlayouts = map[Level]int{Easy: 300, Medium: 3000}

// SearchFor chooses the move of role r in s, which must not be terminal.
// On a turn-taking turn it is Search for the role in control, and the
// only legal move of any other role; on a turn where several roles choose
// at once (game.JointState, ToMove() == game.NoRole) it is the general
// player's decoupled search from r's point of view.
func (sr *Searcher) SearchFor(ctx context.Context, s game.State, r game.Role, opt Options) (res Result) {
	if s == nil || s.Terminal() {
		return Result{}
	}
	if to := s.ToMove(); to != game.NoRole {
		if to == r {
			return sr.Search(ctx, s, opt)
		}
		return onlyMove(s, r)
	}
	js, ok := s.(game.JointState)
	if !ok || r < 0 || int(r) >= len(s.Variant().Roles) {
		return Result{}
	}
	sr.mu.Lock()
	defer sr.mu.Unlock()
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	defer func() {
		if p := recover(); p != nil {
			reportPanic("search", p)
			res = onlyMove(s, r)
		}
	}()
	moves := js.LegalOf(r, nil)
	if len(moves) == 0 {
		return Result{}
	}
	return sr.generalSearch(newPlan(ctx, s, moves, opt, start), r)
}

// SearchFor is the package-level form of Searcher.SearchFor, with a
// Searcher from the pool.
func SearchFor(ctx context.Context, s game.State, r game.Role, opt Options) Result {
	sr := searcherPool.Get().(*Searcher)
	defer searcherPool.Put(sr)
	return sr.SearchFor(ctx, s, r, opt)
}

// onlyMove is the first legal move of role r in s, which is all a role
// without a choice can play.
func onlyMove(s game.State, r game.Role) Result {
	m := game.Noop
	if js, ok := s.(game.JointState); ok {
		if ms := js.LegalOf(r, nil); len(ms) > 0 {
			m = ms[0]
		}
	}
	return Result{Move: m, Turn: []game.Move{m}, PV: []game.Move{m}}
}

// generalSearch runs the general player for role (the role in control, or
// one of the roles of a joint turn) with the plan's budget, threads and
// playout cap: one tree per thread, their root statistics summed, a proof
// in any tree ending the search. With more than two roles the others are
// first taken to play partly against role (genParanoia); where that proves every
// move of role worth the same goal short of a win (the others together
// can hold it to that whatever it plays: a loss, mostly), the time left
// goes to a search in which each plays for its own goal (max^n), to
// choose the move that asks the most of them: such a proof alone chose
// any move, and once one that let the next role win at once.
func (sr *Searcher) generalSearch(p *plan, role game.Role) Result {
	if len(p.moves) == 1 {
		m := p.moves[0]
		return Result{Move: m, Turn: []game.Move{m}, PV: []game.Move{m}, Score: sr.meanOfPlayouts(p, role, m)}
	}
	return sr.generalSearchWith(p, role, genParanoia)
}

// generalSearchWith is generalSearch with the others' paranoia given.
func (sr *Searcher) generalSearchWith(p *plan, role game.Role, paranoia float64) Result {
	res := sr.searchTrees(p, role, paranoia)
	if p.nroles > 2 && paranoia > 0 && res.Exact && res.Score < game.MaxGoal && provenAlike(sr.gtrees[:p.threads], role) &&
		p.ctx.Err() == nil && time.Now().Before(p.deadline()) {
		lost := res.Nodes
		res = sr.searchTrees(p, role, 0)
		// Not a proof: the others need not play for their own goals.
		res.Nodes, res.Exact = res.Nodes+lost, false
	}
	return res
}

// provenAlike tells whether the trees proved every root move of role
// worth the same goal.
func provenAlike(trees []*genTree, role game.Role) bool {
	ch := genChoices(trees, role)
	for _, c := range ch {
		if c.exact < 0 || c.exact != ch[0].exact {
			return false
		}
	}
	return len(ch) > 0
}

// searchTrees is one search of the trees, without the fallback.
func (sr *Searcher) searchTrees(p *plan, role game.Role, paranoia float64) Result {
	limit := p.opt.Playouts
	if limit <= 0 {
		limit = genLevelPlayouts[p.level]
	}
	if limit > 0 {
		limit = (limit + p.threads - 1) / p.threads
	}
	for len(sr.gtrees) < p.threads {
		sr.gtrees = append(sr.gtrees, &genTree{maxNodes: genMaxNodes, exploration: genExploration, solver: true})
	}
	trees := sr.gtrees[:p.threads]
	var playouts atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	deadline := p.deadline()
	for i, t := range trees {
		t.role, t.paranoia = role, paranoia
		t.rng.Seed(p.seed + uint64(i)*0x9e3779b97f4a7c15)
		root := p.s.Clone() // each thread reads its own copy
		t.reset(root)
		wg.Add(1)
		go func(i int, t *genTree) {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					reportPanic("general", r)
					stop.Store(true)
				}
			}()
			t.run(p, root, role, i == 0, limit, deadline, &playouts, &stop)
		}(i, t)
	}
	wg.Wait()
	res := genResult(trees, role, p.seed)
	res.Nodes = playouts.Load()
	if len(res.PV) == 0 {
		res.PV = []game.Move{res.Move}
	}
	res.Turn = res.PV[:1]
	res.Depth = len(res.PV)
	return res
}

// run iterates until the deadline, cancellation, limit playouts (when
// positive), a proof of the root here, or a stop from another thread; the
// first thread reports progress about ten times a second. A game with a
// game.Simulation plays its playouts in lanes (iterateLanes), many at a
// time; the clock is then read after every ply of the lanes, and else
// after every playout: a playout of a large sheet (othello's) takes
// milliseconds, tens of them on a busy machine, next to which reading the
// clock costs nothing, and a search that read it every few playouts
// overran a 1 s play clock.
func (t *genTree) run(p *plan, root game.State, role game.Role, reports bool, limit int, deadline time.Time, playouts *atomic.Int64, stop *atomic.Bool) {
	next := p.start.Add(uctReportEvery)
	n, counted := 0, 0
	defer func() { playouts.Add(int64(n - counted)) }()
	lanes := t.lanesFor(root)
	if lanes != nil {
		defer t.abandonLanes()
	}
	for !stop.Load() {
		if limit > 0 && n >= limit {
			break
		}
		if t.nodes[0].solved {
			stop.Store(true) // a proof holds whatever the other trees say
			break
		}
		playouts.Add(int64(n - counted))
		counted = n
		now := time.Now()
		if p.ctx.Err() != nil || now.After(deadline) {
			stop.Store(true)
			break
		}
		if reports && p.opt.Progress != nil && now.After(next) {
			next = now.Add(uctReportEvery)
			t.report(p, role, now, playouts.Load())
		}
		if lanes == nil {
			t.iterate(root)
			n++
			continue
		}
		budget := -1
		if limit > 0 {
			budget = limit - n - (lanes.sim.Lanes() - len(lanes.free))
		}
		finished, _ := t.iterateLanes(root, budget)
		n += finished
	}
}

// report sends the Progress of this tree alone.
func (t *genTree) report(p *plan, role game.Role, now time.Time, playouts int64) {
	r := genResult([]*genTree{t}, role, p.seed)
	el := now.Sub(p.start)
	p.opt.Progress(Progress{Depth: len(r.PV), Best: r.Move, Score: r.Score, Nodes: playouts,
		NPS: float64(playouts) / math.Max(el.Seconds(), 1e-9), Time: el, PV: r.PV})
}

// genChoice sums one root choice (a child or, at a joint root, an arm of
// the searching role) over the trees.
type genChoice struct {
	move   game.Move
	visits int64
	reward float64
	exact  int // the mover's exact goal, or -1
	// weight is what the choice is made by: the visits of a child, the
	// summed average-strategy probabilities of an arm.
	weight float64
}

// genResult is the move of root-parallel trees reset for the same
// position, for role: a proven best child where the trees prove one, else
// the most visited undecided child, unless an exact child is worth at
// least its mean goal; a proven loss is played only when every move is
// one. At a joint root it is drawn for seed from role's average strategy
// (mixedChoice).
func genResult(trees []*genTree, role game.Role, seed uint64) Result {
	ch := genChoices(trees, role)
	best, bestExact, all := -1, -1, true
	for k, c := range ch {
		switch {
		case c.exact < 0:
			all = false
		case best < 0 || c.exact > ch[best].exact || c.exact == ch[best].exact && c.weight > ch[best].weight:
			// Among equal proofs the most visited: against a lost
			// position, the move the tree liked longest asks the most of
			// a fallible opponent.
			best = k
		}
	}
	if best >= 0 {
		bestExact = ch[best].exact
	}
	res := Result{}
	joint := trees[0].nodes[0].joint >= 0
	switch {
	case best >= 0 && !joint && (all || bestExact == game.MaxGoal):
		res.Move, res.Score, res.Exact = ch[best].move, float64(bestExact), true
	default:
		u := -1
		for k, c := range ch {
			if c.exact < 0 && (u < 0 || c.weight > ch[u].weight) {
				u = k
			}
		}
		if joint {
			u = mixedChoice(ch, seed)
		}
		if u < 0 {
			u = best
		}
		mean := 0.0
		if ch[u].visits > 0 {
			mean = ch[u].reward / float64(ch[u].visits) * game.MaxGoal
		}
		res.Move, res.Score = ch[u].move, math.Round(mean*100)/100
		if best >= 0 && best != u && float64(bestExact) >= mean {
			res.Move, res.Score = ch[best].move, float64(bestExact)
		}
		for _, t := range trees {
			if t.nodes[0].solved {
				res.Exact, res.Score = true, float64(t.goalOf(0, role))
			}
		}
	}
	res.PV = genLine(trees, res.Move)
	return res
}

// mixedChoice draws an arm of a joint root from the average strategy of
// regret matching: each arm's share without the uniform exploration, arms
// below genPurify of the largest share left out (a dominated move is not
// played by chance), the rest in proportion, deterministically for seed.
// A game whose equilibrium is mixed (rock-paper-scissors) is so played
// mixed, not as the same move every time.
func mixedChoice(ch []genChoice, seed uint64) int {
	total := 0.0
	for _, c := range ch {
		total += c.weight
	}
	if total <= 0 || len(ch) == 0 {
		return 0
	}
	floor := genJointMix / float64(len(ch))
	share := make([]float64, len(ch))
	top := 0.0
	for k, c := range ch {
		share[k] = max(c.weight/total-floor, 0)
		top = max(top, share[k])
	}
	sum := 0.0
	for k := range share {
		if share[k] < genPurify*top {
			share[k] = 0
		}
		sum += share[k]
	}
	var rng game.Rand
	rng.Seed(seed)
	x := float64(rng.Uint64()>>11) / (1 << 53) * sum
	last := 0
	for k := range share {
		if share[k] == 0 {
			continue
		}
		if x < share[k] {
			return k
		}
		x -= share[k]
		last = k
	}
	return last
}

// genPurify is the share, relative to the largest, below which an arm of
// the average strategy is not played.
const genPurify = 0.2

// genChoices sums the root statistics of the trees for role.
func genChoices(trees []*genTree, role game.Role) []genChoice {
	var ch []genChoice
	t0 := trees[0]
	root := t0.nodes[0]
	if root.joint >= 0 {
		lo, hi := t0.hdr[root.joint+int32(role)], t0.hdr[root.joint+int32(role)+1]
		for a := lo; a < hi; a++ {
			c := genChoice{move: t0.arms[a].move, exact: -1}
			for _, t := range trees {
				c.visits += int64(t.arms[a].visits)
				c.reward += t.arms[a].reward
				c.weight += t.arms[a].strat
			}
			ch = append(ch, c)
		}
		return ch
	}
	for k := int32(0); k < root.children; k++ {
		c := genChoice{move: t0.nodes[root.first+k].move, exact: -1}
		for _, t := range trees {
			n := t.nodes[root.first+k]
			c.visits += int64(n.visits)
			c.reward += n.reward
			c.weight += float64(n.visits)
			if n.solved {
				c.exact = t.goalOf(root.first+k, role)
			}
		}
		ch = append(ch, c)
	}
	return ch
}

// genLine is the line starting with move m at a turn-taking root, read
// from the tree that visited m most.
func genLine(trees []*genTree, m game.Move) []game.Move {
	line := []game.Move{m}
	root := trees[0].nodes[0]
	if root.joint >= 0 {
		return line
	}
	var from *genTree
	var c int32
	for _, t := range trees {
		for k := root.first; k < root.first+root.children; k++ {
			if t.nodes[k].move == m && (from == nil || t.nodes[k].visits > from.nodes[c].visits) {
				from, c = t, k
			}
		}
	}
	if l := from.lineFrom(c, line[:0]); len(l) > 0 {
		return l
	}
	return line
}

// meanOfPlayouts is the mean goal of role over a few random games after
// its only move m: the score of a move played without a search.
func (sr *Searcher) meanOfPlayouts(p *plan, role game.Role, m game.Move) float64 {
	const games = 32
	if len(sr.gtrees) == 0 {
		sr.gtrees = append(sr.gtrees, &genTree{maxNodes: genMaxNodes, exploration: genExploration, solver: true})
	}
	t := sr.gtrees[0]
	t.rng.Seed(p.seed)
	t.prepare(p.s)
	sum := 0
	for i := 0; i < games; i++ {
		s := t.state
		s.CopyFrom(p.s)
		if s.ToMove() == game.NoRole {
			t.applyJointWith(s, role, m)
		} else {
			s.Apply(m)
		}
		t.playout(s)
		sum += t.goals[role]
	}
	return math.Round(float64(sum)/games*100) / 100
}
