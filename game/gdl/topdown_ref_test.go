package gdl

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// refProver is a second reference for the tests: a naive top-down prover
// (SLD resolution with negation as failure, as a Prolog-based GGP player
// evaluates rules) over the sheet's rules as written, with no safety
// rewrite. A (not ...) or (distinct ...) waits until its variables are
// bound, or the rule's positive literals run out; then a (not ...) with a
// variable still free means "no value makes it true". It answers the
// questions a game manager asks, (legal r ?m), (goal r ?v), terminal and
// (next ?x), so it checks the meaning makeSafe gives unsafe rules.
// Recursion is cut off at maxRefDepth; the sheets it checks recurse
// little.
type refProver struct {
	rules map[kif.RelKey][]kif.Clause
	roles []string
	fresh int
}

const maxRefDepth = 60

func newRefProver(t testing.TB, src []byte) *refProver {
	t.Helper()
	d, err := kif.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	p := &refProver{rules: map[kif.RelKey][]kif.Clause{}}
	for _, r := range d.Rules {
		alts := [][]kif.Lit{nil}
		for _, l := range r.Body {
			la, err := kif.LiteralAlternatives(r, l, false)
			if err != nil {
				t.Fatal(err)
			}
			alts = kif.Product(alts, la)
		}
		for _, body := range alts {
			p.rules[kif.KeyOf(r.Head)] = append(p.rules[kif.KeyOf(r.Head)], kif.Clause{Head: r.Head, Body: body, Rule: r})
		}
		if r.Head.Name == "role" {
			p.roles = append(p.roles, r.Head.Args[0].String())
		}
	}
	return p
}

// bindings maps variables (renamed apart per rule use) to terms, which
// may contain variables themselves.
type bindings map[string]*kif.Term

func (b bindings) walk(t *kif.Term) *kif.Term {
	for t.IsVar() {
		v, ok := b[t.Name]
		if !ok {
			return t
		}
		t = v
	}
	return t
}

// resolve returns t with every bound variable replaced, deeply.
func (b bindings) resolve(t *kif.Term) *kif.Term {
	t = b.walk(t)
	if len(t.Args) == 0 {
		return t
	}
	out := &kif.Term{Name: t.Name, Args: make([]*kif.Term, len(t.Args))}
	for i, a := range t.Args {
		out.Args[i] = b.resolve(a)
	}
	return out
}

func (b bindings) unify(x, y *kif.Term) bool {
	x, y = b.walk(x), b.walk(y)
	switch {
	case x.IsVar() && y.IsVar() && x.Name == y.Name:
		return true
	case x.IsVar():
		b[x.Name] = y
		return true
	case y.IsVar():
		b[y.Name] = x
		return true
	case x.Name != y.Name || len(x.Args) != len(y.Args):
		return false
	}
	for i := range x.Args {
		if !b.unify(x.Args[i], y.Args[i]) {
			return false
		}
	}
	return true
}

func (b bindings) clone() bindings {
	c := make(bindings, len(b))
	for k, v := range b {
		c[k] = v
	}
	return c
}

func freeVars(t *kif.Term, b bindings) bool {
	t = b.walk(t)
	if t.IsVar() {
		return true
	}
	for _, a := range t.Args {
		if freeVars(a, b) {
			return true
		}
	}
	return false
}

// rename returns c with its variables renamed apart.
func (p *refProver) rename(c kif.Clause) kif.Clause {
	p.fresh++
	sub := map[string]*kif.Term{}
	var ren func(t *kif.Term) *kif.Term
	ren = func(t *kif.Term) *kif.Term {
		if t.IsVar() {
			if v, ok := sub[t.Name]; ok {
				return v
			}
			v := &kif.Term{Name: fmt.Sprintf("%s#%d", t.Name, p.fresh)}
			sub[t.Name] = v
			return v
		}
		if len(t.Args) == 0 {
			return t
		}
		out := &kif.Term{Name: t.Name, Args: make([]*kif.Term, len(t.Args))}
		for i, a := range t.Args {
			out.Args[i] = ren(a)
		}
		return out
	}
	out := kif.Clause{Head: ren(c.Head), Rule: c.Rule}
	for _, l := range c.Body {
		switch l.Kind {
		case kif.LitPos, kif.LitNeg:
			out.Body = append(out.Body, kif.Lit{Kind: l.Kind, Atom: ren(l.Atom)})
		default:
			out.Body = append(out.Body, kif.Lit{Kind: l.Kind, A: ren(l.A), B: ren(l.B)})
		}
	}
	return out
}

// solve calls yield for each way the goals hold, given the facts of the
// state (true and does atoms, by text).
func (p *refProver) solve(goals []kif.Lit, b bindings, facts map[string]bool, depth int, yield func(bindings)) {
	if depth > maxRefDepth {
		panic("refProver: recursion too deep")
	}
	// The first literal that may run: a positive one, or a test whose
	// variables are bound; with only waiting tests left, all of them.
	pick := -1
	for i, l := range goals {
		if l.Kind == kif.LitPos {
			if pick < 0 {
				pick = i
			}
			continue
		}
		ready := l.Kind == kif.LitNeg && !freeVars(l.Atom, b) || l.Kind != kif.LitNeg && !freeVars(l.A, b) && !freeVars(l.B, b)
		if ready {
			pick = i
			break
		}
	}
	if pick < 0 && len(goals) > 0 {
		pick = 0
	}
	if pick < 0 {
		yield(b)
		return
	}
	l := goals[pick]
	rest := append(append([]kif.Lit(nil), goals[:pick]...), goals[pick+1:]...)
	switch l.Kind {
	case kif.LitNeg:
		found := false
		p.solve([]kif.Lit{{Kind: kif.LitPos, Atom: l.Atom}}, b.clone(), facts, depth+1, func(bindings) { found = true })
		if !found {
			p.solve(rest, b, facts, depth, yield)
		}
	case kif.LitDistinct, kif.LitSame:
		x, y := b.resolve(l.A).String(), b.resolve(l.B).String()
		if (x == y) == (l.Kind == kif.LitSame) {
			p.solve(rest, b, facts, depth, yield)
		}
	default:
		p.solveAtom(l.Atom, b, facts, depth, func(b2 bindings) { p.solve(rest, b2, facts, depth, yield) })
	}
}

func (p *refProver) solveAtom(atom *kif.Term, b bindings, facts map[string]bool, depth int, yield func(bindings)) {
	if atom.Name == "true" || atom.Name == "does" {
		for f := range facts {
			ft := parseOne(f)
			b2 := b.clone()
			if b2.unify(atom, ft) {
				yield(b2)
			}
		}
		return
	}
	for _, c := range p.rules[kif.KeyOf(atom)] {
		r := p.rename(c)
		b2 := b.clone()
		if b2.unify(atom, r.Head) {
			p.solve(r.Body, b2, facts, depth+1, yield)
		}
	}
}

func parseOne(text string) *kif.Term {
	toks, _, _, _ := kif.Tokenize([]byte(text))
	t, err := (&kif.Parser{Toks: toks}).Term(0)
	if err != nil {
		panic(err)
	}
	return t
}

// ask returns the texts of the answers to query, sorted, each once.
func (p *refProver) ask(t testing.TB, query *kif.Term, facts map[string]bool) []string {
	seen := map[string]bool{}
	p.solve([]kif.Lit{{Kind: kif.LitPos, Atom: query}}, bindings{}, facts, 0, func(b bindings) {
		a := b.resolve(query)
		if !kif.Ground(a) {
			t.Fatalf("refProver: non-ground answer %s", a)
		}
		seen[a.String()] = true
	})
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return kif.LessFolded(out[i], out[j]) })
	return out
}

// checkAgainstProver plays random games with the engine and asks the
// reference prover, on every ply, each role's legal moves and goal,
// terminal, and the next state after the moves played.
func checkAgainstProver(t *testing.T, src []byte, games, maxPlies, engine int) {
	t.Helper()
	p := newRefProver(t, src)
	v := loadWith(t, "prover", src, engine)
	args := func(answers []string, i int) []string {
		var out []string
		for _, a := range answers {
			out = append(out, parseOne(a).Args[i].String())
		}
		return out
	}
	initial := args(p.ask(t, parseOne("(init ?x)"), nil), 0)
	for g := 0; g < games; g++ {
		rng := game.NewRand(uint64(g) + 7)
		s := v.New()
		state := initial
		for ply := 0; ply < maxPlies; ply++ {
			where := fmt.Sprintf("game %d ply %d (%s)", g, ply, s)
			if got, want := s.String(), strings.Join(state, " "); got != want {
				t.Fatalf("%s: state differs from the prover's %q", where, want)
			}
			facts := map[string]bool{}
			for _, f := range state {
				facts["(true "+f+")"] = true
			}
			terminal := len(p.ask(t, parseOne("terminal"), facts)) > 0
			if terminal != s.Terminal() {
				t.Fatalf("%s: terminal %v, prover %v", where, s.Terminal(), terminal)
			}
			moves := make([]game.Move, len(p.roles))
			does := map[string]bool{}
			for _, f := range state {
				does["(true "+f+")"] = true
			}
			for r, role := range p.roles {
				goal := 0
				for _, text := range args(p.ask(t, parseOne("(goal "+role+" ?v)"), facts), 1) {
					if n, ok := kif.GoalValue(text); ok {
						goal = max(goal, n)
					}
				}
				if s.Goal(game.Role(r)) != goal {
					t.Fatalf("%s: goal of %s %d, prover %d", where, role, s.Goal(game.Role(r)), goal)
				}
				if terminal {
					continue
				}
				want := args(p.ask(t, parseOne("(legal "+role+" ?m)"), facts), 1)
				var got []string
				legal := s.(game.JointState).LegalOf(game.Role(r), nil)
				for _, m := range legal {
					got = append(got, s.FormatMove(m))
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s: legal moves of %s %v, prover %v", where, role, got, want)
				}
				moves[r] = legal[rng.Intn(len(legal))]
				does["(does "+role+" "+s.FormatMove(moves[r])+")"] = true
			}
			if terminal {
				break
			}
			state = args(p.ask(t, parseOne("(next ?x)"), does), 0)
			s.(game.JointState).ApplyJoint(moves)
		}
	}
}
