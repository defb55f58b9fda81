package game_test

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
)

// fakeSolver records the memory it is given.
type fakeSolver struct{ memory int64 }

func (f *fakeSolver) Solve(context.Context, game.State, game.SolveOptions) (game.Solution, error) {
	return game.Solution{}, game.ErrUnsolved
}
func (f *fakeSolver) Cost(game.State, int) (time.Duration, bool) { return 0, false }
func (f *fakeSolver) NewProbe() game.Probe                       { return nil }
func (f *fakeSolver) SetMemory(b int64)                          { f.memory = b }

// TestSolverRegistry: pentago has its solver, the other games none, and
// the memory set for every solver reaches those registered before and
// after.
func TestSolverRegistry(t *testing.T) {
	for _, name := range game.Names() {
		v, _ := game.Lookup(name)
		if got := game.SolverFor(v) != nil; got != (name == "pentago") {
			t.Errorf("%s: has a solver %v", name, got)
		}
	}
	if game.SolverFor(nil) != nil {
		t.Errorf("a solver for no variant")
	}
	before := &fakeSolver{memory: -1}
	game.RegisterSolver("test-before", before)
	game.SetSolverMemory(123 << 20)
	after := &fakeSolver{memory: -1}
	game.RegisterSolver("test-after", after)
	if before.memory != 123<<20 || after.memory != 123<<20 {
		t.Errorf("memory %d and %d, want %d", before.memory, after.memory, 123<<20)
	}
	game.SetSolverMemory(-5)
	if before.memory != 0 {
		t.Errorf("a negative budget is %d, want 0", before.memory)
	}
	v, _ := game.Lookup("pentago")
	game.SetSolverMemory(1536 << 20) // as it was, for the other tests
	if _, ok := game.SolverFor(v).Cost(v.New(), 1); ok {
		t.Errorf("the start of pentago is within the solver's reach")
	}
}
