package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
)

// benchSearch searches fixed positions of v (the start and a seeded
// midgame) for one second each on one thread and reports the nodes per
// second and the depth reached. Run with -benchtime=1x.
func benchSearch(b *testing.B, v string) {
	saved := books
	books = nil // measure the search, not the opening book
	defer func() { books = saved }()
	start := mustState(b, v, "")
	mid := start.Clone()
	rng := game.NewRand(2024)
	for i := 0; i < 10 && !mid.Terminal(); i++ {
		mid.Apply(mid.RandomMove(rng))
	}
	for _, pos := range []struct {
		name string
		s    game.State
	}{{"start", start}, {"mid", mid}} {
		b.Run(pos.name, func(b *testing.B) {
			sr := NewSearcher()
			var nodes int64
			var depth int
			var elapsed time.Duration
			for i := 0; i < b.N; i++ {
				sr.tt.clear()
				t0 := time.Now()
				res := sr.Search(context.Background(), pos.s, Options{Level: Max, Budget: time.Second, Threads: 1})
				elapsed += time.Since(t0)
				nodes += res.Nodes
				depth += res.Depth
			}
			b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
			b.ReportMetric(float64(depth)/float64(b.N), "depth")
		})
	}
}

func BenchmarkSearchQuad5(b *testing.B)        { benchSearch(b, "quad5") }
func BenchmarkSearchQuad7(b *testing.B)        { benchSearch(b, "quad7") }
func BenchmarkSearchQuad11(b *testing.B)       { benchSearch(b, "quad11") }
func BenchmarkSearchPentago(b *testing.B)      { benchSearch(b, "pentago") }
func BenchmarkSearchPentagoSplit(b *testing.B) { benchSearch(b, "pentago-split") }
func BenchmarkSearchTicTacChess(b *testing.B)  { benchSearch(b, "tictacchess") }

// TestSearchDoesNotAllocateInTheLoop checks the inner loop: a second
// search of the same position on a warmed-up Searcher allocates only a
// bounded handful of objects (result slices), not per node.
func TestSearchDoesNotAllocateInTheLoop(t *testing.T) {
	s := mustState(t, "quad7", "")
	sr := NewSearcher()
	opt := Options{Level: Max, MaxDepth: 3, Threads: 1, Budget: time.Minute}
	sr.Search(context.Background(), s, opt)
	allocs := testing.AllocsPerRun(3, func() { sr.Search(context.Background(), s, opt) })
	if allocs > 100 {
		t.Errorf("a depth-3 quad7 search allocates %.0f times", allocs)
	}
}
