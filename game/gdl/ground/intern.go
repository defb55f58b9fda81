package ground

import "slices"

// Interning ground terms. Grounding interns a term for every atom a rule
// instance makes or reads, so the table is on the Grounder's hottest
// path: an open-addressing table of term ids hashed from the symbol and
// the argument ids, compared with the terms themselves, and the
// arguments of all terms kept in a few large arrays, where a map keyed by
// the terms' bytes allocated a key and an argument slice for every new
// term (40 % of the grounding of chess).

// termTable maps the ground terms of a Grounder to their ids. A slot
// holds the id (plus one, so that 0 is a free slot) in its low 32 bits
// and the top 32 bits of the term's hash above, so that a probe compares
// a term only when its hash agrees: a comparison reads the term and its
// arguments, far from the table in memory, and when every slot passed
// was compared (the slots chosen by the low bits of the hash alone),
// find took 37 % of the grounding of a sheet that makes a million
// instances (AlexChess); it takes 30 % now, the rest mostly the one read
// of the slot.
type termTable struct {
	slots []uint64 // a power of two of them
	shift uint8    // 64 - log2(len(slots))
	n     int
	arena []TermID // the arguments of all terms, each term's in turn
}

// hashTerm hashes fn(args...).
func hashTerm(fn int32, args []TermID) uint64 {
	h := uint64(uint32(fn))*0x9e3779b97f4a7c15 ^ uint64(len(args))
	for _, a := range args {
		h = (h ^ uint64(uint32(a))) * 0xbf58476d1ce4e5b9
		h ^= h >> 29
	}
	return h
}

// termSlot is the first slot a term of hash h is looked for in, from all
// the bits of h (Fibonacci hashing).
func (tt *termTable) termSlot(h uint64) int { return int((h * 0x9e3779b97f4a7c15) >> tt.shift) }

// find returns the id of fn(args...) in g, or -1 and the slot where it
// goes.
func (tt *termTable) find(g *Grounder, fn int32, args []TermID, h uint64) (TermID, int) {
	mask := len(tt.slots) - 1
	top := h &^ 0xffffffff
	for i := tt.termSlot(h); ; i = (i + 1) & mask {
		e := tt.slots[i]
		if e == 0 {
			return -1, i
		}
		if e&^0xffffffff != top {
			continue
		}
		id := TermID(uint32(e)) - 1
		if t := &g.terms[id]; t.fn == fn && slices.Equal(g.argsOf(id), args) {
			return id, i
		}
	}
}

// add records id, the new term g.terms[id] of hash h, in slot i (from
// find), growing the table when it is half full.
func (tt *termTable) add(g *Grounder, id TermID, i int, h uint64) {
	tt.slots[i] = h&^0xffffffff | uint64(uint32(id)+1)
	tt.n++
	if 2*tt.n <= len(tt.slots) {
		return
	}
	old := tt.slots
	tt.slots = make([]uint64, 2*len(old))
	tt.shift--
	mask := len(tt.slots) - 1
	for _, e := range old {
		if e == 0 {
			continue
		}
		id := TermID(uint32(e)) - 1
		j := tt.termSlot(hashTerm(g.terms[id].fn, g.argsOf(id)))
		for tt.slots[j] != 0 {
			j = (j + 1) & mask
		}
		tt.slots[j] = e
	}
}

// keep copies args to the end of the arena and returns where they are.
// The arena doubles when it grows (roomFor): a slice of it taken before
// keeps its elements, which never change.
func (tt *termTable) keep(args []TermID) int32 {
	n := len(tt.arena)
	tt.arena = append(roomFor(tt.arena, len(args)), args...)
	return int32(n)
}

func newTermTable() termTable {
	return termTable{slots: make([]uint64, 64), shift: 64 - 6}
}
