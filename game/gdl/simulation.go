package gdl

import (
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/lanes"
)

// The lanes (package lanes) play 256 random games of a network at once;
// this file hands them the network and its states.

// NewSimulation returns an empty simulation of s's game (see
// game.Simulator).
func (s *State) NewSimulation() game.Simulation {
	n := s.n
	n.lanesOnce.Do(func() {
		n.laneNet = n.forLanes()
		n.lanes = lanes.Compile(n.laneNet, sampleHeld(n, s.v))
	})
	return lanes.New(n.laneNet, n.lanes, positionOf)
}

// positionOf is a State's position as the lanes load it: packed, and
// every atom's value (the first nBase are the position).
func positionOf(s game.State) (base []uint64, vals []bool) {
	st := s.(*State)
	return st.base, st.vals
}

// forLanes is the network as package lanes reads it.
func (n *network) forLanes() *lanes.Net {
	p := n.prog
	lp := &lanes.Program{SegOf: p.segOf, Atoms: p.atoms, PosOf: p.posOf, RuleLo: p.ruleLo, LitLo: p.litLo, Lits: p.lits}
	for _, sg := range p.segs {
		lp.Segs = append(lp.Segs, lanes.Segment{Lo: sg.lo, Hi: sg.hi, Loop: sg.loop})
	}
	ln := &lanes.Net{Roles: n.roles, NBase: n.nBase, NAtoms: n.nAtoms, Always: n.always, NextOf: n.nextOf,
		Prog: lp, DoesOf: n.doesOf, None: n.none, Terminal: n.terminal}
	for r := range n.roles {
		ls := make([]lanes.Legal, len(n.legal[r]))
		for i, e := range n.legal[r] {
			ls[i] = lanes.Legal{Atom: e.atom, Move: e.move}
		}
		gs := make([]lanes.Goal, len(n.goals[r]))
		for i, e := range n.goals[r] {
			gs[i] = lanes.Goal{Atom: e.atom, Value: e.value}
		}
		ln.Legal, ln.Goals = append(ln.Legal, ls), append(ln.Goals, gs)
	}
	return ln
}

// sampleWork bounds the sample: its plies times the network's atoms.
const sampleWork = 1 << 22

// samplePlies bounds the plies of the sample, and sampleGame those of
// one of its games (some sheets' random games seldom end).
const (
	samplePlies = 256
	sampleGame  = 200
)

// sampleHeld samples the positions of random games of n from the start
// (seeded, so that the lanes' code is the same from one load to the
// next).
func sampleHeld(n *network, v *game.Variant) *lanes.Sample {
	sm := &lanes.Sample{Held: make([]int32, n.nAtoms)}
	plies := min(samplePlies, max(sampleWork/max(n.nAtoms, 1), 16))
	rng := game.NewRand(1)
	start := n.newState(v)
	s := n.emptyState(v)
	var joint, buf []game.Move
	for inGame := 0; int(sm.Plies) < plies; sm.Plies++ {
		if sm.Plies == 0 || s.Terminal() || inGame == sampleGame {
			s.CopyFrom(start)
			inGame = 0
		}
		s.ensureView()
		for a, x := range s.vals {
			if x {
				sm.Held[a]++
			}
		}
		if s.Terminal() {
			continue
		}
		joint = joint[:0]
		for r := range n.roles {
			buf = s.LegalOf(game.Role(r), buf[:0])
			m := game.Noop
			if len(buf) > 0 {
				m = buf[rng.Intn(len(buf))]
			}
			joint = append(joint, m)
		}
		s.apply(joint)
		inGame++
	}
	return sm
}
