package ai

import (
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
	ttcPositions = flag.String("ttc.positions", "", "TestTicTacChessOracleRegret's input: the output of TestTicTacChessAgainstEasy with -ttc.trace")
	ttcLast      = flag.Int("ttc.last", 3, "TestTicTacChessOracleRegret looks at the measured seat's last this many moves of each game it did not win")
	ttcPer       = flag.Int("ttc.per", 150, "simulations of each candidate in TestTicTacChessOracleRegret")
)

// TestTicTacChessOracleRegret asks, of positions in which the model
// search played a move, how that move fares when the simulations play the
// others as -ttc.others itself plays (the oracle) rather than by the
// model: its value under both, the oracle's best move, and the regret
// (the oracle's best value minus the played move's). Every candidate gets
// -ttc.per simulations (modelsearch.Evaluate). The positions are the
// measured seat's last -ttc.last moves in the games it did not win, read
// from the output of TestTicTacChessAgainstEasy with -ttc.trace. Opt-in
// (TABLETOP_TTC=1): a measurement, not a check.
//
//	TABLETOP_TTC=1 go test ./ai -run TicTacChessAgainstEasy -v -args -ttc.seed 2 -ttc.playouts 2000 -ttc.threads 1 -ttc.trace > TRACE
//	TABLETOP_TTC=1 go test ./ai -run TicTacChessOracleRegret -v -timeout 1h -args -ttc.positions TRACE
func TestTicTacChessOracleRegret(t *testing.T) {
	if os.Getenv("TABLETOP_TTC") == "" || *ttcPositions == "" {
		t.Skip("set TABLETOP_TTC=1 and -ttc.positions to measure")
	}
	lines, err := notWonMoves(*ttcPositions, *ttcLast)
	if err != nil {
		t.Fatal(err)
	}
	opt := modelsearch.Options{Threads: 2, Seed: 777}
	oracleOpt := opt
	oracleOpt.Others = oracle(t, *ttcOthers)
	var regret, modelRegret, optimism float64
	n := 0
	for _, line := range lines {
		s, played, ok := regretPosition(t, line)
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

// notWonMoves reads a trace of TestTicTacChessAgainstEasy (-ttc.trace)
// and returns the measured seat's last moves, "ROWS ROLE STEP MOVE", in
// the games in which it did not have the unique highest goal.
func notWonMoves(path string, last int) ([]string, error) {
	return tracedMoves(path, last, false)
}

// tracedMoves reads a trace of TestTicTacChessAgainstEasy (-ttc.trace)
// and returns the measured seat's last moves of each game, "ROWS ROLE
// STEP MOVE": of every game with all, else of the games in which it did
// not have the unique highest goal.
func tracedMoves(path string, last int, all bool) ([]string, error) {
	games, err := tracedGames(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, g := range games {
		if all || g.result != 0 {
			out = append(out, g.moves[max(len(g.moves)-last, 0):]...)
		}
	}
	return out, nil
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
