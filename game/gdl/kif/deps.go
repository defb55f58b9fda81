package kif

import (
	"sort"
	"strings"
)

// DepGraph is the dependency graph between relations: the head of each
// Clause depends on the relations of its body's atoms.
type DepGraph struct {
	clauses []Clause
	ByHead  map[RelKey][]*Clause // the clauses of each relation
	SCC     map[RelKey]int       // strongly connected component of each relation
}

// NewDepGraph builds the graph of clauses and finds its strongly
// connected components.
func NewDepGraph(clauses []Clause) *DepGraph {
	g := &DepGraph{clauses: clauses, ByHead: map[RelKey][]*Clause{}, SCC: map[RelKey]int{}}
	for i := range clauses {
		k := KeyOf(clauses[i].Head)
		g.ByHead[k] = append(g.ByHead[k], &clauses[i])
	}
	g.components()
	return g
}

// BodyRels returns the relations the body of c uses, positive or negated.
func BodyRels(c *Clause) []RelKey {
	var ks []RelKey
	for _, l := range c.Body {
		if l.Kind == LitPos || l.Kind == LitNeg {
			ks = append(ks, KeyOf(l.Atom))
		}
	}
	return ks
}

// components numbers the strongly connected components (Tarjan).
func (g *DepGraph) components() {
	var nodes []RelKey
	for k := range g.ByHead {
		nodes = append(nodes, k)
	}
	// A fixed order keeps component numbers, and so error messages,
	// deterministic.
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].String() < nodes[j].String() })
	index := map[RelKey]int{}
	low := map[RelKey]int{}
	onStack := map[RelKey]bool{}
	var stack []RelKey
	next, comp := 0, 0
	var visit func(k RelKey)
	visit = func(k RelKey) {
		index[k], low[k] = next, next
		next++
		stack = append(stack, k)
		onStack[k] = true
		for _, c := range g.ByHead[k] {
			for _, d := range BodyRels(c) {
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
				g.SCC[top] = comp
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
// Clause for a uses a).
func (g *DepGraph) recursive(a, b RelKey) bool {
	ca, oka := g.SCC[a]
	cb, okb := g.SCC[b]
	return oka && okb && ca == cb
}

// checkStratified refuses negation through recursion: a relation may not
// depend on the negation of a relation that depends on it.
func (g *DepGraph) checkStratified() error {
	for i := range g.clauses {
		c := &g.clauses[i]
		for _, l := range c.Body {
			if l.Kind == LitNeg && g.recursive(KeyOf(c.Head), KeyOf(l.Atom)) {
				return ruleError(c.Rule, "negation is not stratified: %s depends on (not %s), which depends on %s again", KeyOf(c.Head), l.Atom, KeyOf(c.Head))
			}
		}
	}
	return nil
}

// checkDependencies enforces what may depend on true and does: init on
// neither, legal, goal and terminal not on does, roles, base and input on
// neither.
func (g *DepGraph) checkDependencies() error {
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
			k := KeyOf(c.Head)
			if k.Name != r.name {
				continue
			}
			for _, d := range BodyRels(c) {
				if u := usage[d]; u&r.bad != 0 {
					what := "true"
					if u&r.bad&usesDoes != 0 {
						what = "does"
					}
					return ruleError(c.Rule, "%s depends on %s through %s: %s", k.Name, what, d, r.why)
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
func (g *DepGraph) usage() map[RelKey]uint8 {
	u := map[RelKey]uint8{{"true", 1}: usesTrue, {"does", 2}: usesDoes}
	for changed := true; changed; {
		changed = false
		for k, cs := range g.ByHead {
			for _, c := range cs {
				for _, d := range BodyRels(c) {
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
func (g *DepGraph) checkRecursion() error {
	for i := range g.clauses {
		c := &g.clauses[i]
		p := KeyOf(c.Head)
		allowed := map[string]bool{}
		AddVars(c.Head, allowed)
		for _, l := range c.Body {
			if l.Kind == LitPos && !g.recursive(p, KeyOf(l.Atom)) {
				AddVars(l.Atom, allowed)
			}
		}
		for _, l := range c.Body {
			if l.Kind != LitPos || !g.recursive(p, KeyOf(l.Atom)) {
				continue
			}
			vars := map[string]bool{}
			AddVars(l.Atom, vars)
			var bad []string
			for v := range vars {
				if !allowed[v] {
					bad = append(bad, v)
				}
			}
			if len(bad) > 0 {
				sort.Strings(bad)
				return ruleError(c.Rule, "breaks the recursion restriction: %s in the recursive literal %s occurs neither in the head nor in a positive literal outside the recursion", strings.Join(bad, ", "), l.Atom)
			}
		}
	}
	return nil
}
