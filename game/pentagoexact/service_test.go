package pentagoexact

import (
	"context"
	"errors"
	"math/bits"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
)

// serviceCase is a position of the engine with its exact value for the
// role in control, found by the plain Solver.
type serviceCase struct {
	s     game.State
	value int8
}

// serviceCases returns place-phase positions of random games with lo to
// hi stones, and for every other one the rotate-phase position after a
// random placement that does not end the game, all with exact values.
func serviceCases(t *testing.T, seed uint64, games, lo, hi int) []serviceCase {
	t.Helper()
	ref := NewSolver(20)
	rng := game.NewRand(seed)
	var out []serviceCase
	for i, p := range pxRandomPositions(seed, games, lo, hi) {
		s := mustState(t, PositionString(p[0], p[1]))
		if i%2 == 0 {
			out = append(out, serviceCase{s, ref.value(p[0], p[1])})
			continue
		}
		s.Apply(s.RandomMove(rng))
		if s.Terminal() {
			continue
		}
		v := int8(-1) // the best rotation's value
		for _, m := range s.Legal(nil) {
			c := s.Clone()
			c.Apply(m)
			if c.Terminal() {
				v = max(v, map[int]int8{100: 1, 50: 0, 0: -1}[c.Goal(s.ToMove())])
				continue
			}
			me, opp, _ := FromState(c)
			v = max(v, -ref.value(me, opp))
		}
		out = append(out, serviceCase{s, v})
	}
	return out
}

// checkKeeps plays line from c.s and checks that it is legal, starts with
// the mover's whole turn and keeps the exact value.
func checkKeeps(t *testing.T, x *Solver, c serviceCase, line []game.Move) {
	t.Helper()
	after := c.s.Clone()
	mover := c.s.ToMove()
	for _, m := range line {
		if after.Terminal() || after.ToMove() != mover {
			break
		}
		if !after.IsLegal(m) {
			t.Fatalf("%s: line %v: %s is not legal", c.s, line, after.FormatMove(m))
		}
		after.Apply(m)
	}
	var got int8
	switch {
	case after.Terminal():
		got = map[int]int8{100: 1, 50: 0, 0: -1}[after.Goal(mover)]
	case after.ToMove() == mover:
		t.Fatalf("%s: line %v is not a whole turn", c.s, line)
	default:
		me, opp, _ := FromState(after)
		got = -x.value(me, opp)
	}
	if got < c.value {
		t.Fatalf("%s: line %v leads to %d, the position's value is %d", c.s, line, got, c.value)
	}
}

// TestServiceSolves compares the Service's goals with the plain solver's
// values on positions of both phases, and checks that its line keeps the
// value.
func TestServiceSolves(t *testing.T) {
	sv := NewService(256 << 20)
	ref := NewSolver(20)
	cases := serviceCases(t, 31, 24, 25, 31)
	seen := map[int8]int{}
	for _, c := range cases {
		sol, err := sv.Solve(context.Background(), c.s, game.SolveOptions{Threads: 2})
		if err != nil {
			t.Fatalf("%s: %v", c.s, err)
		}
		if want := goalOf(c.value); sol.Goal != want {
			t.Fatalf("%s: goal %d, want %d", c.s, sol.Goal, want)
		}
		checkKeeps(t, ref, c, sol.Line)
		seen[c.value]++
	}
	if seen[1] < 5 || seen[0] < 3 || seen[-1] < 5 {
		t.Fatalf("too few of each value: %v", seen)
	}
}

// TestServiceRetro solves positions that the search does not settle in
// its node budget, by retrograde analysis on two threads, and checks
// that the positions after its turns are then known to the table.
func TestServiceRetro(t *testing.T) {
	if testing.Short() {
		t.Skip("retrograde analyses of 22 stones")
	}
	sv := NewService(256 << 20)
	ref := NewSolver(20)
	ref.abLimit = 2000
	n := 0
	for _, pos := range []string{ // draws of 22 stones, from generator games
		".b.rb./rbrr../brbb../b..bb./....rr/rrrrbb red place",
		"brr.b./brrrrb/rbb.../.rrbb./.brb../.rb... red place",
		"b.rbb./.brb../rrbb../b....r/rrb.rr/r..rbb red place",
	} {
		s := mustState(t, pos)
		me, opp, _ := FromState(s)
		c := serviceCase{s, ref.value(me, opp)}
		x := sv.solver()
		x.abLimit = 200 // leave it to the analysis
		x.ctx = context.Background()
		x.retro.pairs = 0
		v, turn, _, err := sv.solvePlace(context.Background(), x, me, opp, 2, false)
		if err != nil || v != c.value {
			t.Fatalf("%s: value %d, %v; want %d", c.s, v, err, c.value)
		}
		checkKeeps(t, ref, c, turn.Moves())
		if x.retro.pairs == 0 {
			continue // the search settled it in 200 nodes
		}
		for i, kid := range pxChildren(me, opp, nil) {
			if !kid.final && i%53 == 0 {
				if kv, ok := x.probeQ(pxToQ(kid.me), pxToQ(kid.opp), 1); !ok || kv != ref.value(kid.me, kid.opp) {
					t.Fatalf("%s: after %v the table says %d (%v), the value is %d", c.s, kid.turn, kv, ok, ref.value(kid.me, kid.opp))
				}
			}
		}
		sv.put(x)
		n++
	}
	if n < 3 {
		t.Fatalf("only %d positions solved by the analysis", n)
	}
}

// TestServiceMemoryBudget: a retrograde analysis that does not fit the
// budget is not tried (Cost says so, Solve refuses with ErrUnsolved), and
// analyses running at once share the budget.
func TestServiceMemoryBudget(t *testing.T) {
	s := mustState(t, "..rb.r/...bbb/...rbr/.rbrr./.b.rb./rbbr.. red place") // 20 stones
	small := NewService(32 << 20)
	if _, ok := small.Cost(s, 1); ok {
		t.Fatalf("Cost of 20 stones within 32 MB: ok")
	}
	me, opp, _ := FromState(s)
	x := small.solver()
	err := small.retro(context.Background(), x, pxToQ(me), pxToQ(opp), 16, 1)
	if !errors.Is(err, game.ErrUnsolved) {
		t.Fatalf("analysis of 16 empty cells within 32 MB: %v, want ErrUnsolved", err)
	}
	big := NewService(200 << 20)
	if d, ok := big.Cost(s, 2); !ok || d <= 0 {
		t.Fatalf("Cost of 20 stones within 200 MB: %v %v", d, ok)
	}
	need := pxRetroBytes(16)
	if !big.reserve(need) || big.reserve(need) {
		t.Fatalf("two analyses of %d MB each within 200 MB: both or neither reserved", need>>20)
	}
	big.unreserve(need)
	if !big.reserve(need) {
		t.Fatalf("the budget was not given back")
	}
}

// TestServiceStops: a solve stops soon after its context is cancelled,
// in the middle of a retrograde analysis.
func TestServiceStops(t *testing.T) {
	s := mustState(t, "..rb.r/...bbb/...rbr/.rbrr./.b.rb./rbbr.. red place")
	sv := NewService(512 << 20)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	me, opp, _ := FromState(s)
	x := sv.solver()
	err := sv.retro(ctx, x, pxToQ(me), pxToQ(opp), 16, 1)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled analysis: %v", err)
	}
	t.Logf("stopped after %v", time.Since(start).Round(time.Millisecond))
	if _, err := sv.Solve(ctx, s, game.SolveOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("solve with a cancelled context: %v", err)
	}
}

// TestProbe settles late positions in few nodes, declines what it does
// not take, and does not allocate.
func TestProbe(t *testing.T) {
	sv := NewService(64 << 20)
	p := sv.NewProbe()
	ref := NewSolver(18)
	settled := 0
	for _, pos := range pxRandomPositions(3, 10, 28, 30) {
		s := mustState(t, PositionString(pos[0], pos[1]))
		if goal, ok := p.Probe(s, 5000); ok {
			settled++
			if want := goalOf(ref.value(pos[0], pos[1])); goal != want {
				t.Fatalf("%s: probe %d, want %d", s, goal, want)
			}
		}
	}
	if settled < 10 {
		t.Fatalf("only %d late positions settled", settled)
	}
	for _, pos := range []string{"", "..rb.r/...bbb/...rbr/.rbrr./.b.rb./rbbr.. red place"} {
		if _, ok := p.Probe(mustState(t, pos), 200); ok {
			t.Fatalf("%q settled in 200 nodes", pos)
		}
	}
	split, _ := game.NewState("pentago-split", "")
	if _, ok := p.Probe(split, 1000); ok {
		t.Fatalf("a pentago-split position was probed")
	}
	s := mustState(t, "..rb.r/...bbb/...rbr/.rbrr./.b.rb./rbbr.. red place")
	for i := 0; i < 10; i++ {
		p.Probe(s, 3000) // the buffers of every depth grow once
	}
	if n := testing.AllocsPerRun(5, func() { p.Probe(s, 3000) }); n != 0 {
		t.Fatalf("Probe allocates %v times", n)
	}
}

// TestBitboardsMatchCells: the engine's bitboards are the cells FromState
// reads one by one.
func TestBitboardsMatchCells(t *testing.T) {
	for _, pos := range pxRandomPositions(5, 10, 0, 34) {
		s := mustState(t, PositionString(pos[0], pos[1]))
		_, me, opp, ok := view(s)
		fme, fopp, fok := FromState(s)
		if !ok || !fok || me != fme || opp != fopp || bits.OnesCount64(me|opp) != bits.OnesCount64(pos[0]|pos[1]) {
			t.Fatalf("%s: bitboards %x %x, cells %x %x", s, me, opp, fme, fopp)
		}
	}
}
