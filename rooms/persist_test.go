package rooms_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

func startHost(t *testing.T, cfg rooms.HostConfig) *rooms.Host {
	t.Helper()
	h := rooms.NewHost(cfg)
	if _, err := h.Start(); err != nil {
		t.Fatal(err)
	}
	return h
}

// A room outlives its host: a second host on the same store (a restart)
// has its moves, seats and options, holds the players' seats for their
// keys, and the game goes on to the end.
func TestRoomSurvivesARestart(t *testing.T) {
	st := rooms.NewMemoryStore()
	h1 := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour, Exclusive: true})
	a, err := h1.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}, Spectators: rooms.SpectatorsKeys, AfterHold: rooms.SeatAI})
	if err != nil {
		t.Fatal(err)
	}
	code := a.Code()
	b, _ := h1.Join(bob, code)
	if err := a.Play(2); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(1); err != nil {
		t.Fatal(err)
	}
	h1.Close()

	h2 := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour, Exclusive: true})
	defer h2.Close()
	if h2.Len() != 1 {
		t.Fatalf("%d rooms after the restart, want 1", h2.Len())
	}
	if _, err := h2.Join(rooms.Player{Name: "guest"}, code); err == nil {
		t.Fatal("a guest watches a room for key holders only")
	}
	b2, err := h2.Join(bob, code)
	if err != nil {
		t.Fatal(err)
	}
	v := b2.View()
	if len(v.Moves) != 2 || v.Seats[0].Kind != rooms.SeatHeld || v.Seats[1].Kind != rooms.SeatPlayer {
		t.Fatalf("after the restart: moves %v, seats %+v", v.Moves, v.Seats)
	}
	if yours := h2.YourGames(ana); len(yours) != 1 || yours[0].Code != code {
		t.Fatalf("ana's games %+v", yours)
	}
	a2, _ := h2.Join(ana, code)
	for _, step := range []struct {
		r rooms.Room
		n int
	}{{a2, 2}, {b2, 2}} {
		if err := step.r.Play(nimTake(step.n)); err != nil {
			t.Fatal(err)
		}
	}
	if v := a2.View(); !v.Finished || len(v.Moves) != 4 {
		t.Fatalf("game not over after the restart: %+v", v)
	}
}

// A stored room whose moves do not replay is quarantined, not loaded,
// and the host still starts.
func TestRoomThatDoesNotReplayIsQuarantined(t *testing.T) {
	st := rooms.NewMemoryStore()
	good := rooms.Record{Code: "GOOD", Variant: nim2.Name, Start: nim2.New().String(), Seats: []rooms.SeatRecord{{Kind: rooms.SeatPlayer, PlayerID: ana.ID, Name: ana.Name}, {Kind: rooms.SeatOpen}}, AfterHold: rooms.SeatOpen}
	bad := good
	bad.Code, bad.Moves = "BADD", []string{"(take 1)", "(take 9)"}
	for _, rec := range []rooms.Record{good, bad} {
		if err := st.Create(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
	}
	h := startHost(t, rooms.HostConfig{Store: st, Exclusive: true})
	defer h.Close()
	if h.Len() != 1 {
		t.Fatalf("%d rooms loaded, want the good one", h.Len())
	}
	if _, err := st.Load(context.Background(), "BADD"); !errors.Is(err, rooms.ErrNoRoom) {
		t.Fatalf("quarantined room still live: %v", err)
	}
}

// Two hosts on one store are two nodes: each sees the other's moves, and
// of two moves for the same turn exactly one is accepted.
func TestTwoHostsShareARoom(t *testing.T) {
	st := rooms.NewMemoryStore()
	a, b, h2 := twoNodeRoom(t, rooms.HostConfig{Store: st, SeatHold: time.Hour}, rooms.RoomSpec{})
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, b, "ana's move on the other node", func(v rooms.RoomView) bool { return len(v.Moves) == 1 })
	// ana joins on the second node too (a second connection of her key):
	// both connections race for her turn; one move is stored.
	a2, err := h2.Join(ana, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Play(1); err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, a, "bob's move", func(v rooms.RoomView) bool { return len(v.Moves) == 2 })
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, r := range []rooms.Room{a, a2} {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = r.Play(nimTake(1)) }()
	}
	wg.Wait()
	roomstest.WaitView(t, b, "ana's third move", func(v rooms.RoomView) bool { return len(v.Moves) >= 3 })
	time.Sleep(50 * time.Millisecond) // let any wrongly accepted second move surface
	if n := len(b.View().Moves); n != 3 {
		t.Fatalf("%d moves stored, want 3 (errors %v)", n, errs)
	}
	rec, _ := st.Load(context.Background(), a.Code())
	if len(rec.Moves) != 3 {
		t.Fatalf("store has %d moves", len(rec.Moves))
	}
}

// twoNodeRoom starts two hosts with cfg (closed at the test's end) and a
// room of nim2 made with spec on the first, where ana plays the first
// seat; bob joins the second on the other host. It returns ana's and
// bob's places once ana's node has seen bob seated, and bob's host.
func twoNodeRoom(t *testing.T, cfg rooms.HostConfig, spec rooms.RoomSpec) (a, b rooms.Room, h2 *rooms.Host) {
	t.Helper()
	h1 := startHost(t, cfg)
	t.Cleanup(h1.Close)
	h2 = startHost(t, cfg)
	t.Cleanup(h2.Close)
	spec.Variant, spec.Seats = nim2.Name, []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}
	a, err := h1.Create(ana, spec)
	if err != nil {
		t.Fatal(err)
	}
	if b, err = h2.Join(bob, a.Code()); err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, a, "bob seated on the other node", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
	return a, b, h2
}

// A room with a clock ends on time when the mover lets it run out.
func TestRoomClockRunsOut(t *testing.T) {
	st := rooms.NewMemoryStore()
	h := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour})
	defer h.Close()
	a, err := h.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}},
		Clock: rooms.TimeControl{Initial: time.Hour, Increment: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if v := a.View(); v.Clocks == nil || v.ClockTurn != -1 {
		t.Fatalf("clock before play: %v turn %d", v.Clocks, v.ClockTurn)
	}
	b, _ := h.Join(bob, a.Code())
	if v := a.View(); v.ClockTurn != 0 || v.Clocks[1] != time.Hour {
		t.Fatalf("clock at the start: %v turn %d", v.Clocks, v.ClockTurn)
	}
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	v := b.View()
	if v.ClockTurn != 1 || v.Clocks[0] <= time.Hour-time.Minute || v.Clocks[0] > time.Hour+time.Second {
		t.Fatalf("clock after ana's move (increment added): %v turn %d", v.Clocks, v.ClockTurn)
	}

	// A fast clock runs out.
	c, err := h.Create(cy, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}},
		Clock: rooms.TimeControl{Initial: 30 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := h.Join(dee, c.Code())
	v = roomstest.WaitView(t, d, "cy's flag", func(v rooms.RoomView) bool { return v.Finished })
	if !strings.Contains(v.Note, "p1 lost on time") {
		t.Fatalf("note %q", v.Note)
	}
	if err := c.Play(nimTake(1)); err == nil {
		t.Fatal("played after the flag")
	}
}

func nimTake(n int) game.Move { return game.Move(n) }

// The store deletes only a room without moves: a host deletes a room its
// players left before the first move, and its copy may have missed a
// move made through another host.
func TestDeleteKeepsARoomWithMoves(t *testing.T) {
	ctx := context.Background()
	st := rooms.NewMemoryStore()
	for _, code := range []string{"EMPT", "MOVE"} {
		if err := st.Create(ctx, rooms.Record{Code: code, Variant: "quad7"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.AppendMove(ctx, "MOVE", rooms.MoveRecord{Number: 0, Text: "a1"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Delete(ctx, "MOVE"); !errors.Is(err, rooms.ErrStale) {
		t.Fatalf("deleting a room with a move: %v", err)
	}
	if rec, err := st.Load(ctx, "MOVE"); err != nil || len(rec.Moves) != 1 {
		t.Fatalf("the room after the refused delete: %+v, %v", rec, err)
	}
	if err := st.Delete(ctx, "EMPT"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Load(ctx, "EMPT"); !errors.Is(err, rooms.ErrNoRoom) {
		t.Fatalf("the deleted room: %v", err)
	}
}
