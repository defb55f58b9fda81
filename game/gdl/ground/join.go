package ground

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// The Grounder's joins. Each positive literal of a clause is matched
// against the atoms of its relation through a hash index on exactly the
// parts of the pattern that are known at that point of the join (its
// constants, the variables bound by the literals before it, and the
// function symbols on the way to them), so a lookup costs the atoms that
// may match, not the relation. The order of the literals is planned from
// the relations' sizes and the number of distinct values of each part
// of their atoms (see makePlan), and made again when the sizes change
// much; a (distinct ...) test is checked as soon as its variables are
// bound.

// leaf names a part of an atom: the subterm at path (argument indexes,
// one byte each, from the atom down), or its function symbol and arity.
type leaf struct {
	path string
	fn   bool
}

// subPath is the path of argument i of the subterm at path.
func subPath(path string, i int) string { return path + string([]byte{byte(i)}) }

func (l leaf) sig() string {
	if l.fn {
		return l.path + "\xff"
	}
	return l.path
}

// leafValue returns the value of leaf l in atom id, or false when the atom
// has no such part (its shape differs from the pattern's).
func (g *Grounder) leafValue(id TermID, l leaf) (uint64, bool) {
	t := id
	for i := 0; i < len(l.path); i++ {
		k := int(l.path[i])
		if k >= int(g.terms[t].n) {
			return 0, false
		}
		t = g.argsOf(t)[k]
	}
	if l.fn {
		return fnValue(g.terms[t].fn, int(g.terms[t].n)), true
	}
	return uint64(t), true
}

// fnValue is the value of a function leaf, apart from every term id.
func fnValue(fn int32, arity int) uint64 {
	return 1<<63 | uint64(fn)<<16 | uint64(arity)
}

// leafStats counts the distinct values of a leaf among a relation's
// atoms: a bit per term id seen, and the few function symbols (a map
// per leaf cost a map insertion per leaf of every atom made).
type leafStats struct {
	leaf     leaf
	distinct int
	terms    []uint64 // bit set of term ids
	fns      []uint64 // fnValue of the function symbols seen
}

// see counts value v (a term id, or a fnValue) of the leaf.
func (st *leafStats) see(v uint64) {
	if v&(1<<63) != 0 {
		for _, f := range st.fns {
			if f == v {
				return
			}
		}
		st.fns = append(st.fns, v)
		st.distinct++
		return
	}
	w := int(v >> 6)
	if w >= len(st.terms) {
		st.terms = append(st.terms, make([]uint64, w+1-len(st.terms)+len(st.terms)/2)...)
	}
	if bit := uint64(1) << (v & 63); st.terms[w]&bit == 0 {
		st.terms[w] |= bit
		st.distinct++
	}
}

// gindex maps the values of some leaves to the positions of the atoms
// that have them, in ascending order. It is keyed by a hash of the
// values (a match checks every atom tried), in an open-addressing table
// of its own: the lookup of a Go map was a quarter of the grounding of
// a sheet whose joins probe much (racer). A slot keeps its key beside
// its bucket, so that a lookup reads one place in memory. A bit set of
// four bits per slot, a sixty-fourth of the slots' size, tells most
// keys that have no bucket without reading the slots: a third of the
// lookups of the sheets whose joins probe most (racer, racer4) find no
// atom, and a read of a large table is a read far away in memory.
type gindex struct {
	leaves []leaf
	slots  []indexSlot // a power of two of them
	keys   []uint64    // the bit of each key added (keyBit)
	n      int
	shift  uint8  // 64 - log2(len(slots))
	adds   uint64 // the atoms added: a bucket read is stale once it moves
}

// indexSlot is a slot of a gindex: a key (0 when free) and its bucket.
type indexSlot struct {
	key    uint64
	bucket []int32
}

func newIndex(leaves []leaf) *gindex {
	return &gindex{leaves: leaves, slots: make([]indexSlot, 8), keys: make([]uint64, 1), shift: 64 - 3}
}

// keyBit is the bit of key k in ix.keys, from other bits of its hash
// than its slot's.
func (ix *gindex) keyBit(k uint64) uint64 { return (k * 0xd6e8feb86659fd93) >> (ix.shift - 2) }

// mayHave reports whether key k may have a bucket: false only when it
// has none.
func (ix *gindex) mayHave(k uint64) bool {
	b := ix.keyBit(k)
	return ix.keys[b>>6]&(1<<(b&63)) != 0
}

func (ix *gindex) markKey(k uint64) {
	b := ix.keyBit(k)
	ix.keys[b>>6] |= 1 << (b & 63)
}

// indexKey is h as the index keys it: never 0, which marks a free slot.
func indexKey(h uint64) uint64 { return h | 1<<63 }

// slot returns the slot of key k: where it is, or the free one where it
// goes.
func (ix *gindex) slot(k uint64) int {
	mask := len(ix.slots) - 1
	i := int((k * 0x9e3779b97f4a7c15) >> ix.shift)
	for ix.slots[i].key != k && ix.slots[i].key != 0 {
		i = (i + 1) & mask
	}
	return i
}

// get returns the positions of the atoms whose values hash to h.
func (ix *gindex) get(h uint64) []int32 {
	k := indexKey(h)
	if !ix.mayHave(k) {
		return nil
	}
	return ix.slots[ix.slot(k)].bucket
}

// add appends pos to the bucket of h.
func (ix *gindex) add(h uint64, pos int32) {
	ix.adds++
	k := indexKey(h)
	i := ix.slot(k)
	if ix.slots[i].key == 0 {
		if 2*(ix.n+1) > len(ix.slots) {
			ix.grow()
			i = ix.slot(k)
		}
		ix.slots[i].key = k
		ix.markKey(k)
		ix.n++
	}
	ix.slots[i].bucket = append(ix.slots[i].bucket, pos)
}

func (ix *gindex) grow() {
	old := ix.slots
	ix.slots = make([]indexSlot, 2*len(old))
	ix.keys = make([]uint64, max(len(ix.slots)/16, 1))
	ix.shift--
	for _, s := range old {
		if s.key != 0 {
			ix.slots[ix.slot(s.key)] = s
			ix.markKey(s.key)
		}
	}
}

func (g *Grounder) indexAtom(ix *gindex, id TermID, pos int32) {
	h := uint64(kif.KeySeed)
	for _, l := range ix.leaves {
		v, ok := g.leafValue(id, l)
		if !ok {
			return
		}
		h = kif.KeyHash(h, v)
	}
	ix.add(h, pos)
}

// indexOf returns r's index on leaves, building it when new.
func (g *Grounder) indexOf(r *grel, leaves []leaf) *gindex {
	sig := ""
	for _, l := range leaves {
		sig += l.sig() + "\x00"
	}
	if ix, ok := r.indexes[sig]; ok {
		return ix
	}
	ix := newIndex(leaves)
	for pos, id := range r.atoms {
		g.indexAtom(ix, id, int32(pos))
	}
	r.indexes[sig] = ix
	r.ixList = append(r.ixList, ix)
	return ix
}

// trackLeaves starts counting the distinct values of every part of a's
// patterns in a's relation.
func (g *Grounder) trackLeaves(a gatom) {
	var walk func(p pat, path string)
	track := func(l leaf) {
		if _, ok := a.rel.stats[l.sig()]; ok {
			return
		}
		st := &leafStats{leaf: l}
		for _, id := range a.rel.atoms {
			if v, ok := g.leafValue(id, l); ok {
				st.see(v)
			}
		}
		a.rel.stats[l.sig()] = st
		a.rel.statList = append(a.rel.statList, st)
	}
	walk = func(p pat, path string) {
		if p.kind == kif.PFn {
			track(leaf{path, true})
			for i, sub := range p.args {
				if i < 255 {
					walk(sub, subPath(path, i))
				}
			}
			return
		}
		track(leaf{path, false})
	}
	for i, p := range a.args {
		if i < 255 {
			walk(p, subPath("", i))
		}
	}
}

// probeSrc is where a probe reads one leaf's value: a variable's binding,
// or a constant.
type probeSrc struct {
	v   int
	val uint64
}

// probeParts returns the leaves of a's patterns that are known when the
// variables in bound are, and where their values come from.
func probeParts(a gatom, bound []bool) (leaves []leaf, srcs []probeSrc) {
	var walk func(p pat, path string)
	walk = func(p pat, path string) {
		switch p.kind {
		case kif.PConst:
			leaves = append(leaves, leaf{path, false})
			srcs = append(srcs, probeSrc{v: -1, val: uint64(p.id)})
		case kif.PVar:
			if bound[p.v] {
				leaves = append(leaves, leaf{path, false})
				srcs = append(srcs, probeSrc{v: p.v})
			}
		case kif.PFn:
			leaves = append(leaves, leaf{path, true})
			srcs = append(srcs, probeSrc{v: -1, val: fnValue(p.fn, len(p.args))})
			for i, sub := range p.args {
				if i < 255 {
					walk(sub, subPath(path, i))
				}
			}
		}
	}
	for i, p := range a.args {
		if i < 255 {
			walk(p, subPath("", i))
		}
	}
	return leaves, srcs
}

// planStep matches one positive literal.
type planStep struct {
	lit   int
	ix    *gindex    // nil: every atom in the literal's range is a candidate
	srcs  []probeSrc // the key of the lookup in ix, one per leaf
	tests []int      // the clause's tests whose variables this step binds last
	last  lastLookup
}

// lastLookup is the last bucket a plan step looked up in its index. A
// step deep in a join is reached again and again with the variables of
// its key unchanged (they were bound by the outer literals, and only
// the inner ones moved on), and a lookup of a large index is a read far
// away in memory: a fifth of the grounding of a sheet whose joins are
// deep (racer4). The bucket is the index's own as long as no atom was
// added to the index since (adds).
type lastLookup struct {
	ok     bool
	key    uint64
	adds   uint64
	bucket []int32
}

// lookup returns the bucket of key h in st's index, from st.last when
// it is still the index's.
func (st *planStep) lookup(h uint64) []int32 {
	if l := &st.last; l.ok && l.key == h && l.adds == st.ix.adds {
		return l.bucket
	}
	b := st.ix.get(h)
	st.last = lastLookup{ok: true, key: h, adds: st.ix.adds, bucket: b}
	return b
}

// plan is a join order and its lookups for one delta literal.
type plan struct {
	steps []planStep
	sizes []int // the sizes of the literals' relations it was made for
}

// planFor returns the plan of c with literal delta over the newest atoms,
// made again when a relation it joins has grown much since it was made.
func (g *Grounder) planFor(c *gclause, delta int) *plan {
	slot := delta
	if delta == allAtoms {
		slot = len(c.pos)
	}
	if p := c.plans[slot]; p != nil {
		stale := false
		for i, a := range c.pos {
			if n := len(a.rel.atoms); n > 2*p.sizes[i]+16 {
				stale = true
				break
			}
		}
		if !stale {
			return p
		}
	}
	p := g.makePlan(c, delta)
	c.plans[slot] = p
	return p
}

// rangeSize is the number of atoms literal i of c is expected to range
// over when literal delta takes the newest ones: the round's new atoms for
// delta, and for the others every atom known so far (the plan serves the
// rounds to come, where the atoms found in this one count too).
func rangeSize(c *gclause, i, delta int) int {
	r := c.pos[i].rel
	if i == delta {
		return r.cur - r.old
	}
	return len(r.atoms)
}

// estLeaf is a leaf of a literal's patterns with more than one value
// among its relation's atoms: how many, and the variable that must be
// bound for it to be known (-1 for a constant or a function symbol).
type estLeaf struct {
	v        int
	distinct float64
}

// estLeaves returns the leaves of each positive literal of c that
// estimate divides by, in the order probeParts finds them. Planning
// weighs every order of up to maxPlanned literals, so this is worked
// out once per plan, not for every order.
func estLeaves(c *gclause) [][]estLeaf {
	out := make([][]estLeaf, len(c.pos))
	all := make([]bool, c.nvars)
	for i := range all {
		all[i] = true
	}
	for i, a := range c.pos {
		leaves, srcs := probeParts(a, all)
		for k, l := range leaves {
			if st, ok := a.rel.stats[l.sig()]; ok && st.distinct > 1 {
				out[i] = append(out[i], estLeaf{v: srcs[k].v, distinct: float64(st.distinct)})
			}
		}
	}
	return out
}

// estimate is the expected number of atoms of literal i that agree with
// the known leaves when the variables in bound are bound, taking the
// leaves as independent (leaves from estLeaves).
func estimate(c *gclause, i, delta int, bound []bool, leaves [][]estLeaf) float64 {
	n := float64(rangeSize(c, i, delta))
	for _, l := range leaves[i] {
		if l.v < 0 || bound[l.v] {
			n /= l.distinct
		}
	}
	return n
}

// makePlan orders the positive literals of c for the join with delta over
// the newest atoms, minimising the estimated number of atoms tried: over
// every order for clauses of up to maxPlanned literals (dynamic
// programming over the sets of literals joined so far), greedily beyond.
func (g *Grounder) makePlan(c *gclause, delta int) *plan {
	n := len(c.pos)
	var order []int
	if n <= maxPlanned {
		order = bestOrder(c, delta)
	} else {
		order = greedyOrder(c, delta)
	}
	p := &plan{sizes: make([]int, n)}
	for i, a := range c.pos {
		p.sizes[i] = len(a.rel.atoms)
	}
	bound := make([]bool, c.nvars)
	scheduled := make([]bool, len(c.tests))
	for _, li := range order {
		a := c.pos[li]
		st := planStep{lit: li}
		leaves, srcs := probeParts(a, bound)
		if len(leaves) > 0 {
			st.ix, st.srcs = g.indexOf(a.rel, leaves), srcs
		}
		for _, p := range a.args {
			markVars(p, bound)
		}
		for ti, t := range c.tests {
			if !scheduled[ti] && allBound(t.a, bound) && allBound(t.b, bound) {
				scheduled[ti] = true
				st.tests = append(st.tests, ti)
			}
		}
		p.steps = append(p.steps, st)
	}
	return p
}

// maxPlanned is the most literals whose every order makePlan weighs.
const maxPlanned = 10

// bestOrder finds the order of least estimated cost by dynamic
// programming over the subsets of literals joined first.
func bestOrder(c *gclause, delta int) []int {
	n := len(c.pos)
	leaves := estLeaves(c)
	type cell struct {
		cost, rows float64
		last, prev int
	}
	best := make([]cell, 1<<n)
	for s := range best {
		best[s] = cell{cost: math.Inf(1)}
	}
	best[0] = cell{rows: 1, last: -1}
	bound := make([]bool, c.nvars)
	for s := 0; s < 1<<n; s++ {
		cur := best[s]
		if math.IsInf(cur.cost, 1) {
			continue
		}
		clear(bound)
		for i := 0; i < n; i++ {
			if s&(1<<i) != 0 {
				for _, p := range c.pos[i].args {
					markVars(p, bound)
				}
			}
		}
		for i := 0; i < n; i++ {
			if s&(1<<i) != 0 {
				continue
			}
			est := estimate(c, i, delta, bound, leaves)
			t := s | 1<<i
			cost := cur.cost + cur.rows*(1+est)
			if cost < best[t].cost {
				best[t] = cell{cost: cost, rows: cur.rows * est, last: i, prev: s}
			}
		}
	}
	order := make([]int, n)
	for s, k := 1<<n-1, n-1; s != 0; k-- {
		order[k] = best[s].last
		s = best[s].prev
	}
	return order
}

// greedyOrder takes next, each time, the literal with the fewest
// estimated candidates.
func greedyOrder(c *gclause, delta int) []int {
	n := len(c.pos)
	leaves := estLeaves(c)
	bound := make([]bool, c.nvars)
	used := make([]bool, n)
	order := make([]int, 0, n)
	for len(order) < n {
		bestI, bestEst := -1, math.Inf(1)
		for i := 0; i < n; i++ {
			if !used[i] {
				if est := estimate(c, i, delta, bound, leaves); bestI < 0 || est < bestEst {
					bestI, bestEst = i, est
				}
			}
		}
		used[bestI] = true
		order = append(order, bestI)
		for _, p := range c.pos[bestI].args {
			markVars(p, bound)
		}
	}
	return order
}

func markVars(p pat, bound []bool) {
	switch p.kind {
	case kif.PVar:
		bound[p.v] = true
	case kif.PFn:
		for _, a := range p.args {
			markVars(a, bound)
		}
	}
}

func allBound(p pat, bound []bool) bool {
	switch p.kind {
	case kif.PVar:
		return bound[p.v]
	case kif.PFn:
		for _, a := range p.args {
			if !allBound(a, bound) {
				return false
			}
		}
	}
	return true
}

// join enumerates the instances of c in which positive literal delta
// matches a new atom, literals before it (in the clause) old atoms and
// literals after it any atom known at the start of the round; step is
// the position in the plan.
func (g *Grounder) join(c *gclause, delta int, p *plan, step int) error {
	if step == len(p.steps) {
		return g.fire(c)
	}
	st := &p.steps[step]
	r := c.pos[st.lit].rel
	lo, hi := 0, r.cur
	switch {
	case st.lit == delta:
		lo = r.old
	case st.lit < delta:
		hi = r.old
	}
	if st.ix == nil {
		for q := lo; q < hi; q++ {
			if err := g.try(c, delta, p, step, int(q)); err != nil {
				return err
			}
		}
		return nil
	}
	h := uint64(kif.KeySeed)
	for _, src := range st.srcs {
		v := src.val
		if src.v >= 0 {
			v = uint64(g.bind[src.v])
		}
		h = kif.KeyHash(h, v)
	}
	bucket := st.lookup(h)
	start := 0
	if lo > 0 && len(bucket) > 16 {
		start = sort.Search(len(bucket), func(i int) bool { return int(bucket[i]) >= lo })
	}
	for _, q := range bucket[start:] {
		if int(q) >= hi {
			break
		}
		if int(q) >= lo {
			if err := g.try(c, delta, p, step, int(q)); err != nil {
				return err
			}
		}
	}
	return nil
}

// try matches the literal of plan step step with the atom at position q
// of its relation, checks the tests that this binds, and goes on with
// the next step.
func (g *Grounder) try(c *gclause, delta int, p *plan, step int, q int) error {
	if err := g.spend(1); err != nil {
		return err
	}
	st := &p.steps[step]
	r := c.pos[st.lit].rel
	row := r.rows[q*(r.key.Arity+1) : (q+1)*(r.key.Arity+1)]
	g.matched[st.lit] = row[0]
	mark := len(g.trail)
	ok := true
	args := row[1:]
	pats := c.pos[st.lit].args
	for i := range pats {
		if !g.match(&pats[i], args[i]) {
			ok = false
			break
		}
	}
	var err error
	for _, ti := range st.tests {
		if !ok {
			break
		}
		ok, err = g.test(&c.tests[ti])
		if err != nil {
			ok = false
		}
	}
	if ok {
		err = g.join(c, delta, p, step+1)
	}
	for _, v := range g.trail[mark:] {
		g.bind[v] = -1
	}
	g.trail = g.trail[:mark]
	return err
}

// spend counts n units of grounding work against the budget. It is
// called for every atom tried, and small enough to be inlined there.
func (g *Grounder) spend(n int) error {
	g.work += n
	if g.work > g.checkAt {
		return g.overBudget()
	}
	return nil
}

// nextCheck is the work past which spend calls overBudget: the budget,
// or with a deadline, the next 1024 units (the clock is read that often),
// or before, the work at which to weigh giving way (early.go).
func (g *Grounder) nextCheck() int {
	next := g.lim.MaxWork
	if g.lim.MaxTime > 0 {
		next = min(next, g.work|1023)
	}
	if g.early != nil && g.early.at > 0 {
		next = min(next, g.early.at)
	}
	return next
}

// overBudget is the error of spend, or nil when only the clock was to be
// read and the deadline has not passed, or errGaveWay.
func (g *Grounder) overBudget() error {
	if e := g.early; e != nil && e.at > 0 && g.work > e.at && g.weigh(e) {
		return errGaveWay
	}
	g.checkAt = g.nextCheck()
	if g.work > g.lim.MaxWork {
		return &LimitError{fmt.Sprintf("grounding the rules takes more than %d steps (the budget of Limits.MaxWork)", g.lim.MaxWork), OverWork}
	}
	if g.lim.MaxTime > 0 && time.Now().After(g.deadline) {
		return &LimitError{fmt.Sprintf("grounding the rules takes longer than %v", g.lim.MaxTime), OverWork}
	}
	return nil
}
