package ai

import "github.com/tabletop/tabletop/game"

// genLanesMin is the playouts that may be in flight in a young tree (see
// lanesInFlight).
const genLanesMin = 16

// genLanes runs a tree's playouts in a game.Simulation when its game has
// one (a ground GDL game: hundreds of random games at once, each ply of
// all of them evaluated together). Descents load their leaves into free
// lanes, the lanes play a ply at a time, and each game that ends backs up
// its goals along the path that loaded it. A playout in flight counts as
// a visit without reward (a virtual loss), so that the descents that fill
// the lanes spread over the tree instead of all taking the same path.
type genLanes struct {
	sim   game.Simulation
	free  []int
	ended []int
	// By lane: the path (with its joint picks and their probabilities)
	// whose leaf the lane plays.
	path  [][]genStep
	picks [][]int32
	probs [][]float64
}

// lanes returns the tree's lanes for root's game, made on first use, or
// nil when the game has none.
func (t *genTree) lanesFor(root game.State) *genLanes {
	sim, ok := root.(game.Simulator)
	if !ok {
		return nil
	}
	if t.lanes == nil || t.lanesOf != root.Variant() {
		l := &genLanes{sim: sim.NewSimulation()}
		n := l.sim.Lanes()
		l.path, l.picks, l.probs = make([][]genStep, n), make([][]int32, n), make([][]float64, n)
		t.lanes, t.lanesOf = l, root.Variant()
	}
	t.lanes.sim.Reset()
	t.lanes.free = t.lanes.free[:0]
	for lane := t.lanes.sim.Lanes() - 1; lane >= 0; lane-- {
		t.lanes.free = append(t.lanes.free, lane)
	}
	return t.lanes
}

// iterateLanes fills the free lanes with playouts from new descents, at
// most budget of them (no bound when budget < 0), plays a ply of every
// lane and backs up the games that ended. It returns the playouts
// finished (descents that ended at an exact node included) and those
// started in lanes.
func (t *genTree) iterateLanes(root game.State, budget int) (finished, started int) {
	l := t.lanes
	busy := l.sim.Lanes() - len(l.free)
	// At most one descent per free lane, so that descents that end at
	// exact nodes (a tree solved but for the mixed choices at its root)
	// come back to the caller's clock.
	for tries := l.sim.Lanes() - busy; tries > 0 && busy < t.lanesInFlight() && budget != 0 && !t.nodes[0].solved; tries-- {
		budget--
		if !t.descend(root) {
			finished++
			continue
		}
		lane := l.free[len(l.free)-1]
		l.free = l.free[:len(l.free)-1]
		l.sim.Load(lane, t.state, genMaxPlayout)
		t.addVisits(1)
		l.path[lane] = append(l.path[lane][:0], t.path...)
		l.picks[lane] = append(l.picks[lane][:0], t.picks...)
		l.probs[lane] = append(l.probs[lane][:0], t.probs...)
		started++
		busy++
	}
	if busy == 0 {
		return finished, started
	}
	l.ended = l.sim.Step(&t.rng, l.ended[:0])
	for _, lane := range l.ended {
		t.restorePath(lane)
		for r := 0; r < t.nroles; r++ {
			t.goals[r] = l.sim.Goal(lane, game.Role(r))
		}
		t.addRewards()
		l.free = append(l.free, lane)
		finished++
	}
	return finished, started
}

// lanesInFlight is how many playouts may be in flight at once: a quarter
// of the root's visits, at least genLanesMin, at most every lane. A
// playout in flight is one whose result the descents do not see yet; a
// young tree whose playouts were mostly in flight would choose from
// little (tic-tac-toe at 1600 playouts lost games as o with all 256 lanes
// from the first descent, and lost none with this bound).
func (t *genTree) lanesInFlight() int {
	return min(max(int(t.nodes[0].visits)/4, genLanesMin), t.lanes.sim.Lanes())
}

// restorePath makes the path of lane the tree's current path.
func (t *genTree) restorePath(lane int) {
	l := t.lanes
	t.path = append(t.path[:0], l.path[lane]...)
	t.picks = append(t.picks[:0], l.picks[lane]...)
	t.probs = append(t.probs[:0], l.probs[lane]...)
}

// abandonLanes takes back the visits of the playouts still in flight,
// which will not come back: the search is over.
func (t *genTree) abandonLanes() {
	l := t.lanes
	busy := make([]bool, l.sim.Lanes())
	for lane := range busy {
		busy[lane] = true
	}
	for _, lane := range l.free {
		busy[lane] = false
	}
	for lane, b := range busy {
		if b {
			t.restorePath(lane)
			t.addVisits(-1)
		}
	}
	l.free = l.free[:0]
}
