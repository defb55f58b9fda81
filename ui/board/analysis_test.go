package board

import (
	"context"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board/analysis"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
)

// TestReviewAgreesWithAnalyze: review's value of a position is the one
// `tabletop analyze` gives where it proves the position. In this Quad
// 5×5 game x wins by force after four moves (x to move) and after five
// (o to move, lost); review's own estimate said 52 and 64 for x.
func TestReviewAgreesWithAnalyze(t *testing.T) {
	t.Parallel()
	moves := []string{"r2c2", "r1c2", "r2c4", "r1c3", "r4c4", "r1c4"}
	for _, at := range []int{4, 5} {
		m, b := newTestClient(t, "quad5", 80, 24)
		uitest.PlayTexts(t, b.Match, moves...)
		_, open := m.Update(uitest.Key("v"))
		// Stepping to a position values it first.
		uitest.RunOnce(m, tea.Batch(open, b.nav().reviewTo(at)))
		s := b.Game()
		an := ai.NewAnalyzer().Analyze(context.Background(), s, ai.AnalysisOptions{Options: ai.Options{Level: ai.Hard}}, nil)
		if !an.Proven {
			t.Fatalf("after %d moves analyze proves nothing (%+v): the test shows nothing", at, an)
		}
		want := analysis.FirstRoleValue(s, an)
		if got := b.Review.Evals[at]; got != want {
			t.Errorf("after %d moves (%s) review says %d for x, analyze proves %d", at, s.String(), got, want)
		}
	}
}

// TestAnalysisFollowsAndStops: e analyses the shown position live; a
// step of review analyses the new position and stops the analysis of
// the one before; another screen stops it until the board is back;
// leaving the board stops it; each time its goroutine ends.
func TestAnalysisFollowsAndStops(t *testing.T) {
	t.Parallel()
	m, b := newTestClient(t, "quad7", 120, 40)
	h := uitest.NewHeldAnalyst()
	m.C.Opts.Analyst = h
	uitest.PlayTexts(t, b.Match, "r3c4", "r4c4")
	live := b.Game().String()
	_, wait := m.Update(uitest.Key("e"))
	if got := <-h.Started; got != live {
		t.Fatalf("e analyses %q, want the live position %q", got, live)
	}
	uitest.RunOnce(m, wait) // the first report
	if v := uitest.ViewText(m); !strings.Contains(v, "Analysis (x to move)") || !strings.Contains(v, "x  50 depth 3 …") {
		t.Fatalf("the panel does not show the report:\n%s", v)
	}
	first := b.Analysis.Job
	m.Update(uitest.Key("v"))
	m.Update(uitest.Key("left")) // review one move back: o to move
	if got := <-h.Ended; got != live {
		t.Fatalf("stepping back ended the analysis of %q, want %q", got, live)
	}
	first.Ended() // its goroutine is over
	if got, want := <-h.Started, b.Game().String(); got != want {
		t.Fatalf("review analyses %q, want the reviewed %q", got, want)
	}
	second := b.Analysis.Job
	reviewed := b.Game().String()
	m.Update(uitest.Key("i")) // the rules, another screen
	if got := <-h.Ended; got != reviewed {
		t.Fatalf("the rules screen ended the analysis of %q, want %q", got, reviewed)
	}
	second.Ended()
	_, back := m.Update(uitest.Key("esc"))
	uitest.RunOnce(m, back)
	if got := <-h.Started; m.Cur != common.Screen(b) || got != reviewed {
		t.Fatalf("back on %T, analysing %q, want the board analysing %q", m.Cur, got, reviewed)
	}
	third := b.Analysis.Job
	m.Update(uitest.Key("m")) // to the menu
	if o, ok := m.Cur.(*opened); !ok || o.what != "menu" {
		t.Fatalf("m: on %T", m.Cur)
	}
	<-h.Ended
	third.Ended()
	if b.Analysis.Job != nil {
		t.Fatal("the board left a job behind")
	}
}

// TestPanelProofIsReviewsValue: a proof the panel's analysis finds for
// the reviewed position is review's value of it at once, so that the
// move list and the panel never disagree.
func TestPanelProofIsReviewsValue(t *testing.T) {
	t.Parallel()
	m, b := newTestClient(t, "quad5", 80, 24)
	m.C.Opts.Analyst = uitest.FixedDepth(4)
	uitest.PlayTexts(t, b.Match, "r2c2", "r1c2", "r2c3", "r1c3")
	m.Update(uitest.Key("v")) // review's own valuing is not run
	_, cmd := m.Update(uitest.Key("e"))
	uitest.RunCmd(m, cmd) // the panel's analysis, to its end
	if !b.Analysis.Done() || !b.Analysis.Report().Proven {
		t.Fatalf("the panel proves nothing: %+v", b.Analysis.Report())
	}
	if got, want := b.Review.Evals[b.Review.Turn], analysis.FirstRoleValue(b.Game(), b.Analysis.Report()); got != want {
		t.Fatalf("review says %d, the panel proved %d", got, want)
	}
}
