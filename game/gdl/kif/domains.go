package kif

import (
	"fmt"
	"sort"
	"strings"
)

// The domain analysis of makeSafe: for every argument of every relation,
// the ground terms that may appear there, either in an atom that holds (a
// rule's head instantiated) or in a question a rule asks (a literal of its
// body instantiated). A variable's values in a rule are those its
// positive literals allow (the intersection over them); a literal is
// asked with the values the clause's other positive literals allow, or
// when none binds a variable, with the values the head may be asked with,
// which a top-down prover passes on from the caller. The result
// over-approximates every value a top-down prover can meet, which is what
// a rule whose head variable nothing binds needs to be evaluated
// bottom-up with the same answers.
//
// Sets of values are kept as trees (vset): the constants, and for each
// function symbol the values of each of its arguments apart, as
// ggp-base's domain model keeps them. So (troops ?x ?y ?z) over eleven
// numbers each costs 33 values, not 1331 combinations; the price is that
// the sets forget which argument values go together, an
// over-approximation that only adds values.

// slot is an argument of a relation.
type slot struct {
	rel RelKey
	arg int
}

// vset is a set of ground terms: its constants, and by function symbol
// the sets of values of each argument.
type vset struct {
	consts map[string]*Term
	fns    map[RelKey]*fnArgs
}

type fnArgs struct {
	name string
	args []*vset
}

func newVset() *vset { return &vset{consts: map[string]*Term{}, fns: map[RelKey]*fnArgs{}} }

func (s *vset) empty() bool { return s == nil || len(s.consts) == 0 && len(s.fns) == 0 }

// Bounds of the analysis: a sheet whose domains grow past them has its
// unsafe rules refused.
const (
	maxDomainValues = 1_000_000 // values added to all the sets together
	maxInstances    = 100_000   // terms of a domain written out as facts
)

type domains struct {
	slots   map[slot]*vset
	total   int
	depth   int
	changed bool
	failed  string // why the analysis gave up, or ""
}

func (d *domains) fail(why string) {
	if d.failed == "" {
		d.failed = why
	}
}

func (d *domains) slot(sl slot) *vset {
	s := d.slots[sl]
	if s == nil {
		s = newVset()
		d.slots[sl] = s
	}
	return s
}

// grow notes one value added.
func (d *domains) grow() bool {
	d.changed = true
	d.total++
	if d.total > maxDomainValues {
		d.fail(fmt.Sprintf("the arguments of the relations take more than %d values", maxDomainValues))
		return false
	}
	return true
}

// merge adds the values of src to dst; depth bounds the nesting of the
// terms built.
func (d *domains) merge(dst, src *vset, depth int) {
	if src == nil || dst == src || d.failed != "" {
		return
	}
	if depth > d.depth {
		d.fail(fmt.Sprintf("values nest deeper than %d (rules that build terms without end?)", d.depth))
		return
	}
	for k, t := range src.consts {
		if _, ok := dst.consts[k]; !ok {
			dst.consts[k] = t
			if !d.grow() {
				return
			}
		}
	}
	for k, fa := range src.fns {
		dfa := d.fnOf(dst, k, fa.name)
		for i, a := range fa.args {
			d.merge(dfa.args[i], a, depth+1)
		}
	}
}

func (d *domains) fnOf(s *vset, k RelKey, name string) *fnArgs {
	fa := s.fns[k]
	if fa == nil {
		fa = &fnArgs{name: name, args: make([]*vset, k.Arity)}
		for i := range fa.args {
			fa.args[i] = newVset()
		}
		s.fns[k] = fa
		d.changed = true
	}
	return fa
}

// instantiate adds to dst the instances of pattern p with its variables'
// values from vals; a variable without values adds nothing at its place.
func (d *domains) instantiate(dst *vset, p *Term, vals map[string]*vset, depth int) {
	switch {
	case p.IsVar():
		d.merge(dst, vals[p.Name], depth)
	case len(p.Args) == 0:
		if _, ok := dst.consts[p.Name]; !ok {
			dst.consts[p.Name] = p
			d.grow()
		}
	default:
		if depth > d.depth {
			d.fail(fmt.Sprintf("values nest deeper than %d (rules that build terms without end?)", d.depth))
			return
		}
		fa := d.fnOf(dst, KeyOf(p), p.Name)
		for i, a := range p.Args {
			d.instantiate(fa.args[i], a, vals, depth+1)
		}
	}
}

// extract matches pattern p against the values of s and returns the values
// each of p's variables takes; all are empty when nothing matches.
func extract(p *Term, s *vset) map[string]*vset {
	out := map[string]*vset{}
	if !extractInto(p, s, out) {
		for v := range out {
			out[v] = nil
		}
		vars := map[string]bool{}
		AddVars(p, vars)
		for v := range vars {
			out[v] = nil
		}
	}
	return out
}

func extractInto(p *Term, s *vset, out map[string]*vset) bool {
	if s.empty() {
		return false
	}
	switch {
	case p.IsVar():
		if prev, ok := out[p.Name]; ok {
			out[p.Name] = intersect(prev, s)
			return !out[p.Name].empty()
		}
		out[p.Name] = s
		return true
	case len(p.Args) == 0:
		_, ok := s.consts[p.Name]
		return ok
	}
	fa := s.fns[KeyOf(p)]
	if fa == nil {
		return false
	}
	for i, a := range p.Args {
		if !extractInto(a, fa.args[i], out) {
			return false
		}
	}
	return true
}

// intersect returns the values in both a and b.
func intersect(a, b *vset) *vset {
	out := newVset()
	if a.empty() || b.empty() {
		return out
	}
	if a == b {
		return a
	}
	for k, t := range a.consts {
		if _, ok := b.consts[k]; ok {
			out.consts[k] = t
		}
	}
	for k, fa := range a.fns {
		fb := b.fns[k]
		if fb == nil {
			continue
		}
		both := &fnArgs{name: fa.name, args: make([]*vset, len(fa.args))}
		ok := true
		for i := range fa.args {
			both.args[i] = intersect(fa.args[i], fb.args[i])
			ok = ok && !both.args[i].empty()
		}
		if ok {
			out.fns[k] = both
		}
	}
	return out
}

// terms writes the values of s out as ground terms, sorted by text, or
// fails past maxInstances.
func (d *domains) terms(s *vset) []*Term {
	var out []*Term
	var write func(s *vset) []*Term
	write = func(s *vset) []*Term {
		if s.empty() {
			return nil
		}
		var ts []*Term
		for _, t := range s.consts {
			ts = append(ts, t)
		}
		for k, fa := range s.fns {
			combos := []*Term{{Name: fa.name}}
			for _, a := range fa.args {
				vals := write(a)
				if len(combos)*len(vals) > maxInstances {
					d.fail(fmt.Sprintf("more than %d values of the form (%s ...)", maxInstances, k.Name))
					return nil
				}
				var next []*Term
				for _, c := range combos {
					for _, v := range vals {
						next = append(next, &Term{Name: c.Name, Args: append(append([]*Term(nil), c.Args...), v)})
					}
				}
				combos = next
			}
			ts = append(ts, combos...)
			if len(ts) > maxInstances {
				d.fail(fmt.Sprintf("more than %d values", maxInstances))
				return nil
			}
		}
		return ts
	}
	out = write(s)
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// bindToDomains finds the domains and binds every unsafe head variable to
// the domain of the arguments it occurs in.
func (s *safety) bindToDomains(maxDepth int) ([]Clause, error) {
	d := analyseDomains(s.clauses, maxDepth)
	idx := make([]int, 0, len(s.unsafe))
	for i := range s.unsafe {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	out := append([]Clause(nil), s.clauses...)
	for _, i := range idx {
		c := out[i]
		head := d.headValues(c)
		var lits []Lit
		for n, v := range s.unsafe[i] {
			name := fmt.Sprintf("%s%d.%d", DomPrefix, i, n)
			vals := d.terms(head[v])
			if d.failed != "" {
				break
			}
			for _, t := range vals {
				out = append(out, Clause{Head: &Term{Name: name, Args: []*Term{t}}, Rule: c.Rule})
			}
			lits = append(lits, Lit{Kind: LitPos, Atom: &Term{Name: name, Args: []*Term{{Name: v}}}})
		}
		if d.failed != "" {
			return nil, ruleError(c.Rule, "unsafe: %s occur in no positive literal, and the values they may take cannot be bounded: %s", strings.Join(s.unsafe[i], ", "), d.failed)
		}
		out[i].Body = append(lits, c.Body...)
	}
	return out, nil
}

// analyseDomains finds the domains of the arguments of the relations of
// clauses, to their fixpoint or until the analysis fails (d.failed).
func analyseDomains(clauses []Clause, maxDepth int) *domains {
	d := &domains{slots: map[slot]*vset{}, depth: maxDepth}
	for d.changed = true; d.changed && d.failed == ""; {
		d.changed = false
		for _, c := range clauses {
			d.visit(c)
		}
		for _, k := range []string{"legal", "does", "goal"} {
			d.feed(slot{RelKey{Name: "role", Arity: 1}, 0}, slot{RelKey{Name: k, Arity: 2}, 0})
		}
		d.feed(slot{RelKey{Name: "init", Arity: 1}, 0}, slot{RelKey{Name: "true", Arity: 1}, 0})
		d.feed(slot{RelKey{Name: "next", Arity: 1}, 0}, slot{RelKey{Name: "true", Arity: 1}, 0})
		d.feed(slot{RelKey{Name: "legal", Arity: 2}, 0}, slot{RelKey{Name: "does", Arity: 2}, 0})
		d.feed(slot{RelKey{Name: "legal", Arity: 2}, 1}, slot{RelKey{Name: "does", Arity: 2}, 1})
	}
	return d
}

// PossibleFacts returns the facts a state may hold by the domain analysis
// of clauses (an over-approximation that forgets which arguments go
// together), or nil when it fails or gives more than maxInstances.
func PossibleFacts(clauses []Clause, maxDepth int) []*Term {
	d := analyseDomains(clauses, maxDepth)
	if d.failed != "" {
		return nil
	}
	ts := d.terms(d.slots[slot{RelKey{Name: "true", Arity: 1}, 0}])
	if d.failed != "" {
		return nil
	}
	return ts
}

// feed adds the values of slot from to slot to.
func (d *domains) feed(from, to slot) {
	if src := d.slots[from]; src != nil {
		d.merge(d.slot(to), src, 0)
	}
}

// visit adds to the domains what clause c gives: its head's values and the
// questions its body's literals ask. A literal is asked with the values
// its variables may have when it runs: those the clause's other positive
// literals allow (a value that fails one of them leads to no answer of
// the clause), or when none binds a variable, those the head may be asked
// with; a variable bound by neither is free and asks nothing.
func (d *domains) visit(c Clause) {
	ext := make([]map[string]*vset, len(c.Body))
	for i, l := range c.Body {
		if l.Kind == LitPos {
			ext[i] = d.atomValues(l.Atom)
		}
	}
	head := d.headValues(c)
	d.instantiateAtom(c.Head, valuesExcept(ext, -1, head))
	for i, l := range c.Body {
		if l.Kind == LitPos || l.Kind == LitNeg {
			d.instantiateAtom(l.Atom, valuesExcept(ext, i, head))
		}
	}
}

func (d *domains) instantiateAtom(atom *Term, vals map[string]*vset) {
	k := KeyOf(atom)
	for i, p := range atom.Args {
		d.instantiate(d.slot(slot{k, i}), p, vals, 0)
	}
}

// valuesExcept returns, for every variable, the intersection of its values
// in the positive literals other than literal skip, or its head values
// when no such literal binds it.
func valuesExcept(ext []map[string]*vset, skip int, head map[string]*vset) map[string]*vset {
	vals := map[string]*vset{}
	for i, e := range ext {
		if i == skip || e == nil {
			continue
		}
		for v, set := range e {
			if prev, ok := vals[v]; ok {
				vals[v] = intersect(prev, set)
			} else {
				vals[v] = set
			}
		}
	}
	for v, set := range head {
		if _, ok := vals[v]; !ok {
			vals[v] = set
		}
	}
	return vals
}

// atomValues returns the values each variable of atom may take for the
// atom to hold, by its relation's domains.
func (d *domains) atomValues(atom *Term) map[string]*vset {
	vals := map[string]*vset{}
	for i, p := range atom.Args {
		for v, set := range extract(p, d.slots[slot{KeyOf(atom), i}]) {
			if prev, ok := vals[v]; ok {
				vals[v] = intersect(prev, set)
			} else {
				vals[v] = set
			}
		}
	}
	return vals
}

// headValues returns the values each variable of c's head may be asked
// with: those of any argument it occurs in, since a question that binds
// one of them binds the variable (unifying (pawnmove ?lane 1 ?lane 2)
// with (pawnmove a 1 ?x ?y) makes ?lane and ?x a).
func (d *domains) headValues(c Clause) map[string]*vset {
	vals := map[string]*vset{}
	for i, p := range c.Head.Args {
		for v, set := range extract(p, d.slots[slot{KeyOf(c.Head), i}]) {
			vals[v] = union(vals[v], set)
		}
	}
	return vals
}

// union returns the values in a or b (a itself when b adds nothing new to
// an empty a).
func union(a, b *vset) *vset {
	switch {
	case a.empty():
		return b
	case b.empty() || a == b:
		return a
	}
	out := newVset()
	for _, s := range []*vset{a, b} {
		for k, t := range s.consts {
			out.consts[k] = t
		}
		for k, fa := range s.fns {
			if prev := out.fns[k]; prev != nil {
				both := &fnArgs{name: fa.name, args: make([]*vset, len(fa.args))}
				for i := range fa.args {
					both.args[i] = union(prev.args[i], fa.args[i])
				}
				out.fns[k] = both
			} else {
				out.fns[k] = fa
			}
		}
	}
	return out
}
