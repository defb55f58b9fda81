package ai

// Data for tuning the Pentago estimate (game/pentago/eval.go) against the
// exact solver, and a quick measurement of the search on it. Every test
// here runs only when its environment variable is set.
//
// TestPentagoTuneGenerate writes solved positions with the exact value of
// every turn, one position a line:
//
//	POSITION|VALUE|CATEGORY|TURNS
//
// where TURNS has one character per turn in pxChildren order ('+' the turn
// wins for the mover, '0' draws, '-' loses). Positions come from seeded
// generator games (pxPolicyTurn, as pxGenerate) with a stone count drawn
// from the range; quotas favour the long wins, draws and losses (the short
// wins are the search's job, not the estimate's):
//
//	TABLETOP_PENTAGO_TUNE_GEN=$PWD/ai/testdata/pentago_tune_train.txt \
//	TABLETOP_PENTAGO_TUNE_STONES=19-23 TABLETOP_PENTAGO_TUNE_N=40 \
//	TABLETOP_PENTAGO_TUNE_SEED=101 GOMAXPROCS=1 taskset -c 1 \
//	go test ./ai -run PentagoTuneGenerate -v -timeout 300m
//
// (N positions per category for win4+/draw/loss, N/8 for win1–3). The
// training file pentago_tune_train.txt was made so (stopped after 20
// win4+ positions: 96 positions, 11 526 after their turns, ~25 min);
// the held-out validation file pentago_tune_valid.txt with
// TABLETOP_PENTAGO_TUNE_STONES=19-22 TABLETOP_PENTAGO_TUNE_N=16
// TABLETOP_PENTAGO_TUNE_SEED=202 (54 positions, ~20 min). With
// TABLETOP_PENTAGO_TUNE_FROM=FILE it adds instead the turn values to the
// positions of a file written by TestPentagoExactGenerate.
//
// TestPentagoTuneExpand turns such a file into labelled positions for the
// estimate tuner in game/pentago (TestTuneEstimate there): each root and
// the position after each of its turns that does not end the game, as
// "ROOT|POSITION|VALUE" with VALUE for the mover of POSITION:
//
//	TABLETOP_PENTAGO_TUNE_EXPAND=ai/testdata/pentago_tune_train.txt:/tmp/train.txt
//
// TestPentagoTuneMeasure lets hard choose a turn in each position of a
// file and judges it by the stored turn values (no solving needed):
//
//	TABLETOP_PENTAGO_TUNE_MEASURE=testdata/pentago_tune_valid.txt \
//	go test ./ai -run PentagoTuneMeasure -v -timeout 60m
//
// TABLETOP_PENTAGO_TUNE_BUDGET=1.5s overrides hard's budget;
// TABLETOP_PENTAGO_TUNE_DEPTH=5 searches instead to that fixed depth with
// one thread (a proxy that does not depend on the machine's load);
// TABLETOP_PENTAGO_TUNE_LONG=1 measures only the win4+ and draw positions.

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
)

// pxTuneCase is a solved position with the value of each of its turns.
type pxTuneCase struct {
	pxCase
	turns []pxTurn
	vals  []int8
}

func pxTurnChars(vals []int8) string {
	b := make([]byte, len(vals))
	for i, v := range vals {
		b[i] = "-0+"[v+1]
	}
	return string(b)
}

func TestPentagoTuneGenerate(t *testing.T) {
	path := os.Getenv("TABLETOP_PENTAGO_TUNE_GEN")
	if path == "" {
		t.Skip("set TABLETOP_PENTAGO_TUNE_GEN=FILE")
	}
	lo, hi, n, seed := 19, 23, 40, uint64(101)
	pxEnvSample(t, "TABLETOP_PENTAGO_TUNE", &lo, &hi, &n, &seed)
	if from := os.Getenv("TABLETOP_PENTAGO_TUNE_FROM"); from != "" {
		// Add the turn values to the positions of a file written by
		// TestPentagoExactGenerate.
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		x := newPxSolver(22)
		for _, c := range pxReadCases(t, from) {
			_, vals := x.turnValues(c.me, c.opp)
			fmt.Fprintf(f, "%s|%d|%s|%s\n", c.pos, c.value, c.category, pxTurnChars(vals))
		}
		return
	}
	quota := map[string]int{"win1": max(n/8, 1), "win2": max(n/8, 1), "win3": max(n/8, 1), "win4+": n, "draw": n, "loss": n}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x := newPxSolver(22)
	rng := game.NewRand(seed)
	have := map[string]int{}
	done := func() bool {
		for c, q := range quota {
			if have[c] < q {
				return false
			}
		}
		return true
	}
	seen := map[[2]uint64]bool{}
	start := time.Now()
	for g := 0; g < 100000 && !done(); g++ {
		me, opp, ok := pxSample(rng, lo, hi, seen)
		if !ok {
			continue
		}
		cat := x.shortWin(me, opp)
		if cat != "" && have[cat] >= quota[cat] {
			continue
		}
		if cat == "" && have["win4+"] >= quota["win4+"] && have["draw"] >= quota["draw"] && have["loss"] >= quota["loss"] {
			continue
		}
		_, vals := x.turnValues(me, opp)
		v := int8(-1)
		for _, tv := range vals {
			v = max(v, tv)
		}
		if cat == "" {
			switch v {
			case 1:
				cat = "win4+"
			case 0:
				cat = "draw"
			default:
				cat = "loss"
			}
		}
		if have[cat] >= quota[cat] {
			continue
		}
		have[cat]++
		fmt.Fprintf(f, "%s|%d|%s|%s\n", pxPositionString(me, opp), v, cat, pxTurnChars(vals))
		if sum := have["win4+"] + have["draw"] + have["loss"]; sum%10 == 0 && cat != "win1" && cat != "win2" && cat != "win3" {
			t.Logf("%v: %v", time.Since(start).Round(time.Second), have)
		}
	}
	t.Logf("%v: %v", time.Since(start).Round(time.Second), have)
	if !done() {
		t.Fatalf("found only %v, want %v", have, quota)
	}
}

// pxReadTuneCases reads a file written by TestPentagoTuneGenerate.
func pxReadTuneCases(t testing.TB, path string) []pxTuneCase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []pxTuneCase
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			t.Fatalf("%s: bad line %q", path, line)
		}
		me, opp, ok := pxFromState(mustState(t, "pentago", f[0]))
		var v int8
		if _, err := fmt.Sscan(f[1], &v); !ok || err != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		kids := pxChildren(me, opp, nil)
		if len(kids) != len(f[3]) {
			t.Fatalf("%s: %q has %d turns, the file %d", path, f[0], len(kids), len(f[3]))
		}
		c := pxTuneCase{pxCase: pxCase{pos: f[0], me: me, opp: opp, value: v, category: f[2]}}
		for i, k := range kids {
			c.turns = append(c.turns, k.turn)
			c.vals = append(c.vals, int8(strings.IndexByte("-0+", f[3][i])-1))
		}
		out = append(out, c)
	}
	return out
}

func TestPentagoTuneExpand(t *testing.T) {
	spec := os.Getenv("TABLETOP_PENTAGO_TUNE_EXPAND")
	if spec == "" {
		t.Skip("set TABLETOP_PENTAGO_TUNE_EXPAND=IN:OUT")
	}
	in, out, ok := strings.Cut(spec, ":")
	if !ok {
		t.Fatal("want IN:OUT")
	}
	cases := pxReadTuneCases(t, in)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for i, c := range cases {
		fmt.Fprintf(f, "%d|%s|%d\n", i, c.pos, c.value)
		for j, k := range pxChildren(c.me, c.opp, nil) {
			if k.final {
				continue
			}
			fmt.Fprintf(f, "%d|%s|%d\n", i, pxPositionString(k.me, k.opp), -c.vals[j])
			n++
		}
	}
	t.Logf("%d roots, %d positions after their turns", len(cases), n)
}

func TestPentagoTuneMeasure(t *testing.T) {
	path := os.Getenv("TABLETOP_PENTAGO_TUNE_MEASURE")
	if path == "" {
		t.Skip("set TABLETOP_PENTAGO_TUNE_MEASURE=FILE")
	}
	opt := Options{Level: Hard}
	if v := os.Getenv("TABLETOP_PENTAGO_TUNE_BUDGET"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		opt.Budget = d
	}
	if v := os.Getenv("TABLETOP_PENTAGO_TUNE_DEPTH"); v != "" {
		// A timing-free proxy: one thread to a fixed depth.
		fmt.Sscan(v, &opt.MaxDepth)
		opt.Threads, opt.Budget = 1, time.Hour
	}
	skipShort := os.Getenv("TABLETOP_PENTAGO_TUNE_LONG") != ""
	cases := pxReadTuneCases(t, path)
	tally := pxTally{}
	for _, c := range pxCategories {
		tally[c] = &[2]int{}
	}
	byStones := map[int]*[2]int{}
	for _, c := range cases {
		if skipShort && c.category != "win4+" && c.category != "draw" {
			continue
		}
		if c.value == -1 {
			tally[c.category][1]++
			tally[c.category][0]++
			continue
		}
		s := mustState(t, "pentago", c.pos)
		res := Search(context.Background(), s, opt)
		got := strings.Join(FormatLine(s, res.Turn), " ")
		val := int8(-2)
		for i, tr := range c.turns {
			if strings.Join(FormatLine(s, pxEngineTurn(tr)), " ") == got {
				val = c.vals[i]
				break
			}
		}
		if val == -2 {
			t.Fatalf("%q: turn %q not found among the solver's turns", c.pos, got)
		}
		tl := tally[c.category]
		tl[1]++
		st := bits.OnesCount64(c.me | c.opp)
		if byStones[st] == nil {
			byStones[st] = &[2]int{}
		}
		byStones[st][1]++
		if val >= c.value {
			tl[0]++
			byStones[st][0]++
		} else {
			t.Logf("%s %q: %s (score %.1f, depth %d) leads to %+d, value %+d",
				c.category, c.pos, got, res.Score, res.Depth, val, c.value)
		}
	}
	for st := 0; st <= 36; st++ {
		if k := byStones[st]; k != nil {
			t.Logf("%d stones: kept %d/%d (not lost)", st, k[0], k[1])
		}
	}
	budget := "its default"
	if opt.Budget > 0 {
		budget = opt.Budget.String()
	}
	t.Logf("%s: hard (budget %s): %v", path, budget, tally)
}
