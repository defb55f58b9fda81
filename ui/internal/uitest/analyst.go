package uitest

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// FixedDepth is a deterministic Analyst for tests and goldens: the
// engine's analysis to a fixed depth on one thread, with a fresh table
// each time, so that its values do not hang on time, load or order.
type FixedDepth int

// Analyze analyses s to depth d.
func (d FixedDepth) Analyze(ctx context.Context, s game.State, opt ai.AnalysisOptions, report func(ai.Analysis)) ai.Analysis {
	opt.Level, opt.Budget, opt.Threads, opt.MaxDepth = ai.Hard, time.Minute, 1, int(d)
	return ai.NewAnalyzer().Analyze(ctx, s, opt, report)
}

// HeldAnalyst reports once, then holds its analysis until the context
// ends; it says which positions it started and when each ended. Review's
// values (asked with no report) it gives at once.
type HeldAnalyst struct {
	Started  chan string
	Ended    chan string
	Reviewed atomic.Int32 // review's values asked
}

// NewHeldAnalyst is a HeldAnalyst with room for 16 positions.
func NewHeldAnalyst() *HeldAnalyst {
	return &HeldAnalyst{Started: make(chan string, 16), Ended: make(chan string, 16)}
}

// Analyze reports once and holds (see HeldAnalyst).
func (h *HeldAnalyst) Analyze(ctx context.Context, s game.State, opt ai.AnalysisOptions, report func(ai.Analysis)) ai.Analysis {
	if report == nil { // review's values: at once
		h.Reviewed.Add(1)
		return ai.Analysis{Score: 50, Done: true}
	}
	h.Started <- s.String()
	an := ai.Analysis{Score: 50, Depth: 3, Line: s.Legal(nil)[:1]}
	report(an)
	<-ctx.Done()
	h.Ended <- s.String()
	an.Done = true
	return an
}
