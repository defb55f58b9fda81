package gdl

import (
	"slices"
	"testing"
)

// The sample counts, for each atom, the positions it held in: the
// always-true atom in every sampled position, and the same counts on
// every call (the lanes' code must not change from one load to the
// next).
func TestSampleHeld(t *testing.T) {
	v := loadFile(t, "tictactoe")
	n := v.New().(*State).n
	sm := sampleHeld(n, v)
	if sm.Plies < 16 || sm.Held[n.always] != sm.Plies {
		t.Fatalf("the always-true atom held in %d of %d sampled positions, want all, at least 16", sm.Held[n.always], sm.Plies)
	}
	for a, h := range sm.Held {
		if h < 0 || h > sm.Plies {
			t.Errorf("atom %d held in %d of %d positions", a, h, sm.Plies)
		}
	}
	if again := sampleHeld(n, v); !slices.Equal(sm.Held, again.Held) {
		t.Error("two samples of one network differ")
	}
}
