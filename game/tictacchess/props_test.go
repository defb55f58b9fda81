package tictacchess

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

func TestProperties(t *testing.T) {
	games := 2500
	if testing.Short() {
		games = 200
	}
	gametest.Properties(t, Variant, gametest.Options{Games: games, Seed: 1, Check: checkInvariants})
}

func TestNoAllocs(t *testing.T) {
	gametest.NoAllocs(t, Variant)
}

func TestEstimateNoAllocs(t *testing.T) {
	start, s := New(), New()
	rng := game.NewRand(5)
	var est [Players]int
	allocs := testing.AllocsPerRun(200, func() {
		s.CopyFrom(start)
		for !s.Terminal() {
			s.Estimate(est[:])
			s.Apply(s.RandomMove(rng))
		}
		s.Estimate(est[:])
	})
	if allocs != 0 {
		t.Fatalf("Estimate allocates %.1f times per game", allocs)
	}
}

func BenchmarkPlayouts(b *testing.B) { gametest.BenchmarkPlayouts(b, Variant) }

func BenchmarkLegal(b *testing.B) { gametest.BenchmarkLegal(b, Variant) }

func BenchmarkEstimate(b *testing.B) {
	rng := game.NewRand(9)
	var positions []*State
	for len(positions) < 256 {
		s := New()
		for !s.Terminal() {
			positions = append(positions, s.Clone().(*State))
			s.Apply(s.RandomMove(rng))
		}
	}
	var est [Players]int
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		positions[i%len(positions)].Estimate(est[:])
	}
}
