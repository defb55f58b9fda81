package ggp

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// TestPlayerReadyWhileTheRulesLoad: a sheet that is not ready by the
// start clock is answered ready in time, and the player plays the whole
// game under a Game Manager with no move replaced once it is loaded
// (here during the first turn, which the player answers with its only
// move, tic-tac-toe's waiting move).
func TestPlayerReadyWhileTheRulesLoad(t *testing.T) {
	p, srv, log := newTestPlayer(t, PlayerConfig{Level: ai.Easy})
	release := holdLoads(p)
	v, rules := sheet(t, "tictactoe")
	turns := 0
	stuckFor := 1 // the turns played before the rules are ready
	var reports []string
	rec, err := RunGame(context.Background(), Game{
		MatchID: "slow", Variant: v, Rules: rules,
		Seats: []Seat{
			{Name: "random", Local: countingPlayer{ai.NewRandomPlayer(2), func() {
				if turns++; turns == stuckFor {
					close(release)
				}
			}}},
			{Name: "tabletop", Remote: &Remote{URL: srv.URL}},
		},
		StartClock: time.Second, PlayClock: time.Second, Grace: time.Second, // ample: a loaded machine is slow
		Report: func(s string) { reports = append(reports, s) },
	})
	if err != nil || !rec.IsCompleted {
		t.Fatalf("RunGame: %v", err)
	}
	if len(reports) > 0 {
		t.Errorf("the player was reported: %q", reports)
	}
	if !strings.Contains(log.String(), `note="still loading the rules"`) {
		t.Errorf("the start was not answered before the rules loaded:\n%s", log)
	}
}

// TestPlayerCatchesUpAfterLoading walks a match by hand: the plays that
// come while the ground rules load are answered with a legal move of the
// rules read top-down, and once they are loaded the player replays the
// moves it was sent meanwhile and answers from its search.
func TestPlayerCatchesUpAfterLoading(t *testing.T) {
	p, srv, _ := newTestPlayer(t, PlayerConfig{Level: ai.Easy})
	release := holdLoads(p)
	_, rules := sheet(t, "tictactoe")
	steps := []struct{ body, want string }{
		{fmt.Sprintf("(start c1 oplayer (%s) 1 0.5)", rules), "ready"},
		{"(play c1 nil)", "noop"},
		{"(play c1 ((mark 1 1) noop))", "a mark"}, // the sheet's text alone would say noop, not legal here
		{"(play c1 (noop (mark 2 2)))", "noop"},
	}
	for _, st := range steps {
		status, reply := post(t, srv.URL, st.body)
		ok := reply == st.want
		if st.want == "a mark" {
			ok = strings.HasPrefix(reply, "(mark ") && !strings.Contains(reply, "1 1)")
		}
		if status != 200 || !ok {
			t.Fatalf("%s: %d %q, want %s", st.body, status, reply, st.want)
		}
	}
	close(release)
	// The next play comes once the load is over: on a loaded machine the
	// load could otherwise outlast the play clock, and the reply would
	// rightly be a guess again.
	p.mu.Lock()
	m := p.matches["c1"]
	p.mu.Unlock()
	<-m.loaded
	status, reply := post(t, srv.URL, "(play c1 ((mark 3 3) noop))")
	if status != 200 || !strings.HasPrefix(reply, "(mark ") || strings.Contains(reply, "1 1") || strings.Contains(reply, "2 2") || strings.Contains(reply, "3 3") {
		t.Errorf("after loading: %d %q, want a legal mark on a free cell", status, reply)
	}
}

// holdLoads makes p's rule sheets load only once release is closed: a
// sheet that takes as long as the test wants.
func holdLoads(p *Player) (release chan struct{}) {
	release = make(chan struct{})
	p.loadRules = func(src []byte, lim gdl.Limits) (*game.Variant, error) {
		<-release
		return gdl.LoadWithLimits("ggp", src, lim)
	}
	return release
}

// countingPlayer calls moved before each of its moves.
type countingPlayer struct {
	ai.Player
	moved func()
}

func (c countingPlayer) Choose(ctx context.Context, s game.State) game.Move {
	c.moved()
	return c.Player.Choose(ctx, s)
}

// TestGuessMove: the guess is a move the rules give the role in every
// position when there is one, else a ground move of its legal rules.
func TestGuessMove(t *testing.T) {
	tests := []struct{ sheet, role, want string }{
		{"(role a) (legal a wait) (<= (legal a (go ?x)) (f ?x))", "a", "wait"},
		{"(role xPlayer) (<= (legal xPlayer noop) (true (control oPlayer)))", "XPLAYER", "noop"},
		{"(role a) (role b) (<= (legal ?r pass) (role ?r))", "b", "pass"},
		{"(role a) (<= (legal a (go ?x)) (f ?x))", "a", "noop"},
		{"(role a", "a", "noop"},
	}
	for _, tt := range tests {
		if got := guessMove([]byte(tt.sheet), tt.role); got != tt.want {
			t.Errorf("guessMove(%q, %s) = %q, want %q", tt.sheet, tt.role, got, tt.want)
		}
	}
}

// A load that ends between a play's wait and its turn at the match has
// played the moves kept for it: the play's own moves follow on its
// rules, and are not kept for a load that is over.
func TestPlayAfterTheLoadEndedFollowsItsRules(t *testing.T) {
	_, rules := sheet(t, "tictactoe")
	v, err := gdl.Load("ggp", rules)
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(context.Background(), Message{MatchID: "race", Role: "oplayer", Rules: rules, PlayClock: time.Second}, time.Now())
	defer m.abort()
	// The rules are set as load sets them, but loaded is not closed yet:
	// the play's wait ends without them.
	m.role, m.rules, m.level, m.searcher = v.RoleIndexFold("oplayer"), v.New(), ai.Easy, ai.NewSearcher()
	reply, note, err := m.play([]string{"(mark 1 1)", "noop"}, time.Now())
	if err != nil || m.steps != 1 || len(m.pending) != 0 {
		t.Fatalf("reply %q (%s), %v: %d steps on the rules, %d joint moves kept; want 1 and 0", reply, note, err, m.steps, len(m.pending))
	}
	if !strings.HasPrefix(reply, "(mark ") || strings.Contains(reply, "1 1)") {
		t.Fatalf("reply %q, want a mark on a free cell", reply)
	}
}
