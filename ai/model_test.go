package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai/modelsearch"
	"github.com/tabletop/tabletop/game/tictacchess"
)

// TestModelSearchBlocksALaterPlayersLine: blue, two players after red,
// threatens the row (3 4)-(5 4) with its knight on (4 6); yellow, who
// moves in between, cannot stop it, and the tactics do not narrow red's
// moves (only the next player's threats are forcing). The capture 14x25
// wins a piece and spawns one; the model search must see blue's line
// after yellow's reply and block on (3 4) with 22-34.
func TestModelSearchBlocksALaterPlayersLine(t *testing.T) {
	t.Parallel()
	s, err := tictacchess.ParsePosition("...g.../...b.g./.y...../r..bb.b/......./.r...y./...y... red 13")
	if err != nil {
		t.Fatal(err)
	}
	if f := s.Forcing(nil); len(f) != 0 {
		t.Fatalf("the position is meant to force nothing, Forcing lists %d moves", len(f))
	}
	for _, alg := range []Algorithm{Model, Plan} {
		res := Search(context.Background(), s, Options{Level: Hard, Multi: alg, Threads: 1, Budget: time.Minute})
		if want := tictacchess.MoveOf(2, 2, 3, 4); res.Move != want {
			t.Errorf("%v: played %s, want %s (the block)", alg, s.ShortMove(res.Move), s.ShortMove(want))
		}
		if res.Score < 0 || res.Score > 100 {
			t.Errorf("%v: score %v, want an expected goal in 0–100", alg, res.Score)
		}
	}
}

// "plan" is the model search with its planning tree, "model" without.
func TestPlanAsksForTheTree(t *testing.T) {
	t.Parallel()
	s := tictacchess.New()
	for _, alg := range []Algorithm{Model, Plan} {
		var got modelsearch.Options
		opt := Options{Level: Hard, Multi: alg, Threads: 1, Playouts: 50}
		opt.simTune = func(o *modelsearch.Options) { got = *o }
		Search(context.Background(), s, opt)
		if got.Plan != (alg == Plan) || got.Simulations != 50 {
			t.Errorf("%v: the model search was asked for Plan %v with %d simulations, want %v and 50", alg, got.Plan, got.Simulations, alg == Plan)
		}
	}
}

// With Options.MultiPV the model search lists the best root moves by
// their value, each with the mover's expected goal, the played one first.
func TestModelSearchListsMoves(t *testing.T) {
	t.Parallel()
	s := tictacchess.New()
	res := Search(context.Background(), s, Options{Level: Hard, Multi: Model, Threads: 1, Budget: time.Minute, MultiPV: 3})
	if len(res.Moves) != 3 {
		t.Fatalf("%d moves listed, want 3", len(res.Moves))
	}
	if res.Moves[0].Move != res.Move || res.Moves[0].Score != res.Score {
		t.Errorf("first listed %+v, want the played move %s with its score %v", res.Moves[0], s.ShortMove(res.Move), res.Score)
	}
	for _, mv := range res.Moves {
		if !s.IsLegal(mv.Move) || mv.Score < 0 || mv.Score > 100 {
			t.Errorf("listed %+v: want a legal move with an expected goal in 0–100", mv)
		}
	}
}
