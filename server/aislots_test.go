package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// Single-player games over SSH and the rooms' AI seats share the server's
// AI slots: with every slot taken, a player's AI waits (and says so) and
// a room's AI seat waits too; both move once a slot is free.
func TestAISlotsSharedBySessionsAndRooms(t *testing.T) {
	s := startServer(t, func(c *Config) { c.AIConcurrency = 1 })
	slots := s.AISlots()
	if slots.Size() != 1 {
		t.Fatalf("AI slots %d, want 1", slots.Size())
	}
	if err := slots.Acquire(context.Background()); err != nil { // a busy server
		t.Fatal(err)
	}
	held := true
	defer func() {
		if held {
			slots.Release()
		}
	}()

	// A room whose AI seat is to move first.
	room := createRoom(t, s, "quad5", rooms.SeatSpec{Kind: rooms.SeatAI, Level: "easy"}, rooms.SeatSpec{Kind: rooms.SeatPlayer})
	defer room.Leave()

	tm := openTerm(t, s.addr, termOpts{user: "ana", key: newKey(t), width: 100, height: 30})
	tm.waitFor(0, "Quad 5×5")
	tm.send("\r") // Quad 5×5 → setup
	tm.waitFor(0, "Start")
	m := tm.mark()
	tm.send("\r") // start: ana (x) against the AI (o)
	tm.waitFor(m, "enter marks")
	m = tm.mark()
	tm.send("\r") // x marks the centre
	tm.waitFor(m, "waiting for a free slot")
	m = tm.mark()
	tm.send("h") // the board still answers keys
	tm.waitOutput(m)
	time.Sleep(50 * time.Millisecond)
	if n := len(room.View().Moves); n != 0 {
		t.Fatalf("the room's AI moved without a slot: %d moves", n)
	}
	m = tm.mark()
	held = false
	slots.Release()
	tm.waitFor(m, "Moves (2)") // o replied
	roomstest.WaitView(t, room, "the room's AI move", func(v rooms.RoomView) bool { return len(v.Moves) == 1 })
}

// localAIGame opens a session that starts Quad 7×7 (no opening book)
// against the AI — at its strongest, with a minute a move, if long — and
// plays the first mark, so that the AI is to move.
func localAIGame(t *testing.T, s *testServer, name string, long bool) *term {
	t.Helper()
	tm := openTerm(t, s.addr, termOpts{user: name, key: newKey(t), width: 100, height: 30})
	tm.waitFor(0, "Quad 7×7")
	tm.send("j\r") // Quad 7×7 → setup
	tm.waitFor(0, "New game: Quad 7×7")
	tm.waitFor(0, "Start")
	if long {
		m := tm.mark()
		tm.send("++++++") // the AI's time per move, up to a minute
		tm.waitFor(m, "1m0s")
		m = tm.mark()
		tm.send("k") // up to the AI's seat
		tm.waitFor(m, "AI ")
		for i := 0; !strings.Contains(tm.text(m), "AI max"); i++ {
			if i == 6 {
				t.Fatalf("no AI max among the seat's choices:\n%s", tail(tm.text(m)))
			}
			m = tm.mark()
			tm.send("l")
			tm.waitFor(m, "AI ")
		}
		tm.send("j") // down to Start
	}
	m := tm.mark()
	tm.send("\r") // start: the player (x) against the AI (o)
	tm.waitFor(m, "enter marks")
	tm.send("\r") // x marks the centre
	return tm
}

// Finding 7: AI searches outlived their sessions — running on with no
// one to see them, and taking a slot after the session had gone. A
// session that leaves while its search runs frees the slot at once; one
// that leaves while its search waits for a slot never takes one.
func TestSessionsSearchesEndWithIt(t *testing.T) {
	t.Parallel()
	s := startServer(t, func(c *Config) { c.AIConcurrency = 1 })
	slots := s.AISlots()
	ana := localAIGame(t, s, "ana", true)
	waitUntil(t, "ana's search", func() bool { return slots.InUse() == 1 })
	ana.close()
	waitUntil(t, "the slot of ana's search back", func() bool { return slots.InUse() == 0 && s.Sessions() == 0 })

	if err := slots.Acquire(context.Background()); err != nil { // a busy server
		t.Fatal(err)
	}
	bob := localAIGame(t, s, "bob", false)
	bob.waitFor(0, "waiting for a free slot")
	bob.close()
	waitUntil(t, "bob's session gone", func() bool { return s.Sessions() == 0 && slots.Waiting() == 0 })
	slots.Release()
	for end := time.Now().Add(300 * time.Millisecond); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if n := slots.InUse(); n != 0 {
			t.Fatalf("a search of a session that had gone took a slot (%d in use)", n)
		}
	}
}
