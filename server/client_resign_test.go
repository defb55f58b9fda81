package server

import (
	"testing"
	"time"

	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/rooms"
)

// A session's handle on a room passes a resignation on: the room's own
// handle takes it, and the session's wrapper must not hide it.
func TestSessionRoomTakesResignations(t *testing.T) {
	h := rooms.NewHost(rooms.HostConfig{SeatHold: time.Minute})
	defer h.Close()
	ana := newSessionLobby(h, rooms.Player{ID: "SHA256:ana", Name: "ana"})
	bob := newSessionLobby(h, rooms.Player{ID: "SHA256:bob", Name: "bob"})
	a, err := ana.Create(ana.player, rooms.RoomSpec{Variant: "quad5", Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(bob.player, a.Code()); err != nil {
		t.Fatal(err)
	}
	rs, ok := a.(roomapi.Resigner)
	if !ok {
		t.Fatal("a session's room handle cannot resign")
	}
	if err := rs.Resign(0); err != nil {
		t.Fatal(err)
	}
	if v := a.View(); !v.Finished || v.Result != "x resigned: o wins" {
		t.Fatalf("finished %v, result %q", v.Finished, v.Result)
	}
}
