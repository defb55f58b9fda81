package gdl

import (
	"os"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// benchSheets is the sheets that load of testdata, or of the directory
// in GDL_BENCH_DIR.
func benchSheets(b *testing.B) []sheetFile {
	dir := os.Getenv("GDL_BENCH_DIR")
	if dir == "" {
		dir = "testdata"
	}
	var sheets []sheetFile
	for _, sh := range loadSheets(b, dir) {
		if sh.v != nil {
			sheets = append(sheets, sh)
		}
	}
	return sheets
}

// BenchmarkPlayouts reports random-playout plies per second for every
// sheet in testdata, or for the sheets of the directory in GDL_BENCH_DIR.
func BenchmarkPlayouts(b *testing.B) {
	for _, sh := range benchSheets(b) {
		b.Run(sh.name, func(b *testing.B) {
			b.ReportAllocs()
			plies := Playouts(sh.v, b.N, 1)
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}

// BenchmarkLanes reports random-playout plies per second of the lanes
// (game.Simulation) for every sheet in testdata, or for the sheets of
// the directory in GDL_BENCH_DIR.
func BenchmarkLanes(b *testing.B) {
	for _, sh := range benchSheets(b) {
		start, ok := sh.v.New().(*State)
		if !ok {
			continue
		}
		b.Run(sh.name, func(b *testing.B) {
			sim := start.NewSimulation()
			rng := game.NewRand(1)
			for lane := 0; lane < sim.Lanes(); lane++ {
				sim.Load(lane, start, 0)
			}
			b.ReportAllocs()
			b.ResetTimer()
			plies, games := 0, 0
			var ended []int
			for i := 0; i < b.N; i++ {
				ended = sim.Step(rng, ended[:0])
				for _, lane := range ended {
					plies += sim.Plies(lane)
					games++
					sim.Load(lane, start, 0)
				}
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
