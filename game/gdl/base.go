package gdl

import (
	"github.com/tabletop/tabletop/game/gdl/ground"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// A sheet may declare the propositions a state can hold, in two forms:
//
//	(base (cell 1 1 b))                       the 2008 specification's form
//	(base cell (x 1 2 3) (y 1 2 3) (m x o b)) the compact form ggp-base's
//	                                          published sheets use: each
//	                                          argument after the relation
//	                                          lists the values of one of
//	                                          its arguments (the list's
//	                                          own name is not read)
//
// The reference software plays every sheet without looking at either form
// (its prover never asks for base, and its propnet factory drops every base
// fact as soon as one has the compact form), so here they are hints and
// nothing more: they never change the game and never refuse a sheet. A
// display uses them to leave out facts that grounding over-approximates
// (BaseFacts). A relation's declarations count only when they cover its
// initial facts: blockerSerial declares one proposition of many, and the
// rest of its relations are not declared at all, not declared impossible.
// input declarations of any form are read as ordinary relations and
// likewise change nothing.

// declarations are a sheet's base declarations of every form, by the
// relation they describe.
type declarations struct {
	facts   map[string]bool             // folded text of each (base x)
	compact map[kif.RelKey][][]valueSet // per relation, each compact declaration's values per argument
	rels    map[kif.RelKey]bool         // relations some declaration describes
}

// valueSet is the set of the folded texts of an argument's values.
type valueSet map[string]bool

// readDeclarations collects the base facts that hold (static true atoms
// of base of any arity).
func (b *netBuilder) readDeclarations() *declarations {
	g := b.g
	d := &declarations{facts: map[string]bool{}, compact: map[kif.RelKey][][]valueSet{}, rels: map[kif.RelKey]bool{}}
	for _, k := range g.Relations() {
		if k.Name != "base" {
			continue
		}
		for _, t := range g.Atoms(k) {
			if !b.static.holds(t) {
				continue
			}
			args := g.Args(t)
			if k.Arity == 1 {
				d.facts[kif.FoldKey(g.Text(args[0]))] = true
				d.rels[g.Relation(args[0])] = true
				continue
			}
			if k.Arity == 0 || len(g.Args(args[0])) > 0 {
				continue // not a declaration: (base) or (base (f x) ...)
			}
			rel := kif.RelKey{Name: g.Relation(args[0]).Name, Arity: k.Arity - 1}
			sets := make([]valueSet, k.Arity-1)
			for i, a := range args[1:] {
				sets[i] = valueSet{}
				vals := g.Args(a)
				if len(vals) == 0 {
					vals = []ground.TermID{a} // a single value written as itself
				}
				for _, v := range vals {
					sets[i][kif.FoldKey(g.Text(v))] = true
				}
			}
			d.compact[rel] = append(d.compact[rel], sets)
			d.rels[rel] = true
		}
	}
	if len(d.rels) == 0 {
		return nil
	}
	return d
}

// covers reports whether fact id (the x of (true x)) is declared, and
// whether its relation is declared at all.
func (d *declarations) covers(g *ground.Grounder, id ground.TermID) (declared, described bool) {
	rel := g.Relation(id)
	if !d.rels[rel] {
		return false, false
	}
	if d.facts[kif.FoldKey(g.Text(id))] {
		return true, true
	}
	args := g.Args(id)
	for _, sets := range d.compact[rel] {
		ok := true
		for i, a := range args {
			if !sets[i][kif.FoldKey(g.Text(a))] {
				ok = false
				break
			}
		}
		if ok {
			return true, true
		}
	}
	return false, true
}

// undeclared marks the base atoms (the (true x) terms of base, by dense
// atom) that the declarations leave out, except in relations whose
// declarations leave out an initial fact (a partial declaration, which
// says nothing).
func (b *netBuilder) undeclared(base []ground.TermID) []bool {
	d := b.readDeclarations()
	out := make([]bool, len(base))
	if d == nil {
		return out
	}
	g := b.g
	initial := make([]bool, len(base))
	for _, a := range b.n.init {
		initial[a] = true
	}
	partial := map[kif.RelKey]bool{}
	for i, t := range base {
		x := g.Args(t)[0]
		declared, described := d.covers(g, x)
		out[i] = described && !declared
		if out[i] && initial[i] {
			partial[g.Relation(x)] = true
		}
	}
	for i, t := range base {
		if out[i] && partial[g.Relation(g.Args(t)[0])] {
			out[i] = false
		}
	}
	return out
}
