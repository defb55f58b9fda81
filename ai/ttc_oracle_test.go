package ai

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ai/modelsearch"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

var (
	ttcPositions = flag.String("ttc.positions", "", "TestTicTacChessOracleRegret's file: lines \"ROWS ROLE STEP MOVE\", a position and the move played")
	ttcPer       = flag.Int("ttc.per", 150, "simulations of each candidate in TestTicTacChessOracleRegret")
)

// TestTicTacChessOracleRegret asks, of positions in which the model
// search played a move, how that move fares when the simulations play the
// others as -ttc.others itself plays (the oracle) rather than by the
// model: its value under both, the oracle's best move, and the regret
// (the oracle's best value minus the played move's). Every candidate gets
// -ttc.per simulations (modelsearch.Evaluate). Opt-in (TABLETOP_TTC=1):
// a measurement, not a check. The lines are the -ttc.trace output's
// measured seat's lines (marked " *"), e.g. the last three of each game
// it did not win:
//
//	TABLETOP_TTC=1 go test ./ai -run TicTacChessOracleRegret -v -timeout 1h -args -ttc.positions FILE
func TestTicTacChessOracleRegret(t *testing.T) {
	if os.Getenv("TABLETOP_TTC") == "" || *ttcPositions == "" {
		t.Skip("set TABLETOP_TTC=1 and -ttc.positions to measure")
	}
	f, err := os.Open(*ttcPositions)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opt := modelsearch.Options{Threads: 2, Seed: 777}
	oracleOpt := opt
	oracleOpt.Others = oracle(t, *ttcOthers)
	var regret, modelRegret, optimism float64
	n := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		s, played, ok := regretPosition(t, sc.Text())
		if !ok {
			continue
		}
		cand := rootCandidates(s, s.Legal(nil))
		if len(cand) < 2 {
			continue
		}
		model := modelsearch.Evaluate(context.Background(), s, cand, 2*(*ttcPer), opt)
		truth := modelsearch.Evaluate(context.Background(), s, cand, *ttcPer, oracleOpt)
		pi, bm, bo := -1, bestValue(model), bestValue(truth)
		for i, m := range cand {
			if m == played {
				pi = i
			}
		}
		if pi < 0 {
			continue
		}
		fmt.Printf("%s step %d played %s: model %.2f (its best %s %.2f), oracle %.2f (its best %s %.2f; the model's best %.2f)\n",
			s.String(), s.Step(), s.ShortMove(played), model[pi].Score, s.ShortMove(cand[bm]), model[bm].Score,
			truth[pi].Score, s.ShortMove(cand[bo]), truth[bo].Score, truth[bm].Score)
		regret += truth[bo].Score - truth[pi].Score
		modelRegret += truth[bo].Score - truth[bm].Score
		optimism += model[pi].Score - truth[pi].Score
		n++
	}
	m := float64(max(n, 1))
	fmt.Printf("%d positions: the oracle's regret of the played move %.3f, of the model's best %.3f; the model's value of the played move minus the oracle's %.3f\n",
		n, regret/m, modelRegret/m, optimism/m)
}

// regretPosition reads a line "ROWS ROLE STEP MOVE".
func regretPosition(t *testing.T, line string) (*tictacchess.State, game.Move, bool) {
	fs := strings.Fields(line)
	if len(fs) < 4 {
		return nil, game.Noop, false
	}
	s, err := tictacchess.ParsePosition(strings.Join(fs[:3], " "))
	if err != nil {
		t.Errorf("%q: %v", line, err)
		return nil, game.Noop, false
	}
	m, err := s.ParseMove(fs[3])
	if err != nil {
		t.Errorf("%q: %v", line, err)
		return nil, game.Noop, false
	}
	return s, m, true
}

// bestValue is the index of the best score (the first among equals).
func bestValue(vals []modelsearch.Value) int {
	best := 0
	for i, v := range vals {
		if v.Score > vals[best].Score {
			best = i
		}
	}
	return best
}
