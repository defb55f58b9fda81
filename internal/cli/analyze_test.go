package cli

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// The depth is what the search completed; a principal variation longer
// than that (extended by the transposition table) says so, instead of
// reading as a contradiction ("depth: 10 actions" and 11 in pv).
func TestAnalysisSaysWhyThePVIsLonger(t *testing.T) {
	s, err := game.NewState("quad5", "")
	if err != nil {
		t.Fatal(err)
	}
	line := []game.Move{s.Legal(nil)[0]}
	t2 := s.Clone()
	t2.Apply(line[0])
	line = append(line, t2.Legal(nil)[0])
	for _, tc := range []struct {
		depth int
		note  bool
	}{{1, true}, {2, false}, {0, false}} {
		an := ai.Analysis{Depth: tc.depth, Line: line, Turn: line[:1], Time: time.Second}
		out := newAnalysisJSON(s, an)
		var b strings.Builder
		writeAnalysis(&b, s, s.ToMove(), ai.Hard, an, out)
		if got := strings.Contains(b.String(), "2 actions: past depth 1 the line follows the transposition table"); got != tc.note {
			t.Errorf("depth %d, pv of 2: note %v, want %v:\n%s", tc.depth, got, tc.note, b.String())
		}
	}
}

// A Pentago position the exact solver affords is analysed by it: proven,
// said so, with the exact value of the best moves.
func TestAnalyzeSolvesPentago(t *testing.T) {
	pos := "b.rbb./.brb../rrbb../b....r/rrb.rr/r..rbb red place" // a draw, 22 stones
	var out, errs strings.Builder
	// A long budget: whether the solver is tried depends on its measured
	// speed, and the test must not depend on the machine's load.
	if code := Run([]string{"analyze", "pentago", "--position", pos, "--json", "--moves", "2", "--budget", "60s"}, nil, &out, &errs); code != 0 {
		t.Fatal(code, errs.String())
	}
	var got analysisJSON
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatal(err, out.String())
	}
	if !got.Proven || !got.Solver || got.Score != 50 || len(got.Turn) != 2 || len(got.Moves) != 2 || got.Moves[0].Score != 50 || !got.Moves[0].Proven {
		t.Fatalf("analysis %+v, want the solver's proven draw with its turn and 2 moves", got)
	}
	out.Reset()
	if code := Run([]string{"analyze", "pentago", "--position", pos, "--budget", "60s"}, nil, &out, &errs); code != 0 {
		t.Fatal(code, errs.String())
	}
	for _, want := range []string{"score: 50.00 (expected goal of red, proven by the exact solver)", "\nmoves:\n  1. (place", "50.00 proven"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
