package server

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// roomListItem is the room list's place in the menu of a server without
// ratings, for a player without a saved game (below the six games and
// Create room and Join room).
const roomListItem = 8

// seatPair has ana and bob, each with a new key, join the observed room
// obs over SSH at addr, in that order, and waits until both are seated.
func seatPair(t *testing.T, addr string, obs rooms.Room) (ana, bob *seat) {
	t.Helper()
	ana = &seat{name: "ana", key: newKey(t)}
	bob = &seat{name: "bob", key: newKey(t)}
	ana.join(t, addr, obs.Code())
	roomstest.WaitView(t, obs, "ana seated", func(v rooms.RoomView) bool { return v.Seats[0].Connected })
	bob.join(t, addr, obs.Code())
	roomstest.WaitView(t, obs, "bob seated", func(v rooms.RoomView) bool { return v.Seats[1].Connected })
	return ana, bob
}

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
// him) and is at the room list in another session, where he turns the
// bell on. When ana moves, his session says it is his move in that room
// and rings the bell; a new session of his says how many games wait for his move;
// he comes back to the room and plays, and ana, who is in the room, is
// not sent a notice of it.
func TestTurnNoticeOverSSH(t *testing.T) {
	s := startServer(t, nil)
	obs := correspondenceRoom(t, s)
	code := obs.Code()
	ana, bob := seatPair(t, s.addr, obs)
	bob.term.close()
	roomstest.WaitView(t, obs, "bob's seat held", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })

	menu := openTerm(t, s.addr, termOpts{user: "bob", key: bob.key})
	menu.waitFor(0, "Room list")
	// The room list lists his game with whose move it is, and b turns
	// the bell on.
	menu.send(strings.Repeat("\x1b[B", roomListItem))
	menu.send("\r")
	menu.waitFor(0, code)
	menu.waitFor(0, "x to move")
	menu.send("b")
	menu.waitFor(0, "the bell rings")
	mark := menu.mark()
	rng := game.NewRand(5)
	short, _ := pickMove(t, obs.View(), rng)
	ana.term.waitFor(0, "Moves (0)")
	ana.term.typeMove(short)
	roomstest.WaitView(t, obs, "ana's move", func(v rooms.RoomView) bool { return len(v.Moves) == 1 })
	menu.waitFor(mark, "your move in room "+code)
	// The bell goes out between frames, with the program's next flush.
	for deadline := time.Now().Add(10 * time.Second); !bytes.Contains(menu.raw()[mark:], []byte("\a")); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no bell with the notice, though bob turned it on")
		}
	}
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

// say writes a chat line: ' opens the prompt on "say ".
func (tm *term) say(text string) {
	tm.t.Helper()
	m := tm.mark()
	tm.send("'")
	tm.waitFor(m, "say")
	m = tm.mark()
	tm.send(text)
	tm.waitOutput(m)
	tm.send("\r")
}

// A room's offers and chat over SSH, with a spectator: a chat line
// reaches the other player, a spectator may not write and a burst is
// refused, C shows the chat so far; a takeback asked (T) and accepted (T); an abort (X) in the
// first moves; a rematch offered and accepted (R) that both join (R)
// with the colours changed; a draw offered (D) and accepted (D) there;
// and the spectator's TV (v on the room list) watching a live game.
func TestRoomOffersAndChatOverSSH(t *testing.T) {
	s := startServer(t, nil)
	obs := createRoom(t, s, "quad5", openSeats(2)...)
	code := obs.Code()
	ana, bob := seatPair(t, s.addr, obs)
	cy := openTerm(t, s.addr, termOpts{user: "cy", key: newKey(t), command: "join " + code})
	cy.waitFor(0, "watching")

	// The chat.
	m := bob.term.mark()
	ana.term.say("good luck bob")
	bob.term.waitFor(m, "ana: good luck bob")
	cy.waitFor(0, "ana: good luck bob")
	m = cy.mark()
	cy.say("may I?")
	cy.waitFor(m, "spectators read the chat here but do not write")
	m = ana.term.mark()
	for i := range 4 {
		ana.term.say(fmt.Sprintf("line %d", i))
	}
	ana.term.waitFor(m, "slow down")
	// The chat so far, on its own screen, and back to the board.
	m = bob.term.mark()
	bob.term.send("C")
	bob.term.waitFor(m, "Chat: room "+code)
	bob.term.waitFor(m, "ana: line 2")
	m = bob.term.mark()
	bob.term.send("\x1b")
	bob.term.waitFor(m, "Moves (0)")

	// A takeback: ana's first move and bob's reply go.
	rng := game.NewRand(3)
	playOne(t, obs, []*seat{ana, bob}, []*term{cy}, rng)
	playOne(t, obs, []*seat{ana, bob}, []*term{cy}, rng)
	m = bob.term.mark()
	ana.term.send("T")
	bob.term.waitFor(m, "T accepts")
	bob.term.send("T")
	roomstest.WaitView(t, obs, "the moves taken back", func(v rooms.RoomView) bool { return len(v.Moves) == 0 })
	ana.term.waitFor(0, "last move is taken back")

	// An abort in the first moves.
	playOne(t, obs, []*seat{ana, bob}, []*term{cy}, rng)
	m, mb := ana.term.mark(), bob.term.mark()
	bob.term.send("X")
	roomstest.WaitView(t, obs, "the abort", func(v rooms.RoomView) bool { return v.Finished })
	ana.term.waitFor(m, "aborted by bob")
	// Bob's R offers a rematch only once his own screen shows the game
	// over; before, it is no room key (ana's screen may show the abort
	// first, and R then went nowhere: this test timed out under load).
	bob.term.waitFor(mb, "aborted by bob")

	// The rematch, with the colours changed.
	m = ana.term.mark()
	bob.term.send("R")
	ana.term.waitFor(m, "R accepts")
	m = bob.term.mark()
	ana.term.send("R")
	bob.term.waitFor(m, "R joins it")
	next := roomstest.WaitView(t, obs, "the rematch's room", func(v rooms.RoomView) bool { return v.Rematch != "" }).Rematch
	ma, mb := ana.term.mark(), bob.term.mark()
	ana.term.send("R")
	bob.term.send("R")
	ana.term.waitFor(ma, "room "+next)
	bob.term.waitFor(mb, "room "+next)
	obs2, err := s.Lobby().Join(observer, next)
	if err != nil {
		t.Fatal(err)
	}
	defer obs2.Leave()
	v := roomstest.WaitView(t, obs2, "both in the rematch", func(v rooms.RoomView) bool {
		return v.Seats[0].Connected && v.Seats[1].Connected
	})
	if v.Seats[0].Name != "bob" || v.Seats[1].Name != "ana" {
		t.Fatalf("rematch seats %+v: want bob then ana", v.Seats)
	}

	// A spectator's TV finds the rematch, the one live game.
	tv := openTerm(t, s.addr, termOpts{user: "dee", key: newKey(t)})
	tv.waitFor(0, "Room list")
	tv.send(strings.Repeat("\x1b[B", roomListItem) + "\r")
	tv.waitFor(0, "enter join")
	tv.send("v")
	tv.waitFor(0, "TV: the top game")
	tv.waitFor(0, "room "+next)

	// A draw offered and accepted.
	playOne(t, obs2, []*seat{bob, ana}, []*term{tv}, rng)
	m = bob.term.mark()
	ana.term.send("D")
	bob.term.waitFor(m, "D accepts")
	m = tv.mark()
	bob.term.send("D")
	roomstest.WaitView(t, obs2, "the draw", func(v rooms.RoomView) bool { return v.Finished && strings.Contains(v.Result, "drawn by agreement") })
	tv.waitFor(m, "drawn by agreement")
}

// A correspondence game over SSH across a restart of the server: ana
// moves and everyone leaves; the server stops and starts again on its
// store; bob's new session says it is his move in one game, his room
// list says so with the time left, and he plays on from there.
func TestCorrespondenceAcrossARestartOverSSH(t *testing.T) {
	dir := t.TempDir()
	dsn := filepath.Join(dir, "tabletop.db")
	db1 := openDB(t, dsn)
	n1 := startNode(t, dir, NewRoomStore(db1, true), nil)
	obs := correspondenceRoom(t, n1.testServer)
	code := obs.Code()
	ana, bob := seatPair(t, n1.addr, obs)
	rng := game.NewRand(8)
	playOne(t, obs, []*seat{ana, bob}, []*term{bob.term}, rng)
	ana.term.close()
	bob.term.close()
	n1.stop()
	db1.Close()

	n2 := startNode(t, dir, NewRoomStore(openDB(t, dsn), true), nil)
	menu := openTerm(t, n2.addr, termOpts{user: "bob", key: bob.key})
	menu.waitFor(0, "your move in 1 game")
	menu.send(strings.Repeat("\x1b[B", roomListItem) + "\r")
	menu.waitFor(0, "your move, 3d 00h left")
	menu.send("\r")
	menu.waitFor(0, "Moves (1)")
	obs2, err := n2.Lobby().Join(observer, code)
	if err != nil {
		t.Fatal(err)
	}
	defer obs2.Leave()
	bob.term = menu
	playOne(t, obs2, []*seat{ana, bob}, nil, rng)
}
