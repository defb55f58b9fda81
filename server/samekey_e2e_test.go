package server

import (
	"fmt"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// A second terminal of the same key joins its room: both sessions play
// the seat, the first is told, and when the second closes the seat is not
// away and the first still plays it (real SSH clients, the real client).
func TestSameKeySecondSessionSharesTheSeat(t *testing.T) {
	s := startServer(t, nil)
	obs := createRoom(t, s, "quad5", openSeats(2)...)
	code := obs.Code()
	rng := game.NewRand(7)
	alice := &seat{name: "alice", key: newKey(t)}
	bob := &seat{name: "bob", key: newKey(t)}
	alice.join(t, s.addr, code)
	roomstest.WaitView(t, obs, "alice seated", func(v rooms.RoomView) bool { return v.Seats[0].Name == "alice" })
	bob.join(t, s.addr, code)
	roomstest.WaitView(t, obs, "bob seated", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
	m := alice.term.mark()
	second := openTerm(t, s.addr, termOpts{user: "alice", key: alice.key, command: "join " + code})
	alice.term.waitFor(m, "another session")

	play := func(by *term) {
		t.Helper()
		v := obs.View()
		short, _ := pickMove(t, v, rng)
		n := len(v.Moves)
		by.waitFor(0, fmt.Sprintf("Moves (%d)", n))
		by.typeMove(short)
		roomstest.WaitView(t, obs, fmt.Sprintf("move %d", n+1), func(v rooms.RoomView) bool { return len(v.Moves) > n })
	}
	play(alice.term) // the first session still plays x
	play(bob.term)
	play(second) // and so does the second
	play(bob.term)

	second.close()
	waitUntil(t, "the second session gone", func() bool { return s.Sessions() == 2 })
	if st := obs.View().Seats[0]; st.Kind != rooms.SeatPlayer || !st.Connected {
		t.Fatalf("alice's seat after her second session closed: %+v", st)
	}
	play(alice.term)
}
