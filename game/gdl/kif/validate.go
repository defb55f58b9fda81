package kif

import (
	"fmt"
)

// DefaultMaxDepth is how deep a term may nest by default
// (DefaultLimits.MaxTermDepth).
const DefaultMaxDepth = 40

// maxAlternatives bounds how many rules one rule may become when its
// (or ...) literals are multiplied out.
const maxAlternatives = 4096

// maxClauses bounds the rules of a whole sheet once (or ...) literals are
// multiplied out, so that many rules full of (or ...) cannot exhaust
// memory before grounding even starts.
const maxClauses = 200_000

// maxLiterals bounds the literals of one rule (the evaluation counts them
// in 16 bits).
const maxLiterals = 10000

// RelKey names a relation: its symbol and its arity.
type RelKey struct {
	Name  string
	Arity int
}

// String writes k as name/arity.
func (k RelKey) String() string { return fmt.Sprintf("%s/%d", k.Name, k.Arity) }

// KeyOf is the relation of atom t.
func KeyOf(t *Term) RelKey { return RelKey{Name: t.Name, Arity: len(t.Args)} }

// LitKind is what a literal tests.
type LitKind uint8

const (
	LitPos      LitKind = iota // a positive atom
	LitNeg                     // (not atom)
	LitDistinct                // (distinct a b)
	LitSame                    // (not (distinct a b))
)

// Lit is a literal of a clause: an atom, possibly negated, or a test of
// two terms.
type Lit struct {
	Kind LitKind
	Atom *Term // LitPos, LitNeg
	A, B *Term // LitDistinct, LitSame
}

// Clause is a rule without (or ...): one of the alternatives of a Rule.
type Clause struct {
	Head *Term
	Body []Lit
	Rule *Rule // the sentence it comes from, for errors
}

// fixedArity is the arity of the relations GDL gives a meaning to. base
// and input are not among them: their declarations come in other forms
// too (see base.go) and never change the game.
var fixedArity = map[string]int{
	"role": 1, "init": 1, "true": 1, "next": 1, "legal": 2, "does": 2,
	"goal": 2, "terminal": 0, "distinct": 2, "not": 1,
}

// ruleError reports a problem with rule r, naming it by its head.
func ruleError(r *Rule, format string, args ...any) error {
	return &Error{Line: r.Line, Msg: fmt.Sprintf("rule for %s: ", r.Head) + fmt.Sprintf(format, args...)}
}

// Validate checks d against the restrictions of the GDL specification and
// returns its rules as clauses without (or ...), unsafe rules rewritten
// (see makeSafe), with terms nested at most maxDepth deep.
func Validate(d *Description, maxDepth int) ([]Clause, error) {
	var clauses []Clause
	heads := map[string]bool{}
	for _, r := range d.Rules {
		if err := checkHead(r); err != nil {
			return nil, err
		}
		heads[r.Head.Name] = true
		alts := [][]Lit{nil}
		for _, l := range r.Body {
			la, err := LiteralAlternatives(r, l, false)
			if err != nil {
				return nil, err
			}
			alts = Product(alts, la)
			if len(alts) > maxAlternatives {
				return nil, ruleError(r, "its (or ...) literals multiply out to more than %d rules", maxAlternatives)
			}
		}
		for _, body := range alts {
			if len(body) > maxLiterals {
				return nil, ruleError(r, "more than %d literals in one rule", maxLiterals)
			}
			clauses = append(clauses, Clause{Head: r.Head, Body: body, Rule: r})
			if len(clauses) > maxClauses {
				return nil, ruleError(r, "the sheet's rules multiply out to more than %d rules without (or ...)", maxClauses)
			}
		}
	}
	// init and next may be missing, as the reference software reads
	// them: the game starts from, or moves to, the empty state (sudoku
	// starts from an empty grid with no init at all).
	for _, need := range []string{"role", "legal", "terminal", "goal"} {
		if !heads[need] {
			return nil, &Error{Msg: fmt.Sprintf("the sheet defines no %s: a game needs role, legal, terminal and goal", need)}
		}
	}
	clauses, err := makeSafe(clauses, maxDepth)
	if err != nil {
		return nil, err
	}
	g := NewDepGraph(clauses)
	if err := g.checkStratified(); err != nil {
		return nil, err
	}
	if err := g.checkDependencies(); err != nil {
		return nil, err
	}
	if err := g.checkRecursion(); err != nil {
		return nil, err
	}
	return clauses, nil
}

func checkHead(r *Rule) error {
	h := r.Head
	switch h.Name {
	case "true", "does", "distinct", "not", "or", "<=":
		return ruleError(r, "(%s ...) may not be a rule's head", h.Name)
	case "role":
		if len(r.Body) > 0 || !Ground(h) {
			return ruleError(r, "roles must be given as facts without variables")
		}
	case "goal":
		if len(h.Args) == 2 && Ground(h.Args[1]) {
			if _, ok := GoalValue(h.Args[1].String()); !ok {
				return ruleError(r, "goal value %s is not a whole number from 0 to 100", h.Args[1])
			}
		}
	}
	if err := checkArity(r, h); err != nil {
		return err
	}
	return checkTermNames(r, h)
}

func checkArity(r *Rule, atom *Term) error {
	if n, ok := fixedArity[atom.Name]; ok && len(atom.Args) != n {
		return ruleError(r, "%s takes %s, not %d: %s", atom.Name, plural(n, "argument"), len(atom.Args), atom)
	}
	return nil
}

// checkTermNames refuses the keywords of the rule language inside terms,
// where they could only be a mistake.
func checkTermNames(r *Rule, atom *Term) error {
	for _, a := range atom.Args {
		if len(a.Args) > 0 {
			switch a.Name {
			case "<=", "not", "or":
				return ruleError(r, "%s inside a term: %s", a.Name, atom)
			}
			if err := checkTermNames(r, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// LiteralAlternatives returns l as a disjunction of conjunctions of simple
// literals; negated says whether l stands under an odd number of (not ...).
func LiteralAlternatives(r *Rule, l *Term, negated bool) ([][]Lit, error) {
	if l.IsVar() {
		return nil, ruleError(r, "a literal cannot be the bare variable %s", l.Name)
	}
	switch l.Name {
	case "or":
		if len(l.Args) == 0 {
			return nil, ruleError(r, "empty (or)")
		}
		// (or a b) is a disjunction; under a negation it becomes the
		// conjunction of the negated parts (De Morgan).
		conj := negated
		var out [][]Lit
		if conj {
			out = [][]Lit{nil}
		}
		for _, a := range l.Args {
			la, err := LiteralAlternatives(r, a, negated)
			if err != nil {
				return nil, err
			}
			if conj {
				out = Product(out, la)
			} else {
				out = append(out, la...)
			}
			if len(out) > maxAlternatives {
				return nil, ruleError(r, "its (or ...) literals multiply out to more than %d rules", maxAlternatives)
			}
		}
		return out, nil
	case "not":
		if len(l.Args) != 1 {
			return nil, ruleError(r, "not takes 1 argument, not %d: %s", len(l.Args), l)
		}
		return LiteralAlternatives(r, l.Args[0], !negated)
	case "distinct":
		if len(l.Args) != 2 {
			return nil, ruleError(r, "distinct takes 2 arguments, not %d: %s", len(l.Args), l)
		}
		k := LitDistinct
		if negated {
			k = LitSame
		}
		return [][]Lit{{{Kind: k, A: l.Args[0], B: l.Args[1]}}}, nil
	case "<=":
		return nil, ruleError(r, "<= inside a rule's body")
	case "init", "next":
		return nil, ruleError(r, "(%s ...) may appear only in a rule's head", l.Name)
	}
	if err := checkArity(r, l); err != nil {
		return nil, err
	}
	if err := checkTermNames(r, l); err != nil {
		return nil, err
	}
	k := LitPos
	if negated {
		k = LitNeg
	}
	return [][]Lit{{{Kind: k, Atom: l}}}, nil
}

// Product returns every conjunction of one alternative of a with one of b.
func Product(a, b [][]Lit) [][]Lit {
	out := make([][]Lit, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			c := make([]Lit, 0, len(x)+len(y))
			c = append(append(c, x...), y...)
			out = append(out, c)
		}
	}
	return out
}

// Ground reports whether t has no variables.
func Ground(t *Term) bool {
	if t.IsVar() {
		return false
	}
	for _, a := range t.Args {
		if !Ground(a) {
			return false
		}
	}
	return true
}

// AddVars adds the variables of t to set.
func AddVars(t *Term, set map[string]bool) {
	if t.IsVar() {
		set[t.Name] = true
	}
	for _, a := range t.Args {
		AddVars(a, set)
	}
}

// plural returns "1 argument", "2 arguments" and so on.
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// GoalValue reads a goal value, a whole number from 0 to 100 written
// without sign or leading zeros. It does not allocate.
func GoalValue(s string) (int, bool) {
	if s == "" || len(s) > 3 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = 10*v + int(s[i]-'0')
	}
	return v, v <= 100
}
