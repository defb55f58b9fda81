package gdl

import "slices"

// Disjunctions of moves. factorMoves joins the rules of an atom that
// differ only in their move, and writes the moves it then reads as the
// shorter of their disjunction and "none of the role's other moves". A
// move is read so when a rule reads its does atom; but when the rules
// are split (ground.Rewrite, which a sheet whose rules as written reach
// a limit is grounded with), the part of a frame rule that reads the
// move is a relation of its own. knightfight's
//
//	(<= (next (cell ?x ?y ?state)) (true (cell ?x ?y ?state))
//	    (does ?role (move ?x1 ?y1 ?x2 ?y2)) (distinctcell ?x ?y ?x1 ?y1))
//
// becomes a relation "some move leaves from (x1, y1)", an OR of 16 does
// atoms for each cell, and a relation "some move leaves from a cell
// other than (x, y)", an OR of 99 of those for each cell, which the
// frame rule reads instead of the move. Grounded as written, the cell
// stays unless one of the 16 moves from it is made; split, a ply read
// the 99-way ORs of all 100 cells (16 054 rules against 7 586, a
// network 35 % slower). So an atom whose every rule is one positive
// literal, of a does atom or of another such atom, is taken as the
// disjunction of the does atoms it reaches, its move set, and a rule
// that reads it is joined with the rules that differ from it only in
// their move as a rule that reads a does atom is.

// maxMoveSets bounds the does atoms the move sets of a network hold in
// all (each set is sorted, once per atom): past it, atoms are no
// longer taken as disjunctions of moves, which only leaves their rules
// as they are.
const maxMoveSets = 1 << 22

// findMoveSets finds the move set of every atom that has one (see
// above), before factorMoves changes any rule.
func (o *optimizer) findMoveSets() {
	n := len(o.b.rs.rules)
	o.sets = make([][]int32, n)
	o.setState = make([]uint8, n)
	for a := range n {
		o.findMoveSet(int32(a))
	}
}

// The states of an atom's move set while findMoveSets looks for it.
const (
	setUnknown = iota
	setLooking
	setKnown // o.sets holds it, nil when the atom has none
)

// findMoveSet finds the move set of atom a, and of the atoms its rules
// read, when a has one.
func (o *optimizer) findMoveSet(a int32) []int32 {
	if o.setState[a] != setUnknown {
		return o.sets[a] // nil while looking: a loop is no disjunction
	}
	rules := o.b.rs.rules[a]
	o.setState[a] = setKnown
	if len(rules) == 0 || o.isDoes(a) {
		return nil
	}
	for _, r := range rules {
		if len(r) != 1 || r[0]&1 == 1 {
			return nil
		}
	}
	o.setState[a] = setLooking
	for _, r := range rules { // the sets of the atoms read, first
		if b := r[0] >> 1; !o.isDoes(b) && o.findMoveSet(b) == nil {
			o.setState[a] = setKnown
			return nil
		}
	}
	o.setState[a] = setKnown
	// The union is made on a scratch slice and kept in blocks shared by
	// the sets: a slice of its own for each was a fifth of AlexChess's
	// allocations at start.
	set := o.setBuf[:0]
	for _, r := range rules {
		if b := r[0] >> 1; o.isDoes(b) {
			set = append(set, b)
		} else {
			set = append(set, o.sets[b]...)
		}
		if len(set) > 2*o.nDoes {
			// Sets that overlap: keep it within the moves there are.
			slices.Sort(set)
			set = slices.Compact(set)
		}
	}
	slices.Sort(set)
	set = slices.Compact(set)
	o.setBuf = set
	if o.setSize+len(set) > maxMoveSets {
		return nil
	}
	o.setSize += len(set)
	o.sets[a] = o.setArena.copyOf(set)
	return o.sets[a]
}

// moveSet returns the move set of atom a (see above), nil when it has
// none; a does atom has none.
func (o *optimizer) moveSet(a int32) []int32 {
	if int(a) >= len(o.sets) {
		return nil // an atom the optimizer added
	}
	return o.sets[a]
}

// movesIn returns the does atoms of the move literals' atoms: a does
// atom itself, another its move set.
func (o *optimizer) movesIn(atoms []int32) []int32 {
	var does []int32
	for _, a := range atoms {
		if o.isDoes(a) {
			does = append(does, a)
		} else {
			does = append(does, o.moveSet(a)...)
		}
	}
	return does
}
