package ground

// Grounding relation by relation. The clauses are grounded in the order of
// the strongly connected components of the relations' positive
// dependencies (a clause's head depends on the relations of its positive
// literals; true on init and next, does on legal, which feed them), each
// component to its fixpoint before the components that depend on it
// start, as deductive databases evaluate stratified programs. A clause
// that reads relations of the components below is then first joined once
// over all their atoms, planned from their final sizes and statistics,
// instead of again in every round in which one of them still grows
// (racer's add and smaller grow one number a round for fifty rounds),
// with plans made when they had a few atoms.
//
// Negation is ignored, as before, so the order changes which round finds
// an atom, not which atoms and instances there are: the fixpoint is the
// same, and each instance is still made once (a hash of every corpus
// sheet's instances, sorted, is the same as grounding round by round
// over all the clauses gave). What changes is the work: the work budget
// is reached sooner or later, in CPU, for a sheet that does not fit.

// strata returns the clauses grouped by the component of their head's
// relation, each group after the groups it depends on, the clauses of a
// group in the order given.
func strata(clauses []*gclause) [][]*gclause {
	deps := map[*grel][]*grel{}
	var rels []*grel // in the order met, for a deterministic order
	seen := map[*grel]bool{}
	note := func(r *grel) {
		if !seen[r] {
			seen[r] = true
			rels = append(rels, r)
		}
	}
	for _, c := range clauses {
		note(c.hrel)
		for _, a := range c.pos {
			note(a.rel)
			deps[c.hrel] = append(deps[c.hrel], a.rel)
		}
		if f := c.hrel.feeds; f != nil {
			note(f)
			deps[f] = append(deps[f], c.hrel)
		}
	}
	comp := components(rels, deps)
	groups := make([][]*gclause, len(comp.order))
	for _, c := range clauses {
		k := comp.of[c.hrel]
		groups[k] = append(groups[k], c)
	}
	return groups
}

// componentsOf numbers the strongly connected components of a graph of
// relations.
type componentsOf struct {
	of    map[*grel]int // component of each relation, dependencies first
	order [][]*grel     // the relations of each component
}

// components finds the strongly connected components of the relations
// (Tarjan's algorithm), numbered so that a component comes after every
// component it depends on.
func components(rels []*grel, deps map[*grel][]*grel) componentsOf {
	out := componentsOf{of: map[*grel]int{}}
	index := map[*grel]int{}
	low := map[*grel]int{}
	onStack := map[*grel]bool{}
	var stack []*grel
	var visit func(r *grel)
	visit = func(r *grel) {
		index[r] = len(index)
		low[r] = index[r]
		stack = append(stack, r)
		onStack[r] = true
		for _, d := range deps[r] {
			if _, ok := index[d]; !ok {
				visit(d)
				low[r] = min(low[r], low[d])
			} else if onStack[d] {
				low[r] = min(low[r], index[d])
			}
		}
		if low[r] != index[r] {
			return
		}
		var members []*grel
		for {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[top] = false
			out.of[top] = len(out.order)
			members = append(members, top)
			if top == r {
				break
			}
		}
		out.order = append(out.order, members)
	}
	for _, r := range rels {
		if _, ok := index[r]; !ok {
			visit(r)
		}
	}
	return out
}
