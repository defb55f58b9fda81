// Package roomstest holds helpers for tests that drive rooms through
// their contract.
package roomstest

import (
	"bytes"
	"sync"
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
