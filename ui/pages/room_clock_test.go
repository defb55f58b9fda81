package pages

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/match"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
)

func TestFormatClock(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00"},
		{300 * time.Millisecond, "0:01"}, // rounded up: 0:00 means flagged
		{59 * time.Second, "0:59"},
		{5 * time.Minute, "5:00"},
		{time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"},
		{3*24*time.Hour + 5*time.Hour, "3d 05h"},
	} {
		if got := match.FormatClock(c.d); got != c.want {
			t.Errorf("formatClock(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// clockRoom is a room whose view carries clocks.
type clockRoom struct {
	fakeRoom
	view rooms.RoomView
}

func (r *clockRoom) View() rooms.RoomView { return r.view }

// The seats' names carry their clocks; the running one counts down from
// the view's moment, the other stands still, and ticks follow.
func TestRoomSeatNamesShowClocks(t *testing.T) {
	v, _ := game.Lookup("pentago")
	room := &clockRoom{view: rooms.RoomView{Code: "K7QX", Variant: "pentago", Position: v.New().String(),
		Seats:   []rooms.SeatView{{Role: "red", Kind: rooms.SeatPlayer, Name: "ana", Connected: true}, {Role: "black", Kind: rooms.SeatPlayer, Name: "bob", Connected: true}},
		Clocks:  []time.Duration{5 * time.Minute, 2 * time.Minute},
		ClockAt: time.Now().Add(-90*time.Second - 500*time.Millisecond), ClockTurn: 0}}
	m := match.NewRoomMatch(v, room, nopStatus{}, func() tea.Cmd { return nil })
	if got := m.SeatName(1); got != "bob 2:00" {
		t.Errorf("waiting seat %q", got)
	}
	if got := m.SeatName(0); got != "ana 3:30" && got != "ana 3:29" {
		t.Errorf("running seat %q, want about 3:30 left", got)
	}
	if m.Start() == nil || !m.Ticking {
		t.Error("no tick for a running clock")
	}
	room.view.Clocks, room.view.ClockTurn = nil, -1
	m.Refresh()
	if got := m.SeatName(0); strings.ContainsAny(got, ":") {
		t.Errorf("seat without a clock %q", got)
	}
}

type nopStatus struct{}

func (nopStatus) SetStatus(string, bool)        {}
func (nopStatus) CurrentStatus() (string, bool) { return "", false }
func (nopStatus) SetTurnStatus(string)          {}
