// Package roomstest holds helpers for tests that drive rooms through
// their contract.
package roomstest

import (
	"testing"
	"time"

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
