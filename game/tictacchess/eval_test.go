package tictacchess

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

// EstimateWith's weights act where they are meant to: changing one moves
// the values of the roles it concerns in its direction and leaves the
// others' alone, and Estimate is EstimateWith by DefaultWeights.
func TestEstimateWithWeights(t *testing.T) {
	t.Parallel()
	const (
		attacked = "...g.../......./......./r.....b/..r..../...y.../...y... blue 3"
		threat   = "...g.../.g...b./......./r.r...b/..r..../.....y./...y... yellow 6"
	)
	all := []game.Role{Red, Yellow, Blue, Green}
	for _, c := range []struct {
		name     string
		position string
		change   func(*Weights)
		up, down []game.Role // the others keep their value
	}{
		{"a piece next to a rival's costs more", attacked, func(w *Weights) { w.LossAttacked = 0.6 }, nil, []game.Role{Red, Yellow}},
		{"actions still to come are worth more", attacked, func(w *Weights) { w.GrowPerAction = 0.6 }, all, nil},
		{"a line one action from completion is worth less", threat, func(w *Weights) { w.OneThreat = 0.2 }, nil, []game.Role{Red}},
		{"mobility is worth nothing", threat, func(w *Weights) { w.MobilityWeight = 0 }, nil, all},
	} {
		s, err := ParsePosition(c.position)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		w := DefaultWeights()
		var def, with, est [Players]int
		s.EstimateWith(&w, def[:])
		if s.Estimate(est[:]); est != def {
			t.Fatalf("%s: Estimate %v, EstimateWith(DefaultWeights) %v", c.name, est, def)
		}
		c.change(&w)
		s.EstimateWith(&w, with[:])
		for r := range Players {
			want := 0
			for _, u := range c.up {
				if u == game.Role(r) {
					want = 1
				}
			}
			for _, d := range c.down {
				if d == game.Role(r) {
					want = -1
				}
			}
			if got := cmpInt(with[r], def[r]); got != want {
				t.Errorf("%s: %s %d -> %d, want the change's sign %d", c.name, roleNames[r], def[r], with[r], want)
			}
		}
	}
}

func cmpInt(a, b int) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}
