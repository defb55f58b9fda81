package pentago

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

func BenchmarkPlayouts(b *testing.B) {
	for _, name := range variantNames {
		b.Run(name, func(b *testing.B) { gametest.BenchmarkPlayouts(b, variant(b, name)) })
	}
}

func BenchmarkLegal(b *testing.B) {
	for _, name := range variantNames {
		b.Run(name, func(b *testing.B) { gametest.BenchmarkLegal(b, variant(b, name)) })
	}
}

// BenchmarkEstimate evaluates positions taken along random games.
func BenchmarkEstimate(b *testing.B) {
	rng := game.NewRand(11)
	var positions []*State
	for len(positions) < 256 {
		s := NewState(false)
		for !s.Terminal() {
			positions = append(positions, s.Clone().(*State))
			s.Apply(s.RandomMove(rng))
		}
	}
	est := make([]int, 2)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		positions[i%len(positions)].Estimate(est)
	}
}

// BenchmarkHash measures the Zobrist hash along random games.
func BenchmarkHash(b *testing.B) {
	s := NewState(false)
	rng := game.NewRand(2)
	for i := 0; i < 14; i++ {
		s.Apply(s.RandomMove(rng))
	}
	var h uint64
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		h ^= s.Hash()
	}
	hashSink = h
}

// hashSink keeps the compiler from dropping the hashes as unused.
var hashSink uint64
