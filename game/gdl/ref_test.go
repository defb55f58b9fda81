package gdl

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// refInterp is a reference GDL interpreter written straight from the
// specification's semantics, sharing nothing with the engine but the
// parser and the validator: for each state it evaluates the (non-ground)
// rules stratum by stratum, naively, over the facts true and does. It is
// slow and only for tests.
type refInterp struct {
	clauses []kif.Clause
	strata  [][]*kif.Clause
	roles   []string
}

func newRefInterp(t testing.TB, src []byte) *refInterp {
	t.Helper()
	d, err := kif.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	clauses, err := kif.Validate(d, DefaultLimits.MaxTermDepth)
	if err != nil {
		t.Fatal(err)
	}
	ri := &refInterp{clauses: clauses}
	for _, c := range clauses {
		if c.Head.Name == "role" {
			ri.roles = append(ri.roles, c.Head.Args[0].String())
		}
	}
	// stratum(head) >= stratum(positive body relation), > for negated.
	stratum := map[kif.RelKey]int{}
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			h := kif.KeyOf(c.Head)
			for _, l := range c.Body {
				need := 0
				switch l.Kind {
				case kif.LitPos:
					need = stratum[kif.KeyOf(l.Atom)]
				case kif.LitNeg:
					need = stratum[kif.KeyOf(l.Atom)] + 1
				default:
					continue
				}
				if stratum[h] < need {
					stratum[h] = need
					changed = true
				}
			}
		}
	}
	for i := range clauses {
		s := stratum[kif.KeyOf(clauses[i].Head)]
		for len(ri.strata) <= s {
			ri.strata = append(ri.strata, nil)
		}
		ri.strata[s] = append(ri.strata[s], &clauses[i])
	}
	return ri
}

// refFacts is a set of ground atoms, by relation.
type refFacts map[kif.RelKey]map[string]*kif.Term

func (f refFacts) add(t *kif.Term) bool {
	k := kif.KeyOf(t)
	if f[k] == nil {
		f[k] = map[string]*kif.Term{}
	}
	s := t.String()
	if _, ok := f[k][s]; ok {
		return false
	}
	f[k][s] = t
	return true
}

func (f refFacts) has(t *kif.Term) bool {
	_, ok := f[kif.KeyOf(t)][t.String()]
	return ok
}

// eval returns every atom that holds given the true facts and moves.
func (ri *refInterp) eval(state []*kif.Term, does []*kif.Term) refFacts {
	f := refFacts{}
	for _, x := range state {
		f.add(&kif.Term{Name: "true", Args: []*kif.Term{x}})
	}
	for _, d := range does {
		f.add(d)
	}
	for _, stratum := range ri.strata {
		for changed := true; changed; {
			changed = false
			for _, c := range stratum {
				ri.match(c, 0, map[string]*kif.Term{}, f, func(head *kif.Term) {
					if f.add(head) {
						changed = true
					}
				})
			}
		}
	}
	return f
}

// match enumerates the substitutions that satisfy c's body from literal i.
func (ri *refInterp) match(c *kif.Clause, i int, sub map[string]*kif.Term, f refFacts, emit func(*kif.Term)) {
	// Positive literals first, then the tests, which safety makes ground.
	pos := make([]kif.Lit, 0, len(c.Body))
	var tests []kif.Lit
	for _, l := range c.Body {
		if l.Kind == kif.LitPos {
			pos = append(pos, l)
		} else {
			tests = append(tests, l)
		}
	}
	var walk func(i int, sub map[string]*kif.Term)
	walk = func(i int, sub map[string]*kif.Term) {
		if i < len(pos) {
			for _, fact := range f[kif.KeyOf(pos[i].Atom)] {
				s2 := unify(pos[i].Atom, fact, sub)
				if s2 != nil {
					walk(i+1, s2)
				}
			}
			return
		}
		for _, l := range tests {
			switch l.Kind {
			case kif.LitNeg:
				if f.has(subst(l.Atom, sub)) {
					return
				}
			case kif.LitDistinct:
				if subst(l.A, sub).String() == subst(l.B, sub).String() {
					return
				}
			case kif.LitSame:
				if subst(l.A, sub).String() != subst(l.B, sub).String() {
					return
				}
			}
		}
		emit(subst(c.Head, sub))
	}
	walk(i, sub)
}

// unify matches pattern p against ground term g, extending sub (copied).
func unify(p, g *kif.Term, sub map[string]*kif.Term) map[string]*kif.Term {
	out := map[string]*kif.Term{}
	for k, v := range sub {
		out[k] = v
	}
	var rec func(p, g *kif.Term) bool
	rec = func(p, g *kif.Term) bool {
		if p.IsVar() {
			if v, ok := out[p.Name]; ok {
				return v.String() == g.String()
			}
			out[p.Name] = g
			return true
		}
		if p.Name != g.Name || len(p.Args) != len(g.Args) {
			return false
		}
		for i := range p.Args {
			if !rec(p.Args[i], g.Args[i]) {
				return false
			}
		}
		return true
	}
	if !rec(p, g) {
		return nil
	}
	return out
}

func subst(t *kif.Term, sub map[string]*kif.Term) *kif.Term {
	if t.IsVar() {
		return sub[t.Name]
	}
	if len(t.Args) == 0 {
		return t
	}
	out := &kif.Term{Name: t.Name, Args: make([]*kif.Term, len(t.Args))}
	for i, a := range t.Args {
		out.Args[i] = subst(a, sub)
	}
	return out
}

// sortedArgs returns the texts of argument i of the atoms of relation k
// whose argument 0 (when i is 1) is the given role.
func (f refFacts) texts(k kif.RelKey, role string) []string {
	var out []string
	for _, a := range f[k] {
		switch {
		case k.Arity == 1:
			out = append(out, a.Args[0].String())
		case a.Args[0].String() == role:
			out = append(out, a.Args[1].String())
		}
	}
	sort.Slice(out, func(i, j int) bool { return kif.LessFolded(out[i], out[j]) })
	return out
}

// checkAgainstReference plays random games of the sheet with the engine
// and with the reference interpreter side by side, comparing on every ply
// the legal moves of every role, terminal, the goals and the next state.
func checkAgainstReference(t *testing.T, src []byte, games, maxPlies int) {
	t.Helper()
	checkAgainstReferenceWith(t, src, games, maxPlies, engineAuto)
}

// checkAgainstReferenceWith is checkAgainstReference with the given
// engine (engineAuto, engineGround or engineTopDown).
func checkAgainstReferenceWith(t *testing.T, src []byte, games, maxPlies, engine int) {
	t.Helper()
	ri := newRefInterp(t, src)
	v := loadWith(t, "ref", src, engine)
	init := ri.eval(nil, nil).texts(kif.RelKey{Name: "init", Arity: 1}, "")
	for g := 0; g < games; g++ {
		rng := game.NewRand(uint64(g) + 100)
		s := v.New()
		state := init
		for ply := 0; ply < maxPlies; ply++ {
			where := fmt.Sprintf("game %d ply %d (%s)", g, ply, s)
			if got, want := s.String(), strings.Join(state, " "); got != want {
				t.Fatalf("%s: state differs from the reference's %q", where, want)
			}
			terms := parseTerms(t, state)
			f := ri.eval(terms, nil)
			if term := f.has(&kif.Term{Name: "terminal"}); term != s.Terminal() {
				t.Fatalf("%s: terminal %v, reference %v", where, s.Terminal(), term)
			}
			var does []*kif.Term
			moves := make([]game.Move, len(ri.roles))
			for r, role := range ri.roles {
				want := f.texts(kif.RelKey{Name: "legal", Arity: 2}, role)
				var got []string
				legal := s.(game.JointState).LegalOf(game.Role(r), nil)
				for _, m := range legal {
					got = append(got, s.FormatMove(m))
				}
				if s.Terminal() {
					want = nil // the engine lists no moves once the game is over
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s: legal moves of %s %v, reference %v", where, role, got, want)
				}
				goal := 0
				for _, text := range f.texts(kif.RelKey{Name: "goal", Arity: 2}, role) {
					// Values out of 0–100 count as no goal (see net.go).
					if n, ok := kif.GoalValue(text); ok {
						goal = max(goal, n)
					}
				}
				if s.Goal(game.Role(r)) != goal {
					t.Fatalf("%s: goal of %s %d, reference %d", where, role, s.Goal(game.Role(r)), goal)
				}
				if len(legal) > 0 {
					moves[r] = legal[rng.Intn(len(legal))]
					does = append(does, parseTerms(t, []string{"(does " + role + " " + s.FormatMove(moves[r]) + ")"})...)
				}
			}
			if s.Terminal() {
				break
			}
			state = ri.eval(terms, does).texts(kif.RelKey{Name: "next", Arity: 1}, "")
			s.(game.JointState).ApplyJoint(moves)
		}
	}
}

func parseTerms(t testing.TB, texts []string) []*kif.Term {
	d, err := kif.Parse([]byte(strings.Join(texts, " ")))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*kif.Term, len(d.Rules))
	for i, r := range d.Rules {
		out[i] = r.Head
	}
	return out
}

// slowReference gives the games checked of the sheets whose every ply
// takes the naive reference a long time (Othello's count of discs is a
// recursion over the whole board): fewer, so that the test stays quick.
var slowReference = map[string]int{"othello4.kif": 2, "minicheckers.kif": 8}

func TestAgainstReferenceInterpreter(t *testing.T) {
	// GDL_REF_DIR names another directory of sheets to check, and
	// GDL_REF_GAMES how many games of each (the reference is slow).
	files, _ := filepath.Glob("testdata/*.kif")
	games := 20
	if dir := os.Getenv("GDL_REF_DIR"); dir != "" {
		files, _ = filepath.Glob(filepath.Join(dir, "*.kif"))
	}
	if n, err := strconv.Atoi(os.Getenv("GDL_REF_GAMES")); err == nil {
		games = n
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n := games
		if slow, ok := slowReference[filepath.Base(f)]; ok && os.Getenv("GDL_REF_GAMES") == "" {
			n = slow
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			checkAgainstReference(t, src, n, 200)
			checkAgainstReferenceWith(t, src, max(1, n/4), 200, engineTopDown)
		})
	}
}
