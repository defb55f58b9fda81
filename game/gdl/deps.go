package gdl

import (
	"sort"
	"strings"
)

// depGraph is the dependency graph between relations: the head of each
// clause depends on the relations of its body's atoms.
type depGraph struct {
	clauses []clause
	byHead  map[relKey][]*clause
	scc     map[relKey]int // strongly connected component of each relation
}

func newDepGraph(clauses []clause) *depGraph {
	g := &depGraph{clauses: clauses, byHead: map[relKey][]*clause{}, scc: map[relKey]int{}}
	for i := range clauses {
		k := keyOf(clauses[i].head)
		g.byHead[k] = append(g.byHead[k], &clauses[i])
	}
	g.components()
	return g
}

// bodyRels returns the relations the body of c uses, positive or negated.
func bodyRels(c *clause) []relKey {
	var ks []relKey
	for _, l := range c.body {
		if l.kind == litPos || l.kind == litNeg {
			ks = append(ks, keyOf(l.atom))
		}
	}
	return ks
}

// components numbers the strongly connected components (Tarjan).
func (g *depGraph) components() {
	var nodes []relKey
	for k := range g.byHead {
		nodes = append(nodes, k)
	}
	// A fixed order keeps component numbers, and so error messages,
	// deterministic.
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].String() < nodes[j].String() })
	index := map[relKey]int{}
	low := map[relKey]int{}
	onStack := map[relKey]bool{}
	var stack []relKey
	next, comp := 0, 0
	var visit func(k relKey)
	visit = func(k relKey) {
		index[k], low[k] = next, next
		next++
		stack = append(stack, k)
		onStack[k] = true
		for _, c := range g.byHead[k] {
			for _, d := range bodyRels(c) {
				if _, seen := index[d]; !seen {
					visit(d)
					low[k] = min(low[k], low[d])
				} else if onStack[d] {
					low[k] = min(low[k], index[d])
				}
			}
		}
		if low[k] == index[k] {
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top] = false
				g.scc[top] = comp
				if top == k {
					break
				}
			}
			comp++
		}
	}
	for _, k := range nodes {
		if _, seen := index[k]; !seen {
			visit(k)
		}
	}
}

// recursive reports whether a and b depend on each other (a == b when a
// clause for a uses a).
func (g *depGraph) recursive(a, b relKey) bool {
	ca, oka := g.scc[a]
	cb, okb := g.scc[b]
	return oka && okb && ca == cb
}

// checkStratified refuses negation through recursion: a relation may not
// depend on the negation of a relation that depends on it.
func (g *depGraph) checkStratified() error {
	for i := range g.clauses {
		c := &g.clauses[i]
		for _, l := range c.body {
			if l.kind == litNeg && g.recursive(keyOf(c.head), keyOf(l.atom)) {
				return ruleError(c.rule, "negation is not stratified: %s depends on (not %s), which depends on %s again", keyOf(c.head), l.atom, keyOf(c.head))
			}
		}
	}
	return nil
}

// checkDependencies enforces what may depend on true and does: init on
// neither, legal, goal and terminal not on does, roles, base and input on
// neither.
func (g *depGraph) checkDependencies() error {
	usage := g.usage()
	rules := []struct {
		name string
		bad  uint8
		why  string
	}{
		{"role", usesTrue | usesDoes, "roles are fixed"},
		{"init", usesTrue | usesDoes, "the initial state cannot depend on a state or on moves"},
		{"base", usesTrue | usesDoes, "base propositions are fixed"},
		{"input", usesTrue | usesDoes, "inputs are fixed"},
		{"legal", usesDoes, "legal moves cannot depend on the moves being made"},
		{"goal", usesDoes, "goals cannot depend on the moves being made"},
		{"terminal", usesDoes, "terminal cannot depend on the moves being made"},
	}
	for _, r := range rules {
		for i := range g.clauses {
			c := &g.clauses[i]
			k := keyOf(c.head)
			if k.name != r.name {
				continue
			}
			for _, d := range bodyRels(c) {
				if u := usage[d]; u&r.bad != 0 {
					what := "true"
					if u&r.bad&usesDoes != 0 {
						what = "does"
					}
					return ruleError(c.rule, "%s depends on %s through %s: %s", k.name, what, d, r.why)
				}
			}
		}
	}
	return nil
}

const (
	usesTrue uint8 = 1 << iota
	usesDoes
)

// usage returns, for every relation, whether it depends on true and on
// does, directly or through other relations.
func (g *depGraph) usage() map[relKey]uint8 {
	u := map[relKey]uint8{{"true", 1}: usesTrue, {"does", 2}: usesDoes}
	for changed := true; changed; {
		changed = false
		for k, cs := range g.byHead {
			for _, c := range cs {
				for _, d := range bodyRels(c) {
					if n := u[k] | u[d]; n != u[k] {
						u[k] = n
						changed = true
					}
				}
			}
		}
	}
	return u
}

// checkRecursion enforces the recursion restriction of the specification,
// which keeps grounding finite: in a clause whose head p depends on a body
// atom q that depends on p, every variable of q must occur in the head or
// in a positive body atom outside the recursion.
func (g *depGraph) checkRecursion() error {
	for i := range g.clauses {
		c := &g.clauses[i]
		p := keyOf(c.head)
		allowed := map[string]bool{}
		addVars(c.head, allowed)
		for _, l := range c.body {
			if l.kind == litPos && !g.recursive(p, keyOf(l.atom)) {
				addVars(l.atom, allowed)
			}
		}
		for _, l := range c.body {
			if l.kind != litPos || !g.recursive(p, keyOf(l.atom)) {
				continue
			}
			vars := map[string]bool{}
			addVars(l.atom, vars)
			var bad []string
			for v := range vars {
				if !allowed[v] {
					bad = append(bad, v)
				}
			}
			if len(bad) > 0 {
				sort.Strings(bad)
				return ruleError(c.rule, "breaks the recursion restriction: %s in the recursive literal %s occurs neither in the head nor in a positive literal outside the recursion", strings.Join(bad, ", "), l.atom)
			}
		}
	}
	return nil
}
