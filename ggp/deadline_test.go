package ggp

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

// stuckState is a game whose every move hangs until released: a search
// over it never ends by itself.
type stuckState struct {
	game.State
	release chan struct{}
}

func (s *stuckState) Apply(m game.Move) {
	<-s.release
	s.State.Apply(m)
}

func (s *stuckState) Clone() game.State {
	return &stuckState{State: s.State.Clone(), release: s.release}
}

func (s *stuckState) CopyFrom(src game.State) { s.State.CopyFrom(src.(*stuckState).State) }

// TestChooseAnswersAtTheDeadline: when the search does not come back,
// the player still answers at the deadline, with a random legal move.
func TestChooseAnswersAtTheDeadline(t *testing.T) {
	f, _ := games.Lookup("tictactoe")
	v, err := gdl.Load("tictactoe", f.Source)
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	defer close(release)
	m := newMatch(context.Background(), Message{MatchID: "stuck", Role: "xplayer", PlayClock: time.Second}, time.Now())
	m.role, m.level = 0, ai.Hard
	m.rules = &stuckState{State: v.New(), release: release}
	m.searcher, m.mcts = ai.NewSearcher(), ai.NewMCTSPlayer(1, 24*time.Hour)
	mv, note := m.choose(time.Now().Add(200 * time.Millisecond))
	if !strings.HasPrefix(note, "random: deadline") || !slices.Contains(legalTexts(m.rules, 0, nil), mv) {
		t.Errorf("choose = %q (%s), want a random legal move at the deadline", mv, note)
	}
}
