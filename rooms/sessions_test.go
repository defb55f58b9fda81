package rooms_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// A seat belongs to its key: a second session of ana's key plays her seat
// too, the first is told and keeps playing, and her seat is neither shown
// away nor held while either session is in the room.
func TestSecondSessionOfAKeySharesTheSeat(t *testing.T) {
	l := testLobby(20 * time.Millisecond) // a wrongly held seat would go to the AI at once
	defer l.Close()
	a1, err := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}, AfterHold: rooms.SeatAI})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Join(bob, a1.Code())
	a2, err := l.Join(ana, a1.Code())
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range []rooms.Room{a1, a2} {
		if y := a.View().You; len(y) != 1 || y[0] != 0 {
			t.Fatalf("ana's session %d plays %v, want [0]", i+1, y)
		}
	}
	if n := a1.View().Note; !strings.Contains(n, "another session") {
		t.Fatalf("the first session was not told of the second: note %q", n)
	}
	if err := a1.Play(1); err != nil {
		t.Fatalf("first session refused: %v", err)
	}
	if err := b.Play(1); err != nil {
		t.Fatal(err)
	}
	if err := a2.Play(1); err != nil {
		t.Fatalf("second session refused: %v", err)
	}
	if err := b.Play(1); err != nil {
		t.Fatal(err)
	}
	a2.Leave()
	time.Sleep(60 * time.Millisecond) // past the hold, had the seat been held
	v := a1.View()
	if s := v.Seats[0]; s.Kind != rooms.SeatPlayer || !s.Connected {
		t.Fatalf("ana's seat after her second session left: %+v", s)
	}
	if strings.Contains(v.Note, "left") {
		t.Fatalf("note %q announces a leave while ana is still here", v.Note)
	}
	if err := a1.Play(1); err != nil {
		t.Fatalf("first session refused after the second left: %v", err)
	}
	// The key's last session leaving holds the seat as before.
	a1.Leave()
	roomstest.WaitView(t, b, "ana's seat to the AI", func(v rooms.RoomView) bool { return v.Seats[0].Kind == rooms.SeatAI })
}

// Two sessions of one watcher's key: one leaving announces nothing, the
// last one does; a watcher's move is refused as watching.
func TestWatcherSessionsOfAKey(t *testing.T) {
	l := testLobby(time.Hour)
	defer l.Close()
	a, _ := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	l.Join(bob, a.Code())
	c1, _ := l.Join(cy, a.Code())
	c2, _ := l.Join(cy, a.Code())
	if err := c1.Play(1); err == nil || !strings.Contains(err.Error(), "watching") {
		t.Fatalf("a watcher's move: %v, want \"you are watching\"", err)
	}
	c2.Leave()
	if n := a.View().Note; strings.Contains(n, "cy left") {
		t.Fatalf("note %q while cy still watches", n)
	}
	c1.Leave()
	roomstest.WaitView(t, a, "cy left", func(v rooms.RoomView) bool { return v.Note == "cy left" })
}
