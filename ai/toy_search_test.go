package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
)

// bruteX is the minimax goal of x, by exhaustive search.
func bruteX(s game.State) int {
	if s.Terminal() {
		return s.Goal(0)
	}
	best := -1
	if s.ToMove() == 1 {
		best = 101
	}
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Apply(m)
		v := bruteX(c)
		if s.ToMove() == 0 && v > best || s.ToMove() == 1 && v < best {
			best = v
		}
	}
	return best
}

func bruteMover(s game.State) int {
	v := bruteX(s)
	if s.ToMove() == 1 {
		return 100 - v
	}
	return v
}

func TestToyExactValues(t *testing.T) {
	for _, withEval := range []bool{false, true} {
		for blocks := int8(0); blocks <= 2; blocks++ {
			for seed := uint64(0); seed < 12; seed++ {
				var s game.State = newToy(blocks)
				if withEval {
					s = &toyEval{*newToy(blocks)}
				}
				rng := game.NewRand(seed)
				for i := 0; i < int(seed%4)+2*int(blocks) && !s.Terminal(); i++ {
					s.Apply(s.RandomMove(rng))
				}
				if s.Terminal() {
					continue
				}
				want := bruteMover(s)
				before := s.String()
				res := Search(context.Background(), s, Options{Level: Max, Budget: 20 * time.Second, Threads: 1 + int(seed%2)})
				if s.String() != before {
					t.Fatalf("Search modified the position: %s became %s", before, s.String())
				}
				if !s.IsLegal(res.Move) {
					t.Fatalf("%s: illegal move %v", before, res.Move)
				}
				if int(res.Score+0.5) != want {
					t.Errorf("%s (eval %v): score %.2f, brute force %d", before, withEval, res.Score, want)
				}
				c := s.Clone()
				c.Apply(res.Move)
				got := bruteX(c)
				if s.ToMove() == 1 {
					got = 100 - got
				}
				if got != want {
					t.Errorf("%s (eval %v): move %s keeps %d, best is %d", before, withEval, s.FormatMove(res.Move), got, want)
				}
				checkTurn(t, s, res)
			}
		}
	}
}

// checkTurn checks that Turn starts with Move, is legal, belongs to the
// mover, and ends when control passes or the game ends.
func checkTurn(t *testing.T, s game.State, res Result) {
	t.Helper()
	if len(res.Turn) == 0 || res.Turn[0] != res.Move {
		t.Fatalf("%s: turn %v does not start with move %v", s.String(), res.Turn, res.Move)
	}
	if len(res.PV) == 0 || res.PV[0] != res.Move {
		t.Fatalf("%s: pv %v does not start with move %v", s.String(), res.PV, res.Move)
	}
	c := s.Clone()
	mover := s.ToMove()
	for i, m := range res.Turn {
		if c.Terminal() || c.ToMove() != mover || !c.IsLegal(m) {
			t.Fatalf("%s: turn action %d (%v) is not the mover's legal move", s.String(), i, m)
		}
		c.Apply(m)
	}
	if !c.Terminal() && c.ToMove() == mover {
		t.Fatalf("%s: turn %v stops while the mover is still in control", s.String(), res.Turn)
	}
	c = s.Clone()
	for i, m := range res.PV {
		if c.Terminal() || !c.IsLegal(m) {
			t.Fatalf("%s: pv action %d (%v) is illegal", s.String(), i, m)
		}
		c.Apply(m)
	}
}

func TestToyTakesWinAndBlocks(t *testing.T) {
	tests := []struct {
		board  string
		toMove game.Role
		blocks int8
		want   []game.Move // acceptable first actions
	}{
		{"xx.oo....", 0, 0, []game.Move{3}},
		{"xx.oo....", 1, 0, []game.Move{6}},
		{"xx..o....", 1, 0, []game.Move{3}},
		{"o...x...o", 0, 0, []game.Move{2, 4, 6, 8}}, // any edge draws; corners lose
	}
	for _, tc := range tests {
		for _, lv := range []Level{Hard, Max} {
			s := toyFrom(tc.board, tc.toMove, tc.blocks)
			res := Search(context.Background(), s, Options{Level: lv, Budget: 2 * time.Second})
			ok := false
			for _, m := range tc.want {
				ok = ok || res.Move == m
			}
			if !ok {
				t.Errorf("%s %v at %s: played %s", tc.board, tc.toMove, lv, s.FormatMove(res.Move))
			}
		}
	}
}

func TestToyBlockThenMarkTurn(t *testing.T) {
	// o threatens cells 2 (row 0-1-2) and 6 (column 0-3-6); x can only
	// survive by blocking one threat and marking the other.
	s := toyFrom("oo.o..x.x", 0, 1)
	s.blocks[1] = 0
	if s.Terminal() {
		t.Fatal("test position is over")
	}
	// x wins at once at 7 (6-7-8 row): take it instead.
	res := Search(context.Background(), s, Options{Level: Hard, Budget: 2 * time.Second})
	if res.Move != 8 {
		t.Fatalf("expected the immediate win (mark 7), got %s", s.FormatMove(res.Move))
	}
	s = toyFrom("oo.o....x", 0, 1)
	res = Search(context.Background(), s, Options{Level: Hard, Budget: 2 * time.Second})
	checkTurn(t, s, res)
	if len(res.Turn) != 2 || res.Turn[0] < 11 {
		t.Fatalf("expected block then mark, got turn %v score %.1f", res.Turn, res.Score)
	}
	if res.Score < 49 {
		t.Fatalf("block-then-mark holds at least a draw, score %.1f", res.Score)
	}
}

func TestToyDeterministicLevels(t *testing.T) {
	for _, lv := range []Level{Easy, Medium} {
		for seed := uint64(0); seed < 5; seed++ {
			s := newToy(1)
			a := Search(context.Background(), s, Options{Level: lv, Seed: seed})
			b := Search(context.Background(), s, Options{Level: lv, Seed: seed})
			if a.Move != b.Move {
				t.Errorf("%s seed %d: %v then %v", lv, seed, a.Move, b.Move)
			}
		}
	}
}

func TestCancelledSearchReturnsLegalMove(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := newToy(2)
	res := Search(ctx, s, Options{Level: Max, Budget: time.Hour})
	if !s.IsLegal(res.Move) {
		t.Fatalf("cancelled search returned illegal move %v", res.Move)
	}
}
