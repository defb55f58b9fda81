package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// A watcher in a room who presses a key that plays is told they watch,
// not whose turn it is as if they played.
func TestRoomWatcherIsToldTheyWatch(t *testing.T) {
	room := newFakeRoom("quad5") // no seat of this client's
	m, b := openRoom(t, &fakeLobby{room})
	for _, k := range []string{"enter", ":"} {
		b.SetStatus("", false)
		uitest.Press(m, k)
		if !strings.Contains(b.Status, "you are watching") || strings.Contains(b.Status, "turn") {
			t.Fatalf("watcher pressing %q: status %q", k, b.Status)
		}
	}
	if len(room.moves) != 0 {
		t.Fatalf("a watcher's key played %v", room.moves)
	}
}
