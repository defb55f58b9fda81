package server

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// hostOn starts a rooms host on the storage layer at dsn, as a server
// node does (its own store value, the store's ratings); it closes when
// the test ends.
func hostOn(t *testing.T, dsn string) *rooms.Host {
	t.Helper()
	db := openDB(t, dsn)
	rs := NewRoomStore(db, false)
	h := rooms.NewHost(rooms.HostConfig{Store: rs, Ratings: rs, Node: db.Node(), SeatHold: time.Hour, AIBudget: 20 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if _, err := h.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

var (
	anaKey = rooms.Player{ID: "SHA256:ana", Name: "ana"}
	bobKey = rooms.Player{ID: "SHA256:bob", Name: "bob"}
)

// quadWin plays, in room a (x) and b (o), a Quad 5×5 game that x wins.
func quadWin(t *testing.T, x, o rooms.Room) {
	t.Helper()
	turns := [][2]int{{2, 2}, {1, 2}, {2, 4}, {1, 3}, {4, 2}, {1, 4}, {4, 4}}
	for i, rc := range turns {
		r := []rooms.Room{x, o}[i%2]
		roomstest.WaitView(t, r, "its turn", func(v rooms.RoomView) bool { return len(v.Moves) == i })
		if err := r.Play(quad.MarkMove(rc[0], rc[1])); err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
	}
}

// Two nodes share a store: ana plays on one, bob on the other. Bob sees
// ana's chat line and her draw offer; the rated game's end shows both
// the rating changes; the rematch they agree on changes colours and shows
// each one's new rating beside the name.
func TestRatedGameAcrossNodes(t *testing.T) {
	sharedBackends(t, func(t *testing.T, dsn string) {
		h1, h2 := hostOn(t, dsn), hostOn(t, dsn)
		a, err := h1.Create(anaKey, rooms.RoomSpec{Variant: "quad5", Rated: true, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Leave()
		b, err := h2.Join(bobKey, a.Code())
		if err != nil {
			t.Fatal(err)
		}
		defer b.Leave()
		// Ana's node hears of bob's seat through the store's event.
		roomstest.WaitView(t, a, "bob seated on ana's node", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatPlayer })
		if err := a.(roomapi.Chatter).Say("good luck"); err != nil {
			t.Fatal(err)
		}
		roomstest.WaitView(t, b, "ana's chat line on bob's node", func(v rooms.RoomView) bool {
			return len(v.Chat) == 1 && v.Chat[0].Text == "good luck"
		})
		if err := a.(roomapi.Dealer).Propose(rooms.OfferDraw); err != nil {
			t.Fatal(err)
		}
		roomstest.WaitView(t, b, "ana's draw offer on bob's node", func(v rooms.RoomView) bool { return v.Offer.Kind == rooms.OfferDraw })
		if err := b.(roomapi.Dealer).Decline(); err != nil {
			t.Fatal(err)
		}
		quadWin(t, a, b)
		for _, r := range []rooms.Room{a, b} {
			v := roomstest.WaitView(t, r, "the rating changes", func(v rooms.RoomView) bool { return v.Finished && len(v.Changes) == 2 })
			if c := v.Changes; c[0].Before != 1500 || c[0].After <= 1500 || c[1].After >= 1500 {
				t.Fatalf("rating changes %+v", c)
			}
		}
		won := a.View().Changes[0].After
		roomstest.WaitView(t, b, "the end on bob's node", func(v rooms.RoomView) bool { return v.Finished })
		if err := b.(roomapi.Dealer).Propose(rooms.OfferRematch); err != nil {
			t.Fatal(err)
		}
		roomstest.WaitView(t, a, "bob's rematch offer", func(v rooms.RoomView) bool { return v.Offer.Kind == rooms.OfferRematch })
		if err := a.(roomapi.Dealer).Propose(rooms.OfferRematch); err != nil {
			t.Fatal(err)
		}
		code := roomstest.WaitView(t, b, "the rematch's room", func(v rooms.RoomView) bool { return v.Rematch != "" }).Rematch
		a2, err := h1.Join(anaKey, code)
		if err != nil {
			t.Fatal(err)
		}
		defer a2.Leave()
		v := a2.View()
		if len(v.You) != 1 || v.You[0] != 1 || v.Seats[1].Rating != won || !strings.Contains(v.Seats[0].Name, "bob") {
			t.Fatalf("ana in the rematch: plays %v, seats %+v; want o, rated %d", v.You, v.Seats, won)
		}
	})
}

// A correspondence game goes on across a restart of its only node: your
// games says whose turn it is and the time left, before and after.
func TestCorrespondenceAcrossARestart(t *testing.T) {
	dsn := t.TempDir() + "/tabletop.db"
	h := hostOn(t, dsn)
	a, err := h.Create(anaKey, rooms.RoomSpec{Variant: "quad5", Clock: rooms.TimeControl{PerMove: 72 * time.Hour},
		Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := h.Join(bobKey, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Play(quad.MarkMove(3, 3)); err != nil {
		t.Fatal(err)
	}
	b.Leave()
	a.Leave()
	h.Close()

	h = hostOn(t, dsn)
	games := h.YourGames(bobKey)
	if len(games) != 1 || !games[0].YourTurn || games[0].TimeLeft < 71*time.Hour || games[0].Moves != 1 {
		t.Fatalf("bob's games after the restart %+v", games)
	}
	notices := make(chan rooms.TurnNotice, 1)
	defer h.WatchTurns(anaKey, func(n rooms.TurnNotice) {
		select {
		case notices <- n:
		default:
		}
	})()
	b, err = h.Join(bobKey, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Leave()
	if err := b.Play(quad.MarkMove(2, 2)); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-notices:
		if n.Code != a.Code() || n.Opponent != "bob" {
			t.Fatalf("ana's notice %+v", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ana heard nothing of her move")
	}
	if g := h.YourGames(anaKey); len(g) != 1 || !g[0].YourTurn {
		t.Fatalf("ana's games %+v", g)
	}
}

// A chat line reads the same before and after the room reloads its record
// from the store (as it does when a rated game ends), so a client does not
// take it for a new line and show it again over the game's result.
func TestChatLineSurvivesAReload(t *testing.T) {
	sharedBackends(t, func(t *testing.T, dsn string) {
		h := hostOn(t, dsn)
		a, err := h.Create(anaKey, rooms.RoomSpec{Variant: "quad5", Rated: true, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Leave()
		b, err := h.Join(bobKey, a.Code())
		if err != nil {
			t.Fatal(err)
		}
		defer b.Leave()
		if err := a.(roomapi.Chatter).Say("good luck"); err != nil {
			t.Fatal(err)
		}
		said := roomstest.WaitView(t, b, "ana's line", func(v rooms.RoomView) bool { return len(v.Chat) == 1 }).Chat[0]
		quadWin(t, a, b)
		v := roomstest.WaitView(t, b, "the rating changes", func(v rooms.RoomView) bool { return len(v.Changes) == 2 })
		if len(v.Chat) != 1 || !v.Chat[0].Same(said) {
			t.Fatalf("after the game's end the chat is %+v; want the one line %+v", v.Chat, said)
		}
	})
}
