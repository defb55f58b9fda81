package ui

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// runOnce runs cmd (batches included) and hands what it returns to the
// client, without running the commands that come back.
func runOnce(m *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			runOnce(m, c)
		}
	case nil:
	default:
		m.Update(msg)
	}
}

// TestReviewAgreesWithAnalyze: review's value of a position is the one
// `tabletop analyze` gives where it proves the position. In this Quad
// 5×5 game x wins by force after four moves (x to move) and after five
// (o to move, lost); review's own estimate said 52 and 64 for x.
func TestReviewAgreesWithAnalyze(t *testing.T) {
	t.Parallel()
	moves := []string{"r2c2", "r1c2", "r2c4", "r1c3", "r4c4", "r1c4"}
	for _, at := range []int{4, 5} {
		m, b := newTestClient(t, "quad5", 80, 24)
		playTexts(t, b, moves...)
		_, open := m.Update(keyMsg("v"))
		// Stepping to a position values it first.
		runOnce(m, tea.Batch(open, b.reviewTo(at)))
		s := b.game()
		an := ai.NewAnalyzer().Analyze(context.Background(), s, ai.AnalysisOptions{Options: ai.Options{Level: ai.Hard}}, nil)
		if !an.Proven {
			t.Fatalf("after %d moves analyze proves nothing (%+v): the test shows nothing", at, an)
		}
		want := firstRoleValue(s, an)
		if got := b.rv.evals[at]; got != want {
			t.Errorf("after %d moves (%s) review says %d for x, analyze proves %d", at, s.String(), got, want)
		}
	}
}

// fixedDepth is a deterministic Analyst for tests and goldens: the
// engine's analysis to a fixed depth on one thread, with a fresh table
// each time, so that its values do not hang on time, load or order.
type fixedDepth int

func (d fixedDepth) Analyze(ctx context.Context, s game.State, opt ai.AnalysisOptions, report func(ai.Analysis)) ai.Analysis {
	opt.Level, opt.Budget, opt.Threads, opt.MaxDepth = ai.Hard, time.Minute, 1, int(d)
	return ai.NewAnalyzer().Analyze(ctx, s, opt, report)
}
