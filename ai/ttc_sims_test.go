package ai

import (
	"context"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/tabletop/tabletop/ai/modelsearch"
	"github.com/tabletop/tabletop/game"
)

var (
	ttcFewer = flag.Int("ttc.fewer", 2000, "TestTicTacChessMoreSimulations: the smaller search's simulations")
	ttcMore  = flag.Int("ttc.more", 8000, "TestTicTacChessMoreSimulations: the larger search's simulations")
	ttcEvery = flag.Int("ttc.every", 2, "TestTicTacChessMoreSimulations: take every this many of the traced moves")
)

// TestTicTacChessMoreSimulations asks why more simulations did not win
// more games: over the measured seat's moves in a trace of
// TestTicTacChessAgainstEasy (-ttc.trace), it runs hard's search (the
// planning simulations, ai/modelsearch) with -ttc.fewer and -ttc.more
// simulations and, where the two choose differently, values both
// choices under the model and against the oracle (the -ttc.others
// player itself plays the others), -ttc.per planning simulations each.
// If the larger search's choices are better under the model and worse
// against the oracle, the extra simulations follow the model where it
// is wrong. Opt-in (TABLETOP_TTC=1): a measurement, not a check.
//
//	TABLETOP_TTC=1 go test ./ai -run TicTacChessMoreSimulations -v -timeout 1h -args -ttc.positions TRACE
func TestTicTacChessMoreSimulations(t *testing.T) {
	if os.Getenv("TABLETOP_TTC") == "" || *ttcPositions == "" {
		t.Skip("set TABLETOP_TTC=1 and -ttc.positions to measure")
	}
	lines, err := tracedMoves(*ttcPositions, 100, true)
	if err != nil {
		t.Fatal(err)
	}
	opt := modelsearch.Options{Threads: 2, Seed: 777, Plan: true}
	// The values are taken on other draws than the searches': on the
	// same ones the smaller search's choice, picked on fewer of them,
	// would look better than it is.
	judge := opt
	judge.Seed = 778
	oracleOpt := judge
	oracleOpt.Others = oracle(t, *ttcOthers)
	var n, differ int
	var model, truth [2]float64
	for i := 0; i < len(lines); i += max(*ttcEvery, 1) {
		s, _, ok := regretPosition(t, lines[i])
		if !ok {
			continue
		}
		cand := rootCandidates(s, s.Legal(nil))
		if len(cand) < 2 {
			continue
		}
		n++
		pick := [2]game.Move{}
		for k, sims := range []int{*ttcFewer, *ttcMore} {
			o := opt
			o.Simulations, o.Threads = sims, 1
			pick[k] = cand[modelsearch.Search(context.Background(), s, cand, o).Best]
		}
		if pick[0] == pick[1] {
			continue
		}
		differ++
		mv := modelsearch.Evaluate(context.Background(), s, pick[:], *ttcPer, judge)
		tv := modelsearch.Evaluate(context.Background(), s, pick[:], *ttcPer, oracleOpt)
		for k := range pick {
			model[k] += mv[k].Score
			truth[k] += tv[k].Score
		}
		fmt.Printf("%s: %d simulations %s (model %.2f, oracle %.2f), %d %s (model %.2f, oracle %.2f)\n", s.String(),
			*ttcFewer, s.ShortMove(pick[0]), mv[0].Score, tv[0].Score, *ttcMore, s.ShortMove(pick[1]), mv[1].Score, tv[1].Score)
	}
	d := float64(max(differ, 1))
	fmt.Printf("%d positions, the choices differ in %d: under the model %.3f with %d simulations, %.3f with %d; against the oracle %.3f and %.3f\n",
		n, differ, model[0]/d, *ttcFewer, model[1]/d, *ttcMore, truth[0]/d, truth[1]/d)
}
