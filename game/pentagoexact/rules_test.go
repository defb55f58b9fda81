package pentagoexact

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

// TestRulesMatchEngine plays every turn of positions from
// random games both in the engine and in the solver and compares the
// stones and the outcome, so the solver's rules are the engine's.
func TestRulesMatchEngine(t *testing.T) {
	rng := game.NewRand(41)
	checked, finals, winsSeen := 0, 0, 0
	for g := 0; g < 30; g++ {
		s := mustState(t, "")
		for !s.Terminal() {
			if me, opp, ok := FromState(s); ok && rng.Intn(3) == 0 {
				wins := false
				for _, k := range pxChildren(me, opp, nil) {
					c := s.Clone()
					for _, m := range k.turn.Moves() {
						if c.Terminal() || !c.IsLegal(m) {
							t.Fatalf("%q: turn %v is not legal in the engine", s.String(), k.turn)
						}
						c.Apply(m)
					}
					checked++
					if k.final && k.value == 1 {
						wins = true
					}
					if k.final {
						finals++
						want := map[int8]int{1: 100, 0: 50, -1: 0}[k.value]
						if !c.Terminal() || c.Goal(s.ToMove()) != want {
							t.Fatalf("%q: turn %v: solver says final %d, engine %q", s.String(), k.turn, k.value, c.String())
						}
						continue
					}
					cm, co, ok := FromState(c)
					if !ok || cm != k.me || co != k.opp {
						t.Fatalf("%q: turn %v: solver %q, engine %q", s.String(), k.turn, PositionString(k.me, k.opp), c.String())
					}
				}
				if pxWinsNow(me, opp) != wins {
					t.Fatalf("%q: pxWinsNow = %v, the turns say %v", s.String(), !wins, wins)
				}
				winsSeen += map[bool]int{true: 1}[wins]
			}
			s.Apply(s.RandomMove(rng))
		}
	}
	if checked < 1000 || finals == 0 || winsSeen < 10 {
		t.Fatalf("only %d turns (%d final, %d winning positions) compared", checked, finals, winsSeen)
	}
}
