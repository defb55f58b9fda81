package modelsearch

import (
	"context"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestChoiceProbsMatchTheModelsDraws checks the model's choice
// probabilities against closed forms and against the model's own draws
// (a uniform error in ±noise on each value, the largest chosen).
func TestChoiceProbsMatchTheModelsDraws(t *testing.T) {
	cases := []struct {
		name  string
		v     []float64
		noise float64
		want  []float64 // nil: compare with draws
	}{
		{"equal values share", []float64{3, 3}, 24, []float64{0.5, 0.5}},
		{"out of reach is never chosen", []float64{0, 100}, 24, []float64{0, 1}},
		// Two uniforms in ±24: a 24 behind wins when e_a − e_b > 24, a
		// triangular tail of 24²/(2·48²).
		{"one error behind", []float64{0, 24}, 24, []float64{0.125, 0.875}},
		{"several", []float64{-10, 5, 7, 30, -60, 12}, 24, nil},
		{"small noise", []float64{1, 2, 3, 2.5}, 2, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := choiceProbs(c.v, c.noise, nil)
			want := c.want
			if want == nil {
				want = drawChoices(c.v, c.noise, 400_000)
			}
			for i := range got {
				if math.Abs(got[i]-want[i]) > 0.005 {
					t.Errorf("values %v: P(%d) = %.4f, want %.4f", c.v, i, got[i], want[i])
				}
			}
		})
	}
}

// drawChoices is the share of n draws in which each value, plus its
// error, is the largest.
func drawChoices(v []float64, noise float64, n int) []float64 {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]float64, len(v))
	for range n {
		best, bestV := 0, math.Inf(-1)
		for i, x := range v {
			if y := x + (2*rng.Float64()-1)*noise; y > bestV {
				best, bestV = i, y
			}
		}
		out[best] += 1 / float64(n)
	}
	return out
}

// endPositions are positions of random games at the given step, the
// searching role to move: where an exact search of the rest fits.
func endPositions(n, step int) []*tictacchess.State {
	rng := game.NewRand(11)
	var out []*tictacchess.State
	for len(out) < n {
		s := tictacchess.New()
		for !s.Terminal() && s.Step() < step {
			s.Apply(s.RandomMove(rng))
		}
		if !s.Terminal() && len(s.Legal(nil)) > 1 {
			out = append(out, s)
		}
	}
	return out
}

// At the searching role's last action the simulations play the rest of
// the game by the model alone, so their mean score is the exact value:
// the exact search's values of the candidates must be what many
// simulations find (its choice probabilities are the model's draws).
func TestExactIsWhatTheSimulationsConvergeTo(t *testing.T) {
	t.Parallel()
	const per = 6000
	for _, s := range endPositions(3, 29) {
		cand := s.Legal(nil)
		cand = cand[:min(len(cand), 4)]
		exact, _, ok := exactValues(context.Background(), s, cand, 4, Options{ExactNodes: 1 << 30})
		if !ok {
			t.Fatalf("%s: no exact search within 4 actions", s)
		}
		x := newExact(context.Background(), s, 4, Options{})
		x.full = true
		full, _, _ := x.values(s, cand)
		sims := Evaluate(context.Background(), s, cand, per, Options{Threads: 2, Seed: 3})
		for i := range cand {
			// 4 standard errors of a mean of per scores in 0–1.
			if math.Abs(full[i].Score-sims[i].Score) > 4*0.5/math.Sqrt(per) {
				t.Errorf("%s %s: exact %.4f, %d simulations %.4f", s, s.ShortMove(cand[i]), full[i].Score, per, sims[i].Score)
			}
		}
		if b := bestValue(full); exact[b].Score != full[b].Score || exact[b].Sims != 1 {
			t.Errorf("%s: the pruned search values the best %s at %+v, the full one %.4f", s, s.ShortMove(cand[b]), exact[b], full[b].Score)
		}
	}
}

// Pruning (Star1) changes no choice: over positions eight actions from
// the end, the pruned search picks the candidate the full one picks, at
// the same value.
func TestExactPruningKeepsTheBest(t *testing.T) {
	t.Parallel()
	for _, s := range endPositions(4, 28) {
		cand := s.Legal(nil)
		x := newExact(context.Background(), s, 8, Options{ExactNodes: 1 << 30})
		pruned, work, ok := x.values(s, cand)
		if !ok {
			t.Fatalf("%s: no exact search within 8 actions", s)
		}
		y := newExact(context.Background(), s, 8, Options{ExactNodes: 1 << 30})
		y.full = true
		full, fullWork, _ := y.values(s, cand)
		pb, fb := bestIndex(pruned), bestIndex(full)
		if pb != fb || math.Abs(pruned[pb].Score-full[fb].Score) > 1e-9 {
			t.Errorf("%s: pruned best %s %.6f, full best %s %.6f", s, s.ShortMove(cand[pb]), pruned[pb].Score, s.ShortMove(cand[fb]), full[fb].Score)
		}
		t.Logf("%s: %d positions played pruned, %d in full", s, work, fullWork)
	}
}

// bestIndex is the index of the best score, the first among equals (as
// Search picks).
func bestIndex(vals []Value) int {
	best := 0
	for i, v := range vals {
		if v.Score > vals[best].Score {
			best = i
		}
	}
	return best
}

// bestValue is bestIndex of the values.
func bestValue(vals []Value) int { return bestIndex(vals) }

// Nested simulations over one action are the look's choice: the same
// search as without them, draw for draw; over three they change the
// values, and the search stays the same for a seed on any number of
// threads.
func TestNestedNarrowIsTheLook(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	cand := s.Legal(nil)
	plain := Evaluate(context.Background(), s, cand, 6, Options{Threads: 1, Seed: 9})
	narrow := Evaluate(context.Background(), s, cand, 6, Options{Threads: 1, Seed: 9, Nested: 4, NestedWidth: 1})
	if !slices.Equal(plain, narrow) {
		t.Errorf("without nesting %v, nested over one action %v", plain, narrow)
	}
	one := Evaluate(context.Background(), s, cand, 6, Options{Threads: 1, Seed: 9, Nested: 4})
	two := Evaluate(context.Background(), s, cand, 6, Options{Threads: 2, Seed: 9, Nested: 4})
	if !slices.Equal(one, two) {
		t.Errorf("nested: one thread %v, two threads %v", one, two)
	}
	if slices.Equal(one, plain) {
		t.Error("nested over three actions changed no value")
	}
}
