package gametest

import (
	"sync"

	"github.com/tabletop/tabletop/game"
)

// PlyCounter counts the plies of every copy of a game wrapped by
// CountPlies and, after so many, stops the search that plays them (calls
// a context's cancel), as a clock would run out in the middle of a costly
// sheet's search: a test of a search against the clock can tell how much
// it played after its stop without timing anything. A search's threads
// may share it.
type PlyCounter struct {
	mu               sync.Mutex
	plies, stopAfter int
	afterStop        int
	stop             func()
}

// NewPlyCounter returns a PlyCounter that calls stop at ply stopAfter.
func NewPlyCounter(stopAfter int, stop func()) *PlyCounter {
	return &PlyCounter{stopAfter: stopAfter, stop: stop}
}

// Plies returns the plies played in all, and how many of them came after
// the stop.
func (c *PlyCounter) Plies() (all, afterStop int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.plies, c.afterStop
}

func (c *PlyCounter) ply() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.plies++
	switch {
	case c.plies == c.stopAfter:
		c.stop()
	case c.plies > c.stopAfter:
		c.afterStop++
	}
}

// CountPlies returns s with its plies counted by c: a game.State, and a
// game.JointState when s is one. It hides every other capability of s
// (a GDL game's lanes, for one), so that every ply goes through Apply or
// ApplyJoint.
func CountPlies(s game.State, c *PlyCounter) game.State {
	w := &countedState{State: s, c: c}
	if _, ok := s.(game.JointState); ok {
		return &countedJoint{w}
	}
	return w
}

// countedState is a turn-taking game whose plies are counted.
type countedState struct {
	game.State
	c *PlyCounter
}

// Apply counts the ply and plays it.
func (s *countedState) Apply(m game.Move) { s.c.ply(); s.State.Apply(m) }

// Clone copies the game; the copy's plies count with this one's.
func (s *countedState) Clone() game.State { return &countedState{State: s.State.Clone(), c: s.c} }

// CopyFrom copies src, a State of the same game.
func (s *countedState) CopyFrom(src game.State) { s.State.CopyFrom(unwrap(src)) }

func unwrap(s game.State) game.State {
	switch w := s.(type) {
	case *countedState:
		return w.State
	case *countedJoint:
		return w.countedState.State
	}
	return s
}

// countedJoint is a game with simultaneous turns whose plies are counted.
type countedJoint struct{ *countedState }

// ApplyJoint counts the ply and plays it.
func (s *countedJoint) ApplyJoint(moves []game.Move) {
	s.c.ply()
	s.countedState.State.(game.JointState).ApplyJoint(moves)
}

// LegalOf is the wrapped game's.
func (s *countedJoint) LegalOf(r game.Role, buf []game.Move) []game.Move {
	return s.countedState.State.(game.JointState).LegalOf(r, buf)
}

// Clone copies the game; the copy's plies count with this one's.
func (s *countedJoint) Clone() game.State {
	return &countedJoint{s.countedState.Clone().(*countedState)}
}
