package cli

import (
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
		res := ai.Result{Move: line[0], Depth: tc.depth, PV: line}
		out := analysisJSON{Move: s.FormatMove(line[0]), PV: ai.FormatLine(s, line)}
		var b strings.Builder
		writeAnalysis(&b, s, s.ToMove(), ai.Hard, res, out, time.Second)
		if got := strings.Contains(b.String(), "2 actions: past depth 1 the line follows the transposition table"); got != tc.note {
			t.Errorf("depth %d, pv of 2: note %v, want %v:\n%s", tc.depth, got, tc.note, b.String())
		}
	}
}
