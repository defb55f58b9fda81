package rooms_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/rooms"
)

func resign(t *testing.T, r rooms.Room, role game.Role) error {
	t.Helper()
	rs, ok := r.(roomapi.Resigner)
	if !ok {
		t.Fatal("a room handle cannot resign")
	}
	return rs.Resign(role)
}

// In a four-player room a resignation drops the player out: the others
// play on, its turns are passed, and a restart keeps it. The last player
// left wins.
func TestFourPlayerRoomResignation(t *testing.T) {
	st := rooms.NewMemoryStore()
	cfg := rooms.HostConfig{Store: st, SeatHold: time.Hour, Exclusive: true}
	h1 := startHost(t, cfg)
	seats := []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}, {Kind: rooms.SeatOpen}, {Kind: rooms.SeatOpen}}
	a, err := h1.Create(ana, rooms.RoomSpec{Variant: "tictacchess", Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	code := a.Code()
	b, _ := h1.Join(bob, code)
	c, _ := h1.Join(cy, code)
	d, _ := h1.Join(dee, code)
	if err := resign(t, c, tictacchess.Red); err == nil {
		t.Fatal("cy resigned for ana's seat")
	}
	if err := resign(t, c, tictacchess.Blue); err != nil { // while red is to move
		t.Fatal(err)
	}
	if v := a.View(); v.Finished || !strings.Contains(v.Note, "cy resigned") {
		t.Fatalf("after blue resigned: finished %v, note %q", v.Finished, v.Note)
	}
	if v := c.View(); !strings.HasPrefix(v.Leaving, "you resigned") {
		t.Fatalf("cy's quit prompt says %q", v.Leaving)
	}
	if err := a.Play(tictacchess.MoveOf(1, 4, 2, 2)); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(tictacchess.MoveOf(4, 1, 3, 3)); err != nil {
		t.Fatal(err)
	}
	if err := c.Play(tictacchess.MoveOf(7, 4, 5, 3)); err == nil {
		t.Fatal("blue played after resigning")
	}
	h1.Close()

	h2 := startHost(t, cfg)
	defer h2.Close()
	d2, err := h2.Join(dee, code)
	if err != nil {
		t.Fatal(err)
	}
	v := d2.View()
	if len(v.Moves) != 3 || v.Moves[0] != "(resign blue)" || !strings.HasSuffix(v.Position, " green 4 resigned:b") {
		t.Fatalf("after the restart: moves %q, position %q", v.Moves, v.Position)
	}
	if err := d2.Play(tictacchess.MoveOf(4, 7, 5, 5)); err != nil {
		t.Fatal(err)
	}
	a2, _ := h2.Join(ana, code)
	b2, _ := h2.Join(bob, code)
	if err := resign(t, a2, tictacchess.Red); err != nil {
		t.Fatal(err)
	}
	if err := resign(t, d2, tictacchess.Green); err != nil {
		t.Fatal(err)
	}
	v = b2.View()
	if !v.Finished || !strings.Contains(v.Note, "yellow wins") || !strings.Contains(v.Note, "last player") {
		t.Fatalf("with yellow alone: finished %v, note %q", v.Finished, v.Note)
	}
	_ = d
}

// In a two-player room a resignation ends the game: the other wins.
func TestTwoPlayerRoomResignation(t *testing.T) {
	l := testLobby(time.Minute)
	defer l.Close()
	a, err := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Join(bob, a.Code())
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	if err := resign(t, b, 1); err != nil {
		t.Fatal(err)
	}
	v := a.View()
	if !v.Finished || v.Note != "p2 resigned: p1 wins" {
		t.Fatalf("finished %v, note %q", v.Finished, v.Note)
	}
	if err := resign(t, a, 0); err == nil {
		t.Fatal("resigned after the end")
	}
}
