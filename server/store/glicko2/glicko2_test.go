package glicko2

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestPaperExample is the worked example of Glickman's paper: a 1500/200
// player beats a 1400/30 player and loses to 1550/100 and 1700/300.
func TestPaperExample(t *testing.T) {
	player := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	results := []Result{
		{Opponent: Rating{1400, 30, 0.06}, Score: 1},
		{Opponent: Rating{1550, 100, 0.06}, Score: 0},
		{Opponent: Rating{1700, 300, 0.06}, Score: 0},
	}
	got := Update(player, results, 0.5)
	if !near(got.Rating, 1464.06, 0.01) || !near(got.Deviation, 151.52, 0.01) || !near(got.Volatility, 0.05999, 0.00001) {
		t.Fatalf("got %+v, want r'=1464.06 RD'=151.52 σ'=0.05999", got)
	}
}

func TestUpdate(t *testing.T) {
	fresh := Default()
	tests := []struct {
		name     string
		player   Rating
		results  []Result
		check    func(Rating) bool
		expected string
	}{
		{"no games: only RD grows", Rating{1600, 100, 0.06}, nil,
			func(r Rating) bool {
				return r.Rating == 1600 && r.Volatility == 0.06 && near(r.Deviation, math.Sqrt(100*100+math.Pow(0.06*scale, 2)), 1e-9)
			}, "r and σ unchanged, RD = sqrt(RD² + (σ·173.7)²)"},
		{"a win between equals raises the rating", fresh, []Result{{fresh, 1}},
			func(r Rating) bool { return r.Rating > 1500 && r.Deviation < 350 }, "r > 1500, RD < 350"},
		{"a loss between equals lowers it by as much", fresh, []Result{{fresh, 0}},
			func(r Rating) bool {
				w := Update(fresh, []Result{{fresh, 1}}, 0)
				return r.Rating < 1500 && near(r.Rating-1500, 1500-w.Rating, 1e-6)
			}, "symmetric to a win"},
		{"a draw between equals changes no rating", fresh, []Result{{fresh, 0.5}},
			func(r Rating) bool { return near(r.Rating, 1500, 1e-9) && r.Deviation < 350 }, "r = 1500"},
		{"a draw against a stronger player gains", fresh, []Result{{Rating{1800, 50, 0.06}, 0.5}},
			func(r Rating) bool { return r.Rating > 1500 }, "r > 1500"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Update(tt.player, tt.results, 0); !tt.check(got) {
				t.Fatalf("got %+v, want %s", got, tt.expected)
			}
		})
	}
}

func TestUpdateAllocatesNothing(t *testing.T) {
	results := []Result{{Default(), 1}, {Rating{1700, 80, 0.06}, 0}}
	if n := testing.AllocsPerRun(100, func() { Update(Default(), results, 0) }); n != 0 {
		t.Fatalf("Update allocates %v times", n)
	}
}
