package rooms_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// dealer is a room handle's offers, as a client asks for them.
func dealer(t *testing.T, r rooms.Room) roomapi.Dealer {
	t.Helper()
	d, ok := r.(roomapi.Dealer)
	if !ok {
		t.Fatalf("%T has no offers (roomapi.Dealer)", r)
	}
	return d
}

// onlineHost is a host on a memory store for the offer and chat tests.
func onlineHost(t *testing.T) (*rooms.Host, *rooms.MemoryStore) {
	st := rooms.NewMemoryStore()
	h := startHost(t, rooms.HostConfig{Store: st, Exclusive: true, SeatHold: time.Hour})
	t.Cleanup(h.Close)
	return h, st
}

// A draw offered by one player and accepted by the other ends the game
// drawn (equal goals), stored; the offer is seen by both meanwhile, and a
// move declines it.
func TestDrawOfferAndAccept(t *testing.T) {
	h, st := onlineHost(t)
	a, b := pair(t, h, rooms.RoomSpec{Rated: true})
	if err := dealer(t, a).Propose(rooms.OfferDraw); err != nil {
		t.Fatal(err)
	}
	v := roomstest.WaitView(t, b, "the draw offer", func(v rooms.RoomView) bool { return v.Offer.Kind == rooms.OfferDraw })
	if v.Offer.From != 0 || !v.Offer.Agreed[0] || v.Offer.Agreed[1] || !strings.Contains(v.Note, "ana offers a draw") {
		t.Fatalf("offer %+v, note %q", v.Offer, v.Note)
	}
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	if v := b.View(); v.Offer.Kind != "" {
		t.Fatalf("the offerer's move kept the offer %+v", v.Offer)
	}
	if err := dealer(t, b).Propose(rooms.OfferDraw); err != nil {
		t.Fatal(err)
	}
	if err := dealer(t, a).Propose(rooms.OfferDraw); err != nil {
		t.Fatal(err)
	}
	v = a.View()
	if !v.Finished || !strings.Contains(v.Note, "drawn by agreement") {
		t.Fatalf("after both agreed: finished %v, note %q", v.Finished, v.Note)
	}
	if rec := stored(t, st, a.Code()); !rec.Finished || !strings.Contains(rec.Result, "drawn") {
		t.Fatalf("stored %+v", rec)
	}
	if err := dealer(t, b).Propose(rooms.OfferDraw); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("a draw offer after the end: %v", err)
	}
}

// Declining an offer clears it for both; a spectator may not offer.
func TestDeclineAndSpectatorOffers(t *testing.T) {
	h, _ := onlineHost(t)
	a, b := pair(t, h, rooms.RoomSpec{})
	c, err := h.Join(rooms.Player{ID: "SHA256:cy", Name: "cy"}, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	if err := dealer(t, c).Propose(rooms.OfferDraw); err == nil {
		t.Fatal("a spectator offered a draw")
	}
	if err := dealer(t, b).Propose(rooms.OfferDraw); err != nil {
		t.Fatal(err)
	}
	if err := dealer(t, a).Decline(); err != nil {
		t.Fatal(err)
	}
	v := b.View()
	if v.Offer.Kind != "" || v.Finished || !strings.Contains(v.Note, "ana declines the draw") {
		t.Fatalf("after the decline: offer %+v, finished %v, note %q", v.Offer, v.Finished, v.Note)
	}
	if err := dealer(t, a).Decline(); err == nil {
		t.Fatal("declined an offer that is not there")
	}
}

// A takeback in an unrated game takes back the asker's last turn and the
// moves since, once the other agrees: the store keeps the moves before
// it, the view says the moves were rewritten, and the asker moves again.
// A rated game refuses takebacks.
func TestTakebackUnratedOnly(t *testing.T) {
	h, st := onlineHost(t)
	a, b := pair(t, h, rooms.RoomSpec{})
	for i, r := range []rooms.Room{a, b, a} {
		if err := r.Play(1); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	// bob's last turn is move 2: it and ana's reply go.
	if err := dealer(t, b).Propose(rooms.OfferTakeback); err != nil {
		t.Fatal(err)
	}
	before := a.View().Rewrites
	if err := dealer(t, a).Propose(rooms.OfferTakeback); err != nil {
		t.Fatal(err)
	}
	v := b.View()
	if len(v.Moves) != 1 || v.Rewrites == before || v.Offer.Kind != "" {
		t.Fatalf("after the takeback: moves %v, rewrites %d (was %d), offer %+v", v.Moves, v.Rewrites, before, v.Offer)
	}
	if rec := stored(t, st, a.Code()); len(rec.Moves) != 1 {
		t.Fatalf("stored moves %v, want 1", rec.Moves)
	}
	if err := b.Play(2); err != nil {
		t.Fatalf("bob moves again after the takeback: %v", err)
	}

	ra, _ := pair(t, h, rooms.RoomSpec{Rated: true})
	if err := ra.Play(1); err != nil {
		t.Fatal(err)
	}
	if err := dealer(t, ra).Propose(rooms.OfferTakeback); err == nil || !strings.Contains(err.Error(), "unrated") {
		t.Fatalf("a takeback in a rated game: %v", err)
	}
}

// Against the AI alone a takeback needs nobody's agreement.
func TestTakebackAgainstTheAI(t *testing.T) {
	h, _ := onlineHost(t)
	a, err := h.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatAI, Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, a, "the AI's reply", func(v rooms.RoomView) bool { return len(v.Moves) == 2 })
	if err := dealer(t, a).Propose(rooms.OfferTakeback); err != nil {
		t.Fatal(err)
	}
	if v := a.View(); len(v.Moves) != 0 {
		t.Fatalf("moves after the takeback %v, want none", v.Moves)
	}
	if err := dealer(t, a).Propose(rooms.OfferDraw); err == nil {
		t.Fatal("the AI took a draw offer")
	}
}

// Abort ends a game before every player has moved, with no winner and
// unrated; after that it is refused.
func TestAbortInTheFirstMoves(t *testing.T) {
	h, st := onlineHost(t)
	a, b := pair(t, h, rooms.RoomSpec{Rated: true})
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	if err := dealer(t, b).Abort(); err != nil {
		t.Fatal(err)
	}
	v := a.View()
	if !v.Finished || !strings.Contains(v.Note, "aborted by bob") {
		t.Fatalf("finished %v, note %q", v.Finished, v.Note)
	}
	if rec := stored(t, st, a.Code()); !rec.Finished {
		t.Fatal("the abort was not stored")
	}
	a2, b2 := pair(t, h, rooms.RoomSpec{Rated: true})
	if err := a2.Play(1); err != nil {
		t.Fatal(err)
	}
	if err := b2.Play(1); err != nil {
		t.Fatal(err)
	}
	if err := dealer(t, a2).Abort(); err == nil || !strings.Contains(err.Error(), "too late") {
		t.Fatalf("abort after both moved: %v", err)
	}
}

// A rematch, once both agree after the end, is a new room with the
// colours changed, its seats held for the players' keys; both views name
// it, and a second rematch offer is refused.
func TestRematchChangesColours(t *testing.T) {
	h, _ := onlineHost(t)
	a, b := pair(t, h, rooms.RoomSpec{})
	if err := dealer(t, a).Propose(rooms.OfferRematch); err == nil {
		t.Fatal("a rematch offered before the end")
	}
	if err := dealer(t, b).Abort(); err != nil {
		t.Fatal(err)
	}
	if err := dealer(t, a).Propose(rooms.OfferRematch); err != nil {
		t.Fatal(err)
	}
	if err := dealer(t, b).Propose(rooms.OfferRematch); err != nil {
		t.Fatal(err)
	}
	v := roomstest.WaitView(t, a, "the rematch's code", func(v rooms.RoomView) bool { return v.Rematch != "" })
	b2, err := h.Join(bob, v.Rematch)
	if err != nil {
		t.Fatal(err)
	}
	a2, err := h.Join(ana, v.Rematch)
	if err != nil {
		t.Fatal(err)
	}
	v2 := a2.View()
	if len(v2.You) != 1 || v2.You[0] != 1 || len(b2.View().You) != 1 || b2.View().You[0] != 0 {
		t.Fatalf("rematch seats: ana %v, bob %v; want them swapped", v2.You, b2.View().You)
	}
	if err := b2.Play(1); err != nil {
		t.Fatalf("bob opens the rematch: %v", err)
	}
	if err := dealer(t, a).Propose(rooms.OfferRematch); err == nil {
		t.Fatal("a second rematch of one game")
	}
}

// The chat: a seated player's line reaches everyone, sanitized (escape
// sequences and control characters gone, one line); a spectator reads but
// may not write unless the room says so; a burst past the rate and an
// over-long line are refused.
func TestChatLimits(t *testing.T) {
	h, st := onlineHost(t)
	a, b := pair(t, h, rooms.RoomSpec{})
	c, err := h.Join(rooms.Player{ID: "SHA256:cy", Name: "cy"}, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	say := func(r rooms.Room, text string) error { return r.(roomapi.Chatter).Say(text) }
	if err := say(a, "hi\x1b[2J\x1b]52;c;AAAA\x07 there\n\tbob\u202e"); err != nil {
		t.Fatal(err)
	}
	v := roomstest.WaitView(t, c, "the chat line", func(v rooms.RoomView) bool { return len(v.Chat) == 1 })
	if got := v.Chat[0]; got.Text != "hi[2J]52;c;AAAA there bob" || got.Name != "ana" || got.Seat != 0 {
		t.Fatalf("chat line %+v", got)
	}
	if v.MayChat || !a.View().MayChat {
		t.Fatalf("may chat: spectator %v, player %v", v.MayChat, a.View().MayChat)
	}
	if err := say(c, "hello"); err == nil {
		t.Fatal("a spectator wrote in the chat")
	}
	if err := say(b, strings.Repeat("x", rooms.MaxChatLen+1)); err == nil {
		t.Fatal("an over-long line was taken")
	}
	if err := say(b, " \x07 "); err == nil {
		t.Fatal("an empty line was taken")
	}
	for i := 0; i < 3; i++ {
		if err := say(a, "line"); err != nil {
			t.Fatalf("line %d of the burst: %v", i+2, err)
		}
	}
	if err := say(a, "one too many"); err == nil || !strings.Contains(err.Error(), "slow down") {
		t.Fatalf("past the rate: %v", err)
	}
	if err := say(b, "bob may still talk"); err != nil {
		t.Fatal(err)
	}
	if rec := stored(t, st, a.Code()); len(rec.Chat) != 5 {
		t.Fatalf("stored chat %d lines, want 5", len(rec.Chat))
	}

	open, _ := pair(t, h, rooms.RoomSpec{SpectatorChat: true})
	c2, err := h.Join(rooms.Player{Name: "guest"}, open.Code())
	if err != nil {
		t.Fatal(err)
	}
	if err := say(c2, "may I?"); err != nil {
		t.Fatalf("a spectator where the room lets them write: %v", err)
	}
}

// It becomes bob's move in a room he is not looking at: his watch hears
// it once, naming the room and who moved; ana, who just moved, hears
// nothing. Your games list the room with whose turn it is.
func TestTurnNoticeAndYourGames(t *testing.T) {
	h, _ := onlineHost(t)
	a, b := pair(t, h, rooms.RoomSpec{Clock: rooms.TimeControl{PerMove: 72 * time.Hour}})
	notices, anas := watchTurns(t, h, bob), watchTurns(t, h, ana)
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-notices:
		if n.Code != a.Code() || n.Opponent != "ana" {
			t.Fatalf("notice %+v", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no notice of bob's move")
	}
	select {
	case n := <-anas:
		t.Fatalf("ana heard of a turn that is not hers: %+v", n)
	default:
	}
	games := h.YourGames(bob)
	if len(games) != 1 || !games[0].YourTurn || games[0].ToMove != 1 || games[0].TimeLeft <= 0 || games[0].TimeLeft > 72*time.Hour {
		t.Fatalf("bob's games %+v", games)
	}
	if games := h.YourGames(ana); len(games) != 1 || games[0].YourTurn {
		t.Fatalf("ana's games %+v", games)
	}
	if err := b.Play(1); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-anas:
		if n.Opponent != "bob" {
			t.Fatalf("ana's notice %+v", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no notice of ana's move")
	}
}

// The live games are the games in progress, the highest rated first.
func TestLiveGamesByRating(t *testing.T) {
	st := rooms.NewMemoryStore()
	ratings := fixedRatings{"SHA256:ana": 1500, "SHA256:bob": 1600, "SHA256:cy": 2100, "SHA256:di": 1400}
	h := startHost(t, rooms.HostConfig{Store: st, Exclusive: true, Ratings: ratings})
	t.Cleanup(h.Close)
	low, _ := pair(t, h, rooms.RoomSpec{Rated: true})
	if err := low.Play(1); err != nil {
		t.Fatal(err)
	}
	cy, di := rooms.Player{ID: "SHA256:cy", Name: "cy"}, rooms.Player{ID: "SHA256:di", Name: "di"}
	high, err := h.Create(di, rooms.RoomSpec{Variant: nim2.Name, Rated: true, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Join(cy, high.Code()); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}}); err != nil {
		t.Fatal(err)
	}
	live := h.LiveGames()
	if len(live) != 2 || live[0].Code != high.Code() || live[1].Code != low.Code() {
		t.Fatalf("live games %+v: want %s (cy 2100) then %s, not the waiting room", live, high.Code(), low.Code())
	}
	if s := live[0].Seats; s[0].Rating != 1400 || s[1].Rating != 2100 {
		t.Fatalf("ratings beside the names: %+v", s)
	}
	if s := high.View().Seats; s[1].Rating != 2100 {
		t.Fatalf("the room's view of cy's rating: %+v", s)
	}
}

// fixedRatings is a RatingReader of fixed ratings.
type fixedRatings map[string]float64

func (f fixedRatings) Rating(_ context.Context, player, _ string) (float64, error) {
	return f[player], nil
}

// watchTurns collects p's turn notices on h until the test ends.
func watchTurns(t *testing.T, h *rooms.Host, p rooms.Player) <-chan rooms.TurnNotice {
	ch := make(chan rooms.TurnNotice, 16)
	stop := h.WatchTurns(p, func(n rooms.TurnNotice) {
		select {
		case ch <- n:
		default:
		}
	})
	t.Cleanup(stop)
	return ch
}

// In a game of four, a draw needs every player: it waits until the last
// of them agrees.
func TestDrawOfFourNeedsEveryone(t *testing.T) {
	h, _ := onlineHost(t)
	players := []rooms.Player{ana, bob, {ID: "SHA256:cy", Name: "cy"}, {ID: "SHA256:di", Name: "di"}}
	a, err := h.Create(ana, rooms.RoomSpec{Variant: nim4.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}, {Kind: rooms.SeatOpen}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	seats := []rooms.Room{a}
	for _, p := range players[1:] {
		r, err := h.Join(p, a.Code())
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, r)
	}
	for i, r := range seats {
		if err := dealer(t, r).Propose(rooms.OfferDraw); err != nil {
			t.Fatalf("%s: %v", players[i].Name, err)
		}
		if done := a.View().Finished; done != (i == len(seats)-1) {
			t.Fatalf("after %d of 4 agreed: finished %v", i+1, done)
		}
	}
}
