package match

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
)

// clockControl runs a hot-seat game's clocks: whose clock runs, its
// ticks, a flag that falls, the time left.
type clockControl struct{ l *LocalMatch }

// clocks is the match's clockControl.
func (l *LocalMatch) clocks() clockControl { return clockControl{l} }

// A hot-seat game may be played with clocks, chosen in its setup: the
// clocks of a room (roomapi.Clocks, the same arithmetic), shown after
// the seats' names and counted down with a tick a second. The clock of
// the player to move runs while the board is shown and the game goes
// on; it stands still while the AI is paused, while another screen is
// shown and while the game is saved. A clock that runs out ends the
// game: that player loses on time and the others share the win.

// localClockMsg is a tick of the clocks; gen tells the latest tick from
// one a later change has replaced.
type localClockMsg struct{ gen int }

// localClock is a local match's clocks and what the board shows of them.
type localClock struct {
	*roomapi.Clocks
	moves int      // the table's turn when the clocks last changed hands
	gen   int      // the generation of the pending tick
	texts []string // each seat's clock as last drawn
	// onTime is set when the game ended on a clock that ran out (the
	// match's Loser lost).
	onTime bool
}

// Clocked is a match that may be played with clocks (a local match).
type Clocked interface {
	// SetClock gives the game clocks under tc, none for a zero tc,
	// with each seat's time left (nil: all of it).
	SetClock(tc roomapi.TimeControl, left []time.Duration)
	// TimeControl is the game's time control, zero without clocks (a
	// rematch keeps it).
	TimeControl() roomapi.TimeControl
}

// TimeControl implements Clocked.
func (l *LocalMatch) TimeControl() roomapi.TimeControl {
	if l.clock.Clocks == nil {
		return roomapi.TimeControl{}
	}
	return l.clock.Control
}

var _ Clocked = (*LocalMatch)(nil)

// SetClock implements Clocked.
func (l *LocalMatch) SetClock(tc roomapi.TimeControl, left []time.Duration) {
	c := roomapi.NewClocks(tc, len(l.v.Roles))
	if c == nil {
		l.clock = localClock{}
		return
	}
	if len(left) == len(c.Left) {
		copy(c.Left, left)
	}
	l.clock = localClock{Clocks: c, moves: l.Table.Turn()}
	l.clock.texts = clockTexts(c, time.Now())
}

// clockTurn is the seat whose clock should run now: the player to move,
// or -1 while the game is over, paused, not shown, or on a turn where
// every role chooses at once.
func (ck clockControl) clockTurn() int {
	l := ck.l
	pos := l.Table.Position()
	if l.Ended() || l.Paused || l.suspended || game.JointTurn(pos) {
		return -1
	}
	return int(pos.ToMove())
}

// runClock hands the clocks to the position at now: a move made since
// the last change ends its player's turn (with the increment when the
// turn passed on), anything else (the start, an undo, a pause) only
// stops or starts a clock. It returns the tick of a running clock, or
// the end, with flagged set, when the mover's clock had run out. Called
// from next, after every change.
func (ck clockControl) runClock(now time.Time) (cmd tea.Cmd, flagged bool) {
	l := ck.l
	c := l.clock.Clocks
	if c == nil {
		return nil, false
	}
	turn := ck.clockTurn()
	moved := l.Table.Turn() > l.clock.moves && c.Turn >= 0
	l.clock.moves = l.Table.Turn()
	if moved {
		mover := c.Turn
		if c.Moved(mover != turn, turn, now) {
			return ck.flagFell(game.Role(mover)), true
		}
	} else {
		c.Run(turn, now)
	}
	return ck.tickClock(now), false
}

// tickClock draws the clocks as of now and schedules the next tick
// while one runs.
func (ck clockControl) tickClock(now time.Time) tea.Cmd {
	l := ck.l
	c := l.clock.Clocks
	l.clock.texts = clockTexts(c, now)
	l.clock.gen++
	if c.Turn < 0 {
		return nil
	}
	return localTick(l.clock.gen, c.At(now)[c.Turn])
}

// onClockTick takes a tick: the end when the running clock has run out,
// else the next tick.
func (ck clockControl) onClockTick(msg localClockMsg) tea.Cmd {
	l := ck.l
	c := l.clock.Clocks
	if c == nil || msg.gen != l.clock.gen {
		return nil
	}
	now := time.Now()
	if seat := c.Flagged(now); seat >= 0 {
		c.Run(-1, now)
		return ck.flagFell(game.Role(seat))
	}
	return ck.tickClock(now)
}

// flagFell ends the game on time: role lost, the others share the win.
func (ck clockControl) flagFell(role game.Role) tea.Cmd {
	l := ck.l
	c := l.clock.Clocks
	c.Left[role] = 0
	c.Turn = -1
	l.clock.texts = clockTexts(c, time.Now())
	l.clock.onTime = true
	l.Table.Forfeit(role)
	l.CancelJob()
	l.ver++
	l.Status.SetStatus(l.saves().endStatus(), false)
	return tea.Batch(l.saves().save(), l.next(false))
}

// stopClock stops the running clock (another screen is shown, the game
// is left or saved).
func (ck clockControl) stopClock() {
	l := ck.l
	if c := l.clock.Clocks; c != nil {
		c.Run(-1, time.Now())
		l.clock.gen++ // the pending tick is void
	}
}

// clockLeft is the time control and each seat's time left, for a save.
func (ck clockControl) clockLeft() (roomapi.TimeControl, []time.Duration) {
	l := ck.l
	c := l.clock.Clocks
	if c == nil {
		return roomapi.TimeControl{}, nil
	}
	left := c.At(time.Now())
	for i, d := range left {
		left[i] = d.Round(time.Millisecond) // enough for a save to read well
	}
	return c.Control, left
}

// clockText is role's clock as the panel shows it after the name, "".
func (ck clockControl) clockText(role game.Role) string {
	l := ck.l
	if int(role) < 0 || int(role) >= len(l.clock.texts) {
		return ""
	}
	return l.clock.texts[role]
}

// clockTexts is each seat's clock at now, as FormatClock writes it.
func clockTexts(c *roomapi.Clocks, now time.Time) []string {
	left := c.At(now)
	out := make([]string, len(left))
	for i, d := range left {
		out[i] = FormatClock(d)
	}
	return out
}

// localTick waits until the running clock, with left on it, turns over
// to the next second.
func localTick(gen int, left time.Duration) tea.Cmd {
	d := left % time.Second
	if d <= 0 {
		d = time.Second
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return localClockMsg{gen} })
}
