package ground

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// Grounding only what is asked. Grounding makes every atom of a relation
// that its rules can derive, whether or not a rule ever reads it. Chinese
// checkers scores a player by
//
//	(<= (goal red ?payoff) (count h1 h2 i1 red ?payoff))
//	(<= (count ?x ?y ?z ?player 50) (true (cell ?x ?player))
//	    (true (cell ?y ?player)) (devoid ?z ?player))
//
// and count grounds over every three cells and player, 200 000 atoms,
// for the three questions the goals ask. restrictToDemand finds the
// arguments of a relation that every literal reading it gives as a
// constant, and guards the relation's rules with a fact of those
// constants, (<= (count ?x ?y ?z ?player 50) ("demand" ?x ?y ?z ?player)
// ...), one per question asked: the atoms no rule reads are never made,
// and those it reads are made as before. The guard is a static fact, so
// the network package gdl builds drops it from its rules.
//
// GDL's own relations (legal, goal, next, ...) are left alone: the game
// reads every atom of those. So are relations with no rules of their own
// (facts only): grounding them costs nothing.

// demandPrefix starts the names of the guard relations; see splitPrefix.
const demandPrefix = kif.AuxPrefix + "demand "

// restrictToDemand returns clauses with the rules of every relation whose
// readers all give some of its arguments as constants guarded by the
// facts of those constants (see above).
func restrictToDemand(clauses []kif.Clause) []kif.Clause {
	return restrictTo(clauses, demandsOf(clauses))
}

// demand is what is asked of a relation whose every reader gives some
// of its arguments as constants: those arguments, and the guard facts,
// one per question, whose arguments are the constants asked.
type demand struct {
	key   kif.RelKey
	asked []int
	facts []kif.Clause
}

// demandsOf returns the demands of the relations of clauses that
// restrictToDemand restricts, in the order of their names.
func demandsOf(clauses []kif.Clause) []demand {
	reads, ruled := readersOf(clauses, func(a *kif.Term, c kif.Clause) reading { return reading{a, c.Rule} })
	keys := make([]kif.RelKey, 0, len(reads))
	for k := range reads {
		if ruled[k] && !kif.Relations[k.Name] {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b kif.RelKey) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Arity, b.Arity))
	})
	var out []demand
	for _, k := range keys {
		asked := constantArgs(k, reads[k])
		if len(asked) == 0 {
			continue
		}
		d := demand{key: k, asked: asked}
		seen := map[string]bool{}
		for _, r := range reads[k] {
			fact := &kif.Term{Name: d.guardName()}
			for _, i := range asked {
				fact.Args = append(fact.Args, r.atom.Args[i])
			}
			if text := fact.String(); !seen[text] {
				seen[text] = true
				d.facts = append(d.facts, kif.Clause{Head: fact, Rule: r.rule})
			}
		}
		out = append(out, d)
	}
	return out
}

// guardName is the name of the relation of d's guard facts.
func (d demand) guardName() string {
	return fmt.Sprintf("%s%s/%d", demandPrefix, d.key.Name, d.key.Arity)
}

// restrictTo returns clauses with the rules of each relation of ds
// guarded by its facts, and the facts.
func restrictTo(clauses []kif.Clause, ds []demand) []kif.Clause {
	out := slices.Clone(clauses)
	for _, d := range ds {
		out = append(out, d.facts...)
		for i, c := range out {
			if kif.KeyOf(c.Head) != d.key {
				continue
			}
			guard := &kif.Term{Name: d.guardName()}
			for _, a := range d.asked {
				guard.Args = append(guard.Args, c.Head.Args[a])
			}
			body := append([]kif.Lit{{Kind: kif.LitPos, Atom: guard}}, c.Body...)
			out[i] = kif.Clause{Head: c.Head, Body: body, Rule: c.Rule}
		}
	}
	return out
}

// reading is a literal that reads a relation, and the rule it is in.
type reading struct {
	atom *kif.Term
	rule *kif.Rule
}

// constantArgs returns the arguments of relation k that every literal of
// reads gives as a ground term.
func constantArgs(k kif.RelKey, reads []reading) []int {
	var asked []int
	for i := 0; i < k.Arity; i++ {
		ground := true
		for _, r := range reads {
			if !kif.Ground(r.atom.Args[i]) {
				ground = false
				break
			}
		}
		if ground {
			asked = append(asked, i)
		}
	}
	return asked
}
