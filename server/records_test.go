package server

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/server/store"
)

// A key holder's finished local game, handed over by the client as it
// does when a game against the AI ends, is in the player's history with
// its moves and result; a guest's client is given nowhere to keep one.
func TestLocalGamesKeptForKeyHolders(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, filepath.Join(dir, "tabletop.db"))
	var mu sync.Mutex
	opts := map[string]ClientOptions{}
	n := startNode(t, dir, NewRoomStore(db, true), func(c *Config) {
		c.NewClient = func(o ClientOptions) tea.Model {
			mu.Lock()
			opts[o.Player.Name] = o
			mu.Unlock()
			return UIClient(o)
		}
	})
	key := newKey(t)
	ana := openTerm(t, n.addr, termOpts{user: "ana", key: key})
	guest := openTerm(t, n.addr, termOpts{user: "gus"})
	ana.waitFor(0, "quit")
	guest.waitFor(0, "quit")
	mu.Lock()
	anaOpts, gusOpts := opts["ana"], opts["gus"]
	mu.Unlock()
	if gusOpts.OnFinished != nil {
		t.Error("a guest's finished games are kept")
	}
	if anaOpts.OnFinished == nil {
		t.Fatal("a key holder's finished games are not kept")
	}

	// A whole game of quad5, ana against the AI, as the client hands it over.
	st, _ := game.NewState("quad5", "")
	rng := game.NewRand(11)
	var moves []string
	for !st.Terminal() {
		m := st.RandomMove(rng)
		moves = append(moves, st.FormatMove(m))
		st.Apply(m)
	}
	fg := savefmt.FinishedGame{
		Game:   savefmt.SavedGame{Variant: "quad5", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: "easy"}}, Moves: moves},
		Result: "game over", Ended: time.Now(),
	}
	where, err := anaOpts.OnFinished(fg)
	if err != nil || !strings.Contains(where, "history") {
		t.Fatalf("kept as %q, %v", where, err)
	}
	hist, err := db.History(context.Background(), fingerprint(key), 10)
	if err != nil || len(hist) != 1 || hist[0].Variant != "quad5" || hist[0].Result != "game over" {
		t.Fatalf("ana's history %+v, %v", hist, err)
	}
	g, err := db.Game(context.Background(), hist[0].ID)
	if err != nil || strings.Join(g.Moves, " ") != strings.Join(moves, " ") {
		t.Fatalf("game %+v, %v", g, err)
	}
	p := g.Players
	if len(p) != 2 || p[0].Name != "ana" || p[1].Kind != store.SeatAI || p[1].Name != "easy" ||
		p[0].Goal != st.Goal(0) || p[1].Goal != st.Goal(1) {
		t.Fatalf("players %+v, want ana and the AI with goals %d, %d", p, st.Goal(0), st.Goal(1))
	}
}

func TestFinalGoals(t *testing.T) {
	tests := []struct {
		name     string
		moves    []string
		resigned string
		want     []int
	}{
		{"resigned", nil, "x", []int{0, 100}},
		{"not over", []string{"(mark 1 1)"}, "", []int{0, 0}},
		{"unreadable", []string{"nonsense"}, "", []int{0, 0}},
	}
	for _, tt := range tests {
		st, _ := game.NewState("quad5", "")
		if tt.resigned != "" {
			tt.resigned = st.Variant().RoleName(0)
		}
		got := finalGoals("quad5", "", tt.moves, tt.resigned, 2)
		if got[0] != tt.want[0] || got[1] != tt.want[1] {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A game whose roles move at once keeps a turn's moves together (a KIF
// list, or a JSON object by role, as a save has them): its goals are
// read by replaying those turns, not zero as for moves that do not
// replay.
func TestFinalGoalsOfAJointGame(t *testing.T) {
	f, ok := games.Lookup("rockpaperscissors")
	if !ok {
		t.Fatal("no bundled rockpaperscissors")
	}
	// Not registered: the menus of the other tests list the registry.
	v, err := gdl.Load("server-rockpaperscissors", f.Source)
	if err != nil {
		t.Fatal(err)
	}
	moves := []string{`{"left":"(throw rock)","right":"(throw scissors)"}`}
	for range 4 {
		moves = append(moves, "((throw paper) (throw rock))")
	}
	if got := finalGoalsFrom(v.New(), moves, "", 2); got[0] != 100 || got[1] != 0 {
		t.Errorf("left won every round: goals %v, want [100 0]", got)
	}
	if got := finalGoalsFrom(v.New(), moves[:4], "", 2); got[0] != 0 || got[1] != 0 {
		t.Errorf("four rounds of five: goals %v, want [0 0]", got)
	}
}
