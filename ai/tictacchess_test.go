package ai

import (
	"context"
	"testing"
	"time"

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
		for _, multi := range []string{BestReply, Paranoid, MaxN} {
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
