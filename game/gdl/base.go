package gdl

import (
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
	for k, r := range g.rels {
		if k.Name != "base" {
			continue
		}
		for _, t := range r.atoms {
			if !b.static[t] {
				continue
			}
			args := g.terms[t].args
			if k.Arity == 1 {
				d.facts[kif.FoldKey(g.termText(args[0], 1<<30))] = true
				d.rels[g.relOfTerm(args[0])] = true
				continue
			}
			if k.Arity == 0 || len(g.terms[args[0]].args) > 0 {
				continue // not a declaration: (base) or (base (f x) ...)
			}
			rel := kif.RelKey{Name: g.symNames[g.terms[args[0]].fn], Arity: k.Arity - 1}
			sets := make([]valueSet, k.Arity-1)
			for i, a := range args[1:] {
				sets[i] = valueSet{}
				vals := g.terms[a].args
				if len(vals) == 0 {
					vals = []termID{a} // a single value written as itself
				}
				for _, v := range vals {
					sets[i][kif.FoldKey(g.termText(v, 1<<30))] = true
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

// relOfTerm returns the relation of a ground term read as a fact.
func (g *grounder) relOfTerm(id termID) kif.RelKey {
	t := &g.terms[id]
	return kif.RelKey{Name: g.symNames[t.fn], Arity: len(t.args)}
}

// covers reports whether fact id (the x of (true x)) is declared, and
// whether its relation is declared at all.
func (d *declarations) covers(g *grounder, id termID) (declared, described bool) {
	rel := g.relOfTerm(id)
	if !d.rels[rel] {
		return false, false
	}
	if d.facts[kif.FoldKey(g.termText(id, 1<<30))] {
		return true, true
	}
	args := g.terms[id].args
	for _, sets := range d.compact[rel] {
		ok := true
		for i, a := range args {
			if !sets[i][kif.FoldKey(g.termText(a, 1<<30))] {
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
func (b *netBuilder) undeclared(base []termID) []bool {
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
		x := g.terms[t].args[0]
		declared, described := d.covers(g, x)
		out[i] = described && !declared
		if out[i] && initial[i] {
			partial[g.relOfTerm(x)] = true
		}
	}
	for i, t := range base {
		if out[i] && partial[g.relOfTerm(g.terms[t].args[0])] {
			out[i] = false
		}
	}
	return out
}
