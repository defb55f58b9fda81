package ggp

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
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
	m.searcher = ai.NewSearcher()
	mv, note := m.choose(time.Now().Add(200 * time.Millisecond))
	if !strings.HasPrefix(note, "random: deadline") || !slices.Contains(legalTexts(m.rules, 0, nil), mv) {
		t.Errorf("choose = %q (%s), want a random legal move at the deadline", mv, note)
	}
}

// TestThinkStopsWithinAPlayoutOfTheClock: the search of a GDL turn stops
// within about one playout of its clock running out, however slow the
// sheet's plies: a search that looks at the clock only every so many
// playouts (64 of them for the plain Monte Carlo player) was still
// thinking long after a 1 s play clock on othello under load, and the
// player answered at random. The plies are counted, the clock is a
// cancel at the 500th: nothing is timed.
func TestThinkStopsWithinAPlayoutOfTheClock(t *testing.T) {
	f, _ := games.Lookup("tictactoe")
	v, err := gdl.Load("tictactoe", f.Source)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	plies := gametest.NewPlyCounter(500, cancel)
	m := newMatch(context.Background(), Message{MatchID: "costly", Role: "xplayer", PlayClock: time.Hour}, time.Now())
	m.role, m.level = 0, ai.Hard
	m.rules = gametest.CountPlies(v.New(), plies)
	m.searcher = ai.NewSearcher()
	mv := m.think(ctx, time.Now().Add(time.Hour), m.snapshot(), 1, &bestSoFar{})
	if !slices.Contains(legalTexts(m.rules, 0, nil), mv) {
		t.Errorf("think = %q, want a legal move", mv)
	}
	// A game of tic-tac-toe is at most nine plies; every thread of the
	// search may be in the middle of one.
	if all, late := plies.Plies(); all < 500 || late > 2*9 {
		t.Errorf("%d plies, %d of them after the clock ran out at the 500th; want at most a game per thread", all, late)
	}
}
