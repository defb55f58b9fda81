package server

import (
	"bytes"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// correspondenceRoom makes a two-seat Quad 5×5 room of three days a move
// with the observer watching.
func correspondenceRoom(t *testing.T, s *testServer) rooms.Room {
	t.Helper()
	obs, err := s.Lobby().Create(observer, rooms.RoomSpec{Variant: "quad5", Seats: openSeats(2),
		Clock: rooms.TimeControl{PerMove: 72 * time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(obs.Leave)
	return obs
}

// A correspondence game over SSH: bob leaves his game (his seat waits for
// him) and is at the menu in another session. When ana moves, his
// session says it is his move in that room; a new session of his says how many games wait for his move;
// he comes back to the room and plays, and ana, who is in the room, is
// not sent a notice of it.
func TestTurnNoticeOverSSH(t *testing.T) {
	s := startServer(t, nil)
	obs := correspondenceRoom(t, s)
	code := obs.Code()
	ana := &seat{name: "ana", key: newKey(t)}
	bob := &seat{name: "bob", key: newKey(t)}
	ana.join(t, s.addr, code)
	roomstest.WaitView(t, obs, "ana seated", func(v rooms.RoomView) bool { return v.Seats[0].Connected })
	bob.join(t, s.addr, code)
	roomstest.WaitView(t, obs, "bob seated", func(v rooms.RoomView) bool { return v.Seats[1].Connected })
	bob.term.close()
	roomstest.WaitView(t, obs, "bob's seat held", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })

	menu := openTerm(t, s.addr, termOpts{user: "bob", key: bob.key})
	menu.waitFor(0, "Room list")
	mark := menu.mark()
	rng := game.NewRand(5)
	short, _ := pickMove(t, obs.View(), rng)
	ana.term.waitFor(0, "Moves (0)")
	ana.term.typeMove(short)
	roomstest.WaitView(t, obs, "ana's move", func(v rooms.RoomView) bool { return len(v.Moves) == 1 })
	menu.waitFor(mark, "your move in room "+code)
	menu.close()

	again := openTerm(t, s.addr, termOpts{user: "bob", key: bob.key})
	again.waitFor(0, "your move in 1 game")
	again.close()

	m := ana.term.mark()
	bob.join(t, s.addr, code)
	short, _ = pickMove(t, obs.View(), rng)
	bob.term.waitFor(0, "Moves (1)")
	bob.term.typeMove(short)
	roomstest.WaitView(t, obs, "bob's move", func(v rooms.RoomView) bool { return len(v.Moves) == 2 })
	ana.term.waitFor(m, "Moves (2)")
	if text := ana.term.text(m); bytes.Contains([]byte(text), []byte("your move in room")) {
		t.Fatalf("ana, in the room, was sent a notice:\n%s", text)
	}
}
