package quad

import (
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
)

func moveTexts(s *State, ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s.FormatMove(m)
	}
	slices.Sort(out)
	return out
}

func TestForcing(t *testing.T) {
	rl := variantRules(t, "quad7")
	xThreat := []string{"r2c2", "r2c3", "r3c2"}                      // threat r3c3
	xTwo := []string{"r2c2", "r2c3", "r3c2", "r2c5", "r2c6", "r3c6"} // threats r3c3, r3c5
	oFew := []string{"r5c1", "r6c6"}                                 // no o threat
	oMore := []string{"r5c1", "r6c6", "r7c3", "r4c7", "r6c4"}        // no o threat
	for _, tc := range []struct {
		name   string
		xs, os []string
		role   string
		ob     int
		want   []string
	}{
		{"quiet", []string{"r3c4"}, nil, "o", 5, nil},
		{"win at once", xThreat, append([]string{"r7c3"}, oFew...), "x", 5, []string{"(mark r3 c3)"}},
		{"one threat: mark or block", xThreat, oFew, "o", 5, []string{"(block r3 c3)", "(mark r3 c3)"}},
		{"one threat, no blockers", xThreat, oFew, "o", 0, []string{"(mark r3 c3)"}},
		{"two threats: blocks", xTwo, oMore, "o", 5, []string{"(block r3 c3)", "(block r3 c5)"}},
		{"two threats, one blocker", xTwo, oMore, "o", 1, []string{"(block r3 c3)", "(block r3 c5)"}},
		{"two threats, no blockers: lost", xTwo, oMore, "o", 0, []string{"(mark r3 c3)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whites := pts(t, "r7c2", "r7c4", "r7c5", "r7c6", "r6c2")[:5-tc.ob]
			s := parse(t, rl, position(7, pts(t, tc.xs...), pts(t, tc.os...), whites, tc.role, 5, tc.ob))
			got := moveTexts(s, s.Forcing(nil))
			if len(got) == 0 {
				got = nil
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Forcing = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestCandidatesBlockOnlyForks(t *testing.T) {
	rl := variantRules(t, "quad7")
	// o's marks r3c2, r5c2 and r5c4: r3c4 lies on two live two-corner
	// squares of o (with r3c2 and with r5c4), so o marking it would make
	// two threats. Every mark is a candidate too.
	s := parse(t, rl, position(7, pts(t, "r1c4", "r7c4", "r4c7"), pts(t, "r3c2", "r5c2", "r5c4"), nil, "x", 5, 5))
	c := s.Candidates(nil)
	marks, blocks := 0, 0
	for _, m := range c {
		if !s.IsLegal(m) {
			t.Fatalf("candidate %s is illegal", s.FormatMove(m))
		}
		if k, _, _ := Decode(m); k == Block {
			blocks++
			var t2 tally
			s.scan(&t2)
			if !t2.fork[RoleO].has(int(rl.cellOf[m&0xff])) {
				t.Errorf("block %s is not on a fork cell of o", s.FormatMove(m))
			}
		} else {
			marks++
		}
	}
	if marks != s.emptyCells().count() {
		t.Errorf("%d mark candidates, want every empty cell (%d)", marks, s.emptyCells().count())
	}
	if blocks == 0 {
		t.Errorf("no block candidates, want the fork cells of o")
	}
}

// TestTacticsListLegalMoves plays random games and checks that Forcing and
// Candidates list legal actions only, that a listed win wins, and that
// every non-forced position has every mark among its candidates.
func TestTacticsListLegalMoves(t *testing.T) {
	for _, name := range []string{"quad5", "quad7", "quad11"} {
		v, _ := game.Lookup(name)
		rng := game.NewRand(11)
		for g := 0; g < 30; g++ {
			s := v.New().(*State)
			for !s.Terminal() {
				f := s.Forcing(nil)
				for _, m := range f {
					if !s.IsLegal(m) {
						t.Fatalf("%s %s: forcing action %s is illegal", name, s, s.FormatMove(m))
					}
				}
				var tl tally
				s.scan(&tl)
				if !tl.threat[s.toMove].empty() {
					c := *s
					c.Apply(f[0])
					if !c.Terminal() || c.Goal(s.toMove) != 100 {
						t.Fatalf("%s %s: forcing win %s does not win", name, s, s.FormatMove(f[0]))
					}
				}
				if len(f) == 0 {
					c := s.Candidates(nil)
					if n := len(c); n < s.emptyCells().count() {
						t.Fatalf("%s %s: %d candidates for %d empty cells", name, s, n, s.emptyCells().count())
					}
				}
				s.Apply(s.RandomMove(rng))
			}
		}
	}
}

// TestScanMatchesScanAll checks the pair-based scan against the plain scan
// of every square over positions of random games.
func TestScanMatchesScanAll(t *testing.T) {
	for _, name := range []string{"quad5", "quad7", "quad11"} {
		v, _ := game.Lookup(name)
		rng := game.NewRand(3)
		for g := 0; g < 40; g++ {
			s := v.New().(*State)
			for !s.Terminal() {
				var a, b tally
				s.scan(&a)
				s.scanAll(&b)
				if a != b {
					t.Fatalf("%s %s: scan %+v, scanAll %+v", name, s, a, b)
				}
				s.Apply(s.RandomMove(rng))
			}
		}
	}
}
