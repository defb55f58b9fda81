package lanes

import (
	"slices"
	"testing"
)

// The lanes skip a rule whose first positive operand is false in every
// lane; that must not change a game whichever operand comes first. Each
// test sheet is played against the State with the rules' literals
// ordered as the sample orders them, and the other way round (the atom
// that held most often first, so that the skipped rules are others).
func TestLanesSkipFalseRulesInAnyOrder(t *testing.T) {
	skips := 0
	for _, s := range groundTestStates(t) {
		v := s.Variant()
		l := newSim(s)
		sm := sampleOf(l, s)
		most := &Sample{Held: make([]int32, len(sm.Held)), Plies: sm.Plies}
		for a, h := range sm.Held {
			most.Held[a] = sm.Plies - h // the commonest first, and skipping where it is false
		}
		for _, order := range []struct {
			name string
			sm   *Sample
		}{{"rarest", sm}, {"commonest", most}} {
			lp := Compile(l.n, order.sm)
			for _, code := range [][]int32{lp.position, lp.moves, lp.goals} {
				skips += countOp(code, opOrAndSkip)
			}
			t.Run(v.Name+"/"+order.name, func(t *testing.T) {
				t.Parallel()
				checkLanes(t, v, laneCount, 200, 150, 5, func(l *Sim) {
					l.lp = lp
				})
			})
		}
	}
	if skips == 0 {
		t.Error("no OR of rules skips in the test sheets' code")
	}
}

// countOp is the number of instructions of code with operation op.
func countOp(code []int32, op int32) int {
	k := 0
	for pc := 0; pc+1 < len(code); pc = instrEnd(code, pc) {
		if opOf(code[pc]) == op {
			k++
		}
	}
	return k
}

// opOf is the operation of an instruction's first word: opGuard, or
// its op.
func opOf(first int32) int32 {
	if first == opGuard {
		return opGuard
	}
	return first & opMask
}

// instrEnd is the pc after the instruction of code at pc (for opGuard,
// the first of its block).
func instrEnd(code []int32, pc int) int {
	switch code[pc] & opMask {
	case opCopy, opNot:
		return pc + 3
	case opAnd2, opAndNot, opOr2:
		return pc + 4
	case opAnd3, opAnd2Not, opOr3:
		return pc + 5
	case opAnd, opOr:
		np, nn := signCounts(code[pc+2])
		return pc + 3 + np + nn
	case opOrAnd, opOrAndSkip:
		end := pc + 2
		for r := code[pc] >> opShift; r > 0; r-- {
			np, nn := signCounts(code[end])
			end += 1 + np + nn
		}
		return end
	case opAndOrAnd, opAndOrAndSkip, opOrGroups:
		return pc + int(code[pc+2])
	case opLoop:
		if code[pc] == opGuard {
			return pc + 4 // into its block
		}
	}
	return pc + 2
}

func TestRarestFirst(t *testing.T) {
	sm := &Sample{Held: []int32{5, 0, 9, 2}, Plies: 10}
	for _, c := range []struct{ in, want []int32 }{
		{[]int32{0 << 1, 2 << 1, 3 << 1}, []int32{3 << 1, 2 << 1, 0 << 1}},
		{[]int32{1<<1 | 1, 2 << 1, 0 << 1}, []int32{0 << 1, 2 << 1, 1<<1 | 1}}, // negative literals stay
		{[]int32{3 << 1, 0 << 1}, []int32{3 << 1, 0 << 1}},                     // the rarest is first already
		{[]int32{2 << 1, 7 << 1}, []int32{7 << 1, 2 << 1}},                     // past held: never held
		{[]int32{1<<1 | 1}, []int32{1<<1 | 1}},
	} {
		got := slices.Clone(c.in)
		if sm.rarestFirst(got); !slices.Equal(got, c.want) {
			t.Errorf("rarestFirst(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
