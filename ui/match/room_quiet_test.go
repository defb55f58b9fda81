package match

import (
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
)

// A clock's tick redraws the board only when the text of a clock turned
// over: a tick that finds every clock showing what it showed is quiet.
func TestClockTickIsQuietWhenItsTextStays(t *testing.T) {
	t.Parallel()
	r, room, _ := talkMatch(t)
	show(r, room, func(v *roomapi.RoomView) {
		// x's clock runs, from 2:00.5 as of now; o's stands at 3:00.
		v.Clocks, v.ClockTurn, v.ClockAt = []time.Duration{2*time.Minute + 500*time.Millisecond, 3 * time.Minute}, 0, time.Now()
	})
	r.Start()
	shown := r.SeatName(game.Role(0))
	// A tick now finds the same texts: nothing to draw.
	if _, ok := r.Update(roomClockMsg{r.waitGen}); !ok || !r.Quiet() {
		t.Fatalf("a tick with the clocks as shown: handled %v, quiet %v (x %q)", ok, r.Quiet(), r.SeatName(game.Role(0)))
	}
	// Half a second on, x's clock shows a second less: drawn.
	room.view.ClockAt = room.view.ClockAt.Add(-600 * time.Millisecond)
	r.view.ClockAt = room.view.ClockAt
	if r.Update(roomClockMsg{r.waitGen}); r.Quiet() || r.SeatName(game.Role(0)) == shown {
		t.Fatalf("a tick that turned x's clock over is quiet (%v), x shows %q, was %q", r.Quiet(), r.SeatName(game.Role(0)), shown)
	}
	// A tick of a board left behind is quiet.
	if r.Update(roomClockMsg{r.waitGen - 1}); !r.Quiet() {
		t.Fatal("an old tick is not quiet")
	}
}
