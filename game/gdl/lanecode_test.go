package gdl

import (
	"slices"
	"testing"
)

func TestFactorCommon(t *testing.T) {
	tests := []struct {
		name   string
		rules  [][]int32
		common []int32
		rest   [][]int32
	}{
		{"none common", [][]int32{{2, 4}, {6, 8}}, nil, [][]int32{{2, 4}, {6, 8}}},
		{"one common", [][]int32{{2, 4}, {6, 2}}, []int32{2}, [][]int32{{4}, {6}}},
		{"sign matters", [][]int32{{2, 4}, {3, 4}}, []int32{4}, [][]int32{{2}, {3}}},
		{"two common, three rules", [][]int32{{2, 5, 8}, {5, 10, 2}, {2, 12, 5}}, []int32{2, 5}, [][]int32{{8}, {10}, {12}}},
		{"a rule of the common alone", [][]int32{{2}, {2, 4}}, []int32{2}, [][]int32{{}, {4}}},
		{"repeated literal", [][]int32{{2, 2, 4}, {2, 6}}, []int32{2}, [][]int32{{4}, {6}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			common, rest := factorCommon(tt.rules)
			if !slices.Equal(common, tt.common) {
				t.Fatalf("common %v, want %v", common, tt.common)
			}
			if len(rest) != len(tt.rest) {
				t.Fatalf("rest %v, want %v", rest, tt.rest)
			}
			for i := range rest {
				if !slices.Equal(rest[i], tt.rest[i]) {
					t.Fatalf("rest %v, want %v", rest, tt.rest)
				}
			}
		})
	}
}

// The ORs whose rules share literals read them once (opAndOrAnd, and
// opAndOrAndSkip where the rules left skip): some test sheets have
// such ORs, so that the differential tests (TestLanesAgreeWithState,
// TestLanesSkipFalseRulesInAnyOrder) play them against the State.
func TestLanesFactorCommonLiterals(t *testing.T) {
	counts := map[int32]int{}
	for _, s := range groundTestStates(t) {
		lp := s.NewSimulation().(*lanes).lp
		codes := [][]int32{lp.position, lp.moves, lp.goals}
		for _, g := range lp.guards {
			codes = append(codes, g.code)
		}
		if lp.push != nil {
			codes = append(codes, lp.push.code)
		}
		for _, c := range codes {
			for _, op := range []int32{opAndOrAnd, opAndOrAndSkip} {
				counts[op] += countOp(c, op)
			}
		}
	}
	if counts[opAndOrAnd] == 0 || counts[opAndOrAndSkip] == 0 {
		t.Errorf("the test sheets' code has %d opAndOrAnd and %d opAndOrAndSkip: the differential tests do not play both", counts[opAndOrAnd], counts[opAndOrAndSkip])
	}
}
