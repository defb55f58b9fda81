package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game/pentagoexact"
)

// TestAnalyzeSolvedPentago: a position the solver affords is reported
// as the solver's proven value, and the best moves with their exact
// values, best first.
func TestAnalyzeSolvedPentago(t *testing.T) {
	if raceEnabled {
		t.Skip("whether the solver is tried follows its measured speed, which the race detector cuts several times")
	}
	pos := "b.rbb./.brb../rrbb../b....r/rrb.rr/r..rbb red place" // a draw, 22 stones
	s := mustState(t, "pentago", pos)
	var reports []Analysis
	// A long budget (the analysis ends when solved): whether the solver
	// is tried depends on its measured speed, not on the machine's load.
	opt := AnalysisOptions{Options: Options{Level: Max, Budget: time.Minute}, Moves: 5}
	an := NewAnalyzer().Analyze(context.Background(), s, opt, func(a Analysis) { reports = append(reports, a) })
	if !an.Done || !an.Proven || !an.Solver || an.Score != 50 || len(reports) < 2 || !reports[len(reports)-1].Done {
		t.Fatalf("analysis %+v after %d reports, want the solver's draw", an, len(reports))
	}
	x := pentagoexact.NewSolver(20)
	for i, mv := range an.Moves {
		if i > 0 && mv.Score > an.Moves[i-1].Score {
			t.Fatalf("moves out of order: %v", an.Moves)
		}
		after := s.Clone()
		for _, m := range mv.Line {
			after.Apply(m)
		}
		me, opp, ok := pentagoexact.FromState(after)
		if !ok || !mv.Proven || len(mv.Line) != 2 {
			t.Fatalf("move %v: line %v, proven %v", s.FormatMove(mv.Move), FormatLine(s, mv.Line), mv.Proven)
		}
		if want := 50 - 50*float64(x.Value(me, opp)); mv.Score != want {
			t.Fatalf("move %v: score %.0f, the solver says %.0f", FormatLine(s, mv.Line), mv.Score, want)
		}
	}
	if len(an.Moves) != 5 || an.Moves[0].Score != 50 {
		t.Fatalf("%d moves, best %.0f", len(an.Moves), an.Moves[0].Score)
	}
}

// TestAnalyzerRemembersProofs: a position one analysis proved is proven
// for every later one of the same Analyzer, whatever its budget (a new
// Analyzer, at that budget, does not prove it: the disagreement the
// memory prevents).
func TestAnalyzerRemembersProofs(t *testing.T) {
	s := mustState(t, "quad5", "-...-/..x../.ox../..o../-...- x 0 0")
	a := NewAnalyzer()
	first := a.Analyze(context.Background(), s, AnalysisOptions{Options: Options{Level: Max, Budget: 20 * time.Second}}, nil)
	if !first.Proven {
		t.Fatalf("not proven at max: %+v", first)
	}
	short := AnalysisOptions{Options: Options{Level: Hard, Budget: time.Millisecond, Threads: 1, MaxDepth: 1}}
	if again := a.Analyze(context.Background(), s, short, nil); !again.Proven || again.Score != first.Score {
		t.Fatalf("the same analyzer, short: %+v, first %+v", again, first)
	}
	if fresh := NewAnalyzer().Analyze(context.Background(), s, short, nil); fresh.Proven {
		t.Fatalf("a fresh analyzer proves it at depth 1: the test shows nothing")
	}
}

// TestAnalyzeMoves: without a solver the search reports the best few
// moves with full-window values, best first, the first the line's.
func TestAnalyzeMoves(t *testing.T) {
	s := mustState(t, "quad7", "")
	an := NewAnalyzer().Analyze(context.Background(), s, AnalysisOptions{Options: Options{Level: Hard, Budget: 300 * time.Millisecond}, Moves: 4}, nil)
	if len(an.Moves) != 4 || an.Moves[0].Move != an.Line[0] || an.Moves[0].Score != an.Score || an.Solver {
		t.Fatalf("analysis %+v", an)
	}
	for i := 1; i < len(an.Moves); i++ {
		if an.Moves[i].Score > an.Moves[i-1].Score || !s.IsLegal(an.Moves[i].Move) {
			t.Fatalf("moves %+v", an.Moves)
		}
	}
}

// TestStreamEndsWithTheLastReport: a reader that is slow still gets the
// last report, then the channel closes; cancelling stops the analysis.
func TestStreamEndsWithTheLastReport(t *testing.T) {
	s := mustState(t, "quad7", "")
	a := NewAnalyzer()
	ch := a.Stream(context.Background(), s, AnalysisOptions{Options: Options{Level: Hard, Budget: 300 * time.Millisecond}})
	time.Sleep(100 * time.Millisecond)
	var last Analysis
	n := 0
	for an := range ch {
		last, n = an, n+1
	}
	if !last.Done || n == 0 {
		t.Fatalf("%d reports, last %+v", n, last)
	}
	// A minute's analysis, cancelled after its first report, ends (else
	// the test times out) with a last report.
	ctx, cancel := context.WithCancel(context.Background())
	ch = a.Stream(ctx, s, AnalysisOptions{Options: Options{Level: Max, Budget: time.Hour}})
	<-ch
	cancel()
	for an := range ch {
		last = an
	}
	if !last.Done {
		t.Fatalf("cancelled: last report %+v", last)
	}
}
