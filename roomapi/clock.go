package roomapi

import (
	"fmt"
	"strings"
	"time"
)

// The arithmetic of a time control, shared by the rooms (which keep the
// clocks in their records) and the client's hot-seat games (which keep
// them in their saves), so that a clock runs alike everywhere.

// StartClocks are the seats' clocks when a game under c begins: Initial,
// or PerMove for a correspondence clock; nil without a clock.
func (c TimeControl) StartClocks(seats int) []time.Duration {
	if !c.On() {
		return nil
	}
	out := make([]time.Duration, seats)
	for i := range out {
		out[i] = c.Initial
		if c.PerMove > 0 {
			out[i] = c.PerMove
		}
	}
	return out
}

// AfterTurn is the clock of a seat that had left when its turn's clock
// started and spent spent since: with the increment when the turn passes
// on (a Fischer clock), or the whole PerMove again (a correspondence
// clock); a turn that does not pass on (a Pentago placement before its
// rotation) keeps what is left. flagged says the clock ran out first.
func (c TimeControl) AfterTurn(left, spent time.Duration, passes bool) (rem time.Duration, flagged bool) {
	rem = left - spent
	switch {
	case rem <= 0:
		return 0, true
	case c.PerMove > 0 && passes:
		return c.PerMove, false
	case passes:
		return rem + c.Increment, false
	}
	return rem, false
}

// String names the time control as setup screens and saves write it:
// "5m0s+3s", "24h0m0s/move", "" for none (see ParseTimeControl).
func (c TimeControl) String() string {
	switch {
	case c.PerMove > 0:
		return c.PerMove.String() + "/move"
	case c.Initial > 0:
		return c.Initial.String() + "+" + c.Increment.String()
	}
	return ""
}

// ParseTimeControl reads a time control written by String: INITIAL+INC
// or PERMOVE/move, each a Go duration ("5m+3s", "72h/move").
func ParseTimeControl(text string) (TimeControl, error) {
	bad := fmt.Errorf("time control %q: want INITIAL+INCREMENT (5m+3s) or TIME/move (24h/move)", text)
	if d, ok := strings.CutSuffix(text, "/move"); ok {
		per, err := time.ParseDuration(d)
		if err != nil || per <= 0 {
			return TimeControl{}, bad
		}
		return TimeControl{PerMove: per}, nil
	}
	a, b, ok := strings.Cut(text, "+")
	initial, err1 := time.ParseDuration(a)
	inc, err2 := time.ParseDuration(b)
	if !ok || err1 != nil || err2 != nil || initial <= 0 || inc < 0 {
		return TimeControl{}, bad
	}
	return TimeControl{Initial: initial, Increment: inc}, nil
}

// Clocks are the clocks of one game as it is played: each seat's time
// left as of Since, and the seat whose clock runs from Since (Turn, -1
// while none runs: before play, paused, saved or over). A hot-seat game
// keeps them; the rooms keep the same values in their records.
type Clocks struct {
	Control TimeControl
	Left    []time.Duration
	Turn    int
	Since   time.Time
}

// NewClocks are the clocks of a game under tc with seats seats, none
// running yet; nil without a clock.
func NewClocks(tc TimeControl, seats int) *Clocks {
	if !tc.On() {
		return nil
	}
	return &Clocks{Control: tc, Left: tc.StartClocks(seats), Turn: -1}
}

// At is each seat's time left at now.
func (c *Clocks) At(now time.Time) []time.Duration {
	out := append([]time.Duration(nil), c.Left...)
	if c.Turn >= 0 && c.Turn < len(out) {
		out[c.Turn] = max(out[c.Turn]-now.Sub(c.Since), 0)
	}
	return out
}

// Run runs seat's clock from now (-1 stops every clock): the clock that
// ran keeps what it spent, without an increment (a pause, a save, the
// turn given back by undo).
func (c *Clocks) Run(seat int, now time.Time) {
	c.Left = c.At(now)
	c.Turn, c.Since = seat, now
}

// Moved ends the running seat's turn at now (see AfterTurn: passes says
// whether the turn passes on) and runs next's clock (-1: none). flagged
// says the mover's time had run out first: its clock shows 0.
func (c *Clocks) Moved(passes bool, next int, now time.Time) (flagged bool) {
	if c.Turn >= 0 && c.Turn < len(c.Left) {
		c.Left[c.Turn], flagged = c.Control.AfterTurn(c.Left[c.Turn], now.Sub(c.Since), passes)
	}
	c.Turn, c.Since = next, now
	return flagged
}

// Flagged is the seat whose running clock has run out at now, or -1.
func (c *Clocks) Flagged(now time.Time) int {
	if c.Turn < 0 || c.Turn >= len(c.Left) || now.Sub(c.Since) < c.Left[c.Turn] {
		return -1
	}
	return c.Turn
}
