package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
)

func mustState(t testing.TB, variant, position string) game.State {
	t.Helper()
	s, err := game.NewState(variant, position)
	if err != nil {
		t.Fatalf("%s %q: %v", variant, position, err)
	}
	return s
}

// winsThisTurn reports whether the mover of s can end the game with goal
// 100 within its own turn, using at most n actions.
func winsThisTurn(s game.State, mover game.Role, n int) bool {
	if s.Terminal() {
		return s.Goal(mover) == 100
	}
	if n == 0 || s.ToMove() != mover {
		return false
	}
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Apply(m)
		if winsThisTurn(c, mover, n-1) {
			return true
		}
	}
	return false
}

// playTurn applies the mover's whole turn and returns the position.
func playTurn(t *testing.T, s game.State, res Result) game.State {
	t.Helper()
	checkTurn(t, s, res)
	c := s.Clone()
	for _, m := range res.Turn {
		c.Apply(m)
	}
	return c
}

// turnLen is how many actions a turn can have at most in the variant's
// win check (Pentago: place and rotate; Quad: a mark, or a block and a
// mark in the tests).
func turnLen(v string) int {
	switch v {
	case "pentago", "pentago-split":
		return 2
	case "quad7", "quad11":
		return 2
	}
	return 1
}

// randomPositions plays seeded random games of v and keeps positions
// that pass keep, up to n of them.
func randomPositions(v string, n int, seed uint64, keep func(game.State) bool) []game.State {
	var out []game.State
	rng := game.NewRand(seed)
	for tries := 0; tries < 4000 && len(out) < n; tries++ {
		s, _ := game.NewState(v, "")
		stop := rng.Intn(60)
		for i := 0; i < stop && !s.Terminal(); i++ {
			s.Apply(s.RandomMove(rng))
		}
		if !s.Terminal() && keep(s) {
			out = append(out, s.Clone())
		}
	}
	return out
}

func TestTakesImmediateWin(t *testing.T) {
	for _, v := range game.Names() {
		n := turnLen(v)
		positions := randomPositions(v, 6, 11, func(s game.State) bool { return winsThisTurn(s, s.ToMove(), n) })
		if len(positions) == 0 {
			t.Errorf("%s: no test position found", v)
		}
		for _, s := range positions {
			res := Search(context.Background(), s, Options{Level: Hard, Budget: 3 * time.Second})
			c := playTurn(t, s, res)
			if !c.Terminal() || c.Goal(s.ToMove()) != 100 {
				t.Errorf("%s %q: turn %v does not win at once", v, s.String(), FormatLine(s, res.Turn))
			}
		}
	}
}

func TestBlocksSingleImmediateLoss(t *testing.T) {
	for _, v := range []string{"quad5", "quad7", "pentago", "pentago-split"} {
		n := turnLen(v)
		// Positions where the mover cannot win at once but the opponent
		// would win next turn after some (not all) of the mover's actions.
		positions := randomPositions(v, 4, 5, func(s game.State) bool {
			me := s.ToMove()
			if winsThisTurn(s, me, n) {
				return false
			}
			c := s.Clone()
			rng := game.NewRand(1)
			for !c.Terminal() && c.ToMove() == me {
				c.Apply(c.RandomMove(rng))
			}
			if c.Terminal() {
				return false
			}
			return winsThisTurn(c, c.ToMove(), n) && holds(s, me, n)
		})
		if len(positions) == 0 {
			t.Errorf("%s: no test position found", v)
		}
		for _, s := range positions {
			res := Search(context.Background(), s, Options{Level: Hard, Budget: 3 * time.Second})
			c := playTurn(t, s, res)
			if !c.Terminal() && winsThisTurn(c, c.ToMove(), n) {
				t.Errorf("%s %q: after %v the opponent wins at once", v, s.String(), FormatLine(s, res.Turn))
			}
		}
	}
}

// holds reports whether some turn of the mover leaves the opponent no
// immediate win.
func holds(s game.State, me game.Role, n int) bool {
	if s.Terminal() {
		return s.Goal(me) >= 50
	}
	if s.ToMove() != me {
		return !winsThisTurn(s, s.ToMove(), n)
	}
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Apply(m)
		if holds(c, me, n) {
			return true
		}
	}
	return false
}

func TestQuadTiltedSquareWin(t *testing.T) {
	// x holds r2c3, r3c5, r5c4 of the tilted square r2c3 r3c5 r5c4 r4c2.
	s := mustState(t, "quad7", "-....o-/..x..../....x../......./...x.../.....o./-o....- x 5 5")
	want, err := s.ParseMove("(mark r4 c2)")
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range []Level{Medium, Hard} {
		res := Search(context.Background(), s, Options{Level: lv, Seed: 3})
		if res.Move != want {
			t.Errorf("%s: played %s, want (mark r4 c2)", lv, s.FormatMove(res.Move))
		}
	}
}

func TestPentagoWinNeedsRotation(t *testing.T) {
	// Red has r1c1-c3 and r3c4: placing r2c4 and turning quadrant 1
	// clockwise brings r3c4 and r2c4 to r1c4 and r1c5: five in a row. No
	// placement wins without the rotation.
	s := mustState(t, "pentago", "rrr.../....../...r../.....b/....b./b.b... red place")
	res := Search(context.Background(), s, Options{Level: Hard})
	got := FormatLine(s, res.Turn)
	if len(got) != 2 || got[0] != "(place 1 1 2)" || got[1] != "(rotate 1 clockwise)" {
		t.Fatalf("turn %v, want (place 1 1 2) (rotate 1 clockwise)", got)
	}
	if res.Score != 100 || !res.Exact {
		t.Errorf("score %.2f exact %v, want a proven 100", res.Score, res.Exact)
	}
}

func TestPentagoOpensOffCorner(t *testing.T) {
	s := mustState(t, "pentago", "")
	res := Search(context.Background(), s, Options{Level: Hard})
	corners := map[string]bool{"(place 2 1 3)": true, "(place 1 3 3)": true, "(place 3 1 1)": true, "(place 4 3 1)": true}
	if len(res.Turn) != 2 {
		t.Fatalf("opening turn %v is not placement and rotation", FormatLine(s, res.Turn))
	}
	if corners[s.FormatMove(res.Move)] {
		t.Errorf("opened on a corner: %s (corners only draw)", s.FormatMove(res.Move))
	}
}

func TestNeverIllegalOnRandomPositions(t *testing.T) {
	budgets := []time.Duration{0, time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond}
	for _, v := range game.Names() {
		positions := randomPositions(v, 40, 77, func(game.State) bool { return true })
		for i, s := range positions {
			before := s.String()
			opt := Options{Level: Levels[i%len(Levels)], Budget: budgets[i%len(budgets)], Seed: uint64(i)}
			if opt.Budget == 0 {
				opt.Budget = time.Nanosecond
			}
			switch i % 4 {
			case 1:
				opt.Multi = Paranoid
			case 3:
				opt.Multi = UCT
			}
			res := Search(context.Background(), s, opt)
			if s.String() != before {
				t.Fatalf("%s: search modified %q", v, before)
			}
			if !s.IsLegal(res.Move) {
				t.Fatalf("%s %q: illegal move %v", v, before, res.Move)
			}
			checkTurn(t, s, res)
		}
	}
}

func TestRespectsCancellationAndDeadline(t *testing.T) {
	for _, v := range []string{"quad11", "pentago", "tictacchess"} {
		s := mustState(t, v, "")
		// Cancel during a search with a budget of an hour: it must come
		// back (liveness guard: 30 s) with a legal move.
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan Result, 1)
		go func() { done <- Search(ctx, s, Options{Level: Max, Budget: time.Hour}) }()
		time.Sleep(50 * time.Millisecond)
		cancel()
		select {
		case res := <-done:
			if !s.IsLegal(res.Move) {
				t.Errorf("%s: cancelled search gave illegal move", v)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: search ignored cancellation", v)
		}
		// A short budget without cancellation must also come back.
		go func() { done <- Search(context.Background(), s, Options{Level: Max, Budget: 30 * time.Millisecond}) }()
		select {
		case res := <-done:
			if !s.IsLegal(res.Move) {
				t.Errorf("%s: short search gave illegal move", v)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: search ignored its deadline", v)
		}
	}
}

func TestProgressReported(t *testing.T) {
	s := mustState(t, "quad7", "")
	var got []Progress
	res := Search(context.Background(), s, Options{Level: Medium, Progress: func(p Progress) { got = append(got, p) }})
	if len(got) == 0 || got[len(got)-1].Depth != res.Depth {
		t.Fatalf("progress %d reports, last depth vs result depth %d", len(got), res.Depth)
	}
	for i, p := range got {
		if p.Depth != i+1 || !s.IsLegal(p.Best) || len(p.PV) == 0 {
			t.Errorf("report %d: %+v", i, p)
		}
	}
}

func TestQuad5SolvedFirstMoveWins(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	// Quad 5×5 is a win for x (see ai/README.md): the search proves it
	// from the start.
	saved := books
	books = nil // prove it by search, not by the book
	defer func() { books = saved }()
	s := mustState(t, "quad5", "")
	res := Search(context.Background(), s, Options{Level: Max, Budget: 2 * time.Minute})
	if !res.Exact || res.Score != 100 {
		t.Fatalf("quad5 start: score %.2f exact %v, want a proven 100", res.Score, res.Exact)
	}
}

func TestParsePlayerRefusesABadSpec(t *testing.T) {
	if _, err := ParsePlayer("ai:superb", 0, 0); err == nil {
		t.Error("bad spec accepted")
	}
}

func TestMCTSPlaysLegal(t *testing.T) {
	for _, v := range game.Names() {
		p := NewMCTSPlayer(1, 20*time.Millisecond)
		s := mustState(t, v, "")
		for i := 0; i < 6 && !s.Terminal(); i++ {
			m := p.Choose(context.Background(), s)
			if !s.IsLegal(m) {
				t.Fatalf("%s: mcts played illegal %v", v, m)
			}
			s.Apply(m)
		}
	}
}
