package ai

import (
	"sync/atomic"

	"github.com/tabletop/tabletop/game"
)

// Bound kinds stored in a transposition-table entry.
const (
	boundNone  = 0
	boundLower = 1 // the true value is at least the score (fail high)
	boundUpper = 2 // the true value is at most the score (fail low)
	boundExact = 3 // the score is the value at the entry's depth
)

// boundOf is the kind of bound a search result best is, for the window
// (alpha, beta) it was searched with.
func boundOf(best, alpha, beta int32) int {
	switch {
	case best <= alpha:
		return boundUpper
	case best >= beta:
		return boundLower
	}
	return boundExact
}

// exactDepth is the depth stored for a result whose subtree reached only
// terminal positions: it is the game-theoretic value (within its bound),
// good for any remaining depth. Best-reply search, whose entries are
// salted apart, stores it for a subtree that reached the end of every
// line it follows: final within that search's model, not the game's.
const exactDepth = 127

// ttEntry is one slot: the key is stored xor-ed with the data so that a
// torn write by a concurrent worker (Lazy SMP shares the table) reads as
// a miss instead of as a wrong entry.
type ttEntry struct {
	check uint64 // key ^ data
	data  uint64
}

// table is a fixed-size, lock-free transposition table shared by the
// workers of one searcher. It is allocated once and reused across moves.
type table struct {
	entries []ttEntry
	mask    uint64
	gen     uint64 // search generation, 5 bits, so old entries age out
}

func newTable(bits uint) *table {
	return &table{entries: make([]ttEntry, 1<<bits), mask: 1<<bits - 1}
}

// clear forgets every entry.
func (t *table) clear() {
	clear(t.entries)
}

// data layout: move 32 | score+2^17 18 | depth 7 | bound 2 | gen 5.
func packEntry(m game.Move, score int32, depth int, bound int, gen uint64) uint64 {
	if depth > exactDepth {
		depth = exactDepth
	}
	if depth < 0 {
		depth = 0
	}
	return uint64(m) | uint64(uint32(score+1<<17)&(1<<18-1))<<32 | uint64(depth)<<50 | uint64(bound)<<57 | (gen&31)<<59
}

type ttHit struct {
	move  game.Move
	score int32
	depth int
	bound int
}

func unpackEntry(d uint64) ttHit {
	return ttHit{
		move:  game.Move(uint32(d)),
		score: int32((d>>32)&(1<<18-1)) - 1<<17,
		depth: int((d >> 50) & 127),
		bound: int((d >> 57) & 3),
	}
}

// probe returns the entry for key, if any.
func (t *table) probe(key uint64) (ttHit, bool) {
	e := &t.entries[key&t.mask]
	d := atomic.LoadUint64(&e.data)
	c := atomic.LoadUint64(&e.check)
	if c^d != key || d == 0 {
		return ttHit{}, false
	}
	return unpackEntry(d), true
}

// store writes an entry, preferring deeper results of the current search
// over shallower ones; entries of older searches are always replaced.
func (t *table) store(key uint64, m game.Move, score int32, depth int, bound int) {
	e := &t.entries[key&t.mask]
	old := atomic.LoadUint64(&e.data)
	oldCheck := atomic.LoadUint64(&e.check)
	if old != 0 && (old>>59)&31 == t.gen&31 {
		o := unpackEntry(old)
		if oldCheck^old == key {
			// Same position: a fail-low result has no reliable best move,
			// so keep the one found before.
			if bound == boundUpper {
				m = o.move
			}
		} else if o.depth > depth+2 {
			return
		}
	}
	d := packEntry(m, score, depth, bound, t.gen)
	atomic.StoreUint64(&e.data, d)
	atomic.StoreUint64(&e.check, key^d)
}
