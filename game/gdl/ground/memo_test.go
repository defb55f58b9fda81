package ground

import (
	"testing"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// A pattern instantiated again after its variables changed is the term
// of the new values, and again the first when they change back: the
// memo of the last term (patMemo) is a shortcut, never a stale answer.
func TestInstantiateFollowsTheBindings(t *testing.T) {
	g := newGrounder(testLimits)
	fxgy := &kif.Term{Name: "f", Args: []*kif.Term{{Name: "?x"}, {Name: "g", Args: []*kif.Term{{Name: "?y"}}}}}
	vars := map[string]int{}
	p, err := g.compilePat(fxgy, vars)
	if err != nil {
		t.Fatal(err)
	}
	g.bind = make([]TermID, len(vars))
	ground := func(x, y string) TermID {
		g.bind[vars["?x"]], _ = g.groundTerm(&kif.Term{Name: x})
		g.bind[vars["?y"]], _ = g.groundTerm(&kif.Term{Name: y})
		id, err := g.instantiate(&p)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := g.Text(id), "(f "+x+" (g "+y+"))"; got != want {
			t.Fatalf("instantiated to %s, want %s", got, want)
		}
		return id
	}
	first := ground("a", "b")
	ground("a", "c")
	ground("c", "c")
	if again := ground("a", "b"); again != first {
		t.Errorf("(f a (g b)) is %d again, %d first", again, first)
	}
}

// A plan step's lookup sees the atoms added to its index since the last
// lookup of the same key (lastLookup): a bucket kept from before would
// leave them out of the join.
func TestLookupSeesAtomsAddedSince(t *testing.T) {
	st := &planStep{ix: newIndex(nil)}
	st.ix.add(7, 0)
	if got := st.lookup(7); len(got) != 1 {
		t.Fatalf("positions %v, want [0]", got)
	}
	for pos := int32(1); pos < 40; pos++ {
		st.ix.add(7, pos)
		if got := st.lookup(7); len(got) != int(pos)+1 || got[pos] != pos {
			t.Fatalf("after adding %d: positions %v", pos, got)
		}
		if got := st.lookup(8); len(got) != 0 {
			t.Fatalf("a hash never added has positions %v", got)
		}
	}
}
