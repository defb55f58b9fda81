package ai

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

// toyBadEval is a toy whose evaluator panics: a bug in a game, met inside
// the alpha-beta search (the root moves are ordered by the estimate).
type toyBadEval struct{ toy }

func (t *toyBadEval) Clone() game.State               { c := *t; return &c }
func (t *toyBadEval) CopyFrom(src game.State)         { t.toy = src.(*toyBadEval).toy }
func (t *toyBadEval) Estimate(est []int)              { panic("estimate exploded") }
func (t *toyBadEval) RandomMove(*game.Rand) game.Move { panic("unreachable") }

// ttcBadPlayouts is Tic-Tac-Chess whose random moves panic: a bug met
// only in UCT's playouts, on a tree's own goroutine.
type ttcBadPlayouts struct{ *tictacchess.State }

func (s ttcBadPlayouts) Clone() game.State {
	return ttcBadPlayouts{s.State.Clone().(*tictacchess.State)}
}
func (s ttcBadPlayouts) CopyFrom(src game.State)         { s.State.CopyFrom(src.(ttcBadPlayouts).State) }
func (s ttcBadPlayouts) RandomMove(*game.Rand) game.Move { panic("playout exploded") }

// A panic inside a search is recovered (the caller still gets a legal
// move), and reported to the hook and counted, never swallowed.
func TestRecoveredPanicsAreReported(t *testing.T) {
	tests := []struct {
		name      string
		state     game.State
		opt       Options
		wantWhere string
		wantValue string
	}{
		{"alpha-beta", &toyBadEval{toy: *toyFrom("x...o....", 0, 1)},
			Options{Level: Hard, Budget: 100 * time.Millisecond, Threads: 1}, "search", "estimate exploded"},
		{"uct playout", ttcBadPlayouts{mustState(t, "tictacchess", "").(*tictacchess.State)},
			// A long budget: under load a short one could pass before the
			// first playout. The panic stops the tree at once.
			Options{Level: Hard, Budget: time.Minute, Threads: 1, Multi: UCT}, "uct", "playout exploded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var got []PanicReport
			prev := SetPanicHook(func(r PanicReport) {
				mu.Lock()
				defer mu.Unlock()
				got = append(got, r)
			})
			defer func() { SetPanicHook(prev) }()
			before := RecoveredPanics()
			res := NewSearcher().Search(context.Background(), tc.state, tc.opt)
			if !tc.state.IsLegal(res.Move) {
				t.Errorf("move %v is not legal", res.Move)
			}
			mu.Lock()
			defer mu.Unlock()
			if n := RecoveredPanics() - before; n != 1 || len(got) != 1 {
				t.Fatalf("counted %d panics and reported %d, want 1 and 1", n, len(got))
			}
			r := got[0]
			if r.Where != tc.wantWhere || r.Value != tc.wantValue {
				t.Errorf("report %q, %v; want %q, %q", r.Where, r.Value, tc.wantWhere, tc.wantValue)
			}
			if !strings.Contains(string(r.Stack), "panics_test.go") {
				t.Errorf("the stack does not show where the panic happened:\n%s", r.Stack)
			}
		})
	}
}

// A panic in a Lazy SMP helper (its own goroutine in a search) is
// reported as the helper's and ends only the helper.
func TestHelperPanicIsReported(t *testing.T) {
	var got []PanicReport
	prev := SetPanicHook(func(r PanicReport) { got = append(got, r) })
	defer func() { SetPanicHook(prev) }()
	s := &toyBadEval{toy: *toyFrom("x...o....", 0, 1)}
	w := newWorker(&shared{tt: newTable(10), ctx: context.Background(), deadline: time.Now().Add(time.Hour)}, 1)
	w.prepare(s, true, false)
	for _, m := range s.Legal(nil) {
		w.rootMoves = append(w.rootMoves, rootMove{move: m})
	}
	before := RecoveredPanics()
	w.runHelper(4) // the horizon's estimate panics
	if n := RecoveredPanics() - before; n != 1 || len(got) != 1 || got[0].Where != "helper" || got[0].Value != "estimate exploded" {
		t.Fatalf("counted %d, reports %+v; want one from the helper", n, got)
	}
}

// A hook that panics itself does not undo the recovery.
func TestPanickingHookIsContained(t *testing.T) {
	prev := SetPanicHook(func(PanicReport) { panic("hook exploded") })
	defer func() { SetPanicHook(prev) }()
	s := &toyBadEval{toy: *toyFrom("x...o....", 0, 1)}
	before := RecoveredPanics()
	res := NewSearcher().Search(context.Background(), s, Options{Level: Hard, Budget: 50 * time.Millisecond, Threads: 1})
	if !s.IsLegal(res.Move) || RecoveredPanics()-before != 1 {
		t.Fatalf("move %v, %d panics counted", res.Move, RecoveredPanics()-before)
	}
}
