package gdl

import (
	"math"
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// Lanes play 64 random games of a ground network at once, one in each
// bit of a word: every atom is a uint64 whose bit i is its value in the
// game of lane i, so that evaluating a rule is an AND of words and an
// atom an OR of its rules, for the 64 games together. A ply evaluates the
// whole network (no counting, as a State does: the lanes' games differ),
// in three parts compiled from the program (laneProg): what the position
// decides (legal moves, terminal and what next needs of the position),
// then, once every lane's moves are chosen, what the moves decide (next),
// and the goals only when a game ends. Choosing the moves is the one
// part done lane by lane: every legal move of a role is visited once for
// each lane where it is legal.

// Operations of the lanes' code; an instruction is op|count<<2, then the
// atom it sets, then count operands.
const (
	opAnd   = iota // the atom is the AND of count literals
	opOr           // the OR of count literals
	opOrAnd        // the OR of count rules, each its length then its literals
	opLoop         // loop segment count of the program, to its least fixpoint
)

// laneProg is a network's program compiled for the lanes.
type laneProg struct {
	position []int32 // what the position decides
	moves    []int32 // what the moves decide
	goals    []int32 // what only the goals need
	legal    [][]laneEntry
	maxLegal int // the most legal entries of one role
}

// compileLanes splits the program's positions into the three parts and
// compiles each.
func compileLanes(n *network) *laneProg {
	p := n.prog
	doesDep := make([]bool, len(p.atoms))
	inputMove := map[int32]bool{}
	for r := range n.doesOf {
		for _, a := range n.doesOf[r] {
			if a >= 0 {
				inputMove[a] = true
			}
		}
		if n.none[r] >= 0 {
			inputMove[n.none[r]] = true
		}
	}
	for _, sg := range p.segs {
		dep := false
		for pass := 0; pass < 2; pass++ { // a loop segment: every atom alike
			for q := sg.lo; q < sg.hi; q++ {
				for _, l := range p.lits[p.litLo[p.ruleLo[q]]:p.litLo[p.ruleLo[q+1]]] {
					a := l >> 1
					if inputMove[a] || p.posOf[a] >= 0 && doesDep[p.posOf[a]] {
						dep = true
					}
				}
				if !sg.loop {
					doesDep[q] = dep
					dep = false
				}
			}
			if !sg.loop {
				break
			}
			for q := sg.lo; q < sg.hi; q++ {
				doesDep[q] = dep
			}
		}
	}
	var viewOut, nextOut, goalOut []int32
	viewOut = append(viewOut, n.terminal)
	for _, ls := range n.legal {
		for _, l := range ls {
			viewOut = append(viewOut, l.atom)
		}
	}
	nextOut = append(nextOut, n.nextOf...)
	for _, gs := range n.goals {
		for _, e := range gs {
			goalOut = append(goalOut, e.atom)
		}
	}
	view, next, goal := p.cone(viewOut), p.cone(nextOut), p.cone(goalOut)
	lp := &laneProg{}
	lp.legal = make([][]laneEntry, len(n.legal))
	for r, ls := range n.legal {
		lp.maxLegal = max(lp.maxLegal, len(ls))
		for _, e := range ls {
			lp.legal[r] = append(lp.legal[r], laneEntry{e.atom, n.doesOf[r][e.move]})
		}
	}
	inPos := func(q int32) bool { return (view[q] || next[q]) && !doesDep[q] }
	lp.position = p.laneCode(inPos)
	lp.moves = p.laneCode(func(q int32) bool { return next[q] && doesDep[q] })
	lp.goals = p.laneCode(func(q int32) bool { return goal[q] && !inPos(q) })
	return lp
}

// cone marks the positions whose atoms the outputs depend on.
func (p *program) cone(outputs []int32) []bool {
	in := make([]bool, len(p.atoms))
	var stack []int32
	push := func(a int32) {
		if q := p.posOf[a]; q >= 0 && !in[q] {
			in[q] = true
			stack = append(stack, q)
		}
	}
	for _, a := range outputs {
		push(a)
	}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if sg := p.segOf[q]; sg >= 0 {
			for o := p.segs[sg].lo; o < p.segs[sg].hi; o++ {
				push(p.atoms[o])
			}
		}
		for _, l := range p.lits[p.litLo[p.ruleLo[q]]:p.litLo[p.ruleLo[q+1]]] {
			push(l >> 1)
		}
	}
	return in
}

// laneCode compiles the positions for which keep holds, in order.
func (p *program) laneCode(keep func(int32) bool) []int32 {
	var code []int32
	for sgi, sg := range p.segs {
		if sg.loop {
			if keep(sg.lo) {
				code = append(code, opLoop|int32(sgi)<<2, -1)
			}
			continue
		}
		for q := sg.lo; q < sg.hi; q++ {
			if keep(q) {
				code = p.laneInstr(code, q)
			}
		}
	}
	return code
}

// laneInstr appends the instruction that evaluates position q.
func (p *program) laneInstr(code []int32, q int32) []int32 {
	lo, hi := p.ruleLo[q], p.ruleLo[q+1]
	a := p.atoms[q]
	single := true
	for r := lo; r < hi; r++ {
		single = single && p.litLo[r+1]-p.litLo[r] == 1
	}
	switch {
	case hi-lo == 1:
		lits := p.lits[p.litLo[lo]:p.litLo[hi]]
		code = append(code, opAnd|int32(len(lits))<<2, a)
		return append(code, lits...)
	case single:
		code = append(code, opOr|(hi-lo)<<2, a)
		return append(code, p.lits[p.litLo[lo]:p.litLo[hi]]...)
	}
	code = append(code, opOrAnd|(hi-lo)<<2, a)
	for r := lo; r < hi; r++ {
		lits := p.lits[p.litLo[r]:p.litLo[r+1]]
		code = append(code, int32(len(lits)))
		code = append(code, lits...)
	}
	return code
}

// litWord is the value of literal l in the 64 lanes.
func litWord(w []uint64, l int32) uint64 {
	return w[l>>1] ^ -uint64(l&1)
}

// runLanes evaluates code over the lanes' words.
func (p *program) runLanes(code []int32, w []uint64) {
	for pc := 0; pc < len(code); {
		op, n, out := code[pc]&3, int(code[pc]>>2), code[pc+1]
		pc += 2
		switch op {
		case opAnd:
			acc := ^uint64(0)
			for _, l := range code[pc : pc+n] {
				acc &= litWord(w, l)
			}
			w[out] = acc
			pc += n
		case opOr:
			acc := uint64(0)
			for _, l := range code[pc : pc+n] {
				acc |= litWord(w, l)
			}
			w[out] = acc
			pc += n
		case opOrAnd:
			acc := uint64(0)
			for ; n > 0; n-- {
				k := int(code[pc])
				and := ^uint64(0)
				for _, l := range code[pc+1 : pc+1+k] {
					and &= litWord(w, l)
				}
				acc |= and
				pc += 1 + k
			}
			w[out] = acc
		case opLoop:
			p.loopLanes(p.segs[n], w)
		}
	}
}

// loopLanes evaluates a loop segment to its least fixpoint in every lane.
func (p *program) loopLanes(sg segment, w []uint64) {
	for i := sg.lo; i < sg.hi; i++ {
		w[p.atoms[i]] = 0
	}
	for changed := true; changed; {
		changed = false
		for i := sg.lo; i < sg.hi; i++ {
			acc := uint64(0)
			for r := p.ruleLo[i]; r < p.ruleLo[i+1]; r++ {
				and := ^uint64(0)
				for _, l := range p.lits[p.litLo[r]:p.litLo[r+1]] {
					and &= litWord(w, l)
				}
				acc |= and
			}
			if a := p.atoms[i]; acc&^w[a] != 0 {
				w[a] |= acc
				changed = true
			}
		}
	}
}

// laneEntry is a legal move of a role for the lanes: its legal atom and
// its does atom (-1 when the rules never read it).
type laneEntry struct{ legal, does int32 }

// lanes is a game.Simulation of a ground network.
type lanes struct {
	n      *network
	lp     *laneProg
	w      []uint64 // by atom
	active uint64   // lanes with a game being played
	stale  bool     // the position part is not evaluated for the lanes' positions

	// step counts the Steps that played a ply; a lane's plies are
	// counted from the step it was loaded at, and it is stopped at its
	// expiry.
	step           int64
	loaded, expiry [64]int64
	nextExpiry     int64   // the earliest expiry of a playing lane
	goals          []uint8 // by lane and role, of ended games

	set  []int32 // does atoms set by the last ply
	pick []int32 // by lane, the indices of its legal entries (maxLegal each)
}

var _ game.Simulation = (*lanes)(nil)

// NewSimulation returns an empty simulation of s's game (see
// game.Simulator).
func (s *State) NewSimulation() game.Simulation {
	n := s.n
	n.lanesOnce.Do(func() { n.lanes = compileLanes(n) })
	l := &lanes{n: n, lp: n.lanes, w: make([]uint64, n.nAtoms), nextExpiry: math.MaxInt64,
		goals: make([]uint8, 64*len(n.roles)), set: make([]int32, 0, 64*len(n.roles)),
		pick: make([]int32, 64*max(n.lanes.maxLegal, 1))}
	l.w[n.always] = ^uint64(0)
	return l
}

func (l *lanes) Lanes() int { return 64 }

// Load puts the position of s, a *State of the same game, into lane.
func (l *lanes) Load(lane int, s game.State, maxPlies int) {
	st := s.(*State)
	bit := uint64(1) << lane
	for i, v := range st.vals[:l.n.nBase] {
		if v {
			l.w[i] |= bit
		} else {
			l.w[i] &^= bit
		}
	}
	l.active |= bit
	l.loaded[lane], l.expiry[lane] = l.step, math.MaxInt64
	if maxPlies > 0 {
		l.expiry[lane] = l.step + int64(maxPlies)
		l.nextExpiry = min(l.nextExpiry, l.expiry[lane])
	}
	l.stale = true
}

// Plies is the plies of lane's game: until it ended, or until now.
func (l *lanes) Plies(lane int) int {
	if l.active>>lane&1 == 1 {
		return int(l.step - l.loaded[lane])
	}
	return int(l.expiry[lane] - l.loaded[lane])
}

func (l *lanes) Goal(lane int, r game.Role) int {
	return int(l.goals[lane*len(l.n.roles)+int(r)])
}

// refresh evaluates what the lanes' positions decide, unless done.
func (l *lanes) refresh() {
	if l.stale {
		l.n.prog.runLanes(l.lp.position, l.w)
		l.stale = false
	}
}

// Step plays a ply of every lane's game (see game.Simulation).
func (l *lanes) Step(rng *game.Rand) uint64 {
	n, p := l.n, l.n.prog
	l.refresh()
	ended := l.w[n.terminal] & l.active
	if l.step >= l.nextExpiry {
		l.nextExpiry = math.MaxInt64
		for m := l.active &^ ended; m != 0; m &= m - 1 {
			lane := bits.TrailingZeros64(m)
			if l.expiry[lane] <= l.step {
				ended |= 1 << lane
			} else {
				l.nextExpiry = min(l.nextExpiry, l.expiry[lane])
			}
		}
	}
	if ended != 0 {
		l.endGames(ended)
	}
	if l.active == 0 {
		return ended
	}
	l.chooseMoves(rng)
	p.runLanes(l.lp.moves, l.w)
	for i, a := range n.nextOf {
		l.w[i] = l.w[a]
	}
	l.step++
	l.stale = true
	return ended
}

// endGames records the goals and plies of the lanes in ended and frees
// them.
func (l *lanes) endGames(ended uint64) {
	n := l.n
	n.prog.runLanes(l.lp.goals, l.w)
	nr := len(n.roles)
	for m := ended; m != 0; m &= m - 1 {
		lane := bits.TrailingZeros64(m)
		l.expiry[lane] = l.step // Plies reads the end from here
		for r, gs := range n.goals {
			best := 0
			for _, e := range gs {
				if l.w[e.atom]>>lane&1 == 1 && e.value > best {
					best = e.value
				}
			}
			l.goals[lane*nr+r] = uint8(best)
		}
	}
	l.active &^= ended
}

// chooseMoves sets, in every playing lane, the does atom of a uniformly
// random legal move of every role (or the role's none atom). The lanes
// where a role has one legal move (the pass of a turn-taking game) are
// found and set for all lanes at once; only the others are visited lane
// by lane.
func (l *lanes) chooseMoves(rng *game.Rand) {
	w := l.w
	for _, a := range l.set {
		w[a] = 0
	}
	l.set = l.set[:0]
	active := l.active
	for r, ents := range l.lp.legal {
		var once, twice uint64
		for _, e := range ents {
			x := w[e.legal]
			twice |= once & x
			once |= x
		}
		once &= active
		twice &= active
		none := active &^ once
		if single := once &^ twice; single != 0 {
			for _, e := range ents {
				if m := w[e.legal] & single; m != 0 {
					none |= l.setDoes(e.does, m)
				}
			}
		}
		if twice != 0 {
			none |= l.chooseAmong(ents, twice, rng)
		}
		if a := l.n.none[r]; a >= 0 {
			w[a] = none
		}
	}
}

// setDoes sets does atom a in the lanes of mask m, and returns the lanes
// that so make no move the rules know (a is -1).
func (l *lanes) setDoes(a int32, m uint64) uint64 {
	if a < 0 {
		return m
	}
	if l.w[a] == 0 {
		l.set = append(l.set, a)
	}
	l.w[a] |= m
	return 0
}

// chooseAmong chooses a legal entry at random in each lane of many, where
// the role has several, and sets its does atom; it returns the lanes
// whose choice the rules do not know.
func (l *lanes) chooseAmong(ents []laneEntry, many uint64, rng *game.Rand) (none uint64) {
	w, pick, stride := l.w, l.pick, l.lp.maxLegal
	var count [64]int32
	for j, e := range ents {
		for m := w[e.legal] & many; m != 0; m &= m - 1 {
			lane := bits.TrailingZeros64(m)
			pick[lane*stride+int(count[lane])] = int32(j)
			count[lane]++
		}
	}
	for m := many; m != 0; m &= m - 1 {
		lane := bits.TrailingZeros64(m)
		j := pick[lane*stride+rng.Intn(int(count[lane]))]
		none |= l.setDoes(ents[j].does, 1<<lane)
	}
	return none
}
