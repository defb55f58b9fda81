package store

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// TestOfferCompareAndSet: an offer is written at the room's version and
// read by another node; a stale version loses; a move clears it; once the
// game is over an offer (a rematch) is still taken.
func TestOfferCompareAndSet(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		r := twoSeatRoom("OFFR", true, "fp-a", "fp-b")
		r.Options.SpectatorChat = true
		r.Seats[0].Rating = 1712.5
		mustCreate(t, a, r)
		v, err := a.SetOffer(ctx, "OFFR", 1, "draw 0 10")
		if err != nil || v != 2 {
			t.Fatalf("offer: version %d, %v", v, err)
		}
		got, err := b.Room(ctx, "OFFR")
		if err != nil || got.Offer != "draw 0 10" || !got.Options.SpectatorChat || got.Seats[0].Rating != 1712.5 {
			t.Fatalf("room on the other node: offer %q, spectator chat %v, rating %v, %v", got.Offer, got.Options.SpectatorChat, got.Seats[0].Rating, err)
		}
		if _, err := b.SetOffer(ctx, "OFFR", 1, "draw 1 01"); !errors.Is(err, ErrConflict) {
			t.Fatalf("offer at a stale version: %v, want a conflict", err)
		}
		if _, err := a.AppendMove(ctx, "OFFR", Move{Number: 0, Text: "m1", Seat: 0, At: t0}); err != nil {
			t.Fatal(err)
		}
		if got, _ := b.Room(ctx, "OFFR"); got.Offer != "" {
			t.Fatalf("offer after a move %q, want none", got.Offer)
		}
		if _, err := a.FinishRoom(ctx, "OFFR", Finish{Moves: 1, Goals: []int{100, 0}, At: t0}); err != nil {
			t.Fatal(err)
		}
		got, _ = b.Room(ctx, "OFFR")
		if _, err := b.SetOffer(ctx, "OFFR", got.Version, "rematch 0 11 K7QX"); err != nil {
			t.Fatalf("a rematch offer after the end: %v", err)
		}
		if _, err := b.SetOffer(ctx, "OFFR", got.Version, "rematch 1 11"); !errors.Is(err, ErrConflict) {
			t.Fatalf("a stale offer after the end: %v, want a conflict", err)
		}
		if len(got.Changes) != 2 || got.Changes[0].Before != 1500 || got.Changes[0].After <= 1500 {
			t.Fatalf("the finished rated room's rating changes %+v", got.Changes)
		}
	})
}

// TestTakeBack: the moves after keep go, at the room's version only; the
// next move is number keep; a finished room takes none.
func TestTakeBack(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		mustCreate(t, a, twoSeatRoom("TKBK", false, "fp-a", "fp-b"))
		var v int64
		for i, m := range []string{"m1", "m2", "m3"} {
			var err error
			if v, err = a.AppendMove(ctx, "TKBK", Move{Number: i, Text: m, Seat: i % 2, At: t0}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := b.TakeBack(ctx, "TKBK", v-1, 1, t0); !errors.Is(err, ErrConflict) {
			t.Fatalf("takeback at a stale version: %v", err)
		}
		if _, err := b.TakeBack(ctx, "TKBK", v, 1, t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		got, err := a.Room(ctx, "TKBK")
		if err != nil || !reflect.DeepEqual(got.Moves, []string{"m1"}) || !got.TurnStarted.Equal(t0.Add(time.Minute)) {
			t.Fatalf("after the takeback: moves %v, turn from %v, %v", got.Moves, got.TurnStarted, err)
		}
		if _, err := a.AppendMove(ctx, "TKBK", Move{Number: 1, Text: "m2b", Seat: 1, At: t0}); err != nil {
			t.Fatalf("the move after the takeback: %v", err)
		}
		if _, err := a.FinishRoom(ctx, "TKBK", Finish{Moves: 2, Goals: []int{0, 100}, At: t0}); err != nil {
			t.Fatal(err)
		}
		got, _ = a.Room(ctx, "TKBK")
		if _, err := a.TakeBack(ctx, "TKBK", got.Version, 1, t0); !errors.Is(err, ErrClosed) {
			t.Fatalf("takeback after the end: %v, want ErrClosed", err)
		}
	})
}

// TestChatKeepsTheLatest: lines written on two nodes are read in order,
// the latest ChatKept of them; each moves the room's version; they go
// with the room.
func TestChatKeepsTheLatest(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		mustCreate(t, a, twoSeatRoom("CHAT", false, "fp-a", "fp-b"))
		var last int64
		for i := range ChatKept + 5 {
			node := []*Store{a, b}[i%2]
			v, err := node.AddChat(ctx, "CHAT", ChatLine{Seat: i%2 - 1, Name: "ana", Text: fmt.Sprintf("line %d", i), At: t0.Add(time.Duration(i) * time.Second)})
			if err != nil || v <= last {
				t.Fatalf("line %d: version %d after %d, %v", i, v, last, err)
			}
			last = v
		}
		got, err := a.Room(ctx, "CHAT")
		if err != nil || len(got.Chat) != ChatKept || got.Version != last {
			t.Fatalf("chat %d lines at version %d (want %d, %d), %v", len(got.Chat), got.Version, ChatKept, last, err)
		}
		first, end := got.Chat[0], got.Chat[ChatKept-1]
		if first.Text != "line 5" || end.Text != fmt.Sprintf("line %d", ChatKept+4) || first.Seat != 0 || !first.At.Equal(t0.Add(5*time.Second)) {
			t.Fatalf("chat from %+v to %+v", first, end)
		}
		if _, err := a.AddChat(ctx, "NONE", ChatLine{Text: "x", At: t0}); !errors.Is(err, ErrNoRoom) {
			t.Fatalf("chat in no room: %v", err)
		}
		if err := a.DeleteRoom(ctx, "CHAT", 0); err != nil {
			t.Fatalf("deleting a room with chat: %v", err)
		}
	})
}

// TestPlayerPage: a player's rating after each rated game of a variant,
// oldest first, and their record against another (an aborted game counts
// for nothing).
func TestPlayerPage(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		results := [][]int{{100, 0}, {0, 100}, {50, 50}, {100, 0}}
		for i, goals := range results {
			code := fmt.Sprintf("PP%02d", i)
			mustCreate(t, s, twoSeatRoom(code, true, "fp-a", "fp-b"))
			if _, err := s.AppendMove(ctx, code, Move{Number: 0, Text: "m1", At: t0}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.FinishRoom(ctx, code, Finish{Moves: 1, Goals: goals, At: t0.Add(time.Duration(i) * time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		mustCreate(t, s, twoSeatRoom("PPAB", true, "fp-a", "fp-b"))
		if _, err := s.FinishRoom(ctx, "PPAB", Finish{Moves: 0, Goals: []int{0, 0}, Reason: "aborted", Unrated: true, At: t0.Add(9 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		hist, err := s.RatingHistory(ctx, "fp-a", "pentago", 0)
		if err != nil || len(hist) != len(results) {
			t.Fatalf("rating history %+v, %v", hist, err)
		}
		ra, _ := s.Ratings(ctx, "fp-a")
		if hist[0].Rating <= 1500 || hist[1].Rating >= hist[0].Rating || hist[3].Rating != ra[0].Rating || !hist[3].At.After(hist[0].At) {
			t.Fatalf("rating history %+v; rating now %v", hist, ra[0].Rating)
		}
		if h, _ := s.RatingHistory(ctx, "fp-a", "pentago", 2); len(h) != 2 || h[1].Rating != hist[3].Rating {
			t.Fatalf("the latest two: %+v", h)
		}
		tally, err := s.Versus(ctx, "fp-a", "fp-b")
		if err != nil || tally != (Tally{Wins: 2, Losses: 1, Draws: 1}) {
			t.Fatalf("fp-a against fp-b: %+v, %v", tally, err)
		}
		if tally, _ := s.Versus(ctx, "fp-b", "fp-a"); tally != (Tally{Wins: 1, Losses: 2, Draws: 1}) {
			t.Fatalf("fp-b against fp-a: %+v", tally)
		}
	})
}
