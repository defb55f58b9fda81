package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/board"
)

// runUntil runs cmd and the commands its messages bring, as a program
// would, until the board reports done or n messages have been handled.
func runUntil(m *Model, cmd tea.Cmd, n int, done func() bool) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 && n > 0 && !done() {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if batch, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, batch...)
			continue
		}
		n--
		_, next := m.Update(msg)
		queue = append(queue, next)
	}
}

// A hot-seat game's clock that runs out ends the game on time, as a
// room's does: the player loses and the others win.
func TestLocalClockFlagFallEndsTheGame(t *testing.T) {
	m, _ := newTestClient(t, "quad5", 80, 24)
	sv, err := savefmt.ParseSave([]byte("tabletop save 1\nvariant quad5\nseat x human:ana\nseat o human:bo\nclock 5m0s+3s 30ms 5m0s\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := board.BoardFromSave(m.c, sv)
	if err != nil {
		t.Fatal(err)
	}
	m.cur = b
	runUntil(m, b.Init(), 50, b.Ended)
	if !b.Ended() || !strings.Contains(b.Match.Result(), "x lost on time: o wins") {
		t.Fatalf("ended %v, result %q", b.Ended(), b.Match.Result())
	}
	if v := viewText(m); !strings.Contains(v, "ana 0:00") || !strings.Contains(v, "bo 5:00") {
		t.Fatalf("the clocks are not shown:\n%s", v)
	}
	m.Update(keyMsg("u"))
	if !b.Ended() {
		t.Fatal("undo took back a loss on time")
	}
	m.Update(keyMsg("R")) // a rematch has the same clocks, full
	nb, ok := m.cur.(*board.BoardScreen)
	if !ok || nb == b || !strings.Contains(viewText(m), "5:00") {
		t.Fatalf("the rematch has no clocks:\n%s", viewText(m))
	}
}

// The clocks hand over with each move, with the increment, and are
// kept in the save; the setup offers them with c.
func TestLocalClockRunsAndIsSaved(t *testing.T) {
	m, b := newTestClient(t, "quad5", 80, 24)
	b.SetClock(roomapi.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second})
	b.Init() // the clocks start; their ticks are not run
	for _, mv := range []string{"r3c3", "r2c2"} {
		for _, msg := range typeMove(mv) {
			m.Update(msg)
		}
	}
	waitWrites(m)
	data, err := b.Common.Store.Load()
	if err != nil || !strings.Contains(string(data), "\nclock 5m0s+3s 5m") {
		t.Fatalf("saved:\n%s (%v)", data, err)
	}
	sv, err := savefmt.ParseSave(data)
	if err != nil || len(sv.ClockLeft) != 2 || sv.ClockLeft[0] <= 5*time.Minute || sv.ClockLeft[1] <= 5*time.Minute {
		t.Fatalf("both clocks should have had an increment: %v (%v)", sv.ClockLeft, err)
	}
	if v := viewText(m); !strings.Contains(v, "x-player 5:0") {
		t.Fatalf("the clocks are not shown:\n%s", v)
	}
	// p stops the clocks of a game between people, and starts them again.
	m.Update(keyMsg("p"))
	if !b.Match.AI().Paused || !strings.Contains(b.Status, "clocks paused") {
		t.Fatalf("p in a game with clocks: paused %v, status %q", b.Match.AI().Paused, b.Status)
	}
	stopped := viewText(m)
	if data := lm(b).Record(); data.Clock.Initial != 5*time.Minute {
		t.Fatalf("the record's clock: %+v", data.Clock)
	}
	m.Update(keyMsg("p"))
	if b.Match.AI().Paused || !strings.Contains(stopped, "clocks paused") {
		t.Fatalf("p again: paused %v:\n%s", b.Match.AI().Paused, stopped)
	}

	m, _ = newTestClient(t, "quad5", 80, 24)
	m.Update(keyMsg("n")) // the setup of a new game
	m.Update(keyMsg("c"))
	if v := viewText(m); !strings.Contains(v, "clock: 5 min + 3 s") {
		t.Fatalf("c does not choose a clock:\n%s", v)
	}
}
