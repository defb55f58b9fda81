package gdl

import (
	"cmp"
	"encoding/binary"
	"slices"
)

// The ground rules of a sheet are rewritten before they are compiled, so
// that a ply costs less, by what is known of the moves: every role makes
// exactly one move a ply, so exactly one of its does atoms holds, or
// none when it has no move the rules know (an ill-made sheet's role
// without a legal move); the input atom none of the role says so.
//
// Frame rules are what make ground networks large: breakthrough's
//
//	(<= (next (cellHolds ?x ?y ?s)) (true (cellHolds ?x ?y ?s))
//	    (does ?p (move ?x1 ?y1 ?x2 ?y2)) (distinctCell ...) ...)
//
// grounds to one rule per cell, piece and move that does not touch the
// cell, 37 000 of its 39 000 rules, and every ply's move reaches about
// 200 of them. factorMoves writes the rules of an atom that differ only in
// their does literal as one rule over the disjunction of those does atoms,
// and writes that disjunction, when it names most of a role's moves, as
// "none of the other moves": the cell stays unless one of the six moves
// that touch it is made. The rules then number about as many as the
// atoms, and a move reaches the few atoms it can change.

// optimizer rewrites a network's ground rules (b.rs) in place, adding
// atoms after the constants.
type optimizer struct {
	b *netBuilder
	// roleOf holds, by atom, the role of a does atom, or -1: a slice,
	// not a map, as splitDoes asks it of every literal of the network.
	roleOf []int32
	all    [][]int32 // by role: its does atoms, sorted
	none   []int32   // by role: its none atom, -1 until needed
	nodes  map[string]int32
	rest   []int32 // the literals splitDoes returns
	key    []byte  // the key of a group of factorMoves
	nDoes  int     // the does atoms of every role

	restHashes []uint64 // scratch of mayJoin

	// sets holds, by atom, its move set, when it has one (moves.go);
	// setState where findMoveSets is, and setSize the does atoms the
	// sets hold in all.
	sets     [][]int32
	setState []uint8
	setSize  int
	setBuf   []int32  // the set being made
	setArena litArena // where the sets are kept
}

func newOptimizer(b *netBuilder) *optimizer {
	n := b.n
	o := &optimizer{b: b, roleOf: filled(len(b.rs.rules), -1), all: make([][]int32, len(n.roles)),
		none: filled(len(n.roles), -1), nodes: map[string]int32{}}
	for r, atoms := range n.doesOf {
		for _, a := range atoms {
			if a >= 0 {
				o.roleOf[a] = int32(r)
				o.all[r] = append(o.all[r], a)
			}
		}
		slices.Sort(o.all[r])
		o.all[r] = slices.Compact(o.all[r])
		o.nDoes += len(o.all[r])
	}
	return o
}

// isDoes reports whether atom a is a does atom (the atoms added since
// newOptimizer are none).
func (o *optimizer) isDoes(a int32) bool {
	return int(a) < len(o.roleOf) && o.roleOf[a] >= 0
}

// newAtom adds a derived atom with the given rules and returns it.
func (o *optimizer) newAtom(rules [][]int32) int32 {
	b := o.b
	a := int32(len(b.rs.rules))
	b.rs.rules = append(b.rs.rules, rules)
	b.n.nAtoms++
	return a
}

// noneAtom is the input atom that holds when role r makes no move the
// rules know.
func (o *optimizer) noneAtom(r int) int32 {
	if o.none[r] < 0 {
		o.none[r] = o.newAtom(nil)
	}
	return o.none[r]
}

// factorMoves rewrites, for every derived atom, its rules that have one
// positive literal of a move (a does atom, or an atom that is a
// disjunction of them: moves.go) and the same other literals as one rule
// (see above).
func (o *optimizer) factorMoves() {
	rs := &o.b.rs
	o.findMoveSets()
	for a := range rs.rules {
		rules := rs.rules[a]
		if len(rules) < 2 || !o.mayJoin(rules) {
			continue
		}
		type group struct {
			rest []int32
			does []int32 // the move literals' atoms
		}
		var keys []string
		groups := map[string]*group{}
		nKept := 0
		for _, r := range rules {
			d, rest, ok := o.splitDoes(r)
			if !ok {
				nKept++
				continue
			}
			o.key = appendLitsKey(o.key[:0], rest)
			g := groups[string(o.key)] // no copy of the key to look it up
			if g == nil {
				k := string(o.key)
				g = &group{rest: slices.Clone(rest)}
				groups[k] = g
				keys = append(keys, k)
			}
			g.does = append(g.does, d)
		}
		if len(keys) == len(rules)-nKept {
			continue // no two rules to join
		}
		// The rules kept as they are, gathered only now: most atoms
		// have none to join.
		kept := make([][]int32, 0, nKept+len(keys))
		for _, r := range rules {
			if _, ok := o.moveLit(r); !ok {
				kept = append(kept, r)
			}
		}
		for _, k := range keys {
			g := groups[k]
			if len(g.does) == 1 {
				kept = append(kept, append(g.rest, g.does[0]<<1))
				continue
			}
			kept = append(kept, append(g.rest, o.anyOf(o.movesIn(g.does))))
		}
		rs.rules[a] = kept
	}
}

// mayJoin reports whether two of rules have a move literal (moveLit)
// and the same other literals, or may have: their hashes are the same.
// Most atoms have none to join, and finding out so allocates nothing
// (grouping the rules by a key of their other literals was a fifth of
// AlexChess's allocations at start once atoms of moves were moves).
func (o *optimizer) mayJoin(rules [][]int32) bool {
	hs := o.restHashes[:0]
	for _, r := range rules {
		if _, rest, ok := o.splitDoes(r); ok {
			hs = append(hs, ruleHash(rest))
		}
	}
	slices.Sort(hs)
	o.restHashes = hs
	return len(slices.Compact(hs)) < len(hs)
}

// moveLit returns the atom of rule r's move literal: its one does
// literal, positive, or when it has none, its one positive literal of
// a disjunction of moves (moves.go); ok is false when r has none, or a
// negated does literal, or two.
func (o *optimizer) moveLit(r []int32) (atom int32, ok bool) {
	does, set := int32(-1), int32(-1)
	for _, l := range r {
		switch a := l >> 1; {
		case o.isDoes(a):
			if does >= 0 || l&1 == 1 {
				return 0, false
			}
			does = a
		case l&1 == 0 && o.moveSet(a) != nil:
			if set >= 0 {
				set = -2 // two: neither is the move literal
			} else if set == -1 {
				set = a
			}
		}
	}
	if does >= 0 {
		return does, true
	}
	return set, set >= 0
}

// splitDoes returns the atom of rule r's move literal (moveLit) and its
// other literals, sorted; ok is false when r has none.
// rest is o.rest, valid until the next call.
func (o *optimizer) splitDoes(r []int32) (does int32, rest []int32, ok bool) {
	does, ok = o.moveLit(r)
	if !ok {
		return 0, nil, false
	}
	o.rest = o.rest[:0]
	for _, l := range r {
		if l != does<<1 {
			o.rest = append(o.rest, l)
		}
	}
	slices.Sort(o.rest)
	return does, o.rest, true
}

// anyOf returns a literal that holds when one of the does atoms holds.
func (o *optimizer) anyOf(does []int32) int32 {
	does = slices.Compact(slices.Sorted(slices.Values(does)))
	if len(does) == 1 {
		return does[0] << 1
	}
	key := "any" + litsKey(does)
	if l, ok := o.nodes[key]; ok {
		return l
	}
	var parts [][]int32
	for r := range o.all {
		var mine []int32
		for _, d := range does {
			if o.roleOf[d] == int32(r) {
				mine = append(mine, d)
			}
		}
		if len(mine) > 0 {
			parts = append(parts, []int32{o.roleAnyOf(r, mine)})
		}
	}
	l := parts[0][0]
	if len(parts) > 1 {
		l = o.newAtom(parts) << 1
	}
	o.nodes[key] = l
	return l
}

// roleAnyOf returns a literal that holds when role r makes one of the
// moves of does: their disjunction, or when that is shorter, the
// negation of the disjunction of the role's other moves and its none
// atom.
func (o *optimizer) roleAnyOf(r int, does []int32) int32 {
	if len(does) == 1 {
		return does[0] << 1
	}
	key := "role" + litsKey(does)
	if l, ok := o.nodes[key]; ok {
		return l
	}
	// The role's other moves, walking both sorted lists (a binary
	// search for each of the role's moves was most of brawl's start
	// once its frame rules' large sets of moves were joined).
	other := make([]int32, 0, max(len(o.all[r])-len(does), 0))
	i := 0
	for _, d := range o.all[r] {
		for i < len(does) && does[i] < d {
			i++
		}
		if i == len(does) || does[i] != d {
			other = append(other, d)
		}
	}
	var l int32
	if len(other)+1 < len(does) {
		rules := [][]int32{{o.noneAtom(r) << 1}}
		for _, d := range other {
			rules = append(rules, []int32{d << 1})
		}
		l = o.newAtom(rules)<<1 | 1
	} else {
		rules := make([][]int32, len(does))
		for i, d := range does {
			rules[i] = []int32{d << 1}
		}
		l = o.newAtom(rules) << 1
	}
	o.nodes[key] = l
	return l
}

// litsKey is a map key for a list of literals.
func litsKey(lits []int32) string {
	return string(appendLitsKey(make([]byte, 0, 4*len(lits)), lits))
}

// appendLitsKey appends the key of lits (see litsKey) to buf.
func appendLitsKey(buf []byte, lits []int32) []byte {
	for _, l := range lits {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(l))
	}
	return buf
}

// Folding constants and aliases. Grounding leaves many atoms that a
// ply need not compute: an atom with one rule of one literal is another
// atom under a new name, or its negation (checkers' and 4pttc's legal
// moves are such copies of atoms of the sheet's own relations), and
// rules whose literals became constants once the static atoms were
// decided. fold replaces every such atom by what it stands for in the
// rules that read it and in the outputs, so that neither a state nor the
// lanes spend an instruction on it. Unfolding an atom defined by a single
// rule into the rules that read it keeps the least model of a stratified
// program, recursion included. So does making an atom whose rules are
// those of another atom (once folded) an alias of it: 4pttc computes the
// same conjunctions for each of its four roles' moves, a fifth of its
// network.

// folder holds what fold found: by atom, the literal it equals, or -1.
type folder struct {
	to                []int32
	falseLit, trueLit int32
	input             []bool    // atoms that are inputs: base, does and none atoms, and the constants
	lits              *litArena // where the folded rules are kept
	buf               []int32   // a rule being folded
	hs, hsSorted      []uint64  // the hashes of an atom's rules (dropRepeats)
	order             []int32   // its rules in order of hash (dropRepeats)
	drop              []bool    // by rule, whether it repeats one before it
	// keys holds, by atom, the hash of its set of rules that share
	// last computed, valid while keyed: an atom's rules change only
	// when foldAtom refolds them, so the later passes of share hash
	// only those (most atoms settle in the first pass).
	keys  []uint64
	keyed []bool
	// readers lists, by atom, the atoms whose rules read it; queue
	// holds the atoms to fold again, queued those in it.
	readers *atomReaders
	queue   []int32
	queued  []bool
}

// fold folds the constants and aliases of the rules (see above) and
// redirects the outputs to what they stand for.
func (o *optimizer) fold() {
	b, n := o.b, o.b.n
	rs := &b.rs
	f := &folder{to: filled(len(rs.rules), -1), falseLit: (n.always - 1) << 1, trueLit: n.always << 1,
		input: make([]bool, len(rs.rules)), lits: &rs.lits,
		keys: make([]uint64, len(rs.rules)), keyed: make([]bool, len(rs.rules))}
	for a := 0; a < n.nBase; a++ {
		f.input[a] = true
	}
	for _, as := range o.all {
		for _, a := range as {
			f.input[a] = true
		}
	}
	for _, a := range o.none {
		if a >= 0 {
			f.input[a] = true
		}
	}
	f.input[n.always], f.input[n.always-1] = true, true
	// Every atom is folded once; then an atom is folded again only when
	// an atom its rules read becomes an alias or a constant (passes
	// over every atom until none changed read every rule eleven times
	// on AlexChess).
	f.readers = readersOf(rs.rules)
	f.queued = make([]bool, len(rs.rules))
	for a := range rs.rules {
		f.enqueue(int32(a))
	}
	for {
		for i := 0; i < len(f.queue); i++ {
			a := f.queue[i]
			f.queued[a] = false
			rs.rules[a] = f.foldAtom(a, rs.rules[a])
		}
		f.queue = f.queue[:0]
		if !f.share(rs.rules) {
			break
		}
	}
	o.redirect(f)
}

// resolve returns the literal that literal l stands for: itself, an
// atom that no alias replaces or its negation, or a constant.
func (f *folder) resolve(l int32) int32 {
	for f.to[l>>1] >= 0 {
		l = f.to[l>>1] ^ l&1
	}
	switch l {
	case f.trueLit | 1:
		return f.falseLit
	case f.falseLit | 1:
		return f.trueLit
	}
	return l
}

// foldAtom simplifies the rules of atom a: literals resolved, true ones
// dropped, rules with a false literal or an atom and its negation
// dropped. It records a as a constant or alias when it is one.
func (f *folder) foldAtom(a int32, rules [][]int32) [][]int32 {
	out := rules
	if !f.settled(rules) {
		out = f.foldRules(rules)
		f.keyed[a] = false
	}
	if f.to[a] >= 0 {
		return out
	}
	switch {
	case len(out) == 0:
		f.alias(a, f.falseLit)
	case len(out) == 1 && len(out[0]) == 0:
		f.alias(a, f.trueLit)
	case len(out) == 1 && len(out[0]) == 1 && out[0][0]>>1 != a:
		f.alias(a, out[0][0])
	}
	return out
}

// alias records that atom a stands for literal l, and queues the atoms
// that read a, which from now on read l's atom.
func (f *folder) alias(a, l int32) {
	f.to[a] = l
	rd := f.readers
	for e := rd.head[a]; e >= 0; e = rd.next[e] {
		f.enqueue(rd.reader[e])
	}
	if l != f.falseLit && l != f.trueLit {
		rd.move(a, l>>1)
	}
}

// enqueue queues atom a to be folded again, unless it is an input or
// queued already.
func (f *folder) enqueue(a int32) {
	if !f.input[a] && !f.queued[a] {
		f.queued[a] = true
		f.queue = append(f.queue, a)
	}
}

// settled reports whether rules are as foldRules leaves them: each
// sorted, its literals their own resolution, no constant, no literal
// twice and no atom beside its negation. Most are after the first pass,
// and checking costs less than rebuilding them (start time).
func (f *folder) settled(rules [][]int32) bool {
	for _, r := range rules {
		if len(r) == 0 && len(rules) > 1 {
			return false // a rule that always holds, beside others
		}
		for i, l := range r {
			if f.to[l>>1] >= 0 || l>>1 >= f.falseLit>>1 && l>>1 <= f.trueLit>>1 {
				return false
			}
			if i > 0 && (l <= r[i-1] || l == r[i-1]|1) {
				return false
			}
		}
	}
	return true
}

// foldRules simplifies rules (see foldAtom).
func (f *folder) foldRules(rules [][]int32) [][]int32 {
	out := make([][]int32, 0, len(rules)) // made once: growing it was a third of foldRules
	for _, r := range rules {
		lits, alive := f.foldRule(r)
		if !alive {
			continue
		}
		if len(lits) == 0 {
			out = [][]int32{{}} // a rule that always holds: so does a
			break
		}
		out = append(out, lits)
	}
	if len(out) == 0 {
		return nil // no rules, as before folding made the slice
	}
	return f.dropRepeats(out)
}

// dropRepeats drops each rule of rules (sorted, as foldRule leaves them)
// that repeats one before it, keeping the order of the others: an OR
// reads the same rule once. Grounding a body whose variables are told
// apart only by distinct makes every ordering of the same atoms a rule:
// crisscross's noop when all four of a player's pieces are stuck was
// 24 orderings of each of 990 sets of cells, 23 760 rules of 7-9
// literals read at every ply.
func (f *folder) dropRepeats(rules [][]int32) [][]int32 {
	if len(rules) < 2 {
		return rules
	}
	hs := f.hs[:0]
	for _, r := range rules {
		hs = append(hs, ruleHash(r))
	}
	sorted := append(f.hsSorted[:0], hs...)
	slices.Sort(sorted)
	f.hs, f.hsSorted = hs, sorted
	if len(slices.Compact(sorted)) == len(hs) {
		return rules // no two rules hash the same: none repeats
	}
	// The rules in order of hash, then of place: each is compared with
	// the rules kept before it of the same hash (no map: racer4 drops
	// 415 k rules, and a map of them was a third more allocations to
	// its start).
	order := f.order[:0]
	for i := range rules {
		order = append(order, int32(i))
	}
	slices.SortFunc(order, func(a, b int32) int {
		return cmp.Or(cmp.Compare(hs[a], hs[b]), cmp.Compare(a, b))
	})
	f.order = order
	drop := slices.Grow(f.drop[:0], len(rules))[:len(rules)]
	clear(drop)
	f.drop = drop
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && hs[order[j]] == hs[order[i]] {
			j++
		}
		for k := i + 1; k < j; k++ {
			for _, e := range order[i:k] {
				if !drop[e] && slices.Equal(rules[e], rules[order[k]]) {
					drop[order[k]] = true
					break
				}
			}
		}
		i = j
	}
	out := rules[:0]
	for i, r := range rules {
		if !drop[i] {
			out = append(out, r)
		}
	}
	return out
}

// foldRule resolves the literals of rule r; alive is false when one is
// false or r reads an atom and its negation.
func (f *folder) foldRule(r []int32) (out []int32, alive bool) {
	lits := f.buf[:0]
	defer func() { f.buf = lits[:0] }() // lits grows into the buffer kept
	for _, l := range r {
		x := f.resolve(l)
		switch x {
		case f.trueLit:
			continue
		case f.falseLit:
			return nil, false
		}
		lits = append(lits, x)
	}
	slices.Sort(lits)
	lits = slices.Compact(lits)
	for i := 1; i < len(lits); i++ {
		if lits[i] == lits[i-1]|1 && lits[i-1]&1 == 0 {
			return nil, false
		}
	}
	if slices.Equal(lits, r) {
		return r, true // as it was: no copy to keep
	}
	return f.lits.copyOf(lits), true
}

// redirect points the outputs at the atoms their atoms stand for. An
// output that is the negation of an atom keeps its own atom (its rule
// now reads that atom), and so does a next atom that would become a base
// atom: the next position is copied over the current one in place.
func (o *optimizer) redirect(f *folder) {
	n := o.b.n
	target := func(a int32, base bool) int32 {
		l := f.resolve(a << 1)
		if l&1 == 1 || base && int(l>>1) < n.nBase {
			return a
		}
		return l >> 1
	}
	n.terminal = target(n.terminal, false)
	for r := range n.legal {
		for i, e := range n.legal[r] {
			n.legal[r][i].atom = target(e.atom, false)
			n.legalOf[r][e.move] = n.legal[r][i].atom
		}
		for i, e := range n.goals[r] {
			n.goals[r][i].atom = target(e.atom, false)
		}
	}
	for i, a := range n.nextOf {
		n.nextOf[i] = target(a, true)
	}
}

// share makes every atom whose rules, once folded, are those of an atom
// before it an alias of that atom: both hold when the same rules hold.
// It reports whether it made one.
// The atoms are told apart by a hash of their set of rules, and an atom
// is made an alias only of one whose rules are indeed the same set: a
// key of their text for each atom, sorted and joined, was a quarter of
// the start of a sheet of a million rules (AlexChess), in every pass.
func (f *folder) share(rules [][][]int32) bool {
	shared := false
	seen := make(map[uint64]int32, len(rules))
	var hs []uint64
	for a, rs := range rules {
		if f.input[a] || f.to[a] >= 0 {
			continue
		}
		if !f.keyed[a] {
			f.keys[a], hs = ruleSetHash(rs, hs)
			f.keyed[a] = true
		}
		k := f.keys[a]
		b, ok := seen[k]
		if !ok {
			seen[k] = int32(a)
			continue
		}
		if sameRuleSet(rules[b], rs) {
			f.alias(int32(a), b<<1)
			shared = true
		}
	}
	return shared
}

// ruleSetHash hashes the set of rules rs (the same rule twice is one),
// using hs as scratch; it returns hs for reuse.
func ruleSetHash(rs [][]int32, hs []uint64) (uint64, []uint64) {
	hs = hs[:0]
	for _, r := range rs {
		hs = append(hs, ruleHash(r))
	}
	slices.Sort(hs)
	hs = slices.Compact(hs)
	k := uint64(len(hs))
	for _, h := range hs {
		k = (k^h)*0x9e3779b97f4a7c15 + 1
	}
	return k, hs
}

// ruleHash hashes the literals of a rule (sorted, as folding leaves
// them).
func ruleHash(r []int32) uint64 {
	h := uint64(0xcbf29ce484222325) ^ uint64(len(r))
	for _, l := range r {
		h = (h ^ uint64(uint32(l))) * 0x100000001b3
		h ^= h >> 29
	}
	return h
}

// sameRuleSet reports whether x and y hold the same rules, as sets:
// the same rule twice is one.
func sameRuleSet(x, y [][]int32) bool {
	return slices.EqualFunc(sortedRules(x), sortedRules(y), slices.Equal)
}

// sortedRules returns the rules of x sorted, each once.
func sortedRules(x [][]int32) [][]int32 {
	s := slices.Clone(x)
	slices.SortFunc(s, slices.Compare)
	return slices.CompactFunc(s, slices.Equal)
}

// atomReaders lists, by atom, the atoms whose rules read it, as linked
// lists over one set of entries: when an atom becomes an alias, the
// atoms that read it read the atom it stands for from then on, and its
// list joins that atom's in one step.
type atomReaders struct {
	head, tail []int32 // by atom: its list's first and last entry, or -1
	next       []int32 // by entry: the next entry of its list, or -1
	reader     []int32 // by entry: the atom that reads
}

// readersOf lists the readers of every atom of rules.
func readersOf(rules [][][]int32) *atomReaders {
	n := 0
	for _, rs := range rules {
		for _, r := range rs {
			n += len(r)
		}
	}
	rd := &atomReaders{head: filled(len(rules), -1), tail: filled(len(rules), -1),
		next: make([]int32, 0, n), reader: make([]int32, 0, n)}
	for a, rs := range rules {
		for _, r := range rs {
			for _, l := range r {
				rd.add(l>>1, int32(a))
			}
		}
	}
	return rd
}

// add lists atom a among the readers of atom b, unless it was the last
// listed.
func (rd *atomReaders) add(b, a int32) {
	t := rd.tail[b]
	if t >= 0 && rd.reader[t] == a {
		return
	}
	e := int32(len(rd.reader))
	rd.reader = append(rd.reader, a)
	rd.next = append(rd.next, -1)
	if t < 0 {
		rd.head[b] = e
	} else {
		rd.next[t] = e
	}
	rd.tail[b] = e
}

// move appends the readers of atom a to those of atom b, and empties
// a's.
func (rd *atomReaders) move(a, b int32) {
	if rd.head[a] < 0 || a == b {
		return
	}
	if rd.head[b] < 0 {
		rd.head[b] = rd.head[a]
	} else {
		rd.next[rd.tail[b]] = rd.head[a]
	}
	rd.tail[b] = rd.tail[a]
	rd.head[a], rd.tail[a] = -1, -1
}
