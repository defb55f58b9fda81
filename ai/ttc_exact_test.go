package ai

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai/modelsearch"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

var ttcExactDepth = flag.Int("ttc.exactdepth", 4, "TestTicTacChessExactEnd: the exact search's depth in actions")

// TestTicTacChessExactEnd asks whether the simulations choose well at the
// end of a game: over the measured seat's last -ttc.last moves of every
// game in a trace of TestTicTacChessAgainstEasy (-ttc.trace), it values
// every candidate exactly under the model (modelsearch.Options.Exact,
// -ttc.exactdepth actions) and reports how often the played move (the
// simulations' choice) is not the exact best, and what that costs under
// the model. Opt-in (TABLETOP_TTC=1): a measurement, not a check.
//
//	TABLETOP_TTC=1 go test ./ai -run TicTacChessExactEnd -v -args -ttc.positions TRACE -ttc.last 2 -ttc.exactdepth 5
func TestTicTacChessExactEnd(t *testing.T) {
	if os.Getenv("TABLETOP_TTC") == "" || *ttcPositions == "" {
		t.Skip("set TABLETOP_TTC=1 and -ttc.positions to measure")
	}
	lines, err := tracedMoves(*ttcPositions, *ttcLast, true)
	if err != nil {
		t.Fatal(err)
	}
	opt := modelsearch.Options{Threads: 1, Exact: *ttcExactDepth, ExactNodes: *ttcExactN}
	var n, exact, differ int
	var regret float64
	var spent time.Duration
	var work int64
	for _, line := range lines {
		s, played, ok := regretPosition(t, line)
		if !ok {
			continue
		}
		cand := rootCandidates(s, s.Legal(nil))
		if len(cand) < 2 {
			continue
		}
		n++
		start := time.Now()
		r := modelsearch.Search(context.Background(), s, cand, opt)
		if r.Rounds > 0 {
			continue // it ran the simulations: a line is longer than the depth
		}
		spent += time.Since(start)
		work += r.Sims
		exact++
		for i, m := range cand {
			if m == played && i != r.Best {
				differ++
				regret += r.Values[r.Best].Score - r.Values[i].Score
				fmt.Printf("%s step %d: played %s %.3f, exact best %s %.3f\n", s.String(), s.Step(),
					s.ShortMove(played), r.Values[i].Score, s.ShortMove(cand[r.Best]), r.Values[r.Best].Score)
			}
		}
	}
	fmt.Printf("%d positions, %d searched exactly (%.1f ms, %d positions played a search): the played move not the exact best in %d, regret %.4f a position\n",
		n, exact, float64(spent.Microseconds())/1000/float64(max(exact, 1)), work/int64(max(exact, 1)), differ, regret/float64(max(exact, 1)))
}

// TestTicTacChessValueByMove asks where the games are decided: for
// every game in a trace of TestTicTacChessAgainstEasy (-ttc.trace), the
// value of the measured seat's played move at each of its decisions
// under the model (-ttc.per planning simulations; the share of
// simulations with the unique highest goal, ties 0.25), as hard's search
// sees it. It prints the mean value by decision, for the games won,
// shared and lost: the decision after which the games that were not won
// fall behind is where they were decided. Opt-in (TABLETOP_TTC=1).
//
//	TABLETOP_TTC=1 go test ./ai -run TicTacChessValueByMove -v -args -ttc.positions TRACE -ttc.per 300
func TestTicTacChessValueByMove(t *testing.T) {
	if os.Getenv("TABLETOP_TTC") == "" || *ttcPositions == "" {
		t.Skip("set TABLETOP_TTC=1 and -ttc.positions to measure")
	}
	games, err := tracedGames(*ttcPositions)
	if err != nil {
		t.Fatal(err)
	}
	opt := modelsearch.Options{Threads: 2, Seed: 779, Plan: true}
	const decisions = 8
	var sum, sumSq [3][decisions]float64
	var count [3][decisions]int
	for _, g := range games {
		for k, line := range g.moves {
			s, played, ok := regretPosition(t, line)
			if !ok || k >= decisions {
				continue
			}
			v := modelsearch.Evaluate(context.Background(), s, []game.Move{played}, *ttcPer, opt)[0].Score
			sum[g.result][k] += v
			sumSq[g.result][k] += v * v
			count[g.result][k]++
		}
	}
	for r, name := range []string{"won", "shared", "lost"} {
		fmt.Printf("%-6s", name)
		for k := range decisions {
			fmt.Printf(" %5.3f (%3d)", sum[r][k]/float64(max(count[r][k], 1)), count[r][k])
		}
		fmt.Println()
	}
}

// tracedGame is one game of a trace: the measured seat's moves ("ROWS
// ROLE STEP MOVE") and its result, 0 won, 1 shared, 2 lost.
type tracedGame struct {
	moves  []string
	result int
}

// tracedGames reads every game of a trace of TestTicTacChessAgainstEasy.
func tracedGames(path string) ([]tracedGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []tracedGame
	var cur []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		if strings.HasSuffix(line, " *") {
			cur = append(cur, strings.Join(strings.Fields(line)[:4], " "))
			continue
		}
		var n int
		var seat string
		var g [4]int
		if _, err := fmt.Sscanf(line, "game %d: measured seat %s goals [%d %d %d %d]", &n, &seat, &g[0], &g[1], &g[2], &g[3]); err != nil {
			continue
		}
		me := slices.Index(tictacchess.Variant.Roles, strings.TrimSuffix(seat, ","))
		if me < 0 {
			cur = nil
			continue
		}
		other := 0
		for r, v := range g {
			if r != me {
				other = max(other, v)
			}
		}
		res := 0
		switch {
		case g[me] == other:
			res = 1
		case g[me] < other:
			res = 2
		}
		out = append(out, tracedGame{moves: cur, result: res})
		cur = nil
	}
	return out, nil
}
