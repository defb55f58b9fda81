package match

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"
)

// A room's clocks come with its view as of a moment; the board shows
// them after the seats' names, counting the running one down with a tick
// a second while the board is open.

// roomClockMsg is the clock's tick; gen is the room waiter's generation,
// so ticks of a board left behind stop.
type roomClockMsg struct{ gen int }

// clockTick waits a second, less what is past the last whole second of
// the running clock, so the display turns over on time.
func clockTick(gen int, left time.Duration) tea.Cmd {
	d := left % time.Second
	if d <= 0 {
		d = time.Second
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return roomClockMsg{gen} })
}

// clockTexts returns each seat's clock as now shows it, and the time left
// on the running one (0 when none runs); nil without a clock.
func (r *RoomMatch) clockTexts(now time.Time) ([]string, time.Duration) {
	v := r.view
	if v.Clocks == nil {
		return nil, 0
	}
	out := make([]string, len(v.Clocks))
	var running time.Duration
	for i, left := range v.Clocks {
		if i == v.ClockTurn && !v.Finished {
			left = max(left-now.Sub(v.ClockAt), 0)
			running = left
		}
		out[i] = FormatClock(left)
	}
	return out, running
}

// FormatClock writes a clock: m:ss under an hour, h:mm:ss under a day,
// else days and hours (correspondence).
func FormatClock(d time.Duration) string {
	// Round up: a clock that shows 0:00 has run out.
	s := int64((d + time.Second - 1) / time.Second)
	switch {
	case s >= 86400:
		return fmt.Sprintf("%dd %02dh", s/86400, s%86400/3600)
	case s >= 3600:
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s%3600/60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
