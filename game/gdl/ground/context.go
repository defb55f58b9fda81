package ground

import (
	"fmt"
	"slices"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// Grounding only what the readers' static literals ask. restrictToDemand
// restricts a relation whose readers give some arguments as constants;
// many sheets ask with variables instead, but variables that the
// reader's static literals (facts and relations that depend on neither
// true nor does) bind. AlexChess finds the pinned pieces by
//
//	(<= (pinned ?pieceM ?dir) (between ?pieceL ?pieceM ?pieceR ?dir)
//	    (owner ?player ?pieceM) (owner ?player ?pieceL)
//	    (istype ?pieceL king) (owner ?opponent ?pieceR) ...)
//
// and between, a piece between two others on a line, grounds over every
// three pieces and direction: 860 000 atoms and 29 million rule
// instances, for the few hundred questions whose outer piece is a king.
// restrictToContext gives such a relation a static guard relation, one
// rule per reader, whose body is the reader's static literals that bind
// the arguments asked:
//
//	(<= ("context" between/4 ?pieceL ?pieceM ?pieceR ?dir)
//	    (owner ?player ?pieceM) (owner ?player ?pieceL)
//	    (istype ?pieceL king) ...)
//
// and guards the relation's rules with it, as restrictToDemand does
// with its facts. A reader reads only atoms whose asked arguments
// satisfy its static literals (they are part of its body), so every
// atom a reader may read is still made, recursion included (a rule of
// the relation that reads it is a reader too), and the game is the same.
// The guard is static, so the network drops it from its rules.
//
// Only relations that depend on true or does are restricted, so that
// no static literal of a reader depends on the relation it guards. A
// relation restrictToDemand restricts is left to it; an argument is
// asked only when every reader binds it by its static literals (or gives
// it as a constant).

// contextPrefix starts the names of the guard relations; see splitPrefix.
const contextPrefix = kif.AuxPrefix + "context "

// restrictToContext returns clauses with the rules of every relation
// whose readers' static literals bind some of its arguments guarded by
// a relation of those bindings (see above). Relations in skip (those
// restricted to constant questions) are left alone.
func restrictToContext(clauses []kif.Clause, skip []demand) []kif.Clause {
	static := staticRelations(clauses)
	reads, ruled := readersOf(clauses, func(a *kif.Term, c kif.Clause) contextReading { return contextReading{a, c} })
	var keys []kif.RelKey
	for k := range reads {
		if ruled[k] && !static[k] && !kif.Relations[k.Name] && !slices.ContainsFunc(skip, func(d demand) bool { return d.key == k }) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compareKeys)
	out := slices.Clone(clauses)
	for _, k := range keys {
		asked := contextArgs(k, reads[k], static)
		if len(asked) == 0 {
			continue
		}
		name := fmt.Sprintf("%s%s/%d", contextPrefix, k.Name, k.Arity)
		seen := map[string]bool{}
		for _, r := range reads[k] {
			// The readers of a rule with (or ...) have the same static
			// literals: one rule each would make the guard's instances
			// again.
			c := contextRule(name, asked, r, static)
			if text := clauseKey(c); !seen[text] {
				seen[text] = true
				out = append(out, c)
			}
		}
		for i, c := range out {
			if kif.KeyOf(c.Head) != k {
				continue
			}
			guard := &kif.Term{Name: name}
			for _, a := range asked {
				guard.Args = append(guard.Args, c.Head.Args[a])
			}
			body := append([]kif.Lit{{Kind: kif.LitPos, Atom: guard}}, c.Body...)
			out[i] = kif.Clause{Head: c.Head, Body: body, Rule: c.Rule}
		}
	}
	return out
}

func compareKeys(a, b kif.RelKey) int {
	if a.Name != b.Name {
		if a.Name < b.Name {
			return -1
		}
		return 1
	}
	return a.Arity - b.Arity
}

// contextReading is a literal that reads a relation, in its clause.
type contextReading struct {
	atom   *kif.Term
	clause kif.Clause
}

// readersOf returns what read makes of each literal reading a relation
// (under true or not), by relation, and the relations that have rules.
func readersOf[R any](clauses []kif.Clause, read func(atom *kif.Term, c kif.Clause) R) (map[kif.RelKey][]R, map[kif.RelKey]bool) {
	reads := map[kif.RelKey][]R{}
	ruled := map[kif.RelKey]bool{}
	for _, c := range clauses {
		if len(c.Body) > 0 {
			ruled[kif.KeyOf(c.Head)] = true
		}
		for _, l := range c.Body {
			if l.Kind == kif.LitPos || l.Kind == kif.LitNeg {
				k := kif.KeyOf(l.Atom)
				reads[k] = append(reads[k], read(l.Atom, c))
			}
		}
	}
	return reads, ruled
}

// staticRelations returns the relations of clauses that depend on
// neither true nor does.
func staticRelations(clauses []kif.Clause) map[kif.RelKey]bool {
	dynamic := map[kif.RelKey]bool{{Name: "true", Arity: 1}: true, {Name: "does", Arity: 2}: true}
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			h := kif.KeyOf(c.Head)
			if dynamic[h] {
				continue
			}
			for _, l := range c.Body {
				if (l.Kind == kif.LitPos || l.Kind == kif.LitNeg) && dynamic[kif.KeyOf(l.Atom)] {
					dynamic[h], changed = true, true
					break
				}
			}
		}
	}
	static := map[kif.RelKey]bool{}
	for _, c := range clauses {
		for _, t := range atomsOf(c) {
			if k := kif.KeyOf(t); !dynamic[k] {
				static[k] = true
			}
		}
	}
	return static
}

// atomsOf returns the head and the atoms of the literals of c.
func atomsOf(c kif.Clause) []*kif.Term {
	out := []*kif.Term{c.Head}
	for _, l := range c.Body {
		if l.Kind == kif.LitPos || l.Kind == kif.LitNeg {
			out = append(out, l.Atom)
		}
	}
	return out
}

// staticVars returns the variables that the positive static literals of
// c bind.
func staticVars(c kif.Clause, static map[kif.RelKey]bool) map[string]bool {
	bound := map[string]bool{}
	for _, l := range c.Body {
		if l.Kind == kif.LitPos && static[kif.KeyOf(l.Atom)] {
			for _, v := range varsInOrder(l.Atom, nil) {
				bound[v] = true
			}
		}
	}
	return bound
}

// contextArgs returns the arguments of relation k that every reader
// binds by its static literals, unless every reader gives them as
// constants (then restrictToDemand's facts do) or no reader has a
// static literal binding one of them.
func contextArgs(k kif.RelKey, reads []contextReading, static map[kif.RelKey]bool) []int {
	var asked []int
	someVar := false
	for i := 0; i < k.Arity; i++ {
		ok := true
		for _, r := range reads {
			bound := staticVars(r.clause, static)
			for _, v := range varsInOrder(r.atom.Args[i], nil) {
				ok = ok && bound[v]
			}
			if !ok {
				break
			}
		}
		if ok {
			asked = append(asked, i)
			for _, r := range reads {
				someVar = someVar || !kif.Ground(r.atom.Args[i])
			}
		}
	}
	if !someVar {
		return nil
	}
	return asked
}

// contextRule returns the guard rule of reader r: its head the asked
// arguments of r's atom, its body the static literals of r's clause
// connected to them through shared variables, and the tests over their
// variables.
func contextRule(name string, asked []int, r contextReading, static map[kif.RelKey]bool) kif.Clause {
	head := &kif.Term{Name: name}
	reach := map[string]bool{}
	for _, a := range asked {
		head.Args = append(head.Args, r.atom.Args[a])
		for _, v := range varsInOrder(r.atom.Args[a], nil) {
			reach[v] = true
		}
	}
	var lits []kif.Lit
	taken := make([]bool, len(r.clause.Body))
	for grew := true; grew; {
		grew = false
		for i, l := range r.clause.Body {
			if taken[i] || l.Kind != kif.LitPos || !static[kif.KeyOf(l.Atom)] {
				continue
			}
			vars := varsInOrder(l.Atom, nil)
			if !slices.ContainsFunc(vars, func(v string) bool { return reach[v] }) {
				continue
			}
			taken[i], grew = true, true
			for _, v := range vars {
				reach[v] = true
			}
		}
	}
	for i, l := range r.clause.Body {
		if taken[i] {
			lits = append(lits, l)
		}
	}
	for _, l := range r.clause.Body {
		if l.Kind != kif.LitDistinct && l.Kind != kif.LitSame {
			continue
		}
		vars := varsInOrder(l.B, varsInOrder(l.A, nil))
		if !slices.ContainsFunc(vars, func(v string) bool { return !reach[v] }) {
			lits = append(lits, l)
		}
	}
	return kif.Clause{Head: head, Body: lits, Rule: r.clause.Rule}
}

// clauseKey is the text of c, to tell rules that are the same apart.
func clauseKey(c kif.Clause) string {
	key := c.Head.String()
	for _, l := range c.Body {
		switch l.Kind {
		case kif.LitPos:
			key += " " + l.Atom.String()
		case kif.LitDistinct:
			key += " (distinct " + l.A.String() + " " + l.B.String() + ")"
		case kif.LitSame:
			key += " (same " + l.A.String() + " " + l.B.String() + ")"
		}
	}
	return key
}
