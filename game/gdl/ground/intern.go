package ground

import "slices"

// Interning ground terms. Grounding interns a term for every atom a rule
// instance makes or reads, so the table is on the Grounder's hottest
// path: an open-addressing table of term ids hashed from the symbol and
// the argument ids, compared with the terms themselves, and the
// arguments of all terms kept in a few large arrays, where a map keyed by
// the terms' bytes allocated a key and an argument slice for every new
// term (40 % of the grounding of chess).

// termTable maps the ground terms of a Grounder to their ids.
type termTable struct {
	slots []TermID // a power of two of them; -1 when empty
	n     int
	arena []TermID // the arguments of the newest terms
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

// find returns the id of fn(args...) in g, or -1 and the slot where it
// goes.
func (tt *termTable) find(g *Grounder, fn int32, args []TermID, h uint64) (TermID, int) {
	mask := len(tt.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		id := tt.slots[i]
		if id < 0 {
			return -1, i
		}
		if t := &g.terms[id]; t.fn == fn && slices.Equal(t.args, args) {
			return id, i
		}
	}
}

// add records id, the new term g.terms[id], in slot i (from find),
// growing the table when it is half full.
func (tt *termTable) add(g *Grounder, id TermID, i int) {
	tt.slots[i] = id
	tt.n++
	if 2*tt.n <= len(tt.slots) {
		return
	}
	slots := make([]TermID, 2*len(tt.slots))
	for j := range slots {
		slots[j] = -1
	}
	mask := len(slots) - 1
	for _, old := range tt.slots {
		if old < 0 {
			continue
		}
		t := &g.terms[old]
		j := int(hashTerm(t.fn, t.args)) & mask
		for slots[j] >= 0 {
			j = (j + 1) & mask
		}
		slots[j] = old
	}
	tt.slots = slots
}

// keep returns a copy of args in the arena.
func (tt *termTable) keep(args []TermID) []TermID {
	if len(args) == 0 {
		return nil
	}
	if len(tt.arena)+len(args) > cap(tt.arena) {
		// Arrays twice as large each time, up to 64 K ids: a small
		// sheet allocates little, a large one a few arrays.
		tt.arena = make([]TermID, 0, max(min(2*cap(tt.arena), 1<<16), 256, len(args)))
	}
	n := len(tt.arena)
	tt.arena = append(tt.arena, args...)
	return tt.arena[n : n+len(args) : n+len(args)]
}

func newTermTable() termTable {
	slots := make([]TermID, 64)
	for i := range slots {
		slots[i] = -1
	}
	return termTable{slots: slots}
}
