package gdl

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// State is a position of a GDL game. It implements game.State and
// game.JointState.
type State struct {
	v *game.Variant
	n *network
	// vals holds the value of every atom: [0, nBase) is the position
	// itself, the rest is scratch for the evaluation of the rules.
	vals []bool
	// base is the position packed, bit i%64 of word i/64 for base atom
	// i, kept with vals: the lanes load a position from it 64 atoms at
	// a time (lanes/load.go).
	base []uint64
	hash uint64

	viewOK bool // the atoms are settled; count, single and toMove are current
	toMove game.Role
	count  []int32     // legal moves per role
	single []game.Move // first legal move per role
	joint  []game.Move // scratch for Apply

	// The derived atoms are kept up to date incrementally (see settle).
	sat      []uint16 // by rule: how many of its literals hold
	cnt      []int32  // by position: how many of its rules hold
	dirty    []uint64 // positions whose value may be out of date
	lastDoes []int32  // the does atom of each role still set, or -1
	loopOld  []bool   // scratch for loop segments
}

var _ game.JointState = (*State)(nil)

func (n *network) emptyState(v *game.Variant) *State {
	p := n.prog
	s := &State{
		v:      v,
		n:      n,
		vals:   make([]bool, n.nAtoms),
		base:   make([]uint64, (n.nBase+63)/64),
		count:  make([]int32, len(n.roles)),
		single: make([]game.Move, len(n.roles)),
		joint:  make([]game.Move, len(n.roles)),

		sat:      append([]uint16(nil), p.sat0...),
		cnt:      append([]int32(nil), p.cnt0...),
		dirty:    make([]uint64, (len(p.atoms)+63)/64),
		lastDoes: filled(len(n.roles), -1),
		loopOld:  make([]bool, n.maxLoop),
	}
	// Every atom is false, the counts say so, and every position is due
	// for evaluation; the constant true atom is set as any input is.
	for q := range p.atoms {
		s.dirty[q>>6] |= 1 << (q & 63)
	}
	s.set(n.always, true)
	for _, a := range n.none {
		if a >= 0 {
			s.set(a, true) // no move yet
		}
	}
	return s
}

func (n *network) newState(v *game.Variant) *State {
	s := n.emptyState(v)
	for _, a := range n.init {
		s.set(a, true)
		s.hash ^= n.zobrist[a]
	}
	return s
}

// set gives an input atom (a base or does atom) a new value.
func (s *State) set(a int32, v bool) {
	if s.vals[a] != v {
		s.vals[a] = v
		if int(a) < s.n.nBase {
			s.base[a>>6] ^= 1 << (a & 63)
		}
		s.changed(a)
	}
}

// changed updates the counts of the rules that read atom a, which has
// just changed, and marks the positions whose value may change with them.
func (s *State) changed(a int32) {
	p := s.n.prog
	holds := s.vals[a]
	for _, u := range p.uses[p.usesLo[a]:p.usesLo[a+1]] {
		r := u >> 1
		need := p.need[r]
		// The literal holds now when the atom's value differs from the
		// literal's negation bit.
		if holds != (u&1 == 1) {
			s.sat[r]++
			if s.sat[r] != need {
				continue
			}
			q := p.rulePos[r]
			s.cnt[q]++
			if s.cnt[q] == 1 || p.segOf[q] >= 0 {
				s.dirty[q>>6] |= 1 << (q & 63)
			}
		} else {
			s.sat[r]--
			if s.sat[r] != need-1 {
				continue
			}
			q := p.rulePos[r]
			s.cnt[q]--
			if s.cnt[q] == 0 || p.segOf[q] >= 0 {
				s.dirty[q>>6] |= 1 << (q & 63)
			}
		}
	}
}

// settle brings every derived atom up to date, in the order of their
// positions, so that an atom is decided after every atom it reads.
func (s *State) settle() {
	p := s.n.prog
	d := s.dirty
	for w := range d {
		for d[w] != 0 {
			b := bits.TrailingZeros64(d[w])
			d[w] &^= 1 << b
			q := int32(w<<6 | b)
			if sg := p.segOf[q]; sg >= 0 {
				s.settleLoop(p.segs[sg])
				continue
			}
			a := p.atoms[q]
			if v := s.cnt[q] > 0; v != s.vals[a] {
				s.vals[a] = v
				s.changed(a)
			}
		}
	}
}

// settleLoop evaluates again the atoms of a loop segment, which may
// depend on each other, to their least fixpoint.
func (s *State) settleLoop(sg segment) {
	p := s.n.prog
	old := s.loopOld[:sg.hi-sg.lo]
	for i := sg.lo; i < sg.hi; i++ {
		a := p.atoms[i]
		old[i-sg.lo] = s.vals[a]
		s.vals[a] = false
	}
	for changed := true; changed; {
		changed = false
		for i := sg.lo; i < sg.hi; i++ {
			if a := p.atoms[i]; !s.vals[a] && p.eval(i, s.vals) {
				s.vals[a] = true
				changed = true
			}
		}
	}
	// Restore the old values before announcing the changes, so that
	// the rule counts see every change exactly once.
	for i := sg.lo; i < sg.hi; i++ {
		a := p.atoms[i]
		if v := s.vals[a]; v != old[i-sg.lo] {
			s.vals[a] = old[i-sg.lo]
			s.set(a, v)
		}
	}
	for q := sg.lo; q < sg.hi; q++ {
		s.dirty[q>>6] &^= 1 << (q & 63)
	}
}

// Variant returns the game of the position.
func (s *State) Variant() *game.Variant { return s.v }

// ensureView evaluates the legal moves and terminal of the position once.
func (s *State) ensureView() {
	if s.viewOK {
		return
	}
	n := s.n
	s.settle()
	many := 0
	s.toMove = game.NoRole
	for r, ls := range n.legal {
		c := int32(0)
		s.single[r] = game.Noop
		for _, l := range ls {
			if s.vals[l.atom] {
				if c == 0 {
					s.single[r] = l.move
				}
				c++
			}
		}
		s.count[r] = c
		if c > 1 {
			many++
			s.toMove = game.Role(r)
		}
	}
	switch {
	case many > 1:
		s.toMove = game.NoRole
	case many == 0:
		// Every role has one move (or none): the role in control is the
		// first whose move is not noop; when all pass, nothing tells
		// whose turn it is and role 0 is said to move.
		s.toMove = 0
		for r := range n.legal {
			if s.count[r] == 1 && s.single[r] != game.Noop {
				s.toMove = game.Role(r)
				break
			}
		}
	}
	s.viewOK = true
}

// ToMove returns the one role with a choice (see the package comment), or
// game.NoRole when several roles choose at once.
func (s *State) ToMove() game.Role {
	s.ensureView()
	return s.toMove
}

// Terminal reports whether the game is over.
func (s *State) Terminal() bool {
	s.ensureView()
	return s.vals[s.n.terminal]
}

// Legal appends the legal moves of the role in control; nothing when the
// game is over or several roles choose at once (see LegalOf).
func (s *State) Legal(buf []game.Move) []game.Move {
	if s.Terminal() || s.toMove == game.NoRole {
		return buf
	}
	return s.LegalOf(s.toMove, buf)
}

// LegalOf appends the legal moves of role r, in the order of their text.
func (s *State) LegalOf(r game.Role, buf []game.Move) []game.Move {
	if s.Terminal() || r < 0 || int(r) >= len(s.n.roles) {
		return buf
	}
	for _, l := range s.n.legal[r] {
		if s.vals[l.atom] {
			buf = append(buf, l.move)
		}
	}
	return buf
}

// IsLegal reports whether m is a legal move of the role in control now.
func (s *State) IsLegal(m game.Move) bool {
	if s.Terminal() || s.toMove == game.NoRole || int(m) >= len(s.n.moveText) {
		return false
	}
	a := s.n.legalOf[s.toMove][m]
	return a >= 0 && s.vals[a]
}

// Apply plays m for the role in control and, for every other role, its
// only legal move. It panics on a turn where several roles choose (see
// ApplyJoint).
func (s *State) Apply(m game.Move) {
	s.ensureView()
	if s.toMove == game.NoRole {
		panic("gdl: Apply on a turn where several roles choose at once; use ApplyJoint")
	}
	copy(s.joint, s.single)
	s.joint[s.toMove] = m
	s.apply(s.joint)
}

// ApplyJoint plays moves[r] for every role r at once.
func (s *State) ApplyJoint(moves []game.Move) {
	s.ensureView()
	s.apply(moves)
}

// apply computes the next position from the does atoms of moves.
func (s *State) apply(moves []game.Move) {
	n := s.n
	// The does atoms of the previous move stay set until now, so that
	// only the moves that differ make the next state's atoms change.
	for r, m := range moves {
		a := int32(-1)
		if int(m) < len(n.moveText) {
			a = n.doesOf[r][m]
		}
		if last := s.lastDoes[r]; a != last {
			if last >= 0 {
				s.set(last, false)
			}
			if a >= 0 {
				s.set(a, true)
			}
			if none := n.none[r]; none >= 0 && (a < 0) != (last < 0) {
				s.set(none, a < 0)
			}
			s.lastDoes[r] = a
		}
	}
	s.settle()
	for i, a := range n.nextOf {
		if v := s.vals[a]; v != s.vals[i] {
			s.set(int32(i), v)
			s.hash ^= n.zobrist[i]
		}
	}
	s.viewOK = false
}

// Goal returns the goal value of role r: the highest value that holds,
// or 0 when none does.
func (s *State) Goal(r game.Role) int {
	s.ensureView()
	best := 0
	if r >= 0 && int(r) < len(s.n.goals) {
		for _, e := range s.n.goals[r] {
			if s.vals[e.atom] && e.value > best {
				best = e.value
			}
		}
	}
	return best
}

// Hash returns a Zobrist hash of the true facts.
func (s *State) Hash() uint64 { return s.hash }

// RandomMove returns a legal move of the role in control, uniformly.
func (s *State) RandomMove(rng *game.Rand) game.Move {
	s.ensureView()
	r := s.toMove
	if r == game.NoRole {
		panic("gdl: RandomMove on a turn where several roles choose at once; use LegalOf")
	}
	if s.count[r] <= 1 {
		return s.single[r]
	}
	k := int32(rng.Intn(int(s.count[r])))
	for _, l := range s.n.legal[r] {
		if s.vals[l.atom] {
			if k == 0 {
				return l.move
			}
			k--
		}
	}
	return s.single[r]
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := s.n.emptyState(s.v)
	c.CopyFrom(s)
	return c
}

// CopyFrom makes s a copy of src, a *State of the same game.
func (s *State) CopyFrom(src game.State) {
	o := src.(*State)
	copy(s.vals, o.vals)
	copy(s.base, o.base)
	copy(s.count, o.count)
	copy(s.single, o.single)
	copy(s.lastDoes, o.lastDoes)
	copy(s.sat, o.sat)
	copy(s.cnt, o.cnt)
	copy(s.dirty, o.dirty)
	s.v, s.hash, s.viewOK, s.toMove = o.v, o.hash, o.viewOK, o.toMove
}

// FormatMove returns the KIF text of m, e.g. "(mark 1 1)" or "noop".
func (s *State) FormatMove(m game.Move) string {
	if int(m) < len(s.n.moveText) {
		return s.n.moveText[m]
	}
	return fmt.Sprintf("(unknown-move %d)", m)
}

// ShortMove is FormatMove: GDL has no shorter notation.
func (s *State) ShortMove(m game.Move) string { return s.FormatMove(m) }

// ParseMove reads a move in KIF, in any case and spacing, and checks that
// the role in control may make it now.
func (s *State) ParseMove(text string) (game.Move, error) {
	m, err := s.n.parseMove(text)
	if err != nil {
		return game.Noop, err
	}
	if s.Terminal() {
		return game.Noop, game.ErrGameOver
	}
	if s.toMove == game.NoRole {
		return game.Noop, fmt.Errorf("several roles move at once now: give every role's move")
	}
	if !s.IsLegal(m) {
		return game.Noop, fmt.Errorf("%s is not a legal move for %s now", s.n.moveText[m], s.n.roles[s.toMove])
	}
	return m, nil
}

// parseMove reads the KIF text of a move of the game.
func (n *network) parseMove(text string) (game.Move, error) {
	toks, _, _, _ := kif.Tokenize([]byte(text))
	if len(toks) == 0 {
		return game.Noop, fmt.Errorf("empty move")
	}
	p := &kif.Parser{Toks: toks}
	t, err := p.Term(0)
	if err != nil {
		return game.Noop, fmt.Errorf("move %q: %v", text, err)
	}
	if p.Pos != len(toks) {
		return game.Noop, fmt.Errorf("move %q: text after the move %s; a move is one term, its arguments in parentheses%s", text, t, n.moveExample())
	}
	m, ok := n.move(t.String())
	if !ok {
		return game.Noop, fmt.Errorf("%s is not a move of this game", t)
	}
	return m, nil
}

// moveExample is ", e.g. " and one of the game's moves with arguments,
// or nothing when it has none: shown where a move was written as loose
// words ("1 1" for "(mark 1 1)").
func (n *network) moveExample() string {
	for _, m := range n.moveText {
		if strings.HasPrefix(m, "(") {
			return ", e.g. " + m
		}
	}
	return ""
}

// String returns the true facts in the order of their text, separated by
// spaces, e.g. "(cell 1 1 b) (control xplayer)".
func (s *State) String() string {
	var b strings.Builder
	for i := 0; i < s.n.nBase; i++ {
		if s.vals[i] {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s.n.baseText[i])
		}
	}
	return b.String()
}

// Facts returns the true facts as terms, in the order of String, for
// views that look inside the position (a board drawn from (cell x y c)
// facts). It allocates.
func (s *State) Facts() []*kif.Term {
	var out []*kif.Term
	for i := 0; i < s.n.nBase; i++ {
		if s.vals[i] {
			out = append(out, s.n.baseTerm(int32(i)))
		}
	}
	return out
}

// Describe lists the roles' situation and the true facts, one per line.
func (s *State) Describe() string {
	var facts []string
	for i := 0; i < s.n.nBase; i++ {
		if s.vals[i] {
			facts = append(facts, s.n.baseText[i])
		}
	}
	return kif.Describe(s, facts)
}
