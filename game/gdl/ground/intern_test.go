package ground

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// Interning gives a term one id however often it is made, through the
// table's growth, and keeps the arguments of every term.
func TestInternKeepsOneIDPerTerm(t *testing.T) {
	g := newGrounder(testLimits)
	f := g.sym("f")
	consts := make([]TermID, 100)
	for i := range consts {
		consts[i], _ = g.intern(g.sym(fmt.Sprint("k", i)), nil)
	}
	ids := map[[2]int]TermID{}
	for round := 0; round < 2; round++ {
		for i := range consts {
			for j := range consts {
				args := []TermID{consts[i], consts[j]}
				id, err := g.intern(f, args)
				if err != nil {
					t.Fatal(err)
				}
				if want, ok := ids[[2]int{i, j}]; round == 1 && (!ok || want != id) {
					t.Fatalf("f(k%d, k%d) interned again as %d, first as %d", i, j, id, want)
				}
				ids[[2]int{i, j}] = id
				if got := g.terms[id]; got.fn != f || !slices.Equal(g.argsOf(id), args) {
					t.Fatalf("f(k%d, k%d) keeps %v %v", i, j, got.fn, g.argsOf(id))
				}
			}
		}
	}
	if n := len(g.terms); n != 100+100*100 {
		t.Errorf("%d terms, want %d", n, 100+100*100)
	}
}

// An index finds the positions added under a hash, in order, and none
// under another, through its growth and hashes alike in their low bits.
func TestIndexKeepsBuckets(t *testing.T) {
	ix := newIndex(nil)
	for pos := int32(0); pos < 3000; pos++ {
		ix.add(uint64(pos%500)<<40, pos)
	}
	for h := 0; h < 500; h++ {
		got := ix.get(uint64(h) << 40)
		if len(got) != 6 || !slices.IsSorted(got) || got[0] != int32(h) {
			t.Fatalf("hash %d: positions %v", h, got)
		}
	}
	if got := ix.get(1); len(got) != 0 {
		t.Errorf("a hash never added has positions %v", got)
	}
}

// A leaf's statistics count its distinct values, term ids and function
// symbols alike.
func TestLeafStatsCountDistinctValues(t *testing.T) {
	var st leafStats
	for _, v := range []uint64{3, 700, 3, 64, fnValue(2, 1), fnValue(2, 2), fnValue(2, 1), 700, 0} {
		st.see(v)
	}
	if st.distinct != 6 {
		t.Errorf("%d distinct values, want 6", st.distinct)
	}
}

// roomFor keeps the elements and doubles the capacity when it grows, so
// that the instances' arrays are copied a few times in all, not five
// times over as append's growth by a quarter did.
func TestRoomForDoublesTheCapacity(t *testing.T) {
	var s []int32
	grows := 0
	for i := int32(0); i < 100_000; i++ {
		before := cap(s)
		s = roomFor(s, 3)
		if cap(s) != before {
			grows++
			if before > 0 && cap(s) < 2*before {
				t.Fatalf("grew from %d to %d", before, cap(s))
			}
		}
		if cap(s)-len(s) < 3 {
			t.Fatalf("room for %d, asked 3", cap(s)-len(s))
		}
		s = append(s, i)
		if s[i] != i || s[0] != 0 {
			t.Fatalf("element lost at %d", i)
		}
	}
	if grows > 10 {
		t.Errorf("grew %d times for 100000 elements", grows)
	}
}

// A term holds no pointer (its arguments are a place in the term
// table's arena): the garbage collector would otherwise scan every one
// of the millions of terms of a large grounding in every cycle.
func TestTermsHoldNoPointers(t *testing.T) {
	typ := reflect.TypeOf(gterm{})
	for i := 0; i < typ.NumField(); i++ {
		switch f := typ.Field(i); f.Type.Kind() {
		case reflect.Int32, reflect.Uint32, reflect.Int64, reflect.Uint64:
		default:
			t.Errorf("gterm.%s is a %s", f.Name, f.Type)
		}
	}
}
