package ai

import (
	"context"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/games"
)

// On a ground GDL game the general player plays its playouts in the
// game's lanes: a search capped at N playouts finishes exactly N, and
// the root's visits are exactly those playouts (the virtual visits of
// the playouts still in flight when the search stopped are taken back).
// On a simultaneous game too, where the lanes' paths carry joint picks.
func TestGeneralPlaysInLanes(t *testing.T) {
	for _, name := range []string{"connectfour", "breakthrough", "rockpaperscissors"} {
		s := sheet(t, name).New()
		sr := NewSearcher()
		for _, n := range []int{1000, 3000} { // a second search reuses the lanes
			res := sr.SearchFor(context.Background(), s, 0, Options{Level: Hard, Threads: 1, Nodes: int64(n), Seed: 1})
			tree := sr.gtrees[0]
			if tree.lanes == nil {
				t.Fatalf("%s: the search made no lanes", name)
			}
			if !tree.nodes[0].solved && (res.Nodes != int64(n) || tree.nodes[0].visits != int32(n)) {
				t.Errorf("%s: %d playouts, root visits %d, want %d", name, res.Nodes, tree.nodes[0].visits, n)
			}
			if !s.IsLegal(res.Move) && name != "rockpaperscissors" {
				t.Errorf("%s: illegal move %v", name, res.Move)
			}
		}
	}
}

// A search stopped with playouts in flight takes back their virtual
// visits; filling and stepping the lanes does not allocate once the tree
// is full and the lanes' paths have grown.
func TestGeneralLanesDoNotAllocate(t *testing.T) {
	s := sheet(t, "connectfour").New()
	tree := genTree{maxNodes: 1 << 12, exploration: genExploration, solver: true}
	tree.rng.Seed(1)
	tree.reset(s)
	if tree.lanesFor(s) == nil {
		t.Fatal("no lanes")
	}
	finished := 0
	for i := 0; i < 3000; i++ {
		f, _ := tree.iterateLanes(s, -1)
		finished += f
	}
	// Stopped with playouts in flight, the root counts those that came back.
	busy := tree.lanes.sim.Lanes() - len(tree.lanes.free)
	tree.abandonLanes()
	if v := int(tree.nodes[0].visits); busy == 0 || v != finished {
		t.Errorf("%d playouts in flight, %d finished, root visits %d", busy, finished, v)
	}
	tree.lanesFor(s)
	if a := testing.AllocsPerRun(300, func() { tree.iterateLanes(s, -1) }); a != 0 {
		t.Errorf("%v allocations per ply of the lanes", a)
	}
}

// BenchmarkGeneralLanes measures, on every bundled rule sheet that has
// lanes, the general player's iterations in lanes from the start: a ply
// of the lanes per b.N, with the descents that fill them and the backups
// of the games that ended (the tree starts again every 4096 plies), one
// thread; compare iterations/s with BenchmarkGeneral's iterate/.
func BenchmarkGeneralLanes(b *testing.B) {
	for _, f := range games.Files() {
		start := sheet(b, f.Name).New()
		if _, ok := start.(game.Simulator); !ok {
			continue
		}
		b.Run(f.Name, func(b *testing.B) {
			tree := genTree{maxNodes: genMaxNodes, exploration: genExploration, solver: true}
			tree.rng.Seed(1)
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				if i%4096 == 0 {
					tree.reset(start)
					tree.lanesFor(start)
				}
				f, _ := tree.iterateLanes(start, -1)
				n += f
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}
