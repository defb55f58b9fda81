package ground

import (
	"fmt"
	"slices"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// Splitting rule bodies. A ground rule instance is made for every
// combination of values of a clause's variables, even of those that its
// head never sees. Skirmish's frame rule
//
//	(<= (next (location ?x ?y ?piece)) (true (location ?x ?y ?piece))
//	    (role ?player) (does ?player (move ?x1 ?y1 ?x2 ?y2))
//	    (distinctCell ?x ?y ?x1 ?y1) (distinctCell ?x ?y ?x2 ?y2))
//
// grounds to one instance per piece on a cell and move: 1.3 million, over
// the budget, for 800 heads. Its move's squares matter to the head only
// through "the move leaves (x, y) alone", a relation of x, y and the
// player. splitBodies writes such a part of a body as a relation of its
// own, as variable elimination does for a conjunctive query: for a
// variable v the head does not have, the literals with v (and with the
// other variables that occur only in them) become the body of a new rule
// whose head has the variables they share with the rest of the clause,
// and the clause reads that head instead. The variables are taken in the
// order that makes the smallest new heads. Skirmish then grounds to
// 190 000 rule instances in all, racer (whose legal_speed is a chain of
// six lookups from a position and a speed to the track) to 300 000
// rather than more than 1.3 million.
//
// The new relations hold exactly when some values of the eliminated
// variables satisfy the literals they replace, so the game is the same.
// The split rules ground to more atoms and, for a sheet that grounds
// without them, to another network than the one measured and tuned, so
// Sheet uses them only when grounding the sheet as written reaches a
// limit, or spends a quarter of its budget mostly on the clauses they
// change (early.go).

// splitPrefix starts the names of the relations splitBodies adds; a
// name with kif.AuxPrefix is one a view of the sheet leaves out, and its
// space keeps it apart from every symbol of a sheet.
const splitPrefix = kif.AuxPrefix + "split "

// splitBodies returns clauses with the bodies split as described above.
func splitBodies(clauses []kif.Clause) []kif.Clause {
	s := &splitter{}
	out := make([]kif.Clause, 0, len(clauses))
	for _, c := range clauses {
		out = s.split(c, out)
	}
	return out
}

type splitter struct {
	n int // relations added so far
}

// bodyItem is a literal of a body being split, with its variables in the
// order they occur.
type bodyItem struct {
	lit  kif.Lit
	vars []string
}

func itemOf(l kif.Lit) bodyItem {
	var vars []string
	seen := map[string]bool{}
	add := func(t *kif.Term) {
		for _, v := range varsInOrder(t, nil) {
			if !seen[v] {
				seen[v] = true
				vars = append(vars, v)
			}
		}
	}
	if l.Kind == kif.LitPos || l.Kind == kif.LitNeg {
		add(l.Atom)
	} else {
		add(l.A)
		add(l.B)
	}
	return bodyItem{lit: l, vars: vars}
}

// varsInOrder appends the variables of t to out, in order, with repeats.
func varsInOrder(t *kif.Term, out []string) []string {
	if t.IsVar() {
		return append(out, t.Name)
	}
	for _, a := range t.Args {
		out = varsInOrder(a, out)
	}
	return out
}

func (it bodyItem) has(v string) bool {
	for _, u := range it.vars {
		if u == v {
			return true
		}
	}
	return false
}

// elimination is one step of splitting: the items that move into the new
// rule (part), the items that go into it as copies (binders: those that
// bind variables for its negations and tests, and those that restrict
// its head's variables), and the variables of its head (iface).
type elimination struct {
	part    []int
	binders []int
	iface   []string
}

// split appends c, split, and the rules it adds, to out.
func (s *splitter) split(c kif.Clause, out []kif.Clause) []kif.Clause {
	inHead := map[string]bool{}
	for _, v := range varsInOrder(c.Head, nil) {
		inHead[v] = true
	}
	items := make([]bodyItem, len(c.Body))
	for i, l := range c.Body {
		items[i] = itemOf(l)
	}
	for {
		e, ok := bestElimination(items, inHead)
		if !ok {
			break
		}
		s.n++
		head := &kif.Term{Name: fmt.Sprintf("%s%d", splitPrefix, s.n), Line: c.Head.Line, Col: c.Head.Col}
		for _, v := range e.iface {
			head.Args = append(head.Args, &kif.Term{Name: v})
		}
		aux := kif.Clause{Head: head, Rule: c.Rule}
		moved := map[int]bool{}
		for _, i := range e.part {
			aux.Body = append(aux.Body, items[i].lit)
			moved[i] = true
		}
		for _, i := range e.binders {
			aux.Body = append(aux.Body, items[i].lit)
		}
		out = append(out, aux)
		rest := []bodyItem{{lit: kif.Lit{Kind: kif.LitPos, Atom: head}, vars: e.iface}}
		for i, it := range items {
			if !moved[i] {
				rest = append(rest, it)
			}
		}
		items = rest
	}
	body := make([]kif.Lit, len(items))
	for i, it := range items {
		body[i] = it.lit
	}
	return append(out, kif.Clause{Head: c.Head, Body: body, Rule: c.Rule})
}

// bestElimination finds the elimination with the fewest head variables
// (then the fewest literals) among those of the variables the clause's
// head does not have, or false when none gains anything: every
// elimination would take every positive literal.
func bestElimination(items []bodyItem, inHead map[string]bool) (elimination, bool) {
	var best elimination
	found := false
	tried := map[string]bool{}
	for _, it := range items {
		for _, v := range it.vars {
			if inHead[v] || tried[v] {
				continue
			}
			tried[v] = true
			e, ok := eliminate(items, inHead, v)
			if ok && (!found || len(e.iface) < len(best.iface) ||
				len(e.iface) == len(best.iface) && len(e.part) < len(best.part)) {
				best, found = e, true
			}
		}
	}
	return best, found
}

// eliminate works out the elimination of variable v: the items with v,
// and with every other variable that occurs only in those items and not
// in the head, go into the new rule. It is refused when they are all the
// positive literals (the new rule would be the clause again).
func eliminate(items []bodyItem, inHead map[string]bool, v string) (elimination, bool) {
	in := make([]bool, len(items))
	var e elimination
	positives, moved := 0, 0
	for i, it := range items {
		if it.lit.Kind == kif.LitPos {
			positives++
		}
		if it.has(v) {
			in[i] = true
			e.part = append(e.part, i)
			if it.lit.Kind == kif.LitPos {
				moved++
			}
		}
	}
	if moved == 0 || moved == positives {
		return e, false
	}
	// A variable of the part that occurs elsewhere (or in the head) is one
	// of the new head's; the others are eliminated with v.
	outside := map[string]bool{}
	for v := range inHead {
		outside[v] = true
	}
	for i, it := range items {
		if !in[i] {
			for _, u := range it.vars {
				outside[u] = true
			}
		}
	}
	bound := map[string]bool{}
	seen := map[string]bool{}
	for _, i := range e.part {
		for _, u := range items[i].vars {
			if items[i].lit.Kind == kif.LitPos {
				bound[u] = true
			}
			if outside[u] && !seen[u] {
				seen[u] = true
				e.iface = append(e.iface, u)
			}
		}
	}
	// A negation or test of the part may read a variable that only the
	// rest binds: a copy of a positive literal of the rest that binds it
	// goes into the new rule too, so that the new rule is safe.
	for _, i := range e.part {
		for _, u := range items[i].vars {
			if bound[u] {
				continue
			}
			b := binderOf(items, in, u)
			if b < 0 {
				return e, false
			}
			e.binders = append(e.binders, b)
			in[b] = true
			for _, w := range items[b].vars {
				bound[w] = true
				if !seen[w] {
					seen[w] = true
					e.iface = append(e.iface, w)
				}
			}
		}
	}
	e.binders = append(e.binders, restrictions(items, in, e.iface)...)
	if restWithin(items, in, inHead, e.iface) {
		return e, false
	}
	return e, true
}

// restWithin reports whether the head and the items left in the clause
// (not in) have no variable but those of iface, the new head's. Such an
// elimination splits nothing: the new rule makes the clause's joins
// again and the clause only reads them back, an atom more for each of
// its instances (AlexChess's legal0 and legal2 rules, each read back
// through a rule over all their head's variables, made 180 000 atoms
// of such copies, over the limit of atoms).
func restWithin(items []bodyItem, in []bool, inHead map[string]bool, iface []string) bool {
	for v := range inHead {
		if !slices.Contains(iface, v) {
			return false
		}
	}
	for i, it := range items {
		if in[i] {
			continue
		}
		for _, u := range it.vars {
			if !slices.Contains(iface, u) {
				return false
			}
		}
	}
	return true
}

// restrictions are the items of the rest (not in) that go into the new
// rule as copies because they only restrict it: a positive literal or
// test over the new head's variables (iface) restricts the new rule's
// instances to those the clause can use, at no cost in variables
// (racer's new rules would otherwise range over every sum of its
// addition table).
func restrictions(items []bodyItem, in []bool, iface []string) []int {
	head := map[string]bool{}
	for _, u := range iface {
		head[u] = true
	}
	var out []int
	for i, it := range items {
		if in[i] || it.lit.Kind == kif.LitNeg || len(it.vars) == 0 {
			continue
		}
		within := true
		for _, u := range it.vars {
			within = within && head[u]
		}
		if within {
			out = append(out, i)
		}
	}
	return out
}

// binderOf returns the positive item, not yet in the new rule, with the
// fewest variables that has u, or -1.
func binderOf(items []bodyItem, in []bool, u string) int {
	best := -1
	for i, it := range items {
		if !in[i] && it.lit.Kind == kif.LitPos && it.has(u) && (best < 0 || len(it.vars) < len(items[best].vars)) {
			best = i
		}
	}
	return best
}
