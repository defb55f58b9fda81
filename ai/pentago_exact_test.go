package ai

// The search against exact values of late Pentago positions, from the
// solver in game/pentagoexact. TestPentagoKeepsExactValue runs with
// the other tests; the longer measurements run only when their flags are
// given after -args:
//
//	go test ./ai -run PentagoExactLong -v -timeout 30m -args -pentago.long
//	go test ./ai -run PentagoExactLong -v -timeout 60m -args -pentago.file testdata/pentago_exact_18_21.txt
//	go test ./ai -run PentagoTuneMeasure -v -timeout 60m -args -pentago.tune testdata/pentago_tune_valid.txt

import (
	"context"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game/pentagoexact"
)

var (
	pentagoLong     = flag.Bool("pentago.long", false, "TestPentagoExactLong: measure hard on generated positions")
	pentagoFile     = flag.String("pentago.file", "", "TestPentagoExactLong: measure hard on the solved positions of this file instead")
	pentagoVerify   = flag.Bool("pentago.verify", false, "TestPentagoExactLong: solve the file's positions again first")
	pentagoStones   = flag.String("pentago.stones", "22-28", "TestPentagoExactLong: stone counts of generated positions")
	pentagoN        = flag.Int("pentago.n", 12, "TestPentagoExactLong: generated positions per category")
	pentagoSeed     = flag.Uint64("pentago.seed", 2, "TestPentagoExactLong: seed of the generator games")
	pentagoBudget   = flag.Duration("pentago.budget", 0, "TestPentagoExactLong, TestPentagoTuneMeasure: hard's budget (default: its own)")
	pentagoNoSolver = flag.Bool("pentago.nosolver", false, "TestPentagoExactLong, TestPentagoTuneMeasure: hard without the exact solver (Options.NoSolver)")
)

// pxMeasure lets a Searcher of its own (so that no earlier test's table
// changes the result) choose a turn in every case, solves the position it
// leads to and counts whether the turn keeps the case's value. It logs
// every turn that throws a value away.
func pxMeasure(t *testing.T, x *pentagoexact.Solver, cases []pentagoexact.Case, opt Options) pentagoexact.Tally {
	tally := pentagoexact.NewTally()
	sr := NewSearcher()
	for _, c := range cases {
		s := mustState(t, "pentago", c.Pos)
		res := sr.Search(context.Background(), s, opt)
		after := s.Clone()
		for _, m := range res.Turn {
			if after.Terminal() || !after.IsLegal(m) {
				t.Fatalf("%q: turn %v is not legal", c.Pos, FormatLine(s, res.Turn))
			}
			after.Apply(m)
		}
		var got int8
		if after.Terminal() {
			got = map[int]int8{100: 1, 50: 0, 0: -1}[after.Goal(s.ToMove())]
		} else {
			me, opp, ok := pentagoexact.FromState(after)
			if !ok || after.ToMove() == s.ToMove() {
				t.Fatalf("%q: turn %v is not a whole turn", c.Pos, FormatLine(s, res.Turn))
			}
			got = -x.Value(me, opp)
		}
		tl := tally[c.Category]
		tl[1]++
		if got >= c.Value {
			tl[0]++
		} else {
			t.Logf("%s %q: %v (score %.1f, depth %d) leads to %+d, value %+d",
				c.Category, c.Pos, FormatLine(s, res.Turn), res.Score, res.Depth, got, c.Value)
		}
	}
	return tally
}

// pxKeepNodes is hard's node budget in TestPentagoKeepsExactValue: about
// what it searched in the 300 ms the test gave it before (one thread),
// counted so that neither the machine's load nor the race detector
// changes what it finds.
const pxKeepNodes = 100_000

// TestPentagoKeepsExactValue measures the search against exact values of
// late positions (24–28 stones) from seeded games. A forced win within
// three turns must never be thrown away; the other figures are logged.
func TestPentagoKeepsExactValue(t *testing.T) {
	if testing.Short() {
		t.Skip("solves positions exactly")
	}
	if raceEnabled {
		t.Skip("solving the positions takes minutes under the race detector; the run without it checks them")
	}
	x := pentagoexact.NewSolver(20)
	quota := map[string]int{"win1": 3, "win2": 4, "win3": 4, "win4+": 2, "draw": 5, "loss": 3}
	cases, err := pentagoexact.Generate(x, 1, 24, 28, quota, nil)
	if err != nil {
		t.Fatal(err)
	}
	// With the solver hard settles every one of these positions at the
	// root; without it the search alone must still find the short wins.
	for _, noSolver := range []bool{false, true} {
		tally := pxMeasure(t, x, cases, Options{Level: Hard, Nodes: pxKeepNodes, Threads: 1, NoSolver: noSolver})
		t.Logf("hard at %d nodes, without the solver %v: %v", pxKeepNodes, noSolver, tally)
		for _, c := range []string{"win1", "win2", "win3"} {
			if k := tally[c]; k[0] != k[1] || k[1] != quota[c] {
				t.Errorf("without the solver %v: %s: kept %d of %d forced wins (want all %d)", noSolver, c, k[0], k[1], quota[c])
			}
		}
	}
}

// TestPentagoExactLong is the longer measurement, run only with
// -pentago.long (generated positions: -pentago.stones, -pentago.n per
// category, -pentago.seed) or -pentago.file FILE (positions written by
// game/pentagoexact's TestGenerate: testdata/pentago_exact_20_24.txt,
// 72 positions with 20–24 stones, seed 7, or
// testdata/pentago_exact_18_21.txt, 18–21 stones, seed 18), with
// -pentago.verify to solve them again first (values and win categories;
// about 25 s for the 20–24 file). -pentago.budget sets hard's budget.
// Each measured turn is judged by solving the position it leads to, so
// 18-stone cases cost up to ~10 s of solving each besides the search.
func TestPentagoExactLong(t *testing.T) {
	if !*pentagoLong && *pentagoFile == "" {
		t.Skip("give -pentago.long or -pentago.file FILE after -args")
	}
	opt := Options{Level: Hard, Budget: *pentagoBudget, NoSolver: *pentagoNoSolver}
	x := pentagoexact.NewSolver(22)
	var cases []pentagoexact.Case
	if *pentagoFile != "" {
		cases = pxReadSolved(t, x, *pentagoFile, *pentagoVerify)
	} else {
		lo, hi, err := pentagoexact.ParseStones(*pentagoStones)
		if err != nil {
			t.Fatal(err)
		}
		quota := map[string]int{}
		for _, c := range pentagoexact.Categories {
			quota[c] = *pentagoN
		}
		start := time.Now()
		if cases, err = pentagoexact.Generate(x, *pentagoSeed, lo, hi, quota, nil); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d positions with %d–%d stones solved in %v", len(cases), lo, hi, time.Since(start).Round(time.Millisecond))
	}
	tally := pxMeasure(t, x, cases, opt)
	budget := "its default"
	if opt.Budget > 0 {
		budget = opt.Budget.String()
	}
	t.Logf("hard (budget %s): %v", budget, tally)
	for _, c := range []string{"win1", "win2", "win3"} {
		if k := tally[c]; k[0] != k[1] {
			t.Errorf("%s: kept %d of %d forced wins", c, k[0], k[1])
		}
	}
}

// pxReadSolved reads a file of solved positions and, with verify, solves
// each again and checks its value and win category.
func pxReadSolved(t *testing.T, x *pentagoexact.Solver, path string, verify bool) []pentagoexact.Case {
	start := time.Now()
	cases, err := pentagoexact.ReadCases(path)
	if err != nil {
		t.Fatal(err)
	}
	if verify {
		retro := 0
		for _, c := range cases {
			if v := x.Value(c.Me, c.Opp); v != c.Value {
				t.Fatalf("%s: %q has value %d, the file says %d", path, c.Pos, v, c.Value)
			}
			if x.LastRetro() {
				retro++
			}
			if c.Value == 1 {
				if cat := x.Category(c.Me, c.Opp, c.Value); cat != c.Category {
					t.Fatalf("%s: %q is %s, the file says %s", path, c.Pos, cat, c.Category)
				}
			}
		}
		t.Logf("%s: all %d values (and win categories) verified in %v (%d by retrograde analysis)",
			path, len(cases), time.Since(start).Round(time.Millisecond), retro)
	}
	t.Logf("%d positions read from %s", len(cases), path)
	return cases
}

// pxExactNodes is max's node budget in TestPentagoPlaysExactly; after
// the solve a quarter of it chooses among the turns that keep the value.
const pxExactNodes = 2_000_000

// TestPentagoPlaysExactly: max, with the solver, keeps the exact value
// of positions of 20 stones that hard without it gave away (in the
// measurements on testdata/pentago_tune_valid.txt: two draws and a long
// win), and says it is proven. Its budget is counted in nodes, so the
// solve is tried and runs to its end however slow the machine is (on a
// clock, whether it is tried follows the solver's measured speed); the
// turn is judged by the file's stored value of every turn.
func TestPentagoPlaysExactly(t *testing.T) {
	if testing.Short() {
		t.Skip("solves positions of 20 stones")
	}
	if raceEnabled {
		t.Skip("three retrograde analyses of 20 stones take minutes under the race detector")
	}
	want := map[string]bool{
		"r.br../br...b/r.b.b./.bbb../rbrr../r.rrb. red place":   true,
		"rr.br./.b.rr./b...../r.br.r/b.r.b./.brb.b black place": true,
		"rb..../brbrb./r.brr./b.rb../.r..b./r..r.b black place": true,
	}
	cases, err := pentagoexact.ReadTuneCases("testdata/pentago_tune_valid.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if !want[c.Pos] {
			continue
		}
		delete(want, c.Pos)
		s := mustState(t, "pentago", c.Pos)
		res := NewSearcher().Search(context.Background(), s, Options{Level: Max, Nodes: pxExactNodes, Threads: 1})
		got := strings.Join(FormatLine(s, res.Turn), " ")
		val := int8(-2)
		for i, tr := range c.Turns {
			if strings.Join(FormatLine(s, tr.Moves()), " ") == got {
				val = c.Values[i]
			}
		}
		if val != c.Value || !res.Exact || res.Score != float64(50+50*int(c.Value)) {
			t.Errorf("%s (%s): %s leads to %d, value %d; exact %v score %.1f", c.Pos, c.Category, got, val, c.Value, res.Exact, res.Score)
		}
	}
	if len(want) > 0 {
		t.Fatalf("not in the file: %v", want)
	}
}
