package modelsearch

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

func position(t testing.TB, text string) *tictacchess.State {
	t.Helper()
	s, err := tictacchess.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A search that ends at its cap is the same for a seed whatever the
// number of threads: each simulation draws from its own number.
func TestSearchIsReproducible(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	cand := s.Legal(nil)
	one := Search(context.Background(), s, cand, Options{Simulations: 300, Threads: 1, Seed: 7})
	two := Search(context.Background(), s, cand, Options{Simulations: 300, Threads: 2, Seed: 7})
	if one.Best != two.Best || !slices.Equal(one.Values, two.Values) || one.Sims != two.Sims {
		t.Errorf("one thread: best %d, %v; two threads: best %d, %v", one.Best, one.Values, two.Best, two.Values)
	}
	if one.Sims == 0 || one.Sims > 300 {
		t.Errorf("%d simulations, want 1–300", one.Sims)
	}
}

// Red can complete the column (3 3)-(3 5) with its knight on (5 2): the
// win is worth more than any piece, and the simulations see it.
func TestSearchTakesALine(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../......./..r..../r.r...b/......./....r../...y... red 13")
	win := tictacchess.MoveOf(5, 2, 3, 3)
	if !s.IsLegal(win) {
		t.Fatal("the winning move is meant to be legal")
	}
	r := Search(context.Background(), s, s.Legal(nil), Options{Simulations: 400, Threads: 1, Seed: 1})
	if got := s.Legal(nil)[r.Best]; got != win {
		t.Errorf("played %s, want the line %s", s.ShortMove(got), s.ShortMove(win))
	}
	if v := r.Values[r.Best]; v.Score != 1 || v.Goal != 100 {
		t.Errorf("the line scored %+v, want every simulation won with goal 100", v)
	}
}

// A cancelled search plays no simulation and keeps the first candidate,
// which the caller orders best first.
func TestSearchStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	s := tictacchess.New()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := Search(ctx, s, s.Legal(nil), Options{Threads: 2})
	if r.Best != 0 || r.Sims != 0 || r.Rounds != 0 {
		t.Errorf("cancelled search: best %d, %d simulations, %d rounds; want 0, 0, 0", r.Best, r.Sims, r.Rounds)
	}
	r = Search(context.Background(), s, s.Legal(nil), Options{Deadline: time.Now().Add(-time.Second)})
	if r.Sims != 0 {
		t.Errorf("search past its deadline played %d simulations", r.Sims)
	}
}

// A simulation allocates nothing: thousands of them run every move.
func TestPlayoutDoesNotAllocate(t *testing.T) {
	s := tictacchess.New()
	w := newWorker(s, 1)
	w.sim.CopyFrom(s)
	w.playout() // grow the move buffer once
	allocs := testing.AllocsPerRun(20, func() {
		w.sim.CopyFrom(s)
		w.playout()
	})
	if allocs != 0 {
		t.Errorf("%v allocations a simulation, want 0", allocs)
	}
}

// The simulated players' choices follow the model: the searching role
// plays its best action by lead without error; the others err by up to
// Noise, so over many draws they sometimes play another action, but never
// one that is more than 2·Noise worse.
func TestModelChoice(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../......./..r..../r.r...b/......./....r../...y... red 13")
	w := newWorker(s, 1)
	w.sim.CopyFrom(s)
	if got, want := w.choose(), tictacchess.MoveOf(5, 2, 3, 3); got != want {
		t.Errorf("the searching role chose %s, want its line %s", s.ShortMove(got), s.ShortMove(want))
	}
	// Yellow to move: its values by lead, and which ones the model plays.
	s.Apply(tictacchess.MoveOf(1, 4, 2, 6))
	w.sim.CopyFrom(s)
	lead, bestLead := leads(w, s)
	seen := map[game.Move]bool{}
	for i := range 400 {
		w.rng.Seed(uint64(i))
		m := w.choose()
		seen[m] = true
		if lead[m] < bestLead-2*Noise {
			t.Fatalf("the model played %s, %.1f below the best", s.ShortMove(m), bestLead-lead[m])
		}
	}
	if len(seen) < 2 {
		t.Errorf("over 400 draws the model always played one action; want its error to vary the choice")
	}
}

// Options.Others replaces the model of the other roles: every simulated
// action of another role is its, none of the searching role's, and a
// policy that always plays the first legal action makes every
// simulation after a candidate the same game.
func TestOthersReplaceTheModel(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	var calls, root atomic.Int64
	first := func(p game.State, _ uint64) game.Move {
		calls.Add(1)
		if p.ToMove() == s.ToMove() {
			root.Add(1)
		}
		return p.Legal(nil)[0]
	}
	cand := s.Legal(nil)
	r := Search(context.Background(), s, cand, Options{Simulations: 200, Threads: 2, Seed: 3, Others: first})
	if calls.Load() == 0 || root.Load() != 0 {
		t.Fatalf("Others played %d actions, %d of them the searching role's; want some, none", calls.Load(), root.Load())
	}
	for i, v := range r.Values {
		if v.Sims > 0 && v.Score != 0 && v.Score != TieValue && v.Score != 1 {
			t.Errorf("candidate %s: score %v over %d simulations of one game; want a single outcome", s.ShortMove(cand[i]), v.Score, v.Sims)
		}
	}
}

// Evaluate gives every candidate the same number of simulations, the
// same on any number of threads.
func TestEvaluateValuesEveryCandidate(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	cand := s.Legal(nil)
	one := Evaluate(context.Background(), s, cand, 20, Options{Threads: 1, Seed: 5})
	two := Evaluate(context.Background(), s, cand, 20, Options{Threads: 2, Seed: 5})
	if !slices.Equal(one, two) {
		t.Errorf("one thread %v, two threads %v", one, two)
	}
	for i, v := range one {
		if v.Sims != 20 {
			t.Errorf("candidate %s: %d simulations, want 20", s.ShortMove(cand[i]), v.Sims)
		}
	}
}

// Options.Ties sets what a shared highest goal is worth: the same
// simulations (the others always play their first legal action) score
// a tie TieValue by default, nothing when Ties is negative, and Ties
// otherwise; wins and losses keep 1 and 0.
func TestTiesSetWhatASharedGoalIsWorth(t *testing.T) {
	t.Parallel()
	// One round left, one piece each: every seat spawns once more.
	s := position(t, "...g.../......./......./r.....b/......./......./...y... red 29")
	first := func(p game.State, _ uint64) game.Move { return p.Legal(nil)[0] }
	cand := s.Legal(nil)
	eval := func(ties float64) []Value {
		return Evaluate(context.Background(), s, cand, 1, Options{Threads: 1, Seed: 3, Others: first, Ties: ties})
	}
	def, none, half := eval(0), eval(-1), eval(0.5)
	tied := 0
	for i, v := range def {
		want := [2]float64{v.Score, v.Score} // a win or a loss: unchanged
		if v.Score == TieValue {
			tied++
			want = [2]float64{0, 0.5}
		}
		if got := [2]float64{none[i].Score, half[i].Score}; got != want || none[i].Goal != v.Goal {
			t.Errorf("candidate %s: scores %v with ties worth nothing and a half, want %v (default %v)", s.ShortMove(cand[i]), got, want, v.Score)
		}
	}
	if tied == 0 {
		t.Fatal("no candidate's simulation ended in a tie; the test needs one")
	}
}

// ModelAction plays as the model plays another role: the role in
// control errs, so over many seeds it plays more than one action, never
// one more than 2·Noise below its best, and the same one for a seed.
func TestModelActionErrsAsTheModel(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	lead, bestLead := leads(newWorker(s, 1), s)
	seen := map[game.Move]bool{}
	for seed := range uint64(400) {
		m := ModelAction(s, seed)
		seen[m] = true
		if lead[m] < bestLead-2*Noise {
			t.Fatalf("seed %d: played %s, %.1f below the best", seed, s.ShortMove(m), bestLead-lead[m])
		}
		if again := ModelAction(s, seed); again != m {
			t.Fatalf("seed %d: played %s, then %s", seed, s.ShortMove(m), s.ShortMove(again))
		}
	}
	if len(seen) < 2 {
		t.Errorf("over 400 seeds one action (%d); want the error to vary the choice", len(seen))
	}
}

// leads is the lead, by the one-action look, of each legal action of the
// role in control of s, and the best of them.
func leads(w *worker, s game.State) (map[game.Move]float64, float64) {
	lead := map[game.Move]float64{}
	best := math.Inf(-1)
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Apply(m)
		w.look(c)
		lead[m] = w.lead(s.ToMove())
		best = max(best, lead[m])
	}
	return lead, best
}

// Options.OwnLook replaces the estimate in the searching role's own look
// and in no other role's: in positions of random games where Estimate
// and other weights choose differently, the searching role plays the
// other weights' choice with OwnLook and Estimate's without, and the same
// role as another's (the model without error) Estimate's either way.
func TestOwnLookIsTheSearchingRolesOnly(t *testing.T) {
	t.Parallel()
	w := tictacchess.DefaultWeights()
	w.OneThreat, w.OpenTwo, w.CentreWeight, w.MobilityWeight, w.LossAttacked = 0.3, 0, 0, 0, 0.35
	ownLook := func(s game.State, est []int) { s.(*tictacchess.State).EstimateWith(&w, est) }
	differ := 0
	rng := game.NewRand(11)
	for g := 0; g < 40 && differ < 5; g++ {
		for s := tictacchess.New(); !s.Terminal(); s.Apply(s.RandomMove(rng)) {
			if len(s.Legal(nil)) < 2 {
				continue
			}
			byOwn, byEstimate := bestByLook(s, &w), bestByLook(s, nil)
			if byOwn == byEstimate {
				continue
			}
			differ++
			for _, c := range []struct {
				name      string
				opt       Options
				searching bool // the role chooses as the searching role
				want      game.Move
			}{
				{"searching role, OwnLook", Options{OwnLook: ownLook}, true, byOwn},
				{"searching role", Options{}, true, byEstimate},
				{"another role without error, OwnLook", Options{OwnLook: ownLook}, false, byEstimate},
			} {
				workers, _, _ := setUp(context.Background(), s, 1, c.opt)
				wk := workers[0]
				if !c.searching {
					wk.root, wk.noise = game.NoRole, 0
				}
				wk.sim.CopyFrom(s)
				if got := wk.choose(); got != c.want {
					t.Errorf("%s: %s chose %s, want %s (by the weights %s, by Estimate %s)", s, c.name, s.ShortMove(got), s.ShortMove(c.want), s.ShortMove(byOwn), s.ShortMove(byEstimate))
				}
			}
		}
	}
	if differ == 0 {
		t.Fatal("the two estimates chose alike in every position; the test needs them to differ")
	}
}

// bestByLook is the first legal action of the role in control of s with
// the highest lead one action ahead, by the estimate with weights w
// (Estimate when nil).
func bestByLook(s *tictacchess.State, w *tictacchess.Weights) game.Move {
	me := s.ToMove()
	est := make([]int, tictacchess.Players)
	var best game.Move
	bestV := math.MinInt
	for _, m := range s.Legal(nil) {
		c := s.Clone().(*tictacchess.State)
		c.Apply(m)
		switch {
		case c.Terminal():
			for r := range est {
				est[r] = 100 * c.Goal(game.Role(r))
			}
		case w != nil:
			c.EstimateWith(w, est)
		default:
			c.Estimate(est)
		}
		other := math.MinInt
		for r, e := range est {
			if game.Role(r) != me {
				other = max(other, e)
			}
		}
		if v := est[me] - other; v > bestV {
			best, bestV = m, v
		}
	}
	return best
}
