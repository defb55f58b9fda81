package store

import (
	"reflect"
	"testing"
	"time"
)

// A key holder's game against the AI, not played in a room, is kept in
// the history like a room's: listed for the player and readable with its
// moves; nothing is rated.
func TestRecordGame(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		g := Game{
			Variant: "pentago", Start: "start-position", Result: "game over: white wins", Reason: "resigned",
			Players: []GamePlayer{
				{Seat: 0, Kind: SeatPlayer, Player: "fp-a", Name: "ana", Goal: 100},
				{Seat: 1, Kind: SeatAI, Name: "hard"},
			},
			Moves: []string{"(place a1)", "(twist 1 cw)"}, Created: t0, Finished: t0.Add(time.Minute),
		}
		id, err := s.RecordGame(ctx, g)
		if err != nil || id == "" {
			t.Fatalf("RecordGame: %q, %v", id, err)
		}
		h, err := s.History(ctx, "fp-a", 10)
		if err != nil || len(h) != 1 || h[0].ID != id || h[0].Room != "" || h[0].Rated {
			t.Fatalf("history %+v, %v; want the recorded game", h, err)
		}
		got, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := g
		want.ID = id
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("game read back\n got %+v\nwant %+v", got, want)
		}
		if ra, _ := s.Ratings(ctx, "fp-a"); len(ra) != 0 {
			t.Fatalf("a recorded game rated: %+v", ra)
		}
		if _, err := s.RecordGame(ctx, Game{Variant: "pentago"}); err == nil {
			t.Fatal("a game without players was recorded")
		}
	})
}
