package ai

import (
	"context"
	"slices"
	"testing"
)

// TestNodeBudgetIsReproducible: a search bounded by Options.Nodes alone
// stops at the cap (give or take one clock check), and on one thread it
// finds the same move, score, line and node count every time, whatever
// the machine's load: the clock decides nothing.
func TestNodeBudgetIsReproducible(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ variant, pos string }{
		{"pentago", ""},
		{"quad5", ""},
		{"tictacchess", ""}, // the model search: Nodes become its simulations
	} {
		t.Run(tc.variant, func(t *testing.T) {
			s := mustState(t, tc.variant, tc.pos)
			const nodes = 30_000
			opt := Options{Level: Hard, Nodes: nodes, Threads: 1, NoBook: true}
			if tc.variant == "tictacchess" {
				opt.Nodes = 300
			}
			a := NewSearcher().Search(context.Background(), s, opt)
			b := NewSearcher().Search(context.Background(), s, opt)
			if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || !slices.Equal(a.PV, b.PV) {
				t.Errorf("two searches differ: %v %.2f %d %v / %v %.2f %d %v",
					FormatLine(s, a.PV), a.Score, a.Nodes, a.Depth, FormatLine(s, b.PV), b.Score, b.Nodes, b.Depth)
			}
			if a.Nodes <= 0 || a.Nodes > opt.Nodes+checkEvery {
				t.Errorf("searched %d nodes with a cap of %d", a.Nodes, opt.Nodes)
			}
		})
	}
}
