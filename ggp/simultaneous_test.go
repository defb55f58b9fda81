package ggp

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game/gdl"
)

// dominatedSheet is a one-shot simultaneous game where b's first move
// dominates: b gets 100 with b1 whatever a does. Against a random b, a1
// looks better for a (a mean of 50 against 40); against a b that plays
// its dominant move, a2 is a's only good answer (40 against 0).
const dominatedSheet = `
(role a) (role b)
(init (stage 0))
(legal a a1) (legal a a2) (legal b b1) (legal b b2)
(<= (next (played ?x ?y)) (does a ?x) (does b ?y))
(<= terminal (true (played ?x ?y)))
(<= (goal a 0) (true (played a1 b1)))
(<= (goal a 100) (true (played a1 b2)))
(<= (goal a 40) (true (played a2 ?y)))
(<= (goal b 100) (true (played ?x b1)))
(<= (goal b 0) (true (played ?x b2)))
(<= (goal ?r 0) (role ?r) (true (stage 0)))
`

// TestSimultaneousTurnModelsTheOthers: on a simultaneous turn the player
// reasons about the other role's choice (ai.SearchFor's regret matching)
// instead of taking it as random, which would pick a1 here.
func TestSimultaneousTurnModelsTheOthers(t *testing.T) {
	v, err := gdl.Load("dominated", []byte(dominatedSheet))
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(1); seed <= 3; seed++ {
		m := newMatch(context.Background(), Message{MatchID: "dom", Role: "a", PlayClock: time.Second}, time.Unix(seed, 0))
		m.role, m.level = 0, ai.Hard
		m.rules = v.New()
		m.searcher = ai.NewSearcher()
		mv, note := m.choose(time.Now().Add(time.Second))
		if mv != "a2" {
			t.Errorf("seed %d: a plays %q (%s), want a2, the answer to b's dominant b1", seed, mv, note)
		}
	}
}
