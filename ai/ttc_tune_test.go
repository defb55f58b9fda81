package ai

import (
	"flag"
	"fmt"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tabletop/tabletop/ai/modelsearch"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

// Flags of TestTicTacChessTunePolicy, an opt-in tool.
var (
	ttcTuneGames  = flag.Int("ttc.tunegames", 8000, "TestTicTacChessTunePolicy: games a set of weights")
	ttcTuneSeed   = flag.Uint64("ttc.tuneseed", 1, "TestTicTacChessTunePolicy: the seed of the games")
	ttcTunePasses = flag.Int("ttc.tunepasses", 2, "TestTicTacChessTunePolicy: passes over the weights")
	ttcTuneOthers = flag.String("ttc.tuneothers", "model", "TestTicTacChessTunePolicy: the other seats, model (modelsearch.ModelAction) or a player spec ai:LEVEL (to see how the weights fare against it, not to tune on)")
)

// TestTicTacChessTunePolicy tunes the weights of a one-action look
// (tictacchess.Weights) for the player who chooses by it: one seat plays
// its best action by the lead under the weights, without error, against
// three seats played by the model search's model of the others
// (modelsearch.ModelAction: the game's own estimate and an error), the
// seats rotating, and a coordinate search keeps each change that raises
// its share of simulations won (unique highest 1, shared 0.25). The
// opponents are the model's general fallible players, not any level of
// this package. Opt-in (TABLETOP_TTC_TUNE=1): a tool, not a check.
func TestTicTacChessTunePolicy(t *testing.T) {
	if os.Getenv("TABLETOP_TTC_TUNE") == "" {
		t.Skip("set TABLETOP_TTC_TUNE=1 to tune")
	}
	others := modelsearch.ModelAction
	if *ttcTuneOthers != "model" {
		others = oracle(t, *ttcTuneOthers)
	}
	if *ttcOwnW != "" { // compare the weights with Estimate's, no tuning
		w, err := parseWeights(*ttcOwnW)
		if err != nil {
			t.Fatal(err)
		}
		w0 := tictacchess.DefaultWeights()
		for _, c := range []struct {
			name string
			w    *tictacchess.Weights
		}{{"Estimate's weights", &w0}, {*ttcOwnW, &w}} {
			sc, wn, ti := greedyShare(c.w, others, *ttcTuneGames, *ttcTuneSeed)
			fmt.Printf("%s against %s: score %.4f (unique highest %.4f, shared %.4f)\n", c.name, *ttcTuneOthers, sc, wn, ti)
		}
		return
	}
	w := tictacchess.DefaultWeights()
	fields := []struct {
		name string
		v    *float64
		try  []float64
	}{
		{"GrowPerAction", &w.GrowPerAction, []float64{0.15, 0.45, 0.6}},
		{"MobilityWeight", &w.MobilityWeight, []float64{0, 0.02, 0.04}},
		{"LossAttacked", &w.LossAttacked, []float64{0.1, 0.35, 0.5, 0.7}},
		{"OneThreat", &w.OneThreat, []float64{0.3, 0.6}},
		{"TwoThreats", &w.TwoThreats, []float64{0.5, 0.85}},
		{"BlockPerRival", &w.BlockPerRival, []float64{0.04, 0.14}},
		{"OpenTwo", &w.OpenTwo, []float64{0, 0.06, 0.1}},
		{"CentreWeight", &w.CentreWeight, []float64{0, 0.02, 0.04}},
	}
	best, wins, ties := greedyShare(&w, others, *ttcTuneGames, *ttcTuneSeed)
	fmt.Printf("default: score %.4f (unique highest %.4f, shared %.4f)\n", best, wins, ties)
	// A change must gain more than the paired noise of the games.
	margin := 0.5 / math.Sqrt(float64(*ttcTuneGames))
	for pass := 0; pass < *ttcTunePasses; pass++ {
		for _, f := range fields {
			keep := *f.v
			for _, v := range f.try {
				*f.v = v
				sc, wn, ti := greedyShare(&w, others, *ttcTuneGames, *ttcTuneSeed)
				fmt.Printf("pass %d %s=%g: score %.4f (unique highest %.4f, shared %.4f)\n", pass, f.name, v, sc, wn, ti)
				if sc > best+margin {
					best, keep = sc, v
				}
				*f.v = keep
			}
		}
		fmt.Printf("after pass %d: score %.4f, weights %+v\n", pass, best, w)
	}
	sc, wn, ti := greedyShare(&w, others, *ttcTuneGames, *ttcTuneSeed+1)
	fmt.Printf("tuned on other games: score %.4f (unique highest %.4f, shared %.4f)\n", sc, wn, ti)
	w0 := tictacchess.DefaultWeights()
	sc, wn, ti = greedyShare(&w0, others, *ttcTuneGames, *ttcTuneSeed+1)
	fmt.Printf("default on other games: score %.4f (unique highest %.4f, shared %.4f)\n", sc, wn, ti)
}

// greedyShare plays games games of the greedy look under w (in seat g mod
// 4 of game g) against three seats played by others and returns its score per game
// (unique highest 1, shared 0.25) and its shares of unique highest and
// shared goals. The games depend on seed only.
func greedyShare(w *tictacchess.Weights, others func(game.State, uint64) game.Move, games int, seed uint64) (score, wins, ties float64) {
	res := make([]float64, games)
	var wg sync.WaitGroup
	const workers = 2
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := k; g < games; g += workers {
				res[g] = greedyGame(w, others, game.Role(g%4), seed*0x9e3779b97f4a7c15+uint64(g)*1000003)
			}
		}()
	}
	wg.Wait()
	for _, r := range res {
		switch r {
		case 1:
			wins++
		case modelsearch.TieValue:
			ties++
		}
		score += r
	}
	n := float64(games)
	return score / n, wins / n, ties / n
}

// greedyGame plays one game of the greedy look under w as me against
// seats played by others and returns its score: 1, TieValue or 0.
func greedyGame(w *tictacchess.Weights, others func(game.State, uint64) game.Move, me game.Role, seed uint64) float64 {
	s := tictacchess.New()
	child := tictacchess.New()
	est := make([]int, tictacchess.Players)
	var moves []game.Move
	for !s.Terminal() {
		if s.ToMove() != me {
			seed = seed*6364136223846793005 + 1442695040888963407
			s.Apply(others(s, seed))
			continue
		}
		moves = s.Legal(moves[:0])
		best, bestV := moves[0], math.MinInt
		for _, m := range moves {
			child.CopyFrom(s)
			child.Apply(m)
			child.EstimateWith(w, est)
			if v := leadOf(est, me); v > bestV {
				best, bestV = m, v
			}
		}
		s.Apply(best)
	}
	own, other := s.Goal(me), -1
	for r := range tictacchess.Players {
		if game.Role(r) != me {
			other = max(other, s.Goal(game.Role(r)))
		}
	}
	switch {
	case own > other:
		return 1
	case own == other:
		return modelsearch.TieValue
	}
	return 0
}

// leadOf is est[me] minus the best other value.
func leadOf(est []int, me game.Role) int {
	best := math.MinInt
	for r, e := range est {
		if game.Role(r) != me {
			best = max(best, e)
		}
	}
	return est[me] - best
}

// ownLookOf is the own look of -ttc.ownweights and -ttc.ownplies: nil
// for Estimate one action ahead, else the estimate with the named
// weights changed from Estimate's ("Name=value,..."), plies own actions
// ahead (twoActionLook).
func ownLookOf(spec string, plies int) (func(game.State, []int), error) {
	if spec == "" && plies <= 1 {
		return nil, nil
	}
	w := tictacchess.DefaultWeights()
	if spec != "" {
		var err error
		if w, err = parseWeights(spec); err != nil {
			return nil, err
		}
	}
	if plies == 2 {
		return twoActionLook(&w), nil
	}
	return func(s game.State, est []int) { s.(*tictacchess.State).EstimateWith(&w, est) }, nil
}

// twoActionLook values the position s after the searching role's action
// by the best it can reach with its next action, the others skipping
// their turns in between (game.Skipper): an optimistic plan of two own
// actions, for -ttc.ownplies 2. It does not allocate.
func twoActionLook(w *tictacchess.Weights) func(game.State, []int) {
	return func(s game.State, est []int) {
		c := *s.(*tictacchess.State)
		me := (c.ToMove() + tictacchess.Players - 1) % tictacchess.Players
		for !c.Terminal() && c.ToMove() != me {
			c.Skip()
		}
		if c.Terminal() {
			valueWith(&c, w, est)
			return
		}
		var buf [256]game.Move
		var e [tictacchess.Players]int
		bestV := math.MinInt
		for _, m := range c.Legal(buf[:0]) {
			d := c
			d.Apply(m)
			valueWith(&d, w, e[:])
			if v := leadOf(e[:], me); v > bestV {
				bestV = v
				copy(est, e[:])
			}
		}
	}
}

// valueWith fills est with s's goals (×100) when it is over, else with
// its estimate by the weights w.
func valueWith(s *tictacchess.State, w *tictacchess.Weights, est []int) {
	if !s.Terminal() {
		s.EstimateWith(w, est)
		return
	}
	for r := range est {
		est[r] = 100 * s.Goal(game.Role(r))
	}
}

// parseWeights is Estimate's weights with the changes "Name=value,...".
func parseWeights(spec string) (tictacchess.Weights, error) {
	w := tictacchess.DefaultWeights()
	v := reflect.ValueOf(&w).Elem()
	for _, kv := range strings.Split(spec, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
		f := v.FieldByName(name)
		x, err := strconv.ParseFloat(val, 64)
		if !ok || !f.IsValid() || f.Kind() != reflect.Float64 || err != nil {
			return w, fmt.Errorf("weights %q: %q is not Name=number with a field of tictacchess.Weights", spec, kv)
		}
		f.SetFloat(x)
	}
	return w, nil
}

// modelWith plays the role in control of s as the model of the others
// does (modelsearch.ModelAction: its best lead one action ahead after an
// error uniform in ±modelsearch.Noise goal points on each action), by the
// estimate with weights w: the simulated others of -ttc.othersweights.
func modelWith(w *tictacchess.Weights) func(game.State, uint64) game.Move {
	return func(s game.State, seed uint64) game.Move {
		c := *s.(*tictacchess.State)
		me := c.ToMove()
		var buf [256]game.Move
		var e [tictacchess.Players]int
		rng := game.NewRand(seed)
		legal := c.Legal(buf[:0])
		best, bestV := legal[0], math.Inf(-1)
		for _, m := range legal {
			d := c
			d.Apply(m)
			valueWith(&d, w, e[:])
			v := float64(leadOf(e[:], me))/100 + (2*float64(rng.Intn(1<<20))/float64(1<<20)-1)*modelsearch.Noise
			if v > bestV {
				best, bestV = m, v
			}
		}
		return best
	}
}
