package ground

import (
	"encoding/binary"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// Whether grounding the rewritten rules (Rewrite) is worth
// trying, decided from what grounding the rules as written made before
// it reached a limit, so that a sheet played top-down does not pay for a
// second grounding that cannot fit.
//
// The rewritten rules make every atom the rules as written make, except
// the atoms of a relation restricted to its questions (demand.go) that
// no question asks: restricting a relation leaves the atoms its readers
// read, so every relation reading it keeps its atoms, and a split body
// (split.go) derives its head's atoms from the same joins. They make the
// guard facts of the questions besides, and the split rules' relations.
// The atoms of the first grounding but those unasked, and the guard
// facts, are so many atoms the second grounding makes at least: when they
// are more than the limit of atoms, it cannot fit.
//
// A relation restricted to what its readers' static literals ask
// (context.go) is counted whole, as if that restriction cut none of its
// atoms: counting none of them sent chess, slaughter and merrills to a
// second grounding that reaches the limit all the same, at twice their
// start. So a sheet whose rewritten rules fit only by those guards is
// still turned away. No corpus sheet is one: with none of those atoms
// counted, the eleven sheets that end top-down still did (measured
// once); AlexChess and racer4, which ground rewritten, reach the work
// budget first, where this count plays no part.

// rewrittenMayFit tells whether grounding the rules rewritten with
// demands may stay within the limits, when grounding them as written
// with g reached the limit of kind reached. Rewriting nests no term less
// deeply, so a term too deep is not tried again.
func (g *Grounder) rewrittenMayFit(reached LimitKind, demands []demand) bool {
	if reached == OverDepth {
		return false
	}
	atLeast := g.nAtoms - g.unaskedAtoms(demands)
	for _, d := range demands {
		atLeast += len(d.facts)
	}
	return atLeast <= g.lim.MaxAtoms
}

// unaskedAtoms counts the atoms g made for the relations of demands that
// none of their questions asks.
func (g *Grounder) unaskedAtoms(demands []demand) int {
	n := 0
	var key []byte
	for _, d := range demands {
		r := g.rels[d.key]
		if r == nil || len(r.atoms) == 0 {
			continue
		}
		asked := map[string]bool{}
		for _, f := range d.facts {
			if key, ok := g.questionKey(f.Head.Args, key[:0]); ok {
				asked[string(key)] = true
			}
		}
		for _, id := range r.atoms {
			key = key[:0]
			for _, i := range d.asked {
				key = binary.LittleEndian.AppendUint32(key, uint32(g.argsOf(id)[i]))
			}
			if !asked[string(key)] {
				n++
			}
		}
	}
	return n
}

// questionKey appends to key the term ids of args, or returns false when
// one is too deep for g (then no atom of g has it).
func (g *Grounder) questionKey(args []*kif.Term, key []byte) ([]byte, bool) {
	for _, a := range args {
		id, err := g.groundTerm(a)
		if err != nil {
			return key, false
		}
		key = binary.LittleEndian.AppendUint32(key, uint32(id))
	}
	return key, true
}
