package lanes

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

// transpose64 turns bit i of word j into bit j of word i.
func TestTranspose64(t *testing.T) {
	rng := game.NewRand(11)
	var a, b [64]uint64
	for i := range a {
		a[i] = rng.Uint64()
	}
	b = a
	transpose64(&b)
	for i := 0; i < 64; i++ {
		for j := 0; j < 64; j++ {
			if a[j]>>i&1 != b[i]>>j&1 {
				t.Fatalf("bit %d of word %d is %d, bit %d of word %d after %d", i, j, a[j]>>i&1, j, i, b[i]>>j&1)
			}
		}
	}
}

// The first loads after a Step are written at once, the others at the
// next Step, lane by lane where few lanes of a word were loaded and
// transposed 64 at a time where many were; for a network whose
// positions are too large to keep 256 of, all at once. Each way, the
// lanes play the games of the State.
func TestLanesLoadEachWay(t *testing.T) {
	ways := []struct {
		name string
		tune func(*Sim)
	}{
		{"as tuned", func(l *Sim) {}},
		{"transposed", func(l *Sim) { l.transposeMin, l.deferAfter = 2, 0 }},
		{"lane by lane", func(l *Sim) { l.transposeMin, l.deferAfter = laneCount, 0 }},
		{"at once", func(l *Sim) { l.loads = nil }},
	}
	for _, name := range []string{"tictactoe", "othello4", "minicheckers"} {
		v := loadFile(t, name)
		for _, way := range ways {
			t.Run(name+"/"+way.name, func(t *testing.T) {
				t.Parallel()
				checkLanes(t, v, laneCount, 300, 150, 7, way.tune)
			})
		}
	}
}

// Ended games are cleared (every base atom false in their lanes) where
// enough end together, and a load into a cleared lane sets only the
// position's true atoms. Cleared at every end or never, loaded again at
// once or some Steps later (the cleared lanes stay clean meanwhile: the
// Steps between must not write their next positions), the lanes play
// the games of the State.
func TestLanesLoadIntoClearedLanes(t *testing.T) {
	ways := []struct {
		name            string
		clearMin, delay int
	}{
		{"cleared, loaded at once", 1, 0},
		{"cleared, loaded later", 1, 3},
		{"as tuned, loaded later", clearMin, 2},
		{"never cleared, loaded later", laneCount + 1, 2},
	}
	for _, name := range []string{"tictactoe", "othello4", "minicheckers", "littlehex", "simultaneous"} {
		v := loadFile(t, name)
		for _, way := range ways {
			t.Run(name+"/"+way.name, func(t *testing.T) {
				t.Parallel()
				checkLanesDelayed(t, v, way.clearMin, way.delay, 300, 11)
			})
		}
	}
}

// checkLanesDelayed is checkLanes with the lanes of ended games loaded
// again delay Steps after they ended, ended games cleared where at least
// clearMin end together: on every ply each playing lane's position and
// legal moves, and at each game's end its goals, must be the State's.
func checkLanesDelayed(t *testing.T, v *game.Variant, clearMin, delay, games int, seed uint64) {
	t.Helper()
	start := v.New()
	l := newSim(start)
	l.clearMin = clearMin
	rng := game.NewRand(seed)
	mirror := make([]game.State, laneCount)
	due := make([]int, laneCount)
	load := func(lane int) {
		s := start.Clone()
		for k := rng.Intn(4); k > 0 && !s.Terminal(); k-- {
			s.(game.JointState).ApplyJoint(l.randomJoint(s, rng, nil))
		}
		mirror[lane], due[lane] = s, -1
		l.Load(lane, s, 0)
	}
	for lane := range mirror {
		load(lane)
	}
	var moves, buf []game.Move
	var ended []int
	for step, played := 0, 0; played < games; step++ {
		l.refresh()
		for lane := range mirror {
			if l.playing(lane) {
				compareLane(t, l, lane, mirror[lane], &buf)
			}
		}
		ended = l.Step(rng, ended[:0])
		for _, lane := range ended {
			for r := range v.Roles {
				if g := mirror[lane].Goal(game.Role(r)); g != l.Goal(lane, game.Role(r)) {
					t.Fatalf("lane %d: goal of %s %d, the State's %d", lane, v.Roles[r], l.Goal(lane, game.Role(r)), g)
				}
			}
			played++
			due[lane] = step + delay
		}
		for lane, s := range mirror {
			if l.playing(lane) && due[lane] < 0 {
				s.(game.JointState).ApplyJoint(laneMoves(l, lane, moves))
			}
		}
		for lane := range mirror {
			if due[lane] == step {
				load(lane)
			}
		}
	}
}

// Loads of one position into clean lanes of a word, one after another,
// are written together at the next Step (loadClean); a lane of such a
// group loaded again before, with another position, must get that one.
// Every lane's position must be the one loaded last.
func TestLanesLoadSamePositionTogether(t *testing.T) {
	for _, name := range []string{"tictactoe", "minicheckers", "stuck"} {
		v := loadFile(t, name)
		start := v.New()
		other := start.Clone()
		rng := game.NewRand(3)
		l := newSim(start)
		other.(game.JointState).ApplyJoint(l.randomJoint(other, rng, nil))
		want := make([]game.State, laneCount)
		load := func(lane int, s game.State) {
			want[lane] = s
			l.Load(lane, s, 0)
		}
		for lane := range want {
			if lane%5 == 0 && lane < laneCount-8 {
				load(lane, other)
			} else {
				load(lane, start)
			}
		}
		for _, lane := range []int{laneCount - 2, laneCount - 4, 7} {
			load(lane, other) // the first two in the group of the last loads
		}
		l.refresh()
		for lane, s := range want {
			vals := l.vals(s)
			for a := range l.n.NBase {
				if l.bit(int32(a), lane) != vals[a] {
					t.Fatalf("%s: lane %d: base atom %d is %v, want %v", name, lane, a, l.bit(int32(a), lane), vals[a])
				}
			}
		}
	}
}
