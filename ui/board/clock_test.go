package board

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// A hot-seat game's clock that runs out ends the game on time, as a
// room's does: the player loses and the others win.
func TestLocalClockFlagFallEndsTheGame(t *testing.T) {
	m, _ := newTestClient(t, "quad5", 80, 24)
	sv, err := savefmt.ParseSave([]byte("tabletop save 1\nvariant quad5\nseat x human:ana\nseat o human:bo\nclock 5m0s+3s 30ms 5m0s\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := BoardFromSave(m.C, sv)
	if err != nil {
		t.Fatal(err)
	}
	m.Cur = b
	uitest.RunUntil(m, b.Init(), 50, b.Ended)
	if !b.Ended() || !strings.Contains(b.Match.Result(), "x lost on time: o wins") {
		t.Fatalf("ended %v, result %q", b.Ended(), b.Match.Result())
	}
	if v := uitest.ViewText(m); !strings.Contains(v, "ana 0:00") || !strings.Contains(v, "bo 5:00") {
		t.Fatalf("the clocks are not shown:\n%s", v)
	}
	m.Update(uitest.Key("u"))
	if !b.Ended() {
		t.Fatal("undo took back a loss on time")
	}
	m.Update(uitest.Key("R")) // a rematch has the same clocks, full
	nb, ok := m.Cur.(*BoardScreen)
	if !ok || nb == b || !strings.Contains(uitest.ViewText(m), "5:00") {
		t.Fatalf("the rematch has no clocks:\n%s", uitest.ViewText(m))
	}
}

// The clocks hand over with each move, with the increment, and are
// kept in the save (the setup offers them: TestSetupOffersAClock in
// ui/pages).
func TestLocalClockRunsAndIsSaved(t *testing.T) {
	m, b := newTestClient(t, "quad5", 80, 24)
	b.SetClock(roomapi.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second})
	b.Init() // the clocks start; their ticks are not run
	for _, mv := range []string{"r3c3", "r2c2"} {
		for _, msg := range uitest.TypeMove(mv) {
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
	if v := uitest.ViewText(m); !strings.Contains(v, "x-player 5:0") {
		t.Fatalf("the clocks are not shown:\n%s", v)
	}
	// p stops the clocks of a game between people, and starts them again.
	m.Update(uitest.Key("p"))
	if !b.Match.AI().Paused || !strings.Contains(b.Status, "clocks paused") {
		t.Fatalf("p in a game with clocks: paused %v, status %q", b.Match.AI().Paused, b.Status)
	}
	stopped := uitest.ViewText(m)
	if data := lm(b).Record(); data.Clock.Initial != 5*time.Minute {
		t.Fatalf("the record's clock: %+v", data.Clock)
	}
	m.Update(uitest.Key("p"))
	if b.Match.AI().Paused || !strings.Contains(stopped, "clocks paused") {
		t.Fatalf("p again: paused %v:\n%s", b.Match.AI().Paused, stopped)
	}
}
