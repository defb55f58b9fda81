package rooms

import (
	"time"

	"github.com/tabletop/tabletop/game"
)

// The clocks live in the record, so that they survive restarts and node
// changes: each seat's Remaining is its time when TurnStarted was set,
// and the seat to move spends from TurnStarted on.

// mover is the seat whose clock runs, or -1. Called with mu held.
func (r *room) mover() int {
	if !r.rec.Clock.On() || !r.rec.Started || r.rec.Finished || r.rec.TurnStarted.IsZero() || r.pos().Terminal() {
		return -1
	}
	return int(r.pos().ToMove())
}

// clocks returns every seat's time left at now, the running seat and now,
// for the view; nil without a clock. Called with mu held.
func (r *room) clocks(now time.Time) ([]time.Duration, int, time.Time) {
	if !r.rec.Clock.On() {
		return nil, -1, time.Time{}
	}
	out := make([]time.Duration, len(r.rec.Seats))
	for i, s := range r.rec.Seats {
		out[i] = s.Remaining
	}
	turn := r.mover()
	if turn >= 0 && turn < len(out) {
		out[turn] = max(out[turn]-now.Sub(r.rec.TurnStarted), 0)
	}
	return out, turn, now
}

// clockAfterMove returns the mover's clock after a move at now (with the
// increment when the turn passes on), or flagged when it had run out.
// Called with mu held.
func (r *room) clockAfterMove(seat int, turnPasses bool, now time.Time) (time.Duration, bool) {
	c := r.rec.Clock
	if !c.On() {
		return 0, false
	}
	var spent time.Duration
	if !r.rec.TurnStarted.IsZero() {
		spent = now.Sub(r.rec.TurnStarted)
	}
	return c.AfterTurn(r.rec.Seats[seat].Remaining, spent, turnPasses)
}

// clockAfterResign returns the clock of seat after it resigned at now
// and when the turn's clock runs from: a resignation in turn charges the
// time spent and starts the next seat's clock; out of turn it leaves
// the clocks as they were. Called with mu held.
func (r *room) clockAfterResign(seat int, now time.Time) (time.Duration, time.Time) {
	if !r.rec.Clock.On() {
		return 0, now
	}
	if r.mover() != seat {
		return r.rec.Seats[seat].Remaining, r.rec.TurnStarted
	}
	rem, _ := r.clockAfterMove(seat, false, now)
	return rem, now
}

// turnClock returns when the mover's clock runs from after a change of
// seats to seats at now, given that it ran from (zero: it did not run):
// it starts with play, and stops (charging the mover for the time spent)
// while a seat is held if the creator chose so. It may charge seats.
// Called with mu held.
func (r *room) turnClock(seats []SeatRecord, started bool, from, now time.Time) time.Time {
	c := r.rec.Clock
	if !c.On() || !started || r.pos().Terminal() {
		return time.Time{}
	}
	held := false
	for _, s := range seats {
		held = held || s.Kind == SeatHeld
	}
	running := !from.IsZero()
	switch {
	case c.PauseOnHold && held && running:
		mv := int(r.pos().ToMove())
		seats[mv].Remaining = max(seats[mv].Remaining-now.Sub(from), 0)
		return time.Time{}
	case c.PauseOnHold && held:
		return time.Time{}
	case !running:
		return now
	}
	return from
}

// armFlag runs a timer to the moment the mover's clock runs out. Every
// node with the room arms one; the store's compare-and-set on the move
// count lets one of them record the loss. Called with mu held.
func (r *room) armFlag() {
	if r.flag != nil {
		r.flag.Stop()
		r.flag = nil
	}
	seat := r.mover()
	r.clockTurn = seat
	if seat < 0 || r.closed {
		return
	}
	deadline := r.rec.TurnStarted.Add(r.rec.Seats[seat].Remaining)
	moves := len(r.rec.Moves)
	r.flag = time.AfterFunc(time.Until(deadline), func() { r.checkFlag(seat, moves) })
}

func (r *room) checkFlag(seat, moves int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.recoverPanic("clock")
	if r.closed || r.rec.Finished || len(r.rec.Moves) != moves || r.mover() != seat {
		return // a move, a pause or the end came first
	}
	if now := time.Now(); now.Before(r.rec.TurnStarted.Add(r.rec.Seats[seat].Remaining)) {
		r.armFlag()
		return
	}
	note := r.flagFell(seat)
	r.changed(note)
}

// flagFell ends the game on time: the seat whose clock ran out loses,
// the others share the win. Called with mu held.
func (r *room) flagFell(seat int) string {
	goals := make([]int, len(r.rec.Seats))
	for i := range goals {
		if i != seat {
			goals[i] = 100
		}
	}
	r.rec.Seats[seat].Remaining = 0
	note, _ := r.finish(goals, "game over: "+r.v.RoleName(game.Role(seat))+" lost on time", "time")
	return note
}
