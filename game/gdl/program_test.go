package gdl

import (
	"slices"
	"testing"
)

// TestLitArenaKeepsRulesApart: the literals of the rules a network is made
// from share blocks, so each copy must hold what it was given, even when
// a block fills up, and an append to one rule must not write over the
// next rule's literals.
func TestLitArenaKeepsRulesApart(t *testing.T) {
	tests := []struct {
		name  string
		rules [][]int32
	}{
		{"empty rules", [][]int32{{}, {}, {4}}},
		{"small rules", [][]int32{{2, 5, 8}, {1}, {6, 7}}},
		{"a rule longer than a block", [][]int32{make([]int32, litBlock+3), {9, 10}}},
		{"rules across blocks", slices.Repeat([][]int32{{1, 2, 3, 4, 5}}, litBlock/3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a litArena
			copies := make([][]int32, len(tt.rules))
			for i, r := range tt.rules {
				copies[i] = a.copyOf(r)
				if copies[i] == nil {
					t.Fatalf("rule %d: nil copy (a rule that always holds would read as none)", i)
				}
			}
			for i := range copies {
				_ = append(copies[i], -1) // must copy, not write into the block
			}
			for i, r := range tt.rules {
				if !slices.Equal(copies[i], r) {
					t.Fatalf("rule %d: copy %v, want %v", i, copies[i], r)
				}
			}
		})
	}
}

// TestPositiveUsersListsEveryRule: the users of an atom, kept in one
// slice, are the rules (numbered in the order of their heads) with the
// atom as a positive literal, as many times as it is one; negative
// literals make no user.
func TestPositiveUsersListsEveryRule(t *testing.T) {
	rules := [][][]int32{
		0: {{2, 4}, {3, 6}}, // rules 0, 1: atoms 1, 2 and 3 (¬1)
		1: nil,
		2: {{2, 2, 5}}, // rule 2: atom 1 twice, ¬2
		3: {{}, {6}},   // rules 3, 4: atom 3
	}
	want := map[int32][]int32{0: nil, 1: {0, 2, 2}, 2: {0}, 3: {1, 4}}
	u := positiveUsers(rules, 4)
	k := int32(0)
	for _, rs := range rules {
		for _, r := range rs {
			for _, l := range r {
				if l&1 == 0 {
					u.add(l>>1, k)
				}
			}
			k++
		}
	}
	for a, w := range want {
		if got := u.of(a); !slices.Equal(got, w) {
			t.Errorf("users of atom %d: %v, want %v", a, got, w)
		}
	}
}
