package rooms

import (
	"strconv"
	"time"

	"github.com/tabletop/tabletop/game"
)

// leaving says what becomes of the game if member m, who plays roles,
// leaves now, as things stand, for the quit prompt: "" for a finished
// game. Called with mu held.
func (r *room) leaving(m *member, roles []game.Role) string {
	switch {
	case r.closed || r.rec.Finished:
		return ""
	case len(roles) == 0:
		return "you only watch: the game goes on without you"
	case r.allRetired(roles):
		return "you resigned: the game goes on without you"
	case r.sessionOf(m.player, m) != nil:
		return "your other session keeps your seat"
	case m.player.ID == "":
		return "as a guest you cannot come back: " + r.afterHoldText()
	}
	cfg := r.host.cfg
	hold := "your seat is held for " + humanDuration(cfg.SeatHold)
	if r.rec.Clock.PauseOnHold && r.rec.Clock.On() {
		hold += " (the clocks stop meanwhile)"
	}
	others := false
	for i, s := range r.rec.Seats {
		others = others || (s.Kind == SeatPlayer && !r.plays(m, i))
	}
	clockRuns := r.rec.Clock.On() && !r.rec.Clock.PauseOnHold
	myTurn := r.mover() >= 0 && r.plays(m, r.mover())
	switch {
	case len(r.rec.Moves) == 0 && !others:
		return hold + ", then the room closes"
	case r.rec.Clock.PerMove > 0:
		return hold + "; the game waits for you as long as your clock allows (" + humanDuration(r.rec.Clock.PerMove) + " a move)"
	case others && myTurn:
		return hold + ", then " + r.afterHoldText() + "; your clock runs meanwhile"
	case others:
		return hold + ", then " + r.afterHoldText()
	case clockRuns && myTurn:
		return hold + "; then the game goes on by the clock: your time runs, and if it runs out you lose"
	case clockRuns:
		return hold + "; then the game goes on by the clock: whoever's time runs out loses"
	}
	return hold + "; then the game is adjourned and waits up to " + humanDuration(cfg.AdjournedExpiry) + " for you"
}

// afterHoldText says what a seat becomes after its hold.
func (r *room) afterHoldText() string {
	if r.rec.AfterHold == SeatAI {
		return "the AI takes your seat"
	}
	return "your seat opens to anyone"
}

// humanDuration writes d for a player: "45 s", "2 min", "3 h", "30 days".
func humanDuration(d time.Duration) string {
	// strconv, not fmt: it is worded on every view of a seated player,
	// and fmt's printer grew the stack of the goroutine making the view.
	switch {
	case d >= 48*time.Hour:
		return strconv.Itoa(int(d.Round(24*time.Hour)/(24*time.Hour))) + " days"
	case d >= 24*time.Hour:
		return "1 day"
	case d >= 2*time.Hour:
		return strconv.Itoa(int(d.Round(time.Hour)/time.Hour)) + " h"
	case d >= 2*time.Minute:
		return strconv.Itoa(int(d.Round(time.Minute)/time.Minute)) + " min"
	case d >= time.Second:
		return strconv.Itoa(int(d.Round(time.Second)/time.Second)) + " s"
	}
	return d.String()
}
