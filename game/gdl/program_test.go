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
