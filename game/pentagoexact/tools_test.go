package pentagoexact

// The long jobs: each test here runs only when its flag is given, after
// -args (see the package documentation for the commands that made the
// files in ai/testdata). Relative paths are relative to this directory.

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
)

var (
	generateFile = flag.String("generate", "", "TestGenerate: write solved positions to this file")
	withTurns    = flag.Bool("turns", false, "TestGenerate: count the turns that keep each position's value (one retrograde solve per position)")
	tuneFile     = flag.String("tune-generate", "", "TestTuneGenerate: write solved positions with the value of every turn to this file")
	tuneFrom     = flag.String("from", "", "TestTuneGenerate: add the turn values to the positions of this file instead of generating positions")
	expandFile   = flag.String("tune-expand", "", "TestTuneExpand: read positions with turn values from this file")
	expandOut    = flag.String("out", "", "TestTuneExpand: write the labelled positions to this file")
	stonesFlag   = flag.String("stones", "", "generated positions: stone counts, e.g. 22-28 (default: the test's)")
	perCategory  = flag.Int("n", 0, "generated positions: how many per category (default: the test's)")
	seedFlag     = flag.Uint64("seed", 0, "generated positions: seed of the games (default: the test's)")
	probeStones  = flag.String("probe", "", "TestSpeedProbe: stone counts to probe, e.g. 20,18")
	probeN       = flag.Int("probe-n", 6, "TestSpeedProbe: positions per stone count")
	probeTT      = flag.Uint("probe-tt", 24, "TestSpeedProbe: log2 of the table entries")
	probeAB      = flag.Int64("probe-ab", defaultABLimit, "TestSpeedProbe: alpha-beta nodes before retrograde analysis (0: never, < 0: always)")
	probePos     = flag.String("probe-pos", "", "TestSpeedProbe: solve these positions instead (';' between them)")
	probeRef     = flag.Bool("probe-ref", false, "TestSpeedProbe: solve each position with the reference solver too")
	probeThreads = flag.Int("probe-threads", 1, "TestSpeedProbe: threads of the retrograde analysis")
)

// sample returns the stone range, count per category and seed of
// generated positions: the flags that were given, else the defaults.
func sample(t *testing.T, lo, hi, n int, seed uint64) (int, int, int, uint64) {
	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["stones"] {
		var err error
		if lo, hi, err = ParseStones(*stonesFlag); err != nil {
			t.Fatal(err)
		}
	}
	if set["n"] {
		n = *perCategory
	}
	if set["seed"] {
		seed = *seedFlag
	}
	return lo, hi, n, seed
}

// TestGenerate writes solved positions, one a line:
// "POSITION|VALUE|CATEGORY|KEEP/ALL" where KEEP is how many of the ALL
// turns keep the value (only with -turns, else 0/0). Defaults: 22–26
// stones, 12 per category, seed 3.
func TestGenerate(t *testing.T) {
	if *generateFile == "" {
		t.Skip("give -generate FILE")
	}
	lo, hi, n, seed := sample(t, 22, 26, 12, 3)
	x := NewSolver(22)
	quota := map[string]int{}
	for _, c := range Categories {
		quota[c] = n
	}
	f, err := os.Create(*generateFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = Generate(x, seed, lo, hi, quota, func(c Case) {
		keep, all := 0, 0
		if *withTurns {
			_, vals := x.turnValues(c.Me, c.Opp)
			for _, v := range vals {
				if v >= c.Value {
					keep++
				}
			}
			all = len(vals)
		}
		fmt.Fprintf(f, "%s|%d|%s|%d/%d\n", c.Pos, c.Value, c.Category, keep, all)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSpeedProbe solves positions from generator games and logs the
// solver's nodes and time per position.
func TestSpeedProbe(t *testing.T) {
	if *probeStones == "" && *probePos == "" {
		t.Skip("give -probe 20,18 or -probe-pos 'POSITION;…'")
	}
	x := NewSolver(*probeTT)
	x.abLimit = *probeAB
	x.retro.threads = *probeThreads
	if *probePos != "" {
		for _, p := range strings.Split(*probePos, ";") {
			me, opp, _ := FromState(mustState(t, p))
			start := time.Now()
			x.nodes = 0
			v := x.value(me, opp)
			t.Logf("v=%+d nodes=%d retro=%v pairs=%d %v  %s", v, x.nodes, x.lastRetro, x.lastPairs, time.Since(start).Round(time.Millisecond), p)
		}
		return
	}
	rng := game.NewRand(5)
	for _, f := range strings.Split(*probeStones, ",") {
		var n int
		if _, err := fmt.Sscan(f, &n); err != nil {
			t.Fatalf("-probe %q: %v", *probeStones, err)
		}
		probeStoneCount(t, x, rng, n)
	}
}

// probeStoneCount solves -probe-n positions with n stones from generator
// games and logs each.
func probeStoneCount(t *testing.T, x *Solver, rng *game.Rand, n int) {
	var total time.Duration
	var totalNodes int64
	for g := 0; g < *probeN; {
		hist := pxPolicyGame(rng)
		if len(hist) < n {
			continue
		}
		g++
		me, opp := hist[n-1][0], hist[n-1][1]
		start := time.Now()
		x.nodes = 0
		v := x.value(me, opp)
		el := time.Since(start)
		nodes := x.nodes
		retro := ""
		if x.lastRetro {
			retro = fmt.Sprintf(" retro pairs=%d", x.lastPairs)
		}
		cat := x.category(me, opp, v)
		total += el
		totalNodes += nodes
		ref := ""
		if *probeRef {
			r := newPxRefSolver(22)
			rs := time.Now()
			ref = fmt.Sprintf(" ref %d in %v (%d nodes)", r.value(me, opp), time.Since(rs).Round(time.Millisecond), r.nodes)
		}
		t.Logf("n=%d v=%+d %-5s nodes=%d%s %v (category %v)%s  %s", n, v, cat, nodes, retro, el.Round(time.Millisecond),
			(time.Since(start) - el).Round(time.Millisecond), ref, PositionString(me, opp))
	}
	t.Logf("n=%d: %d positions, %d nodes, %v", n, *probeN, totalNodes, total.Round(time.Millisecond))
}

// TestTuneGenerate writes solved positions with the exact value of every
// turn, one position a line, "POSITION|VALUE|CATEGORY|TURNS" (TURNS as
// TurnChars writes them, in pxChildren order). Positions come from seeded
// generator games (as Generate's); quotas favour the long wins, draws and
// losses (the short wins are the search's job, not the estimate's): N
// positions per category for win4+/draw/loss, N/8 for win1–3. Defaults:
// 19–23 stones, N = 40, seed 101. The training file
// ai/testdata/pentago_tune_train.txt was made so (stopped after 20 win4+
// positions: 96 positions, 11 526 after their turns, ~25 min, with
// GOMAXPROCS=1); the held-out validation file pentago_tune_valid.txt with
// -stones 19-22 -n 16 -seed 202 (54 positions, ~20 min). With -from FILE
// it adds instead the turn values to the positions of a file written by
// TestGenerate.
func TestTuneGenerate(t *testing.T) {
	if *tuneFile == "" {
		t.Skip("give -tune-generate FILE")
	}
	lo, hi, n, seed := sample(t, 19, 23, 40, 101)
	f, err := os.Create(*tuneFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x := NewSolver(22)
	if *tuneFrom != "" {
		cases, err := ReadCases(*tuneFrom)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			_, vals := x.turnValues(c.Me, c.Opp)
			fmt.Fprintf(f, "%s|%d|%s|%s\n", c.Pos, c.Value, c.Category, TurnChars(vals))
		}
		return
	}
	quota := map[string]int{"win1": max(n/8, 1), "win2": max(n/8, 1), "win3": max(n/8, 1), "win4+": n, "draw": n, "loss": n}
	have := map[string]int{}
	done := func() bool {
		for c, q := range quota {
			if have[c] < q {
				return false
			}
		}
		return true
	}
	rng := game.NewRand(seed)
	seen := map[[2]uint64]bool{}
	start := time.Now()
	for g := 0; g < 100000 && !done(); g++ {
		me, opp, ok := pxSample(rng, lo, hi, seen)
		if !ok {
			continue
		}
		cat, v, vals := tuneCase(x, me, opp, quota, have)
		if cat == "" {
			continue
		}
		have[cat]++
		fmt.Fprintf(f, "%s|%d|%s|%s\n", PositionString(me, opp), v, cat, TurnChars(vals))
		if sum := have["win4+"] + have["draw"] + have["loss"]; sum%10 == 0 && cat != "win1" && cat != "win2" && cat != "win3" {
			t.Logf("%v: %v", time.Since(start).Round(time.Second), have)
		}
	}
	t.Logf("%v: %v", time.Since(start).Round(time.Second), have)
	if !done() {
		t.Fatalf("found only %v, want %v", have, quota)
	}
}

// tuneCase solves a sampled position and every turn of it, unless its
// category is already full; cat is "" then.
func tuneCase(x *Solver, me, opp uint64, quota, have map[string]int) (cat string, v int8, vals []int8) {
	cat = x.shortWin(me, opp)
	if cat != "" && have[cat] >= quota[cat] {
		return "", 0, nil
	}
	if cat == "" && have["win4+"] >= quota["win4+"] && have["draw"] >= quota["draw"] && have["loss"] >= quota["loss"] {
		return "", 0, nil
	}
	_, vals = x.turnValues(me, opp)
	v = int8(-1)
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
		return "", 0, nil
	}
	return cat, v, vals
}

// TestTuneExpand turns a file written by TestTuneGenerate into labelled
// positions for the estimate tuner in game/pentago (TestTuneEstimate
// there): each root and the position after each of its turns that does
// not end the game, as "ROOT|POSITION|VALUE" with VALUE for the mover of
// POSITION.
func TestTuneExpand(t *testing.T) {
	if *expandFile == "" {
		t.Skip("give -tune-expand IN -out OUT")
	}
	if *expandOut == "" {
		t.Fatal("give -out FILE")
	}
	cases, err := ReadTuneCases(*expandFile)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(*expandOut)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for i, c := range cases {
		fmt.Fprintf(f, "%d|%s|%d\n", i, c.Pos, c.Value)
		for j, k := range pxChildren(c.Me, c.Opp, nil) {
			if k.final {
				continue
			}
			fmt.Fprintf(f, "%d|%s|%d\n", i, PositionString(k.me, k.opp), -c.Values[j])
			n++
		}
	}
	t.Logf("%d roots, %d positions after their turns", len(cases), n)
}

// mustState parses a "pentago" position.
func mustState(t testing.TB, pos string) game.State {
	t.Helper()
	s, err := game.NewState("pentago", pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
