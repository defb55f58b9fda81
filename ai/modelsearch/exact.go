package modelsearch

import (
	"context"
	"math"
	"time"

	"github.com/tabletop/tabletop/game"
)

// Exact search of the last actions (Options.Exact).
//
// Near the end of a game few actions are left, and the simulations only
// sample what the model makes of them. There the candidates can be
// valued exactly under the same model: an expectimax in which the
// searching role takes its best action and every other role is a chance
// node over its actions, each weighted by the probability that the
// model's player chooses it (its one-action look plus a uniform error of
// ±Noise on every action's value: choiceProbs). The value of a finished
// game is the simulations' score (1, the tie value, 0), so an exact
// value is what infinitely many simulations with the searching role
// playing perfectly would find.

// DefaultExactNodes bounds an exact search's work, in positions played
// (each looked at or searched): about what DefaultSimulations
// simulations play. A search that would need more falls back to the
// simulations.
const DefaultExactNodes = 500_000

// exactGrid is the number of points at which choiceProbs integrates.
const exactGrid = 64

// exact is the state of one exact search: a position, moves and values
// per depth, so that it does not allocate while it runs.
type exact struct {
	states      []game.State
	moves       [][]game.Move
	vals, probs [][]float64
	order       [][]int
	est         []int
	root        game.Role
	nroles      int
	noise, ties float64
	nodes       int
	limit       int
	stop        func() bool
	full        bool // no pruning: every position valued exactly (tests)
}

// exactValues values every candidate of the searching role in s by the
// expectimax above when every line from s ends within depth actions,
// and reports whether it did (false: a line runs longer, the node limit
// was reached, or the search was stopped).
func exactValues(ctx context.Context, s game.State, cand []game.Move, depth int, opt Options) ([]Value, int, bool) {
	return newExact(ctx, s, depth, opt).values(s, cand)
}

// newExact readies an exact search from s of at most depth actions.
func newExact(ctx context.Context, s game.State, depth int, opt Options) *exact {
	x := &exact{
		states: make([]game.State, depth+1), moves: make([][]game.Move, depth+1),
		vals: make([][]float64, depth+1), probs: make([][]float64, depth+1), order: make([][]int, depth+1),
		est: make([]int, len(s.Variant().Roles)), root: s.ToMove(), nroles: len(s.Variant().Roles),
		noise: Noise, ties: TieValue, limit: DefaultExactNodes,
	}
	if opt.Noise != 0 {
		x.noise = opt.Noise
	}
	if opt.Ties != 0 {
		x.ties = max(opt.Ties, 0)
	}
	if opt.ExactNodes > 0 {
		x.limit = opt.ExactNodes
	}
	x.stop = func() bool {
		return ctx.Err() != nil || (!opt.Deadline.IsZero() && time.Now().After(opt.Deadline))
	}
	for i := range x.states {
		x.states[i] = s.Clone()
	}
	return x
}

// values is exactValues's search of the candidates in s.
func (x *exact) values(s game.State, cand []game.Move) ([]Value, int, bool) {
	vals := make([]Value, len(cand))
	best := -1.0
	for i, m := range cand {
		x.states[1].CopyFrom(s)
		x.states[1].Apply(m)
		score, goal, ok := x.value(1, x.bound(best))
		if !ok {
			return nil, x.nodes, false
		}
		vals[i] = Value{Score: score, Goal: goal}
		if score > best {
			// Only a candidate that beat the ones before is valued
			// exactly; the others' scores are bounds (Sims 0).
			best, vals[i].Sims = score, 1
		}
	}
	return vals, x.nodes, true
}

// value is the expected score and goal of the searching role in
// x.states[d] under the model, the role playing its best; ok is false
// when a line does not end within the depth or the search must stop.
// A position whose score is at most alpha may return any score at most
// alpha (its caller, a maximum, will not take it): a chance node stops
// once its children so far, with the rest all won, cannot beat alpha
// (Ballard's Star1 on scores of 0–1), its likeliest actions first.
func (x *exact) value(d int, alpha float64) (score, goal float64, ok bool) {
	s := x.states[d]
	if s.Terminal() {
		return x.outcome(s)
	}
	if alpha >= 1 && !x.full {
		return 1, 0, true // no position scores more than 1
	}
	if d == len(x.states)-1 {
		return 0, 0, false
	}
	x.moves[d] = s.Legal(x.moves[d][:0])
	moves := x.moves[d]
	x.nodes += len(moves)
	if x.nodes > x.limit || x.stop() {
		return 0, 0, false
	}
	child := x.states[d+1]
	mover := s.ToMove()
	if mover == x.root || len(moves) == 1 {
		score, goal = -1, 0
		for _, m := range moves {
			child.CopyFrom(s)
			child.Apply(m)
			v, g, ok := x.value(d+1, x.bound(max(alpha, score)))
			if !ok {
				return 0, 0, false
			}
			if v > score {
				score, goal = v, g
			}
			if score >= 1 {
				break // nothing scores more (pruning or not)
			}
		}
		return score, goal, true
	}
	x.vals[d] = x.vals[d][:0]
	for _, m := range moves {
		child.CopyFrom(s)
		child.Apply(m)
		x.look(child)
		x.vals[d] = append(x.vals[d], x.lead(mover))
	}
	x.probs[d] = choiceProbs(x.vals[d], x.noise, x.probs[d][:0])
	x.order[d] = byProbability(x.probs[d], x.order[d][:0])
	rest := 1.0 // the probability of the actions not yet searched
	for _, i := range x.order[d] {
		p := x.probs[d][i]
		child.CopyFrom(s)
		child.Apply(moves[i])
		// The least this action must score for the node to beat alpha.
		v, g, ok := x.value(d+1, x.bound((alpha-score-(rest-p))/p))
		if !ok {
			return 0, 0, false
		}
		score, goal, rest = score+p*v, goal+p*g, rest-p
		if score+rest <= alpha && !x.full {
			return score + rest, goal, true
		}
	}
	return score, goal, true
}

// bound is alpha, or −1 (nothing pruned) when x values every position.
func (x *exact) bound(alpha float64) float64 {
	if x.full {
		return -1
	}
	return alpha
}

// byProbability appends to out the indices of the actions of non-zero
// probability, likeliest first.
func byProbability(probs []float64, out []int) []int {
	for i, p := range probs {
		if p > 0 {
			out = append(out, i)
		}
	}
	for a := 1; a < len(out); a++ {
		for b := a; b > 0 && probs[out[b]] > probs[out[b-1]]; b-- {
			out[b], out[b-1] = out[b-1], out[b]
		}
	}
	return out
}

// outcome is the searching role's score and goal in the finished game s.
func (x *exact) outcome(s game.State) (float64, float64, bool) {
	score, goal := outcome(s, x.root, x.nroles, x.ties)
	return score, float64(goal), true
}

// look fills x.est for s as the model's look does (worker.look).
func (x *exact) look(s game.State) {
	if s.Terminal() {
		for r := range x.est {
			x.est[r] = 100 * s.Goal(game.Role(r))
		}
		return
	}
	s.(game.Evaluator).Estimate(x.est)
}

// lead is role r's value in x.est minus the best other, in goal points
// (worker.lead).
func (x *exact) lead(r game.Role) float64 {
	best := math.MinInt
	for q, e := range x.est {
		if game.Role(q) != r && e > best {
			best = e
		}
	}
	return float64(x.est[r]-best) / 100
}

// choiceProbs appends to out, for each value in v, the probability that
// it is the largest once each value has an independent error uniform in
// ±noise added: the model's player's choice among its actions. The
// chance that action a is chosen is the mean over a's error e of the
// product over the others b of P(v_b + e_b < v_a + e); it is integrated
// at exactGrid midpoints of a's error, and the results are normalised.
// An action more than 2·noise below the best is never chosen.
func choiceProbs(v []float64, noise float64, out []float64) []float64 {
	top := math.Inf(-1)
	for _, x := range v {
		top = max(top, x)
	}
	sum := 0.0
	for a, va := range v {
		if va+noise <= top-noise {
			out = append(out, 0)
			continue
		}
		p := 0.0
		for j := 0; j < exactGrid; j++ {
			x := va + noise*(2*(float64(j)+0.5)/exactGrid-1)
			prod := 1.0
			for b, vb := range v {
				if b == a {
					continue
				}
				f := (x - vb + noise) / (2 * noise)
				if f <= 0 {
					prod = 0
					break
				}
				if f < 1 {
					prod *= f
				}
			}
			p += prod
		}
		out = append(out, p)
		sum += p
	}
	if sum > 0 {
		for i := range out {
			out[i] /= sum
		}
	}
	return out
}
