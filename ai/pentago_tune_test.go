package ai

import (
	"context"
	"flag"
	"fmt"
	"math/bits"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game/pentagoexact"
)

var (
	tuneFile    = flag.String("pentago.tune", "", "TestPentagoTuneMeasure: measure hard on the positions of this file (with every turn's value)")
	tuneDepth   = flag.Int("pentago.tune-depth", 0, "TestPentagoTuneMeasure: search to this fixed depth with one thread instead of by time")
	tuneLong    = flag.Bool("pentago.tune-long", false, "TestPentagoTuneMeasure: measure only the win4+ and draw positions")
	tuneVerbose = flag.Bool("pentago.tune-v", false, "TestPentagoTuneMeasure: log every search")
	tuneProbe   = flag.String("pentago.probe", "", "TestPentagoTuneMeasure: DEPTH/WORK of the solver's probes inside the search (WORK 0: none)")
)

// TestPentagoTuneMeasure lets hard choose a turn in each position of a
// file written by game/pentagoexact's TestTuneGenerate and judges it
// by the stored turn values (no solving needed); only with -pentago.tune
// FILE:
//
//	go test ./ai -run PentagoTuneMeasure -v -timeout 60m -args -pentago.tune testdata/pentago_tune_valid.txt
//
// -pentago.budget overrides hard's budget; -pentago.tune-depth 5 searches
// instead to that fixed depth with one thread (a proxy that does not
// depend on the machine's load); -pentago.tune-long measures only the
// win4+ and draw positions.
func TestPentagoTuneMeasure(t *testing.T) {
	if *tuneFile == "" {
		t.Skip("give -pentago.tune FILE after -args")
	}
	path := *tuneFile
	opt := Options{Level: Hard, Budget: *pentagoBudget, NoSolver: *pentagoNoSolver}
	if *tuneDepth > 0 {
		// A timing-free proxy: one thread to a fixed depth.
		opt.MaxDepth = *tuneDepth
		opt.Threads, opt.Budget = 1, time.Hour
	}
	if *tuneProbe != "" {
		defer func(d, w int) { probeDepth, probeWork = d, w }(probeDepth, probeWork)
		if _, err := fmt.Sscanf(*tuneProbe, "%d/%d", &probeDepth, &probeWork); err != nil {
			t.Fatalf("-pentago.probe %q: %v", *tuneProbe, err)
		}
		if probeWork == 0 {
			probeDepth = maxPly + 1
		}
	}
	cases, err := pentagoexact.ReadTuneCases(path)
	if err != nil {
		t.Fatal(err)
	}
	tally := pentagoexact.NewTally()
	byStones := map[int]*[2]int{}
	for _, c := range cases {
		if *tuneLong && c.Category != "win4+" && c.Category != "draw" {
			continue
		}
		if c.Value == -1 {
			tally[c.Category][1]++
			tally[c.Category][0]++
			continue
		}
		s := mustState(t, "pentago", c.Pos)
		start := time.Now()
		res := Search(context.Background(), s, opt)
		if *tuneVerbose {
			t.Logf("%d stones %s: exact %v depth %d score %.1f in %v", bits.OnesCount64(c.Me|c.Opp), c.Category, res.Exact, res.Depth, res.Score, time.Since(start).Round(time.Millisecond))
		}
		got := strings.Join(FormatLine(s, res.Turn), " ")
		val := int8(-2)
		for i, tr := range c.Turns {
			if strings.Join(FormatLine(s, tr.Moves()), " ") == got {
				val = c.Values[i]
				break
			}
		}
		if val == -2 {
			t.Fatalf("%q: turn %q not found among the solver's turns", c.Pos, got)
		}
		tl := tally[c.Category]
		tl[1]++
		st := bits.OnesCount64(c.Me | c.Opp)
		if byStones[st] == nil {
			byStones[st] = &[2]int{}
		}
		byStones[st][1]++
		if val >= c.Value {
			tl[0]++
			byStones[st][0]++
		} else {
			t.Logf("%s %q: %s (score %.1f, depth %d) leads to %+d, value %+d",
				c.Category, c.Pos, got, res.Score, res.Depth, val, c.Value)
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
