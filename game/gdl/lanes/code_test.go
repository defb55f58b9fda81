package lanes

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
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
// TestLanesSkipFalseRulesInAnyOrder) play them against the State. (The
// test sheets have no OR whose rules share their first literals in
// groups, opOrGroups: TestOrGroupsIsTheOr; the corpus's connectFour and
// minichess have them, TestCorpus.)
func TestLanesFactorCommonLiterals(t *testing.T) {
	counts := map[int32]int{}
	for _, s := range groundTestStates(t) {
		lp := newSim(s).lp
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
	for _, op := range []int32{opAndOrAnd, opAndOrAndSkip} {
		if counts[op] == 0 {
			t.Errorf("the test sheets' code has no instruction %d: the differential tests do not play it", op)
		}
	}
}

func TestGroupByFirst(t *testing.T) {
	tests := []struct {
		name   string
		rules  [][]int32
		groups int // 0: not grouped
	}{
		{"three share, three share", [][]int32{{2, 4}, {2, 6}, {2, 8}, {10, 4}, {10, 6}, {10, 8}}, 2},
		{"all differ", [][]int32{{2, 4}, {6, 4}, {8, 4}}, 0},
		{"too few shared", [][]int32{{2, 4}, {2, 6}, {8, 4}, {10, 4}}, 0},
		{"a negative first", [][]int32{{3, 4}, {3, 6}, {3, 8}}, 0},
		{"a rule of the shared literal alone", [][]int32{{2}, {2, 6}, {2, 8}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			groups := groupByFirst(tt.rules)
			if len(groups) != tt.groups {
				t.Fatalf("%d groups, want %d: %v", len(groups), tt.groups, groups)
			}
			n := 0
			for _, g := range groups {
				for _, r := range g {
					if r[0] != g[0][0] {
						t.Fatalf("group %v: rules of other first literals", g)
					}
					n++
				}
			}
			if groups != nil && n != len(tt.rules) {
				t.Fatalf("%d rules grouped, want %d", n, len(tt.rules))
			}
		})
	}
}

// An OR compiled in groups of rules that share their first literal
// (opOrGroups) has the value of the same rules read one by one
// (opOrAnd), on random rules over random lanes, some atoms false in
// every lane (so that groups are skipped) and some rules of the shared
// literal alone.
func TestOrGroupsIsTheOr(t *testing.T) {
	rng := game.NewRand(3)
	const atoms = 12
	w := make(wordsOf, atoms+1)
	p := &Program{}
	for round := 0; round < 200; round++ {
		for a := range w {
			for k := range w[a] {
				x, y := rng.Uint64(), rng.Uint64()
				w[a][k] = x & y // a quarter of the lanes
				if rng.Intn(3) == 0 {
					w[a][k] = 0
				}
			}
		}
		var rules [][]int32
		for g := 0; g < 1+rng.Intn(4); g++ {
			first := int32(rng.Intn(atoms)) << 1
			for i := 0; i < 1+rng.Intn(4); i++ {
				r := []int32{first}
				for j := rng.Intn(4); j > 0; j-- {
					r = append(r, int32(rng.Intn(atoms))<<1|int32(rng.Intn(2)))
				}
				rules = append(rules, r)
			}
		}
		code := append([]int32{opOrAnd | int32(len(rules))<<opShift, atoms}, appendEach(nil, rules)...)
		p.runLanes(code, w)
		want := w.get(atoms)
		groups := map[int32][][]int32{}
		var order []int32
		for _, r := range rules {
			if groups[r[0]] == nil {
				order = append(order, r[0])
			}
			groups[r[0]] = append(groups[r[0]], r)
		}
		var gs [][][]int32
		for _, f := range order {
			gs = append(gs, groups[f])
		}
		w.put(atoms, lword{})
		p.runLanes(appendGroups(nil, atoms, gs), w)
		if got := w.get(atoms); got != want {
			t.Fatalf("rules %v: in groups %v, one by one %v", rules, got, want)
		}
	}
}

// Every shape of rule up to eight positive and three negative operands
// (those orAnd, orAndSkip and andOf read without a loop and the others)
// has the value of its literals ANDed lane by lane, as an AND of its
// own (opAnd and the short forms), in an OR of rules (opOrAnd) and in an
// OR that skips rules whose first operand is false in every lane
// (opOrAndSkip), over random atoms, some false in every lane.
func TestRuleShapesAreTheirANDs(t *testing.T) {
	rng := game.NewRand(9)
	const atoms = 16
	w := make(wordsOf, atoms+1)
	p := &Program{}
	for np := 0; np <= 8; np++ {
		for nn := 0; nn <= 3; nn++ {
			if np+nn == 0 {
				continue
			}
			t.Run(fmt.Sprintf("%d positive %d negative", np, nn), func(t *testing.T) {
				for round := 0; round < 100; round++ {
					for a := range w[:atoms] {
						for k := range w[a] {
							x, y := rng.Uint64(), rng.Uint64()
							w[a][k] = x | y // three quarters of the lanes
							if rng.Intn(4) == 0 {
								w[a][k] = 0
							}
						}
					}
					rules := make([][]int32, 1+rng.Intn(3))
					want := lword{}
					for i := range rules {
						all := allLanes
						for j := 0; j < np+nn; j++ {
							a := int32(rng.Intn(atoms))
							if j < np {
								rules[i] = append(rules[i], a<<1)
								all = and(all, w.get(a))
							} else {
								rules[i] = append(rules[i], a<<1|1)
								all = andNot(all, w.get(a))
							}
						}
						want = or(want, all)
					}
					if got := runRules(p, w, appendAnd(nil, atoms, rules[0]), atoms); got != andOfLits(w, rules[0]) {
						t.Fatalf("round %d: the AND of %v is %x, want %x", round, rules[0], got, andOfLits(w, rules[0]))
					}
					ops := []int32{opOrAnd}
					if np > 0 {
						ops = append(ops, opOrAndSkip)
					}
					for _, op := range ops {
						code := append([]int32{op | int32(len(rules))<<opShift, atoms}, appendEach(nil, rules)...)
						if got := runRules(p, w, code, atoms); got != want {
							t.Fatalf("round %d, op %d: the OR of %v is %x, want %x", round, op, rules, got, want)
						}
					}
				}
			})
		}
	}
}

// runRules runs code over w and returns atom out.
func runRules(p *Program, w wordsOf, code []int32, out int32) lword {
	w.put(out, lword{})
	p.runLanes(code, w)
	return w.get(out)
}

// andOfLits is the AND of the literals lits in every lane.
func andOfLits(w wordsOf, lits []int32) lword {
	all := allLanes
	for _, l := range lits {
		all = and(all, w.lit(l))
	}
	return all
}

// TestLanesGuardOtherRolesRules checks that the rules of an OR that read
// a role's guard are compiled into a block skipped where the guard is
// false in every lane (opGuard): testdata/stuck.kif's pass is legal when
// the other role moves, or when two of the mover's pieces are stuck, and
// the second part reads the mover's control. With the lanes in step, a
// guard is false in every lane at most steps. That the lanes play the
// same games as the State with the blocks skipped is
// TestLanesAgreeWithState's part (stuck.kif is a test sheet).
func TestLanesGuardOtherRolesRules(t *testing.T) {
	v := loadFile(t, "stuck")
	start := v.New()
	l := newSim(start)
	var guards []int32
	code := l.lp.position
	for pc := nextOp(code, 0, opGuard); pc < len(code); pc = nextOp(code, instrEnd(code, pc), opGuard) {
		guards = append(guards, code[pc+2])
	}
	if len(guards) != 2 {
		t.Fatalf("%d guarded blocks in the position code, want one for each role's pass", len(guards))
	}
	for lane := 0; lane < l.Lanes(); lane++ {
		l.Load(lane, start, 0)
	}
	rng := game.NewRand(1)
	var ended []int
	const steps = 200
	skipped := 0
	for range steps {
		l.refresh()
		for _, g := range guards {
			if l.w.get(g) == (lword{}) {
				skipped++
			}
		}
		ended = l.Step(rng, ended[:0])
		for _, lane := range ended {
			l.Load(lane, start, 0)
		}
	}
	// One of the two roles' blocks is skipped at a step where every lane
	// has the other to move (lanes loaded and parked count too); with
	// the lanes' phases at random, both would be read at every step.
	if skipped < steps/2 {
		t.Errorf("a guarded block was skipped %d times in %d steps, want at least %d", skipped, steps, steps/2)
	}
}

// nextOp returns the pc of the first instruction of code with operation
// op at or after pc, or len(code).
func nextOp(code []int32, pc int, op int32) int {
	for pc < len(code) && opOf(code[pc]) != op {
		pc = instrEnd(code, pc)
	}
	return pc
}
