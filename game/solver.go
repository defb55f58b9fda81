package game

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrUnsolved is wrapped by the error of a Solver that cannot settle a
// position within the time or the memory it has (errors.Is).
var ErrUnsolved = errors.New("beyond the solver's reach")

// Solver settles positions of one two-role variant exactly: the goal its
// role in control reaches when both sides play perfectly. A package
// beside the game provides one and registers it (RegisterSolver); the AI
// looks it up once per search (SolverFor) and plays exactly where a solve
// fits its budget. A Solver is safe for concurrent use; the solves running
// at once share one memory budget (SetMemory).
type Solver interface {
	// Solve returns the exact goal of the role in control of s (not
	// terminal) and a best line. It gives up with an error wrapping
	// ErrUnsolved when s needs more memory than is free now, or more time
	// than ctx's deadline leaves, and with ctx's error when ctx ends
	// first. Without a deadline it may search for a very long time where
	// Cost says it cannot be sure.
	Solve(ctx context.Context, s State, opt SolveOptions) (Solution, error)
	// Cost estimates the time Solve(s) takes on threads goroutines at
	// most; ok is false when it could not settle s for certain (too many
	// empty cells, or not enough memory in the budget).
	Cost(s State, threads int) (d time.Duration, ok bool)
	// NewProbe returns a Probe, for one goroutine.
	NewProbe() Probe
	// SetMemory bounds, in bytes, the memory that the solves running at
	// once may take together; a solve that would not fit is not tried.
	SetMemory(bytes int64)
}

// SolveOptions says how to solve.
type SolveOptions struct {
	Threads int // goroutines at most (0: one)
	// Moves asks for the values of all the mover's actions as well
	// (Solution.Moves), at the price of a solve that finds them all at
	// once where the solver has one; without it they come only when that
	// solve was the cheapest way to the position's value.
	Moves bool
}

// Solution is the exact value of a position.
type Solution struct {
	// Goal is what the role in control reaches with perfect play.
	Goal int
	// Line is a best line from the position, starting with the mover's
	// action: at least the mover's whole turn.
	Line []Move
	// Moves, when known, are the mover's actions with the goal it
	// reaches after each, in the order of Legal.
	Moves []SolvedMove
}

// SolvedMove is one action of the mover with its exact value.
type SolvedMove struct {
	// Line is the action and the rest of the mover's turn that reaches
	// Goal.
	Line []Move
	// Goal is what the mover reaches with perfect play after Line.
	Goal int
}

// Probe settles positions inside a search with a fixed amount of work. It
// is for one goroutine and does not allocate.
type Probe interface {
	// Probe returns the exact goal of the role in control of s (not
	// terminal) if it is settled within work units (nodes of the
	// solver's own search, which keeps what it learns for later probes);
	// ok is false otherwise, and for positions the solver does not take.
	Probe(s State, work int) (goal int, ok bool)
}

var (
	solversMu    sync.RWMutex
	solvers            = map[string]Solver{}
	solverMemory int64 = -1 // -1: each solver's default
)

// RegisterSolver makes s the exact solver of the variant named name; the
// memory set by SetSolverMemory, if any, applies to it.
func RegisterSolver(name string, s Solver) {
	solversMu.Lock()
	defer solversMu.Unlock()
	solvers[name] = s
	if solverMemory >= 0 {
		s.SetMemory(solverMemory)
	}
}

// SolverFor returns the exact solver of v, or nil when it has none.
func SolverFor(v *Variant) Solver {
	if v == nil {
		return nil
	}
	solversMu.RLock()
	defer solversMu.RUnlock()
	return solvers[v.Name]
}

// SetSolverMemory bounds the memory of every solver, registered now or
// later (see Solver.SetMemory): a server passes its operator's setting,
// shared by all of its sessions.
func SetSolverMemory(bytes int64) {
	solversMu.Lock()
	defer solversMu.Unlock()
	solverMemory = max(bytes, 0)
	for _, s := range solvers {
		s.SetMemory(solverMemory)
	}
}
