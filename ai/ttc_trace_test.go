package ai

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

// TestTraceTicTacChess prints one game of hard against mcts (set
// TABLETOP_TRACE=1); a tool for looking at the play, not a check.
func TestTraceTicTacChess(t *testing.T) {
	if os.Getenv("TABLETOP_TRACE") == "" {
		t.Skip("set TABLETOP_TRACE=1")
	}
	var seed uint64 = 3
	fmt.Sscan(os.Getenv("TABLETOP_TRACE"), &seed)
	players := []Player{
		NewAIPlayer("hard", Options{Level: Hard, Budget: 200 * time.Millisecond}),
		NewMCTSPlayer(seed, 200*time.Millisecond),
		NewAIPlayer("hard", Options{Level: Hard, Budget: 200 * time.Millisecond}),
		NewMCTSPlayer(seed+1, 200*time.Millisecond),
	}
	if os.Getenv("TABLETOP_TRACE_RANDOM") != "" {
		for i := 1; i < 4; i++ {
			players[i] = NewRandomPlayer(seed + uint64(i))
		}
	}
	for _, p := range players {
		if g, ok := p.(interface{ NewGame(uint64) }); ok {
			g.NewGame(seed)
		}
	}
	var s game.State = tictacchess.New()
	for !s.Terminal() {
		m := players[s.ToMove()].Choose(context.Background(), s)
		st := s.(*tictacchess.State)
		fmt.Println(st.String(), " ", st.FormatMove(m))
		s.Apply(m)
	}
	fmt.Println(s.(*tictacchess.State).String())
}
