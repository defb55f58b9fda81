package rooms_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

func testLobby(hold time.Duration) *rooms.Host {
	return rooms.NewHost(rooms.HostConfig{SeatHold: hold})
}

var (
	ana = rooms.Player{ID: "SHA256:ana", Name: "ana"}
	bob = rooms.Player{ID: "SHA256:bob", Name: "bob"}
	cy  = rooms.Player{ID: "SHA256:cy", Name: "cy"}
	dee = rooms.Player{ID: "SHA256:dee", Name: "dee"}
	eve = rooms.Player{ID: "SHA256:eve", Name: "eve"}
)

func TestRoomTwoPlayersToTheEnd(t *testing.T) {
	l := testLobby(time.Minute)
	defer l.Close()
	a, err := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Play(1); err == nil {
		t.Fatal("played before the second player joined")
	}
	list := l.List()
	if len(list) != 1 || list[0].Code != a.Code() || !rooms.HasOpen(list[0].Seats) {
		t.Fatalf("room list %+v", list)
	}
	b, err := l.Join(bob, strings.ToLower(a.Code()))
	if err != nil {
		t.Fatal(err)
	}
	if got := b.View().You; len(got) != 1 || got[0] != 1 {
		t.Fatalf("bob plays %v, want [1]", got)
	}
	spec, err := l.Join(cy, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	if len(spec.View().You) != 0 {
		t.Fatal("third person got a seat")
	}
	if err := spec.Play(1); err == nil {
		t.Fatal("spectator played")
	}
	if err := b.Play(1); err == nil {
		t.Fatal("bob played out of turn")
	}
	// pile 7: ana 2, bob 2, ana 2, bob 1 → bob takes the last.
	turns := []struct {
		who rooms.Room
		m   game.Move
	}{{a, 2}, {b, 2}, {a, 2}, {b, 1}}
	for i, tt := range turns {
		if err := tt.who.Play(tt.m); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		want := i + 1
		for _, r := range []rooms.Room{a, b, spec} {
			roomstest.WaitView(t, r, "the move", func(v rooms.RoomView) bool { return len(v.Moves) == want })
		}
	}
	for _, r := range []rooms.Room{a, b, spec} {
		v := r.View()
		if !v.Finished || !strings.Contains(v.Note, "p2 wins") {
			t.Fatalf("after the last move: finished=%v note=%q", v.Finished, v.Note)
		}
		if v.Position != "0 0 1" || v.Moves[0] != "(take 2)" {
			t.Fatalf("position %q moves %v", v.Position, v.Moves)
		}
	}
	if err := a.Play(1); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("playing after the end: %v, want game.ErrGameOver", err)
	}
	if l.List()[0].Finished != true {
		t.Fatal("list does not show the game finished")
	}
	a.Leave()
	b.Leave()
	spec.Leave()
	if l.Len() != 0 {
		t.Fatalf("%d rooms left after everyone left", l.Len())
	}
}

func TestRoomAISeat(t *testing.T) {
	l := testLobby(time.Minute)
	defer l.Close()
	a, err := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatAI, Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	for !a.View().Finished {
		v := a.View()
		if len(v.Moves)%2 == 0 {
			if err := a.Play(1); err != nil {
				t.Fatal(err)
			}
		}
		n := len(a.View().Moves)
		roomstest.WaitView(t, a, "the AI's move", func(v rooms.RoomView) bool { return v.Finished || len(v.Moves) > n && !v.Thinking })
	}
	if v := a.View(); v.Seats[1].Kind != rooms.SeatAI || v.Seats[1].Name != "easy" {
		t.Fatalf("AI seat view %+v", v.Seats[1])
	}
}

func TestRoomFourSeats(t *testing.T) {
	l := testLobby(time.Minute)
	defer l.Close()
	a, err := l.Create(ana, rooms.RoomSpec{Variant: nim4.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}, {Kind: rooms.SeatOpen}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	members := []rooms.Room{a}
	for _, p := range []rooms.Player{bob, cy, dee} {
		r, err := l.Join(p, a.Code())
		if err != nil {
			t.Fatal(err)
		}
		members = append(members, r)
	}
	for i, r := range members {
		if y := r.View().You; len(y) != 1 || int(y[0]) != i {
			t.Fatalf("player %d plays %v", i, y)
		}
	}
	for ply := 0; !a.View().Finished; ply++ {
		if err := members[ply%4].Play(1); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	// pile 9, everyone takes 1: the 9th move is p1's.
	if v := members[3].View(); !strings.Contains(v.Note, "p1 wins") {
		t.Fatalf("note %q", v.Note)
	}
}

func TestRoomHoldAndRejoin(t *testing.T) {
	l := testLobby(time.Hour) // never expires during this test
	defer l.Close()
	a, _ := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}, AfterHold: rooms.SeatAI})
	b, _ := l.Join(bob, a.Code())
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	b.Leave()
	v := roomstest.WaitView(t, a, "bob's seat held", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })
	if v.Seats[1].Connected {
		t.Fatal("held seat shown connected")
	}
	// Somebody else cannot take a held seat.
	e, _ := l.Join(eve, a.Code())
	if len(e.View().You) != 0 {
		t.Fatal("eve took bob's held seat")
	}
	if err := b.Play(1); err == nil {
		t.Fatal("a member that left could still play")
	}
	b2, err := l.Join(bob, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	if y := b2.View().You; len(y) != 1 || y[0] != 1 {
		t.Fatalf("bob back as %v", y)
	}
	if err := b2.Play(2); err != nil {
		t.Fatalf("bob resumes: %v", err)
	}
	roomstest.WaitView(t, a, "bob's move", func(v rooms.RoomView) bool { return len(v.Moves) == 2 && v.Seats[1].Connected })
}

func TestRoomHoldExpires(t *testing.T) {
	l := testLobby(20 * time.Millisecond)
	defer l.Close()
	a, _ := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}, AfterHold: rooms.SeatAI})
	b, _ := l.Join(bob, a.Code())
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	b.Leave()
	// After the hold the AI takes bob's seat and plays his move.
	roomstest.WaitView(t, a, "the AI in bob's seat", func(v rooms.RoomView) bool {
		return v.Seats[1].Kind == rooms.SeatAI && len(v.Moves) == 2
	})
	// bob coming back now is a spectator.
	b2, _ := l.Join(bob, a.Code())
	if len(b2.View().You) != 0 {
		t.Fatal("bob got his seat back after the hold")
	}
}

func TestRoomGuestLeavesOpensSeat(t *testing.T) {
	l := testLobby(time.Hour)
	defer l.Close()
	guest := rooms.Player{Name: "guest-abcd"}
	a, _ := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	g, _ := l.Join(guest, a.Code())
	g.Leave()
	// A guest cannot come back as the same person, so nothing is held.
	roomstest.WaitView(t, a, "the guest's seat open", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatOpen })
	c, _ := l.Join(cy, a.Code())
	if y := c.View().You; len(y) != 1 || y[0] != 1 {
		t.Fatalf("cy plays %v", y)
	}
}

func TestRoomSlowReaderDoesNotStall(t *testing.T) {
	l := testLobby(time.Hour)
	defer l.Close()
	a, _ := l.Create(ana, rooms.RoomSpec{Variant: nim4.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatPlayer}, {Kind: rooms.SeatPlayer}, {Kind: rooms.SeatPlayer}}})
	// A spectator that never reads its mailbox.
	sleeper, _ := l.Join(bob, a.Code())
	for i := 0; i < 9; i++ {
		if err := a.Play(1); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(sleeper.Updates()); n != 1 {
		t.Fatalf("mailbox holds %d signals, want exactly the latest one", n)
	}
	if v := sleeper.View(); !v.Finished || len(v.Moves) != 9 {
		t.Fatalf("late reader sees %+v", v)
	}
}

func TestCreateRejectsBadSpecs(t *testing.T) {
	l := testLobby(time.Hour)
	defer l.Close()
	bad := []rooms.RoomSpec{
		{Variant: "nope", Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}}},
		{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}}},
		{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: "robot"}}},
		{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatAI, Level: "godlike"}}},
		{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}, AfterHold: rooms.SeatPlayer},
	}
	for _, spec := range bad {
		if _, err := l.Create(ana, spec); err == nil {
			t.Errorf("Create(%+v) accepted", spec)
		}
	}
	if _, err := l.Join(ana, "ZZZZ"); err == nil {
		t.Error("joined a room that does not exist")
	}
	if l.Len() != 0 {
		t.Errorf("%d rooms after bad specs", l.Len())
	}
}

// BenchmarkYourGames: a key's games among a thousand rooms, as every
// session with a key asks when it starts.
func BenchmarkYourGames(b *testing.B) {
	h := testLobby(time.Hour)
	defer h.Close()
	for i := range 1000 {
		p := rooms.Player{ID: fmt.Sprintf("SHA256:p%d", i), Name: fmt.Sprintf("p%d", i)}
		if _, err := h.Create(p, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}}); err != nil {
			b.Fatal(err)
		}
	}
	p := rooms.Player{ID: "SHA256:p500", Name: "p500"}
	b.ReportAllocs()
	for b.Loop() {
		if g := h.YourGames(p); len(g) != 1 {
			b.Fatalf("%d games", len(g))
		}
	}
}
