package gdl

import (
	"errors"
	"fmt"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
	"github.com/tabletop/tabletop/game/gdl/topdown"
)

// Limits bounds the work of turning a sheet into a game, so that a huge or
// hostile sheet is refused with a clear error instead of exhausting memory
// or time.
type Limits struct {
	// MaxAtoms bounds the ground atoms (facts that may ever hold).
	MaxAtoms int
	// MaxRules bounds the ground instances of the rules.
	MaxRules int
	// MaxTermDepth bounds the nesting of a ground term, which unbounded
	// recursion over function terms would otherwise grow for ever.
	MaxTermDepth int
	// MaxWork bounds the work of grounding, counted in steps: a ground
	// atom tried against a literal of a rule is one, a rule instance
	// made 48. It is the budget of grounding: counted, not timed, so that
	// a sheet is read the same way on any machine under any load.
	MaxWork int
	// MaxTime, when positive, also bounds the wall-clock time spent
	// grounding (for a caller with a deadline, such as a GGP start
	// clock). Zero in DefaultLimits: no such bound.
	MaxTime time.Duration

	// plain keeps the ground rules as grounding makes them, without the
	// rewriting of optimize.go, for the tests that compare the two.
	plain bool
	// rewrite grounds the clauses as rewriteForGrounding rewrites them
	// from the start, for the tests that compare the two.
	rewrite bool
}

// DefaultLimits keep the memory of a ground network well under a
// gigabyte, and its making within about three and a half CPU-seconds
// (MaxWork, as measured on the development machine: a step is about 55
// ns). A sheet that reaches one of them is played by the top-down
// evaluator instead (see Load); a sheet whose ground form explodes
// reaches MaxAtoms or MaxWork within a second or two.
var DefaultLimits = Limits{MaxAtoms: 200_000, MaxRules: 2_000_000, MaxTermDepth: kif.DefaultMaxDepth, MaxWork: 64_000_000}

// limitError is a limit of Limits reached while grounding.
type limitError struct {
	msg  string
	kind limitKind
}

// limitKind is which limit a grounding reached: whether grounding
// rewritten rules may stay within it depends on it (see groundSheet).
type limitKind int

const (
	overWork  limitKind = iota // MaxWork, MaxRules or MaxTime
	overAtoms                  // MaxAtoms
	overDepth                  // MaxTermDepth
)

func (e *limitError) Error() string { return e.msg }

// Load parses, validates and compiles a rule sheet into a variant, with
// DefaultLimits. name is the variant's name (a file name without .kif).
// The game is a ground network when grounding stays within the limits,
// else the rules are evaluated top-down (see Evaluation); both play the
// same game.
func Load(name string, src []byte) (*game.Variant, error) {
	return LoadWithLimits(name, src, DefaultLimits)
}

// LoadWithLimits is Load with the given limits; a zero field takes the
// value of DefaultLimits.
func LoadWithLimits(name string, src []byte, lim Limits) (*game.Variant, error) {
	if lim.MaxAtoms <= 0 {
		lim.MaxAtoms = DefaultLimits.MaxAtoms
	}
	if lim.MaxRules <= 0 {
		lim.MaxRules = DefaultLimits.MaxRules
	}
	if lim.MaxTermDepth <= 0 {
		lim.MaxTermDepth = DefaultLimits.MaxTermDepth
	}
	if lim.MaxWork <= 0 {
		lim.MaxWork = DefaultLimits.MaxWork
	}
	d, err := kif.Parse(src)
	if err != nil {
		return nil, err
	}
	return compile(name, d, lim, engineAuto)
}

// Engines compile may be asked for; the tests ask for each.
const (
	engineAuto = iota
	engineGround
	engineTopDown
)

// compile validates d and makes its game: a ground network when the
// grounding stays within lim, else (or when asked) the top-down
// evaluator.
func compile(name string, d *kif.Description, lim Limits, engine int) (*game.Variant, error) {
	clauses, err := kif.Validate(d, lim.MaxTermDepth)
	if err != nil {
		return nil, err
	}
	roles, err := rolesOf(d)
	if err != nil {
		return nil, err
	}
	why := "asked for"
	if engine != engineTopDown {
		g, err := groundSheet(clauses, lim)
		var limit *limitError
		if err == nil {
			n, err := build(g, d)
			if err != nil {
				return nil, err
			}
			return n.variant(name, d), nil
		} else if engine == engineGround || !errors.As(err, &limit) {
			return nil, err
		}
		why = err.Error()
	}
	p, err := topdown.Compile(clauses, roles, lim.MaxTermDepth)
	if err != nil {
		return nil, err
	}
	p.Why = why
	return p.Variant(name, d), nil
}

// groundSheet grounds the clauses as written and, when that reaches a
// limit, rewritten (rewriteForGrounding), within limits of its own
// (and before the same deadline), unless what the first grounding made
// shows that the second cannot fit (see rewrittenMayFit); the first limit
// reached is the error when both do.
func groundSheet(clauses []kif.Clause, lim Limits) (*grounder, error) {
	g := newGrounder(lim)
	if lim.rewrite {
		return g, g.run(rewriteForGrounding(clauses))
	}
	err := g.run(clauses)
	var limit *limitError
	if !errors.As(err, &limit) {
		return g, err
	}
	demands := demandsOf(clauses)
	if !g.rewrittenMayFit(limit.kind, demands) {
		return g, err
	}
	again := newGrounder(lim)
	again.deadline = g.deadline
	if again.run(splitBodies(restrictTo(clauses, demands))) != nil {
		return g, err
	}
	return again, nil
}

// rewriteForGrounding returns clauses that play the same game and ground
// to fewer atoms and rule instances, if to another network: the rules of
// relations asked only some questions are restricted to those
// (demand.go), and the bodies split (split.go).
func rewriteForGrounding(clauses []kif.Clause) []kif.Clause {
	return splitBodies(restrictToDemand(clauses))
}

func (n *network) variant(name string, d *kif.Description) *game.Variant {
	v := kif.DescribedVariant(name, d, n.roles)
	v.New = func() game.State { return n.newState(v) }
	v.ParsePosition = func(s string) (game.State, error) { return n.parsePosition(v, s) }
	return v
}

// parsePosition reads the sorted true facts that String writes (in any
// order, case and spacing).
func (n *network) parsePosition(v *game.Variant, s string) (game.State, error) {
	st := n.emptyState(v)
	toks, _, _, err := kif.Tokenize([]byte(s))
	if err != nil {
		return nil, err
	}
	p := &kif.Parser{Toks: toks}
	for p.Pos < len(p.Toks) {
		t, err := p.Term(0)
		if err != nil {
			return nil, err
		}
		if t.IsVar() || !kif.Ground(t) {
			return nil, fmt.Errorf("%s is not a ground fact", t)
		}
		text := t.String()
		a, ok := n.baseAtom(text)
		if !ok {
			return nil, fmt.Errorf("%s can never be true in this game", text)
		}
		if st.vals[a] {
			return nil, fmt.Errorf("%s is given twice", text)
		}
		st.set(a, true)
		st.hash ^= n.zobrist[a]
	}
	return st, nil
}

// Playouts plays n random games from the start of v (a GDL game or any
// other), choosing every role's move at random on simultaneous turns, and
// returns the plies played. It is what the bench command measures.
func Playouts(v *game.Variant, n int, seed uint64) int {
	rng := game.NewRand(seed)
	start := v.New()
	s := v.New()
	plies := 0
	var joint []game.Move
	var buf []game.Move
	for i := 0; i < n; i++ {
		s.CopyFrom(start)
		for !s.Terminal() {
			js, ok := s.(game.JointState)
			if ok && s.ToMove() == game.NoRole {
				joint = joint[:0]
				for r := range v.Roles {
					buf = js.LegalOf(game.Role(r), buf[:0])
					m := game.Noop // a role without moves: an ill-made sheet
					if len(buf) > 0 {
						m = buf[rng.Intn(len(buf))]
					}
					joint = append(joint, m)
				}
				js.ApplyJoint(joint)
			} else {
				s.Apply(s.RandomMove(rng))
			}
			plies++
		}
	}
	return plies
}

// Evaluation says how the rules of v are evaluated: "ground" (a network
// over every atom), "top-down" (with the reason grounding gave way), or ""
// when v is not a game read from a rule sheet.
func Evaluation(v *game.Variant) string {
	switch s := v.New().(type) {
	case *State:
		return "ground"
	case *topdown.State:
		return "top-down: " + s.Why()
	}
	return ""
}
