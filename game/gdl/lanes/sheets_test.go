package lanes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// The lanes' tests play the test sheets of package gdl (../testdata)
// against gdl's State. gdl imports this package, so these tests cannot
// import gdl: the external test file gdl_test.go (package lanes_test)
// sets LoadSheet to gdl.Load before any test runs.

// LoadSheet compiles a rule sheet (gdl.Load).
var LoadSheet func(name string, src []byte) (*game.Variant, error)

// loadFile loads gdl's test sheet testdata/name.kif.
func loadFile(t testing.TB, name string) *game.Variant {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", name+".kif"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := LoadSheet(name, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// groundTestStates is a new game of every test sheet that loads and
// plays by the ground network (a state with lanes), not top-down.
func groundTestStates(tb testing.TB) []game.State {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "*.kif"))
	var states []game.State
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		v, err := LoadSheet(filepath.Base(f), src)
		if err != nil {
			continue // the invalid sheets of the tests
		}
		if s := v.New(); isGround(s) {
			states = append(states, s)
		}
	}
	return states
}

// isGround reports whether s is a state of a ground network: one the
// lanes simulate.
func isGround(s game.State) bool {
	_, ok := s.(game.Simulator)
	return ok
}

// newSim is the lanes of s's game.
func newSim(s game.State) *Sim {
	return s.(game.Simulator).NewSimulation().(*Sim)
}

// vals is every atom's value in s, a state of l's game.
func (l *Sim) vals(s game.State) []bool {
	_, vals := l.positionOf(s)
	return vals
}

// baseAtom is the base atom of the fact text in v's game.
func baseAtom(t *testing.T, v *game.Variant, text string) (int32, bool) {
	t.Helper()
	s, err := v.ParsePosition(text)
	if err != nil {
		return -1, false
	}
	l := newSim(s)
	for a, x := range l.vals(s)[:l.n.NBase] {
		if x {
			return int32(a), true
		}
	}
	return -1, false
}

// sampleOf samples the positions of random games of l's game from
// start, as package gdl does for the lanes' code: every atom's value
// after the State has evaluated the position.
func sampleOf(l *Sim, start game.State) *Sample {
	sm := &Sample{Held: make([]int32, l.n.NAtoms)}
	rng := game.NewRand(1)
	s := start.Clone()
	var joint []game.Move
	for inGame := 0; sm.Plies < 256; sm.Plies++ {
		if sm.Plies == 0 || s.Terminal() || inGame == 200 {
			s.CopyFrom(start)
			inGame = 0
		}
		over := s.Terminal() // evaluates the position
		for a, x := range l.vals(s) {
			if x {
				sm.Held[a]++
			}
		}
		if over {
			continue
		}
		joint = l.randomJoint(s, rng, joint[:0])
		s.(game.JointState).ApplyJoint(joint)
		inGame++
	}
	return sm
}

// moveTexts is the text of each move of ms.
func moveTexts(s game.State, ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s.FormatMove(m)
	}
	return out
}

// unknownMove is a move the rules of l's game do not know.
func (l *Sim) unknownMove() game.Move { return game.Move(len(l.n.DoesOf[0])) }
