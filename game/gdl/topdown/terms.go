package topdown

import (
	"math"
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// The ground terms of a game the top-down evaluator plays (see
// topdown.go) are numbered in a termStore shared by every state of the
// game, which may run on several goroutines at once (the AI's search
// threads). Numbers are given as terms first appear, so they differ
// from run to run; nothing that must be stable (position strings, move
// order, hashes) depends on them. Reading a term takes no lock: records
// live in chunks that never move, and a term's number is published in the
// lookup table only after its record is written. Adding a term takes the
// store's lock.

// tid names a ground term in a termStore.
type tid = uint32

// noTerm stands for "no term": a free argument of a question, a role
// without a move.
const noTerm tid = math.MaxUint32

// termRec is a ground term: its function symbol, arguments and what is
// computed once for it.
type termRec struct {
	fn    int32
	args  []tid
	hash  uint64 // from the term's text, the same in every run
	text  string // KIF, in the sheet's spelling
	depth int32
}

const firstChunk = 1024

type termStore struct {
	syms    []string // symbol spellings
	symHash []uint64
	symOf   map[string]int32 // by folded name

	mu     sync.Mutex
	n      atomic.Uint32
	chunks [32]atomic.Pointer[[]termRec] // chunk k holds firstChunk<<k records
	table  atomic.Pointer[[]atomic.Uint32]
	count  int // terms in table (under mu)
}

func newTermStore() *termStore {
	s := &termStore{symOf: map[string]int32{}}
	t := make([]atomic.Uint32, 1024)
	s.table.Store(&t)
	return s
}

// sym returns the number of a symbol, adding it; only before the store is
// shared (symbols all come from the sheet).
func (s *termStore) sym(name string) int32 {
	k := kif.FoldKey(name)
	if n, ok := s.symOf[k]; ok {
		return n
	}
	n := int32(len(s.syms))
	s.symOf[k] = n
	s.syms = append(s.syms, name)
	s.symHash = append(s.symHash, mix64(fnv64(k)))
	return n
}

func fnv64(s string) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 0x100000001b3
	}
	return h
}

// mix64 is splitmix64's finaliser.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func chunkOf(id tid) (k int, off int) {
	q := uint64(id)/firstChunk + 1
	k = bits.Len64(q) - 1
	return k, int(uint64(id) - firstChunk*((uint64(1)<<k)-1))
}

// get returns term id's record.
func (s *termStore) get(id tid) *termRec {
	k, off := chunkOf(id)
	return &(*s.chunks[k].Load())[off]
}

func (s *termStore) hashOf(fn int32, args []tid) uint64 {
	h := s.symHash[fn] ^ uint64(len(args))*0x9e3779b97f4a7c15
	for _, a := range args {
		h = mix64(h ^ s.get(a).hash)
	}
	return h
}

// find returns the term fn(args...), or false when it has not been made.
func (s *termStore) find(fn int32, args []tid) (tid, bool) {
	return s.lookup(*s.table.Load(), fn, args, s.hashOf(fn, args))
}

func (s *termStore) lookup(t []atomic.Uint32, fn int32, args []tid, h uint64) (tid, bool) {
	mask := uint64(len(t) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		v := t[i].Load()
		if v == 0 {
			return 0, false
		}
		r := s.get(v - 1)
		if r.hash == h && r.fn == fn && equalTids(r.args, args) {
			return v - 1, true
		}
	}
}

func equalTids(a, b []tid) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// intern returns the term fn(args...), making it when new; false when it
// would nest deeper than maxDepth.
func (s *termStore) intern(fn int32, args []tid, maxDepth int) (tid, bool) {
	h := s.hashOf(fn, args)
	if id, ok := s.lookup(*s.table.Load(), fn, args, h); ok {
		return id, true
	}
	depth := int32(0)
	for _, a := range args {
		depth = max(depth, s.get(a).depth+1)
	}
	if int(depth) > maxDepth {
		return noTerm, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t := *s.table.Load()
	if id, ok := s.lookup(t, fn, args, h); ok {
		return id, true
	}
	id := s.n.Load()
	k, off := chunkOf(id)
	if s.chunks[k].Load() == nil {
		c := make([]termRec, firstChunk<<k)
		s.chunks[k].Store(&c)
	}
	(*s.chunks[k].Load())[off] = termRec{fn: fn, args: append([]tid(nil), args...), hash: h, text: s.textOf(fn, args), depth: depth}
	s.n.Store(id + 1)
	if 2*(s.count+1) > len(t) {
		t = s.grow(t)
	}
	s.place(t, id, h)
	s.count++
	return id, true
}

func (s *termStore) textOf(fn int32, args []tid) string {
	if len(args) == 0 {
		return s.syms[fn]
	}
	var b strings.Builder
	b.WriteByte('(')
	b.WriteString(s.syms[fn])
	for _, a := range args {
		b.WriteByte(' ')
		b.WriteString(s.get(a).text)
	}
	b.WriteByte(')')
	return b.String()
}

func (s *termStore) place(t []atomic.Uint32, id tid, h uint64) {
	mask := uint64(len(t) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if t[i].Load() == 0 {
			t[i].Store(id + 1)
			return
		}
	}
}

// grow publishes a table twice the size of t with every term in it.
func (s *termStore) grow(t []atomic.Uint32) []atomic.Uint32 {
	bigger := make([]atomic.Uint32, 2*len(t))
	for i := range t {
		if v := t[i].Load(); v != 0 {
			s.place(bigger, v-1, s.get(v-1).hash)
		}
	}
	s.table.Store(&bigger)
	return bigger
}

// internTerm numbers a ground Term of the sheet.
func (s *termStore) internTerm(t *kif.Term) tid {
	args := make([]tid, len(t.Args))
	for i, a := range t.Args {
		args[i] = s.internTerm(a)
	}
	id, _ := s.intern(s.sym(t.Name), args, math.MaxInt32)
	return id
}

// findTerm returns the number of a ground Term (in any case), or false
// when no state of the game has met it.
func (s *termStore) findTerm(t *kif.Term) (tid, bool) {
	fn, ok := s.symOf[kif.FoldKey(t.Name)]
	if !ok {
		return 0, false
	}
	args := make([]tid, len(t.Args))
	for i, a := range t.Args {
		id, ok := s.findTerm(a)
		if !ok {
			return 0, false
		}
		args[i] = id
	}
	return s.find(fn, args)
}
