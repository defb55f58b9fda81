package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

// Every multi-player search takes a centre line and stops the next
// player's line.
func TestTicTacChessLines(t *testing.T) {
	tests := []struct {
		name, pos string
		win       bool // red must win at once; else yellow must have no line after red's move
	}{
		{"win", "...g.../......./......./r.rr..b/..r..../......./...y... red 13", true},
		// Yellow's (4 1) jumps to (3 3) for the row Y=3; red must fill
		// (3 3) first.
		{"stop the next player", "...g.../......./......./r.....b/...yy../......./...y... red 13", false},
		{"stop, with more pieces", "...g.../.r...../..r..../r.....b/...yy../......./...y... red 13", false},
	}
	for _, tc := range tests {
		for _, multi := range []Algorithm{BestReply, Paranoid, MaxN, UCT} {
			s := mustState(t, "tictacchess", tc.pos)
			res := Search(context.Background(), s, Options{Level: Hard, Budget: 300 * time.Millisecond, Multi: multi})
			if !s.IsLegal(res.Move) {
				t.Fatalf("%s %s: illegal move", tc.name, multi)
			}
			c := s.Clone()
			c.Apply(res.Move)
			st := c.(*tictacchess.State)
			if tc.win {
				if st.Winner() != tictacchess.Red {
					t.Errorf("%s %s: played %s, no line", tc.name, multi, s.FormatMove(res.Move))
				}
				continue
			}
			for _, m := range c.Legal(nil) {
				d := c.Clone()
				d.Apply(m)
				if d.Terminal() && d.(*tictacchess.State).Winner() == tictacchess.Yellow {
					t.Errorf("%s %s: played %s, yellow wins with %s", tc.name, multi, s.FormatMove(res.Move), c.FormatMove(m))
					break
				}
			}
		}
	}
}

// Late in the game best-reply search reaches the last step on every line
// it follows; it must then stop deepening and report a depth within the
// actions left, not run on to the time limit (it once reported 131).
func TestBestReplyStopsAtTheEnd(t *testing.T) {
	tests := []struct {
		pos      string
		maxDepth int // BRS actions until step 33: the root role's moves and one reply each
	}{
		{"...g.../.....b./..g.b../r.r.y.b/....g../.r...y./...y... red 25", 4},
		{"...g.../......./..g.bg./r.r.b.b/..r..../.r.y.y./...y... red 29", 2},
		{"...g.../.....b./......./r.r.y.b/...bg../......./...y... red 21", 6},
	}
	for _, tc := range tests {
		s := mustState(t, "tictacchess", tc.pos)
		res := Search(context.Background(), s, Options{Level: Hard, Budget: 5 * time.Second, Multi: BestReply})
		if !s.IsLegal(res.Move) {
			t.Fatalf("%s: illegal move", tc.pos)
		}
		if res.Depth > tc.maxDepth {
			t.Errorf("%s: depth %d, but the game ends within %d best-reply actions", tc.pos, res.Depth, tc.maxDepth)
		}
	}
}

// meanAfterLastMove is red's exact average utility (its goal minus the
// best other goal) after its move m, over every sequence of legal moves
// of the three others, each chosen uniformly, until the game ends; for
// positions from step 29 on, where those are the last three actions.
func meanAfterLastMove(s game.State, m game.Move) float64 {
	var mean func(t game.State) float64
	mean = func(t game.State) float64 {
		if t.Terminal() {
			return float64(t.Goal(0) - max(t.Goal(1), t.Goal(2), t.Goal(3)))
		}
		moves := t.Legal(nil)
		sum := 0.0
		for _, x := range moves {
			u := t.Clone()
			u.Apply(x)
			sum += mean(u)
		}
		return sum / float64(len(moves))
	}
	c := s.Clone()
	c.Apply(m)
	return mean(c)
}

// At red's last move every move loses the same against the best reply;
// best-reply search then takes, among the moves with that worst case, the
// one that does best against any play: here a spawn move, worth −10.6 on
// average over the others' moves, where the first of the tied moves,
// (2 2)-(3 3), is worth −13.2 (found among random positions).
func TestBestReplyBreaksTiesByTheAverage(t *testing.T) {
	s := mustState(t, "tictacchess", "...g.../....g../..gy.../r....bb/..y..../.r...y./...y... red 29")
	res := Search(context.Background(), s, Options{Level: Hard, Budget: time.Second, Multi: BestReply})
	if !s.IsLegal(res.Move) {
		t.Fatalf("illegal move")
	}
	if got := meanAfterLastMove(s, res.Move); got < -12 {
		spawn, err := s.ParseMove("(move 1 4 2 6)")
		if err != nil {
			t.Fatal(err)
		}
		t.Errorf("played %s, worth %.2f on average; (1 4 2 6) is worth %.2f", s.FormatMove(res.Move), got, meanAfterLastMove(s, spawn))
	}
}
