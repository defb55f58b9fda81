package games_test

import (
	"testing"

	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

// BenchmarkSheetPlayouts measures random playouts through the GDL engine on
// every bundled sheet; plies/s is the figure the issue sets goals for.
func BenchmarkSheetPlayouts(b *testing.B) {
	for _, f := range games.Files() {
		b.Run(f.Name, func(b *testing.B) {
			v, err := gdl.Load(f.Name, f.Source)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			plies := 0
			for i := 0; i < b.N; i++ {
				plies += gdl.Playouts(v, 1, uint64(i)+1)
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}
