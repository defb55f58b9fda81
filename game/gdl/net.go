package gdl

import (
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/ground"
	"github.com/tabletop/tabletop/game/gdl/kif"
	"github.com/tabletop/tabletop/game/gdl/lanes"
)

// legalEntry is one possible legal move of a role: the atom (legal r m)
// and the move m.
type legalEntry struct {
	atom int32
	move game.Move
}

// goalEntry is one possible goal value of a role: the atom (goal r v).
type goalEntry struct {
	atom  int32
	value int
}

// network is a compiled game: the ground rules of a sheet over densely
// numbered atoms. Atoms [0, nBase) are the state's propositions (true x),
// then come the moves (does r m), then derived atoms, and last two
// constants, always false and always true. It is read-only once built and
// shared by every state of the game.
type network struct {
	roles  []string
	nBase  int
	nAtoms int
	always int32 // the atom that is always true (the one before is false)

	baseText   []string         // KIF of x for each (true x)
	baseByText map[string]int32 // folded text (foldKey) → base atom
	undeclared []bool           // by base atom: the sheet's base declarations leave it out (base.go)
	possible   []bool           // by base atom: may hold in a reachable state (reach.go)
	static     []string         // the true static facts of the sheet's own relations, sorted
	nextOf     []int32          // for each base atom, the atom (next x)
	init       []int32          // base atoms of the initial state
	zobrist    []uint64         // by base atom

	// prog evaluates the legal moves, terminal, goals and the next state
	// (given the moves) and every atom they depend on.
	prog *program
	// laneNet and lanes are the network and prog as package lanes
	// reads them, compiled for game.Simulation on first use (simulation.go).
	laneNet   *lanes.Net
	lanes     *lanes.Code
	lanesOnce sync.Once
	// maxLoop is the size of the largest loop segment of the programs.
	maxLoop int

	legal    [][]legalEntry // by role, in the order of the moves' text
	legalOf  [][]int32      // [role][move] → atom (legal r m), or -1
	doesOf   [][]int32      // [role][move] → atom (does r m), or -1
	none     []int32        // by role: the atom that holds when it makes no move the rules know, or -1 (optimize.go)
	goals    [][]goalEntry  // by role
	terminal int32

	moveText   []string             // by move; 0 is noop
	moveByText map[string]game.Move // by folded text (foldKey)
}

// baseAtom returns the base atom of the fact with the given text, in any
// case.
func (n *network) baseAtom(text string) (int32, bool) {
	a, ok := n.baseByText[kif.FoldKey(text)]
	return a, ok
}

// move returns the move with the given text, in any case.
func (n *network) move(text string) (game.Move, bool) {
	m, ok := n.moveByText[kif.FoldKey(text)]
	return m, ok
}

// baseTerm returns base atom a's fact as a term.
func (n *network) baseTerm(a int32) *kif.Term {
	toks, _, _, _ := kif.Tokenize([]byte(n.baseText[a]))
	t, err := (&kif.Parser{Toks: toks}).Term(0)
	if err != nil {
		panic(fmt.Sprintf("gdl: fact %q does not read back: %v", n.baseText[a], err))
	}
	return t
}

// build turns the grounder's instances into a network.
func build(g *ground.Grounder, d *kif.Description, plain bool) (*network, error) {
	n := &network{baseByText: map[string]int32{}, moveByText: map[string]game.Move{}}
	roles, err := rolesOf(d)
	if err != nil {
		return nil, err
	}
	n.roles = roles
	static, err := staticValues(g)
	if err != nil {
		return nil, err
	}
	n.static = staticFacts(g, static)
	b := &netBuilder{g: g, n: n, plain: plain, static: static, dense: filled(g.Terms(), -1),
		termRole: map[ground.TermID]int{}, termMove: map[ground.TermID]int{}}
	return n, b.build()
}

type netBuilder struct {
	g      *ground.Grounder
	n      *network
	plain  bool            // see groundPlain
	static atomValues      // value of every atom that depends on neither true nor does
	dense  []int32         // by TermID, the dense atom, or -1
	terms  []ground.TermID // by dense atom
	rs     ruleSet
	// termRole and termMove remember what roleMove found for a term, -1
	// when it is no role or no move: every legal and does atom asks, and
	// a term's text is an allocation (AlexChess: 290 k).
	termRole, termMove map[ground.TermID]int
}

func rolesOf(d *kif.Description) ([]string, error) {
	var roles []string
	seen := map[string]bool{}
	for _, r := range d.Rules {
		if r.Head.Name != "role" {
			continue
		}
		name := r.Head.Args[0].String()
		if seen[name] {
			return nil, &kif.Error{Line: r.Line, Msg: fmt.Sprintf("role %s is declared twice", name)}
		}
		seen[name] = true
		roles = append(roles, name)
	}
	if len(roles) > 127 {
		return nil, &kif.Error{Msg: fmt.Sprintf("%d roles: at most 127 are supported", len(roles))}
	}
	return roles, nil
}

// atomsOf returns the atoms of relation k in the order they were found.
func (b *netBuilder) atomsOf(k kif.RelKey) []ground.TermID {
	return b.g.Atoms(k)
}

// atom returns the dense number of a dynamic atom, numbering it if new.
func (b *netBuilder) atom(id ground.TermID) int32 {
	if a := b.dense[id]; a >= 0 {
		return a
	}
	a := int32(len(b.terms))
	b.dense[id] = a
	b.terms = append(b.terms, id)
	return a
}

// ref returns the dense atom that stands for atom id: the constant false
// or true atom when id is static.
func (b *netBuilder) ref(id ground.TermID) int32 {
	if v, ok := b.static.get(id); ok {
		if v {
			return b.n.always
		}
		return b.n.always - 1
	}
	return b.atom(id)
}

func (b *netBuilder) build() error {
	g, n := b.g, b.n
	// Base atoms first, in the order of their text, then moves.
	base := append([]ground.TermID(nil), b.atomsOf(kif.RelKey{Name: "true", Arity: 1})...)
	text := map[ground.TermID]string{}
	for _, t := range base {
		text[t] = g.Text(g.Args(t)[0])
	}
	sort.Slice(base, func(i, j int) bool { return kif.LessFolded(text[base[i]], text[base[j]]) })
	for _, t := range base {
		a := b.atom(t)
		n.baseText = append(n.baseText, text[t])
		n.baseByText[kif.FoldKey(text[t])] = a
	}
	n.nBase = len(base)
	if err := b.moves(); err != nil {
		return err
	}
	// Derived atoms: every head of an instance that is not static.
	for i := range g.Instances() {
		h, _ := g.Instance(i)
		if !b.static.has(h) {
			b.atom(h)
		}
	}
	n.always = int32(len(b.terms)) + 1
	n.nAtoms = int(n.always) + 1
	numbered := len(b.terms)
	b.rs.rules = make([][][]int32, n.nAtoms)
	b.collectRules()
	if err := b.outputs(); err != nil {
		return err
	}
	if len(b.terms) != numbered {
		// Every dynamic atom is a base or move atom or the head of an
		// instance, all numbered above.
		return fmt.Errorf("gdl: internal error: %d atoms numbered late", len(b.terms)-numbered)
	}
	n.possible = b.possibleBase()
	n.undeclared = b.undeclared(base)
	b.programs()
	n.zobrist = make([]uint64, n.nBase)
	rng := game.NewRand(0x6764_6c5f_7a6f_6272)
	for i := range n.zobrist {
		n.zobrist[i] = rng.Uint64()
	}
	return nil
}

// moves numbers the moves (the m of every (legal r m)) and their does
// atoms; the move noop is game.Noop.
func (b *netBuilder) moves() error {
	g, n := b.g, b.n
	n.moveText = []string{"noop"}
	n.moveByText["noop"] = game.Noop
	legal := b.atomsOf(kif.RelKey{Name: "legal", Arity: 2})
	for _, t := range legal {
		m := g.Text(g.Args(t)[1])
		if _, ok := n.move(m); !ok {
			n.moveByText[kif.FoldKey(m)] = game.Move(len(n.moveText))
			n.moveText = append(n.moveText, m)
		}
	}
	nm := len(n.moveText)
	n.legalOf = make([][]int32, len(n.roles))
	n.doesOf = make([][]int32, len(n.roles))
	n.legal = make([][]legalEntry, len(n.roles))
	n.goals = make([][]goalEntry, len(n.roles))
	for r := range n.roles {
		n.legalOf[r] = filled(nm, -1)
		n.doesOf[r] = filled(nm, -1)
	}
	for _, t := range b.atomsOf(kif.RelKey{Name: "does", Arity: 2}) {
		r, m, ok := b.roleMove(t)
		if ok {
			n.doesOf[r][m] = b.atom(t)
		} else {
			// A legal rule may hold for a symbol that is not a role
			// (knightwar's (legal ?role ...) reads ?role off any
			// cell's content): no one makes that move, so the does
			// atom grounding derived from it never holds.
			b.static.set(t, false)
		}
	}
	return nil
}

// roleMove splits an atom (legal r m) or (does r m).
func (b *netBuilder) roleMove(t ground.TermID) (int, game.Move, bool) {
	g, n := b.g, b.n
	args := g.Args(t)
	r, known := b.termRole[args[0]]
	if !known {
		r = slices.Index(n.roles, g.Text(args[0]))
		b.termRole[args[0]] = r
	}
	m, known := b.termMove[args[1]]
	if !known {
		m = -1
		if mv, ok := n.move(g.Text(args[1])); ok {
			m = int(mv)
		}
		b.termMove[args[1]] = m
	}
	if r < 0 {
		return 0, 0, false
	}
	return r, game.Move(max(m, 0)), m >= 0
}

func filled(n int, v int32) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// collectRules simplifies every instance with a dynamic head: literals
// over static atoms (and negations of atoms that never hold) are decided
// now, and an instance with a false literal is dropped.
func (b *netBuilder) collectRules() {
	g := b.g
	var lits []int32
	for i := range g.Instances() {
		h, body := g.Instance(i)
		if b.static.has(h) {
			continue
		}
		lits = lits[:0]
		alive := true
		for _, l := range body {
			id, neg := l>>1, l&1 == 1
			if !g.IsAtom(id) {
				if !neg {
					alive = false
				}
				continue
			}
			if v, ok := b.static.get(id); ok {
				if v == neg {
					alive = false
				}
				continue
			}
			lits = append(lits, b.atom(id)<<1|l&1)
		}
		if alive {
			a := b.dense[h]
			b.rs.rules[a] = append(b.rs.rules[a], b.rs.lits.copyOf(lits))
		}
	}
}

// outputs finds the atoms of legal, goal, terminal, next and init.
func (b *netBuilder) outputs() error {
	g, n := b.g, b.n
	for _, t := range b.atomsOf(kif.RelKey{Name: "legal", Arity: 2}) {
		if r, m, ok := b.roleMove(t); ok {
			n.legal[r] = append(n.legal[r], legalEntry{b.ref(t), m})
			n.legalOf[r][m] = b.ref(t)
		}
	}
	for r := range n.legal {
		sort.Slice(n.legal[r], func(i, j int) bool {
			return kif.LessFolded(n.moveText[n.legal[r][i].move], n.moveText[n.legal[r][j].move])
		})
	}
	for _, t := range b.atomsOf(kif.RelKey{Name: "goal", Arity: 2}) {
		args := g.Args(t)
		role := g.Text(args[0])
		// A value computed by the rules may be out of range only in the
		// over-approximation of grounding (constant values were checked
		// with the rules): such an atom counts as no goal.
		v, ok := kif.GoalValue(g.Text(args[1]))
		if !ok {
			continue
		}
		for r, name := range n.roles {
			if name == role {
				n.goals[r] = append(n.goals[r], goalEntry{b.ref(t), v})
			}
		}
	}
	n.terminal = n.always - 1
	for _, t := range b.atomsOf(kif.RelKey{Name: "terminal", Arity: 0}) {
		n.terminal = b.ref(t)
	}
	n.nextOf = filled(n.nBase, n.always-1)
	for _, t := range b.atomsOf(kif.RelKey{Name: "next", Arity: 1}) {
		x := g.Text(g.Args(t)[0])
		a, _ := n.baseAtom(x)
		n.nextOf[a] = b.ref(t)
	}
	for _, t := range b.atomsOf(kif.RelKey{Name: "init", Arity: 1}) {
		if b.static.holds(t) {
			a, _ := n.baseAtom(g.Text(g.Args(t)[0]))
			n.init = append(n.init, a)
		}
	}
	return nil
}

// programs compiles the evaluation of the legal moves, terminal, goals
// and next state.
func (b *netBuilder) programs() {
	n := b.n
	o := newOptimizer(b)
	if !b.plain {
		o.factorMoves()
		o.fold()
	}
	n.none = o.none
	out := []int32{n.terminal}
	for _, ls := range n.legal {
		for _, l := range ls {
			out = append(out, l.atom)
		}
	}
	for _, gs := range n.goals {
		for _, e := range gs {
			out = append(out, e.atom)
		}
	}
	out = append(out, n.nextOf...)
	n.prog = buildProgram(&b.rs, out)
	for _, sg := range n.prog.segs {
		if sg.loop {
			n.maxLoop = max(n.maxLoop, int(sg.hi-sg.lo))
		}
	}
}

// staticFacts returns the KIF text of the static atoms that hold, of the
// sheet's own relations (successor chains, adjacency, arithmetic tables),
// sorted.
func staticFacts(g *ground.Grounder, static atomValues) []string {
	var out []string
	for i := range static {
		id := ground.TermID(i)
		if name := g.Relation(id).Name; static.holds(id) && !kif.Relations[name] && !kif.IsAddedRelation(name) {
			out = append(out, g.Text(id))
		}
	}
	sort.Strings(out)
	return out
}

// staticValues evaluates every atom that depends on neither true nor
// does: such atoms hold in every state or in none.
func staticValues(g *ground.Grounder) (atomValues, error) {
	// A relation is dynamic when it is true or does or depends on them.
	dynamic := map[kif.RelKey]bool{{Name: "true", Arity: 1}: true, {Name: "does", Arity: 2}: true}
	key := g.Relation
	for changed := true; changed; {
		changed = false
		// The instances come in runs of the same head relation: its
		// entry is looked up once a run (a lookup an instance, hashing
		// the relation's name, was 4 % of AlexChess's and racer4's
		// start).
		var last kif.RelKey
		lastDynamic, known := false, false
		for i := range g.Instances() {
			h, body := g.Instance(i)
			if hk := key(h); !known || hk != last {
				last, lastDynamic, known = hk, dynamic[hk], true
			}
			if lastDynamic {
				continue
			}
			for _, l := range body {
				if id := l >> 1; g.IsAtom(id) && dynamic[key(id)] {
					dynamic[last], lastDynamic = true, true
					changed = true
					break
				}
			}
		}
	}
	// Evaluate the static atoms with a program of their own.
	dense := filled(g.Terms(), -1)
	var terms []ground.TermID
	num := func(id ground.TermID) {
		if dense[id] < 0 {
			dense[id] = int32(len(terms))
			terms = append(terms, id)
		}
	}
	for _, k := range g.Relations() {
		if !dynamic[k] {
			for _, t := range g.Atoms(k) {
				num(t)
			}
		}
	}
	rs := ruleSet{rules: make([][][]int32, len(terms))}
	for i := range g.Instances() {
		h, body := g.Instance(i)
		a := dense[h]
		if a < 0 {
			continue
		}
		lits := []int32{}
		alive := true
		for _, l := range body {
			id := l >> 1
			if !g.IsAtom(id) {
				alive = alive && l&1 == 1
				continue
			}
			lits = append(lits, dense[id]<<1|l&1)
		}
		if alive {
			rs.rules[a] = append(rs.rules[a], lits)
		}
	}
	all := make([]int32, len(terms))
	for i := range all {
		all[i] = int32(i)
	}
	vals := make([]bool, len(terms))
	buildProgram(&rs, all).run(vals)
	static := make(atomValues, g.Terms())
	for i, t := range terms {
		static.set(t, vals[i])
	}
	return static, nil
}

// atomValues holds by TermID the value of each static atom: 0 for a term
// that is not one, 1 false, 2 true. A slice, not a map: building the
// network looks up every literal of every rule instance (a map's lookups
// were a tenth of the start of a sheet of a million instances).
type atomValues []int8

// get returns the value of atom id and whether it is static.
func (s atomValues) get(id ground.TermID) (v, ok bool) { return s[id] == 2, s[id] != 0 }

// has reports whether atom id is static.
func (s atomValues) has(id ground.TermID) bool { return s[id] != 0 }

// holds reports whether atom id is static and true.
func (s atomValues) holds(id ground.TermID) bool { return s[id] == 2 }

// set records the value of static atom id.
func (s atomValues) set(id ground.TermID, v bool) {
	s[id] = 1
	if v {
		s[id] = 2
	}
}
