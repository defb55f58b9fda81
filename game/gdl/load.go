package gdl

import (
	"errors"
	"fmt"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/ground"
	"github.com/tabletop/tabletop/game/gdl/kif"
	"github.com/tabletop/tabletop/game/gdl/topdown"
)

// Limits bounds the work of turning a sheet into a game, so that a huge or
// hostile sheet is refused with a clear error instead of exhausting memory
// or time; package ground defines it, as grounding is most of that work.
type Limits = ground.Limits

// DefaultLimits keep the memory of a ground network well under a
// gigabyte, and its making within about three and a half CPU-seconds
// (MaxWork, as measured on the development machine: a step is about 55
// ns). A sheet that reaches one of them is played by the top-down
// evaluator instead (see Load); a sheet whose ground form explodes
// reaches MaxAtoms or MaxWork within a second or two.
var DefaultLimits = Limits{MaxAtoms: 200_000, MaxRules: 2_000_000, MaxTermDepth: kif.DefaultMaxDepth, MaxWork: 64_000_000}

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

// Ways of grounding the tests add to engineGround (or engineAuto), to
// compare them with the usual one.
const (
	// groundPlain keeps the ground rules as grounding makes them,
	// without the rewriting of optimize.go.
	groundPlain = 1 << 4
	// groundRewritten grounds the clauses as ground.Rewrite rewrites
	// them from the start.
	groundRewritten = 1 << 5
)

// compile validates d and makes its game: a ground network when the
// grounding stays within lim, else (or when asked) the top-down
// evaluator. engine is one of the engines, with the ways of grounding
// the tests ask for.
func compile(name string, d *kif.Description, lim Limits, engine int) (*game.Variant, error) {
	how := engine
	engine &^= groundPlain | groundRewritten
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
		g, err := groundSheet(clauses, lim, how&groundRewritten != 0)
		var limit *ground.LimitError
		if err == nil {
			n, err := build(g, d, how&groundPlain != 0)
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

// groundSheet grounds the clauses (see ground.Sheet), or when rewritten
// the clauses as ground.Rewrite rewrites them.
func groundSheet(clauses []kif.Clause, lim Limits, rewritten bool) (*ground.Grounder, error) {
	if rewritten {
		return ground.Ground(ground.Rewrite(clauses), lim)
	}
	return ground.Sheet(clauses, lim)
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
