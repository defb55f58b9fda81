package ai

import (
	"math"
	"sort"
	"time"

	"github.com/tabletop/tabletop/ai/modelsearch"
	"github.com/tabletop/tabletop/game"
)

// modelSearch runs the opponent-model search (ai/modelsearch) from p.s
// over the candidate moves on the plan's threads, capped at its
// simulations (Options.Playouts, when set, replaces the cap). Its Score
// is the mover's mean final goal in the simulations of the chosen move.
func (sr *Searcher) modelSearch(p *plan, cand []game.Move) Result {
	opt := modelsearch.Options{
		Simulations: p.opt.Playouts, Threads: p.threads, Seed: p.seed, Deadline: p.deadline(),
		Others: p.opt.simOthers, Plan: p.multi == Plan,
	}
	if p.opt.simTune != nil {
		p.opt.simTune(&opt)
	}
	r := modelsearch.Search(p.ctx, p.s, cand, opt)
	best := r.Values[r.Best]
	res := Result{
		Move: cand[r.Best], PV: []game.Move{cand[r.Best]}, Depth: 1, Nodes: r.Sims,
		Score: math.Round(best.Goal*100) / 100,
		Moves: modelMoves(cand, r.Values, p.opt.MultiPV),
	}
	if p.opt.Progress != nil {
		el := time.Since(p.start)
		p.opt.Progress(Progress{Depth: res.Depth, Best: res.Move, Score: res.Score, Nodes: res.Nodes,
			NPS: float64(res.Nodes) / math.Max(el.Seconds(), 1e-9), Time: el, PV: []game.Move{res.Move},
			Moves: cloneMoveValues(res.Moves)})
	}
	return res
}

// modelMoves is the n best of the candidates by their values (the
// simulations' score; those simulated longer first among equal scores),
// each with its mean goal; nil when n is 0.
func modelMoves(cand []game.Move, vals []modelsearch.Value, n int) []MoveValue {
	if n <= 0 {
		return nil
	}
	order := make([]int, len(cand))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		va, vb := vals[order[a]], vals[order[b]]
		if va.Sims != vb.Sims {
			return va.Sims > vb.Sims // survivors of more halving rounds
		}
		return va.Score > vb.Score
	})
	out := make([]MoveValue, 0, min(n, len(cand)))
	for _, i := range order[:min(n, len(cand))] {
		out = append(out, MoveValue{Move: cand[i], Line: []game.Move{cand[i]}, Score: math.Round(vals[i].Goal*100) / 100})
	}
	return out
}
