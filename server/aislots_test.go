package server

import (
	"context"
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
	tm.waitFor(m, "2. o")
	roomstest.WaitView(t, room, "the room's AI move", func(v rooms.RoomView) bool { return len(v.Moves) == 1 })
}
