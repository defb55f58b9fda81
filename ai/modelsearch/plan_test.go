package modelsearch

import (
	"context"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// A planning search that ends at its cap is the same for a seed whatever
// the number of threads: each candidate's simulations run in order.
func TestPlanIsReproducible(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	cand := s.Legal(nil)
	for _, open := range []bool{false, true} {
		opt := Options{Simulations: 600, Threads: 1, Seed: 7, Plan: true, OpenLoop: open}
		one := Search(context.Background(), s, cand, opt)
		opt.Threads = 2
		two := Search(context.Background(), s, cand, opt)
		if one.Best != two.Best || !slices.Equal(one.Values, two.Values) || one.Sims != two.Sims {
			t.Errorf("open loop %v: one thread: best %d, %v; two threads: best %d, %v", open, one.Best, one.Values, two.Best, two.Values)
		}
	}
}

// A node visited fewer than four times offers only its best action by
// the one-action look, which is what the simulations play without a
// tree: with three simulations a candidate, planning values every
// candidate exactly as the plain simulations do.
func TestPlanStartsAsTheLook(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	cand := s.Legal(nil)
	flat := Evaluate(context.Background(), s, cand, 3, Options{Threads: 1, Seed: 9})
	for _, open := range []bool{false, true} {
		plan := Evaluate(context.Background(), s, cand, 3, Options{Threads: 1, Seed: 9, Plan: true, OpenLoop: open})
		if !slices.Equal(flat, plan) {
			t.Errorf("plain %v\nplanning (open loop %v) %v", flat, open, plan)
		}
	}
}

// At a node the simulations widen to more of its actions as its visits
// grow, try each new one once, and then take the best by UCB1.
func TestPlanPicksByVisits(t *testing.T) {
	t.Parallel()
	w := &worker{order: []scored{{m: 1}, {m: 2}, {m: 3}}}
	tr := newTree(false, 0)
	const key = 5
	var n int32
	pick := func() int { return tr.pick(w, key, n, DefaultExplore, DefaultWiden) }
	visit := func(i int, score float64) {
		n++
		tr.credit(tr.edges, edgeKey(key, w.order[i].m), score)
	}
	for range 4 {
		if i := pick(); i != 0 {
			t.Fatalf("a node visited %d times picked action %d, want only its best look (0)", n, i)
		}
		visit(0, 0)
	}
	if i := pick(); i != 1 { // 4 visits: 1 + 0.5·√4, two actions
		t.Fatalf("after 4 visits picked %d, want the untried action 1", i)
	}
	for range 11 {
		visit(1, 1)
		if i := pick(); i != 1 {
			t.Fatalf("after %d visits picked %d, want action 1, which won where action 0 lost 4 times", n, i)
		}
	}
	visit(1, 1) // 16 visits: three actions
	if i := pick(); i != 2 {
		t.Fatalf("after %d visits picked %d, want the third action tried", n, i)
	}
}

// With Chance, a decision of the others visited n times keeps at most
// ⌈Chance·√n⌉ distinct replies, every one an action the model drew there,
// and widens to more of them as its visits grow.
func TestChanceWidensTheOthersReplies(t *testing.T) {
	t.Parallel()
	s := position(t, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... yellow 14")
	for _, c := range []struct {
		chance float64
		visits int
		most   int // distinct replies allowed after the visits
	}{{1, 1, 1}, {1, 4, 2}, {1, 30, 6}, {0.5, 30, 3}, {2, 30, 11}} {
		w := newWorker(s, 0)
		w.root = game.Role(0) // red searches; yellow is in control, one of the others
		tr := newTree(false, c.chance)
		drawn := map[game.Move]bool{}
		for n := range c.visits {
			w.sim.CopyFrom(s)
			w.rng.Seed(uint64(n) + 1)
			m := tr.reply(w)
			w.moves = s.Legal(w.moves[:0])
			if !slices.Contains(w.moves, m) {
				t.Fatalf("chance %v: reply %v is not legal", c.chance, m)
			}
			drawn[m] = true
		}
		rs := tr.replies[s.Hash()]
		if rs == nil || int(rs.n) != c.visits {
			t.Fatalf("chance %v: the decision was not counted %d times: %+v", c.chance, c.visits, rs)
		}
		if len(rs.moves) > c.most || len(drawn) > c.most {
			t.Errorf("chance %v after %d visits: %d kept, %d played, want at most %d", c.chance, c.visits, len(rs.moves), len(drawn), c.most)
		}
		if c.visits >= 30 && len(rs.moves) < 2 {
			t.Errorf("chance %v after %d visits kept %d replies: it does not widen", c.chance, c.visits, len(rs.moves))
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	s := position(b, "...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	cand := s.Legal(nil)
	for _, c := range []struct {
		name       string
		plan, open bool
	}{{"plain", false, false}, {"plan", true, false}, {"open", true, true}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Search(context.Background(), s, cand, Options{Simulations: 2000, Threads: 1, Seed: 1, Plan: c.plan, OpenLoop: c.open})
			}
		})
	}
}
