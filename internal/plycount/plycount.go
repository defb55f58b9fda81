// Package plycount wraps a game for tests of searches against the clock:
// it counts the plies a search plays and, after so many, stops it (calls
// a context's cancel), as a clock would run out in the middle of a costly
// sheet's search, so that a test can tell how much a search played after
// its stop without timing anything.
package plycount

import (
	"sync"

	"github.com/tabletop/tabletop/game"
)

// Counter counts the plies of every copy of a wrapped game; a search's
// threads may share it.
type Counter struct {
	mu               sync.Mutex
	plies, stopAfter int
	afterStop        int
	stop             func()
}

// NewCounter returns a Counter that calls stop at ply stopAfter.
func NewCounter(stopAfter int, stop func()) *Counter {
	return &Counter{stopAfter: stopAfter, stop: stop}
}

// Plies returns the plies played in all, and how many of them came after
// the stop.
func (c *Counter) Plies() (all, afterStop int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.plies, c.afterStop
}

func (c *Counter) ply() {
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

// Wrap returns s with its plies counted by c: a game.State, and a
// game.JointState when s is one. It hides every other capability of s
// (a GDL game's lanes, for one), so that every ply goes through Apply or
// ApplyJoint.
func Wrap(s game.State, c *Counter) game.State {
	w := &State{State: s, c: c}
	if _, ok := s.(game.JointState); ok {
		return &Joint{w}
	}
	return w
}

// State is a turn-taking game whose plies are counted.
type State struct {
	game.State
	c *Counter
}

// Apply counts the ply and plays it.
func (s *State) Apply(m game.Move) { s.c.ply(); s.State.Apply(m) }

// Clone copies the game; the copy's plies count with this one's.
func (s *State) Clone() game.State { return &State{State: s.State.Clone(), c: s.c} }

// CopyFrom copies src, a State of the same game.
func (s *State) CopyFrom(src game.State) { s.State.CopyFrom(unwrap(src)) }

func unwrap(s game.State) game.State {
	switch w := s.(type) {
	case *State:
		return w.State
	case *Joint:
		return w.State.State
	}
	return s
}

// Joint is a game with simultaneous turns whose plies are counted.
type Joint struct{ *State }

// ApplyJoint counts the ply and plays it.
func (s *Joint) ApplyJoint(moves []game.Move) {
	s.c.ply()
	s.State.State.(game.JointState).ApplyJoint(moves)
}

// LegalOf is the wrapped game's.
func (s *Joint) LegalOf(r game.Role, buf []game.Move) []game.Move {
	return s.State.State.(game.JointState).LegalOf(r, buf)
}

// Clone copies the game; the copy's plies count with this one's.
func (s *Joint) Clone() game.State { return &Joint{s.State.Clone().(*State)} }
