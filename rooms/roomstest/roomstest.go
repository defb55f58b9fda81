// Package roomstest holds helpers for tests that drive rooms through
// their contract.
package roomstest

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/rooms"
)

// WaitView waits (at most 10 s) for a view of r satisfying ok, reading the
// member's mailbox as a client does, and returns it; what names the wait
// in the failure message.
func WaitView(t testing.TB, r rooms.Room, what string, ok func(rooms.RoomView) bool) rooms.RoomView {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		v := r.View()
		if ok(v) {
			return v
		}
		select {
		case <-r.Updates():
		case <-deadline:
			t.Fatalf("timed out waiting for %s; last view %+v", what, v)
		}
	}
}

// Buffer is a bytes.Buffer safe for concurrent use: where a test's
// servers and hosts write their logs.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p under the lock, so the server and the test may share it.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// NodeChange is a change another node makes to a room just before this
// node stores a move in it, and how the mover's view shows it.
type NodeChange struct {
	Name   string
	Change func(t testing.TB, other rooms.Room)
	Seen   func(v rooms.RoomView) bool
}

// NodeChanges are the changes of the second seat's player on the other
// node: a chat line, and the seat given up.
func NodeChanges() []NodeChange {
	return []NodeChange{
		{"a chat line", func(t testing.TB, b rooms.Room) {
			if err := b.(roomapi.Chatter).Say("hello"); err != nil {
				t.Error(err)
			}
		}, func(v rooms.RoomView) bool { return len(v.Chat) == 1 && v.Chat[0].Text == "hello" }},
		{"a seat given up", func(t testing.TB, b rooms.Room) { b.Leave() },
			func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatOpen }},
	}
}

// MoverSeesChange has the mover (on one node, with bob seated from the
// other) play move while the other node makes c just before the move is
// stored (arm runs its function once, right before the store takes the
// next move), then checks that the mover's copy shows the change and
// that no move or chat line is lost or doubled against the store's
// record (load).
func MoverSeesChange(t *testing.T, c NodeChange, mover, other rooms.Room, move game.Move,
	arm func(before func()), load func(code string) (rooms.Record, error)) {
	t.Helper()
	WaitView(t, mover, "bob seated on the other node", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
	arm(func() { c.Change(t, other) })
	if err := mover.Play(move); err != nil {
		t.Fatal(err)
	}
	v := WaitView(t, mover, c.Name+" on the mover's node", c.Seen)
	rec, err := load(mover.Code())
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Moves) != 1 || len(rec.Moves) != 1 || len(v.Chat) != len(rec.Chat) {
		t.Fatalf("the mover's copy has %d moves and %d chat lines, the store %d and %d", len(v.Moves), len(v.Chat), len(rec.Moves), len(rec.Chat))
	}
}
