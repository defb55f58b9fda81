package gdl

import (
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
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
	// MaxWork bounds the steps of grounding (each a ground atom tried
	// against a literal of a rule, or a rule instance made). It is the
	// budget of grounding: counted, not timed, so that a sheet loads the
	// same way on any machine under any load.
	MaxWork int
	// MaxTime, when positive, also bounds the wall-clock time spent
	// grounding (for a caller with a deadline, such as a GGP start
	// clock). Zero in DefaultLimits: no such bound.
	MaxTime time.Duration
}

// DefaultLimits are generous for every published game of reasonable size
// and keep the memory of a load well under a gigabyte. MaxWork is about
// three CPU-seconds of grounding on a 2020s desktop core.
var DefaultLimits = Limits{MaxAtoms: 400_000, MaxRules: 2_000_000, MaxTermDepth: 40, MaxWork: 60_000_000}

// limitError is a limit of Limits reached while grounding.
type limitError struct{ msg string }

func (e *limitError) Error() string { return e.msg }

// Load parses, validates and compiles a rule sheet into a variant, with
// DefaultLimits. name is the variant's name (a file name without .kif).
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
	d, err := Parse(src)
	if err != nil {
		return nil, err
	}
	n, err := compile(d, lim)
	if err != nil {
		return nil, err
	}
	return n.variant(name, d), nil
}

// compile validates d and grounds it into a network.
func compile(d *Description, lim Limits) (*network, error) {
	clauses, err := validate(d, lim)
	if err != nil {
		return nil, err
	}
	g := newGrounder(lim)
	if err := g.run(clauses); err != nil {
		return nil, err
	}
	return build(g, d)
}

func (n *network) variant(name string, d *Description) *game.Variant {
	v := &game.Variant{
		Name:    name,
		Title:   d.Title,
		Summary: "A game read from a GDL rule sheet",
		Roles:   n.roles,
	}
	if v.Title == "" {
		v.Title = name
	}
	if len(d.Notes) > 0 {
		v.Summary = d.Notes[0]
		v.Rules = strings.Join(d.Notes, "\n")
	}
	v.New = func() game.State { return n.newState(v) }
	v.ParsePosition = func(s string) (game.State, error) { return n.parsePosition(v, s) }
	return v
}

// parsePosition reads the sorted true facts that String writes (in any
// order, case and spacing).
func (n *network) parsePosition(v *game.Variant, s string) (game.State, error) {
	st := n.emptyState(v)
	toks, _, _, err := tokenize([]byte(s))
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	for p.pos < len(p.toks) {
		t, err := p.term(0)
		if err != nil {
			return nil, err
		}
		if t.IsVar() || !ground(t) {
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
