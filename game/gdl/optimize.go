package gdl

import (
	"encoding/binary"
	"slices"
)

// The ground rules of a sheet are rewritten before they are compiled, so
// that a ply costs less, by what is known of the moves: every role makes
// exactly one move a ply, so exactly one of its does atoms holds, or
// none when it has no move the rules know (an ill-made sheet's role
// without a legal move); the input atom none of the role says so.
//
// Frame rules are what make ground networks large: breakthrough's
//
//	(<= (next (cellHolds ?x ?y ?s)) (true (cellHolds ?x ?y ?s))
//	    (does ?p (move ?x1 ?y1 ?x2 ?y2)) (distinctCell ...) ...)
//
// grounds to one rule per cell, piece and move that does not touch the
// cell, 37 000 of its 39 000 rules, and every ply's move reaches about
// 200 of them. factorMoves writes the rules of an atom that differ only in
// their does literal as one rule over the disjunction of those does atoms,
// and writes that disjunction, when it names most of a role's moves, as
// "none of the other moves": the cell stays unless one of the six moves
// that touch it is made. The rules then number about as many as the
// atoms, and a move reaches the few atoms it can change.

// optimizer rewrites a network's ground rules (b.rs) in place, adding
// atoms after the constants.
type optimizer struct {
	b      *netBuilder
	doesOf map[int32]int // does atom → its role
	all    [][]int32     // by role: its does atoms, sorted
	none   []int32       // by role: its none atom, -1 until needed
	nodes  map[string]int32
}

func newOptimizer(b *netBuilder) *optimizer {
	n := b.n
	o := &optimizer{b: b, doesOf: map[int32]int{}, all: make([][]int32, len(n.roles)),
		none: filled(len(n.roles), -1), nodes: map[string]int32{}}
	for r, atoms := range n.doesOf {
		for _, a := range atoms {
			if a >= 0 {
				o.doesOf[a] = r
				o.all[r] = append(o.all[r], a)
			}
		}
		slices.Sort(o.all[r])
		o.all[r] = slices.Compact(o.all[r])
	}
	return o
}

// newAtom adds a derived atom with the given rules and returns it.
func (o *optimizer) newAtom(rules [][]int32) int32 {
	b := o.b
	a := int32(len(b.rs.rules))
	b.rs.rules = append(b.rs.rules, rules)
	b.n.nAtoms++
	return a
}

// noneAtom is the input atom that holds when role r makes no move the
// rules know.
func (o *optimizer) noneAtom(r int) int32 {
	if o.none[r] < 0 {
		o.none[r] = o.newAtom(nil)
	}
	return o.none[r]
}

// factorMoves rewrites, for every derived atom, its rules that have one
// positive does literal and the same other literals as one rule (see
// above).
func (o *optimizer) factorMoves() {
	rs := &o.b.rs
	for a := range rs.rules {
		rules := rs.rules[a]
		if len(rules) < 2 {
			continue
		}
		type group struct {
			rest []int32
			does []int32
		}
		var keys []string
		groups := map[string]*group{}
		var kept [][]int32
		for _, r := range rules {
			d, rest, ok := o.splitDoes(r)
			if !ok {
				kept = append(kept, r)
				continue
			}
			k := litsKey(rest)
			g := groups[k]
			if g == nil {
				g = &group{rest: rest}
				groups[k] = g
				keys = append(keys, k)
			}
			g.does = append(g.does, d)
		}
		if len(keys) == len(rules)-len(kept) {
			continue // no two rules to join
		}
		for _, k := range keys {
			g := groups[k]
			if len(g.does) == 1 {
				kept = append(kept, append(g.rest, g.does[0]<<1))
				continue
			}
			kept = append(kept, append(g.rest, o.anyOf(g.does)))
		}
		rs.rules[a] = kept
	}
}

// splitDoes returns the one positive does literal of rule r and its other
// literals, sorted; ok is false when r has no does literal or several, or
// a negated one.
func (o *optimizer) splitDoes(r []int32) (does int32, rest []int32, ok bool) {
	does = -1
	for _, l := range r {
		if _, isDoes := o.doesOf[l>>1]; !isDoes {
			rest = append(rest, l)
			continue
		}
		if does >= 0 || l&1 == 1 {
			return 0, nil, false
		}
		does = l >> 1
	}
	if does < 0 {
		return 0, nil, false
	}
	slices.Sort(rest)
	return does, rest, true
}

// anyOf returns a literal that holds when one of the does atoms holds.
func (o *optimizer) anyOf(does []int32) int32 {
	does = slices.Compact(slices.Sorted(slices.Values(does)))
	if len(does) == 1 {
		return does[0] << 1
	}
	key := "any" + litsKey(does)
	if l, ok := o.nodes[key]; ok {
		return l
	}
	var parts [][]int32
	for r := range o.all {
		var mine []int32
		for _, d := range does {
			if o.doesOf[d] == r {
				mine = append(mine, d)
			}
		}
		if len(mine) > 0 {
			parts = append(parts, []int32{o.roleAnyOf(r, mine)})
		}
	}
	l := parts[0][0]
	if len(parts) > 1 {
		l = o.newAtom(parts) << 1
	}
	o.nodes[key] = l
	return l
}

// roleAnyOf returns a literal that holds when role r makes one of the
// moves of does: their disjunction, or when that is shorter, the
// negation of the disjunction of the role's other moves and its none
// atom.
func (o *optimizer) roleAnyOf(r int, does []int32) int32 {
	if len(does) == 1 {
		return does[0] << 1
	}
	key := "role" + litsKey(does)
	if l, ok := o.nodes[key]; ok {
		return l
	}
	var other []int32
	for _, d := range o.all[r] {
		if _, found := slices.BinarySearch(does, d); !found {
			other = append(other, d)
		}
	}
	var l int32
	if len(other)+1 < len(does) {
		rules := [][]int32{{o.noneAtom(r) << 1}}
		for _, d := range other {
			rules = append(rules, []int32{d << 1})
		}
		l = o.newAtom(rules)<<1 | 1
	} else {
		rules := make([][]int32, len(does))
		for i, d := range does {
			rules[i] = []int32{d << 1}
		}
		l = o.newAtom(rules) << 1
	}
	o.nodes[key] = l
	return l
}

// litsKey is a map key for a list of literals.
func litsKey(lits []int32) string {
	buf := make([]byte, 0, 4*len(lits))
	for _, l := range lits {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(l))
	}
	return string(buf)
}
