package ai

import (
	"context"
	"math"
	"os"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// tictactoe3 is testdata/tictactoe3.kif, three-player tic-tac-toe.
func tictactoe3(t testing.TB) *game.Variant {
	t.Helper()
	src, err := os.ReadFile("testdata/tictactoe3.kif")
	if err != nil {
		t.Fatal(err)
	}
	v, err := gdl.Load("tictactoe3", src)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// With more than two roles the general player proves a win only where it
// forces one. The positions (z to move) were found at random among those
// where max^n alone proved a z win that z cannot force (minimax to the
// end with x and o against z): another role, losing whatever it does,
// was taken to give z the game, as in a lost match of tictactoe_3player
// where z left o's line for x to block ("proven" 100) and x did not.
func TestGeneralProvesNoWinOnOthersTies(t *testing.T) {
	v := tictactoe3(t)
	for _, moves := range [][]string{
		{"(mark 2 1)", "(mark 2 4)", "(mark 3 2)", "(mark 1 2)", "(mark 1 3)"},
		{"(mark 1 3)", "(mark 1 1)", "(mark 2 2)", "(mark 4 4)", "(mark 4 3)"},
		{"(mark 1 1)", "(mark 3 2)", "(mark 4 3)", "(mark 2 4)", "(mark 2 2)"},
		{"(mark 2 3)", "(mark 3 3)", "(mark 4 3)", "(mark 3 1)", "(mark 2 2)"},
		{"(mark 4 3)", "(mark 1 3)", "(mark 2 2)", "(mark 3 3)", "(mark 3 1)"},
	} {
		s := playText(t, v, moves...)
		const z = game.Role(2)
		if s.ToMove() != z || forcedWin(s, z, 9) {
			t.Fatalf("%v: not a position for the test", moves)
		}
		var sr Searcher
		res := sr.SearchFor(context.Background(), s, z, Options{Level: Hard, Nodes: 20000, Threads: 1, Seed: 1})
		if res.Exact && res.Score == game.MaxGoal {
			t.Errorf("%v: %s proven a win for z, which z cannot force", moves, s.FormatMove(res.Move))
		}
	}
}

// With more than two roles the others are modelled against the searcher
// (role 2 here) as far as paranoia says: a role that lets the searcher
// win scores that as a loss of its own. With two roles each plays for
// its own goal whatever the paranoia, also where the goals do not sum
// to 100 (both 0).
func TestGeneralParanoiaUtility(t *testing.T) {
	for _, tc := range []struct {
		paranoia float64
		goals    []int
		want     []float64
	}{
		{0, []int{0, 100, 0}, []float64{0, 1, 0}},
		{1, []int{0, 100, 0}, []float64{1, 1, 0}},
		{1, []int{0, 0, 100}, []float64{0, 0, 1}},
		{0.5, []int{33, 33, 33}, []float64{0.5, 0.5, 0.33}},
		{1, []int{0, 0}, []float64{0, 0}},
	} {
		tree := genTree{nroles: len(tc.goals), role: game.Role(len(tc.goals) - 1), paranoia: tc.paranoia, goals: tc.goals}
		for r := range tc.goals {
			if u := tree.utility(game.Role(r)); math.Abs(u-tc.want[r]) > 1e-9 {
				t.Errorf("paranoia %v, goals %v: role %d's utility %v, want %v", tc.paranoia, tc.goals, r, u, tc.want[r])
			}
		}
	}
}

// nextWinsAtOnce tells whether, after the mover plays m in s, the role
// to move next can win with its move.
func nextWinsAtOnce(s game.State, m game.Move) bool {
	c := s.Clone()
	c.Apply(m)
	if c.Terminal() {
		return false
	}
	next := c.ToMove()
	for _, reply := range c.Legal(nil) {
		d := c.Clone()
		d.Apply(reply)
		if d.Terminal() && d.Goal(next) == game.MaxGoal {
			return true
		}
	}
	return false
}

// A position the others can win together whatever the mover does is still
// played to make them work for it: in each (found at random) the mover
// has one move that does not let the next role win at once, and every
// move is a loss against the others together (paranoia 1). Taken as
// proven lost, the search ended at once on a move that gave the next role
// its line (as in a lost match of tictactoe_3player at paranoia 1, in
// 1 ms).
func TestGeneralResistsAProvenLoss(t *testing.T) {
	v := tictactoe3(t)
	for _, moves := range [][]string{
		{"(mark 3 2)", "(mark 2 4)", "(mark 2 2)", "(mark 2 3)", "(mark 2 1)", "(mark 1 2)", "(mark 4 4)", "(mark 4 1)"},
		{"(mark 3 1)", "(mark 2 2)", "(mark 4 1)", "(mark 4 3)", "(mark 2 3)", "(mark 2 1)", "(mark 3 3)", "(mark 3 4)"},
		{"(mark 1 4)", "(mark 3 1)", "(mark 2 2)", "(mark 2 4)", "(mark 2 1)"},
		{"(mark 1 3)", "(mark 2 1)", "(mark 3 4)", "(mark 1 4)", "(mark 4 3)", "(mark 2 4)", "(mark 3 2)"},
		{"(mark 1 4)", "(mark 2 2)", "(mark 3 2)", "(mark 1 3)", "(mark 3 1)", "(mark 2 3)", "(mark 2 1)"},
	} {
		s := playText(t, v, moves...)
		me := s.ToMove()
		// Taken wholly against the mover, the others win in every one.
		p := newPlan(context.Background(), s, s.Legal(nil), Options{Level: Hard, Nodes: 20000, Threads: 1, Seed: 1}, time.Now())
		res := NewSearcher().generalSearchWith(p, me, 1)
		if nextWinsAtOnce(s, res.Move) {
			t.Errorf("%v: %s lets the next role win at once", moves, s.FormatMove(res.Move))
		}
	}
}
