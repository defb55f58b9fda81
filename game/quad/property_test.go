package quad

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

var variantNames = []string{"quad5", "quad7", "quad11"}

func TestProperties(t *testing.T) {
	games := map[string]int{"quad5": 2000, "quad7": 2000, "quad11": 500}
	for _, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			n := games[name]
			if testing.Short() {
				n /= 10
			}
			v, err := game.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			gametest.Properties(t, v, gametest.Options{Games: n, Seed: 1000, Check: checkInvariants})
		})
	}
}

// TestOutcomesReached makes sure random games, like those of the property
// test, reach the common kinds of ending, so that the reference checks in
// checkInvariants are exercised on them. Random games rarely end on
// blockers left (they seldom avoid every open quad); TestEndByMarks pins
// those branches with constructed positions.
func TestOutcomesReached(t *testing.T) {
	for _, name := range []string{"quad5", "quad7"} {
		v, _ := game.Lookup(name)
		seen := map[int]int{}
		rng := game.NewRand(3)
		for g := 0; g < 3000; g++ {
			s := v.New()
			game.Playout(s, rng, 0)
			seen[s.Goal(RoleX)]++
		}
		for _, gx := range []int{100, 0, 95, 50} {
			if seen[gx] == 0 {
				t.Errorf("%s: no random game ended with x %d (%v)", name, gx, seen)
			}
		}
		t.Logf("%s: x goals over 3000 random games: %v", name, seen)
	}
}

func TestHashIncremental(t *testing.T) {
	for _, name := range variantNames {
		v, _ := game.Lookup(name)
		rng := game.NewRand(9)
		for g := 0; g < 200; g++ {
			s := v.New().(*State)
			for !s.Terminal() {
				s.Apply(s.RandomMove(rng))
				if s.Hash() != s.computeHash() {
					t.Fatalf("%s: incremental hash differs from a fresh one at %q", name, s.String())
				}
			}
		}
	}
}

func TestRandomMoveUniform(t *testing.T) {
	// quad7 start: 45 marks + 45 blocks, each should come up about
	// 1/90 of the time. With 90000 draws the expected count is 1000; a
	// move outside 800..1200 (over 6 standard deviations) means bias.
	s := variantRules(t, "quad7").newState()
	legal := s.Legal(nil)
	count := map[game.Move]int{}
	rng := game.NewRand(11)
	for i := 0; i < 90000; i++ {
		count[s.RandomMove(rng)]++
	}
	if len(count) != len(legal) {
		t.Fatalf("RandomMove drew %d distinct moves, %d are legal", len(count), len(legal))
	}
	for _, m := range legal {
		if c := count[m]; c < 800 || c > 1200 {
			t.Errorf("%s drawn %d times of 90000", s.FormatMove(m), c)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	for _, name := range variantNames {
		v, _ := game.Lookup(name)
		gametest.NoAllocs(t, v)
		s := v.New().(game.Evaluator)
		est := make([]int, 2)
		if a := testing.AllocsPerRun(100, func() { s.Estimate(est) }); a != 0 {
			t.Errorf("%s: Estimate allocates %.1f times", name, a)
		}
	}
}

func TestEstimate(t *testing.T) {
	tests := []struct {
		variant, pos string
		check        func(est [2]int) bool
		why          string
	}{
		{"quad7", "-.....-/.xx..../.x...../......./......./.ooo.../-.....- x 5 5",
			func(e [2]int) bool { return e[0] >= 9000 }, "x to move with a threat wins"},
		{"quad7", "-.....-/.xx..../.x...../......./......x/.ooo.../-.....- o 5 5",
			func(e [2]int) bool { return e[0] > 5000 && e[0] < 9000 }, "o to move can stop one threat"},
		{"quad5", "-o.o-/.xx../.x.xx/....x/-ooo- o 0 0",
			func(e [2]int) bool { return e[0] >= 9000 }, "o without blockers cannot stop two threats"},
		{"quad7", "-.....-/......./......./......./......./......./-.....- x 5 5",
			func(e [2]int) bool { return e[0] > 4000 && e[0] < 6000 }, "the start is about even"},
		{"quad7", "-.....-/.w...../......./......./......./......./-.....- x 4 5",
			func(e [2]int) bool { return e[0] < 5150 }, "a blocker spent without gain costs x"},
		{"quad7", "-.....-/.xx..../.xx..../......./......./.ooo.../-.....- o 5 5",
			func(e [2]int) bool { return e[0] == 10000 && e[1] == 0 }, "a finished game gives its goals"},
	}
	for _, tc := range tests {
		s := parse(t, variantRules(t, tc.variant), tc.pos)
		var est [2]int
		s.Estimate(est[:])
		if !tc.check(est) || est[0]+est[1] != 10000 {
			t.Errorf("%s: Estimate(%q) = %v", tc.why, tc.pos, est)
		}
	}
}
