package topdown

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// tdState is a position of a game the top-down evaluator plays. It
// implements game.State and game.JointState with the same meaning as
// State (see the package comment); its moves and facts have the same
// text. Its evaluator is its own: states of one game may be used on
// different goroutines.
type State struct {
	v     *game.Variant
	p     *Program
	facts []tid // ascending
	hash  uint64
	ev    *evaluator
	// loaded says that ev's state is this one's facts.
	loaded bool

	viewOK   bool
	terminal bool
	toMove   game.Role
	legal    [][]game.Move // by role, in the order of their text
	goals    []int         // by role; valid when goalsOK
	goalsOK  bool
	joint    []game.Move
	moves    []tid
	buf      []tid  // scratch for answers
	query    [2]tid // scratch for questions
	// err is why the rules could not be evaluated in this position
	// (a term nested too deep); such a position is over.
	err error
}

var _ game.JointState = (*State)(nil)

func (p *Program) newState(v *game.Variant, facts []tid) *State {
	s := &State{v: v, p: p, legal: make([][]game.Move, len(p.roles)), goals: make([]int, len(p.roles)),
		joint: make([]game.Move, len(p.roles)), moves: make([]tid, len(p.roles))}
	s.setFacts(facts)
	return s
}

// setFacts makes facts (ascending, each once) the position.
func (s *State) setFacts(facts []tid) {
	s.facts = append(s.facts[:0], facts...)
	s.hash = 0
	for _, f := range s.facts {
		s.hash ^= s.p.terms.get(f).hash
	}
	s.loaded, s.viewOK, s.goalsOK, s.err = false, false, false, nil
}

// evaluator returns the state's evaluator with its facts loaded.
func (s *State) evaluator() *evaluator {
	if s.ev == nil {
		s.ev = newEvaluator(s.p)
	}
	if !s.loaded {
		s.ev.setState(s.facts)
		s.loaded = true
	}
	return s.ev
}

// Variant returns the game of the position.
func (s *State) Variant() *game.Variant { return s.v }

// ensureView finds every role's legal moves and whether the game is over.
func (s *State) ensureView() {
	if s.viewOK {
		return
	}
	s.viewOK = true
	e := s.evaluator()
	term, err := e.question(s.p.terminal, nil)
	s.terminal = err != nil || term.n > 0
	for r := range s.legal {
		s.legal[r] = s.legal[r][:0]
	}
	if err != nil {
		s.err = err
		return
	}
	for r, role := range s.p.roleIDs {
		s.query = [2]tid{role, noTerm}
		moves, err := e.ask(s.buf[:0], s.p.legal, s.query[:])
		s.buf = moves
		if err != nil {
			s.err, s.terminal = err, true
			return
		}
		for _, m := range moves {
			s.legal[r] = append(s.legal[r], s.p.moveOf(m))
		}
		slices.SortFunc(s.legal[r], func(a, b game.Move) int { return kif.CompareFold(s.p.moveText(a), s.p.moveText(b)) })
	}
	s.toMove = controlRole(s.legal)
}

// controlRole is the role in control given every role's legal moves (see
// the package comment).
func controlRole(legal [][]game.Move) game.Role {
	choosing := game.NoRole
	for r, ms := range legal {
		if len(ms) > 1 {
			if choosing != game.NoRole {
				return game.NoRole
			}
			choosing = game.Role(r)
		}
	}
	if choosing != game.NoRole {
		return choosing
	}
	for r, ms := range legal {
		if len(ms) == 1 && ms[0] != game.Noop {
			return game.Role(r)
		}
	}
	return 0
}

// ToMove returns the one role with a choice, or game.NoRole when several
// roles choose at once.
func (s *State) ToMove() game.Role {
	s.ensureView()
	return s.toMove
}

// Terminal reports whether the game is over.
func (s *State) Terminal() bool {
	s.ensureView()
	return s.terminal
}

// Legal appends the legal moves of the role in control.
func (s *State) Legal(buf []game.Move) []game.Move {
	if s.Terminal() || s.toMove == game.NoRole {
		return buf
	}
	return s.LegalOf(s.toMove, buf)
}

// LegalOf appends the legal moves of role r, in the order of their text.
func (s *State) LegalOf(r game.Role, buf []game.Move) []game.Move {
	if s.Terminal() || r < 0 || int(r) >= len(s.legal) {
		return buf
	}
	return append(buf, s.legal[r]...)
}

// IsLegal reports whether m is a legal move of the role in control now.
func (s *State) IsLegal(m game.Move) bool {
	if s.Terminal() || s.toMove == game.NoRole {
		return false
	}
	return slices.Contains(s.legal[s.toMove], m)
}

// Apply plays m for the role in control and, for every other role, its
// only legal move.
func (s *State) Apply(m game.Move) {
	s.ensureView()
	if s.toMove == game.NoRole {
		panic("gdl: Apply on a turn where several roles choose at once; use ApplyJoint")
	}
	for r, ms := range s.legal {
		s.joint[r] = game.Noop
		if len(ms) > 0 {
			s.joint[r] = ms[0]
		}
	}
	s.joint[s.toMove] = m
	s.ApplyJoint(s.joint)
}

// ApplyJoint plays moves[r] for every role r at once.
func (s *State) ApplyJoint(moves []game.Move) {
	e := s.evaluator()
	for r := range s.moves {
		s.moves[r] = noTerm
		if r < len(moves) {
			if id, ok := s.p.moveTerm(moves[r]); ok {
				s.moves[r] = id
			}
		}
	}
	e.setDoes(s.moves)
	s.query[0] = noTerm
	next, err := e.ask(s.buf[:0], s.p.next, s.query[:1])
	s.buf = next
	if err != nil {
		next = next[:0]
	}
	s.setFacts(uniqueSorted(next))
	s.err = err
	if err != nil {
		s.viewOK, s.terminal, s.toMove = true, true, 0
	}
}

// Goal returns the goal value of role r: the highest value that holds,
// or 0 when none does.
func (s *State) Goal(r game.Role) int {
	s.ensureView()
	if r < 0 || int(r) >= len(s.goals) {
		return 0
	}
	if !s.goalsOK {
		s.goalsOK = true
		e := s.evaluator()
		for i, role := range s.p.roleIDs {
			s.goals[i] = 0
			s.query = [2]tid{role, noTerm}
			vals, _ := e.ask(s.buf[:0], s.p.goal, s.query[:])
			s.buf = vals
			for _, v := range vals {
				if n, ok := kif.GoalValue(s.p.text(v)); ok && n > s.goals[i] {
					s.goals[i] = n
				}
			}
		}
	}
	return s.goals[r]
}

// Hash returns a hash of the true facts, the same in every run.
func (s *State) Hash() uint64 { return s.hash }

// RandomMove returns a legal move of the role in control, uniformly.
func (s *State) RandomMove(rng *game.Rand) game.Move {
	s.ensureView()
	if s.toMove == game.NoRole {
		panic("gdl: RandomMove on a turn where several roles choose at once; use LegalOf")
	}
	ms := s.legal[s.toMove]
	if len(ms) == 0 {
		return game.Noop
	}
	return ms[rng.Intn(len(ms))]
}

// Clone returns an independent copy, with an evaluator of its own.
func (s *State) Clone() game.State {
	c := s.p.newState(s.v, nil)
	c.CopyFrom(s)
	return c
}

// CopyFrom makes s a copy of src, a state of the same game, keeping s's
// evaluator (and the answers it keeps for the whole game).
func (s *State) CopyFrom(src game.State) {
	o := src.(*State)
	s.v, s.p = o.v, o.p
	s.facts = append(s.facts[:0], o.facts...)
	s.hash, s.loaded = o.hash, false
	s.viewOK, s.terminal, s.toMove, s.err = o.viewOK, o.terminal, o.toMove, o.err
	for r := range s.legal {
		s.legal[r] = append(s.legal[r][:0], o.legal[r]...)
	}
	s.goalsOK = o.goalsOK
	copy(s.goals, o.goals)
}

// FormatMove returns the KIF text of m.
func (s *State) FormatMove(m game.Move) string { return s.p.moveText(m) }

// ShortMove is FormatMove: GDL has no shorter notation.
func (s *State) ShortMove(m game.Move) string { return s.FormatMove(m) }

// ParseMove reads a move in KIF, in any case and spacing, and checks that
// the role in control may make it now.
func (s *State) ParseMove(text string) (game.Move, error) {
	t, id, known, err := s.p.parseTerm(text)
	if err != nil {
		return game.Noop, fmt.Errorf("move %q: %v", text, err)
	}
	if s.Terminal() {
		return game.Noop, game.ErrGameOver
	}
	if s.toMove == game.NoRole {
		return game.Noop, fmt.Errorf("several roles move at once now: give every role's move")
	}
	if m := s.p.moveOf(id); known && s.IsLegal(m) {
		return m, nil
	}
	return game.Noop, fmt.Errorf("%s is not a legal move for %s now", t, s.p.roles[s.toMove])
}

// String returns the true facts in the order of their text.
func (s *State) String() string { return strings.Join(s.texts(), " ") }

// texts returns the KIF of the true facts in the order of their text.
func (s *State) texts() []string {
	texts := make([]string, len(s.facts))
	for i, f := range s.facts {
		texts[i] = s.p.text(f)
	}
	slices.SortFunc(texts, kif.CompareFold)
	return texts
}

// Describe lists the roles' situation and the true facts, one per line.
func (s *State) Describe() string { return kif.Describe(s, s.texts()) }

// parsePosition reads facts (in any order, case and spacing) as a
// position of a game the top-down evaluator plays.
func (p *Program) parsePosition(v *game.Variant, text string) (game.State, error) {
	ts, err := kif.ParseTerms(text)
	if err != nil {
		return nil, err
	}
	facts := make([]tid, 0, len(ts))
	seen := map[tid]bool{}
	for _, t := range ts {
		id := p.terms.internTerm(t)
		if seen[id] {
			return nil, fmt.Errorf("%s is given twice", t)
		}
		seen[id] = true
		facts = append(facts, id)
	}
	return p.newState(v, uniqueSorted(facts)), nil
}

// Variant is the game p plays, named name and described as d.
func (p *Program) Variant(name string, d *kif.Description) *game.Variant {
	v := kif.DescribedVariant(name, d, p.roles)
	v.New = func() game.State { return p.newState(v, p.init) }
	v.ParsePosition = func(s string) (game.State, error) { return p.parsePosition(v, s) }
	return v
}

// Why says why the game is evaluated top-down (the limit grounding reached).
func (s *State) Why() string { return s.p.Why }

// HasGoal reports whether some goal value of role r holds in s, where
// Goal says 0 both for a goal of 0 and for none.
func (s *State) HasGoal(r game.Role) bool {
	vals, _ := s.evaluator().ask(nil, s.p.goal, []tid{s.p.roleIDs[r], noTerm})
	for _, v := range vals {
		if _, ok := kif.GoalValue(s.p.text(v)); ok {
			return true
		}
	}
	return false
}

// BaseFacts is gdl.BaseFacts for a game played top-down: the facts the
// domain analysis finds a state may hold, or the initial facts when it
// fails.
func (s *State) BaseFacts() []string { return append([]string(nil), s.p.baseFacts...) }

// StaticFacts is gdl.StaticFacts for a game played top-down: the facts
// the sheet writes.
func (s *State) StaticFacts() []string { return append([]string(nil), s.p.staticFacts...) }
