package ai

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
)

// TestSolveQuad5 solves Quad 5×5 from the start with the exact search.
// It runs only when TABLETOP_SOLVE_QUAD5 is set to a time cap (e.g. 45m),
// as it takes long; the result is recorded in the README.
func TestSolveQuad5(t *testing.T) {
	capText := os.Getenv("TABLETOP_SOLVE_QUAD5")
	if capText == "" {
		t.Skip("set TABLETOP_SOLVE_QUAD5=45m to solve quad5")
	}
	budget, err := time.ParseDuration(capText)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.NewState("quad5", "")
	if err != nil {
		t.Fatal(err)
	}
	sr := NewSearcherBits(25)
	start := time.Now()
	res := sr.Search(context.Background(), s, Options{Level: Max, Budget: budget, Threads: 1,
		Progress: func(p Progress) {
			t.Logf("depth %d score %.2f nodes %d time %v pv %v", p.Depth, p.Score, p.Nodes, p.Time.Round(time.Millisecond), FormatLine(s, p.PV))
		}})
	t.Logf("result after %v: score %.2f depth %d exact=%v pv %v", time.Since(start).Round(time.Millisecond), res.Score, res.Depth, res.Exact, FormatLine(s, res.PV))
}
