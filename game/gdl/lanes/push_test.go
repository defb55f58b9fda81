package lanes

import (
	"math"
	"testing"
)

// The moves code with its does atoms pushed plays the same games as the
// State, ply by ply, on every test sheet where some OR reads several
// does atoms: every ply takes the push form here, whatever it costs.
func TestLanesPushedMovesAgreeWithState(t *testing.T) {
	pushed := 0
	for _, s := range groundTestStates(t) {
		v := s.Variant()
		if newSim(s).lp.push == nil {
			continue
		}
		pushed++
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			checkLanes(t, v, laneCount, 300, 150, 9, func(l *Sim) {
				ps, lp := *l.lp.push, *l.lp
				ps.saves = math.MaxInt // always cheaper
				lp.push = &ps
				l.lp = &lp
			})
		})
	}
	if pushed < 2 {
		t.Errorf("%d test sheets have does atoms to push, want at least 2", pushed)
	}
}
