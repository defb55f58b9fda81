package quad

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

func BenchmarkPlayout(b *testing.B) {
	for _, name := range variantNames {
		v, _ := game.Lookup(name)
		b.Run(name, func(b *testing.B) { gametest.BenchmarkPlayouts(b, v) })
	}
}

func BenchmarkLegal(b *testing.B) {
	for _, name := range variantNames {
		v, _ := game.Lookup(name)
		b.Run(name, func(b *testing.B) { gametest.BenchmarkLegal(b, v) })
	}
}

// BenchmarkEstimate measures the evaluator on positions of random games.
func BenchmarkEstimate(b *testing.B) {
	for _, name := range variantNames {
		v, _ := game.Lookup(name)
		b.Run(name, func(b *testing.B) {
			rng := game.NewRand(5)
			var positions []*State
			for len(positions) < 256 {
				s := v.New().(*State)
				for !s.Terminal() {
					c := *s
					positions = append(positions, &c)
					s.Apply(s.RandomMove(rng))
				}
			}
			est := make([]int, 2)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				positions[i%len(positions)].Estimate(est)
			}
		})
	}
}
