package ui

import (
	"fmt"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
)

// roomUpdateMsg says the room changed; gen tells the current waiter from
// one left over from before the board was last re-entered.
type roomUpdateMsg struct{ gen int }

// roomMatch is a shared room as one client sees it. The room's host
// checks moves and runs the AI seats; this client rebuilds the position
// from the room's view with the game and submits moves with Room.Play.
// Rooms have no undo, hints, pause or rematch.
type roomMatch struct {
	v        *game.Variant
	status   statusLine
	spinTick func() tea.Cmd

	room roomapi.Room
	view roomapi.RoomView
	st   game.State
	// start and played are what the room's view says, as the game reads
	// them: review rebuilds past positions from them.
	first   game.State
	played  []game.Move
	ver     uint64
	waitGen int
	// clocks are the seats' clocks as last drawn (see room_clock.go);
	// nil in a room without a clock.
	clocks  []string
	ticking bool // a clock tick of this waitGen is pending
	// seen is the version of the room's view last read, for waitRoom.
	seen atomic.Uint64
}

func newRoomMatch(v *game.Variant, room roomapi.Room, status statusLine, spinTick func() tea.Cmd) *roomMatch {
	r := &roomMatch{v: v, status: status, spinTick: spinTick, room: room}
	r.st = v.New()
	r.refresh()
	return r
}

// waitRoom is a tea.Cmd that waits for the room's next change. A signal
// of a change this client has already seen (its own move, which play
// read at once) is passed over: it would cost a frame identical to the
// one on the screen.
func (r *roomMatch) waitRoom() tea.Cmd {
	ch, gen, room, seen := r.room.Updates(), r.waitGen, r.room, &r.seen
	return func() tea.Msg {
		for {
			if _, ok := <-ch; !ok {
				return NoticeMsg("the room was closed")
			}
			if room.View().Version != seen.Load() {
				return roomUpdateMsg{gen}
			}
		}
	}
}

// refresh rebuilds the position from the room's view with the game.
func (r *roomMatch) refresh() {
	rv := r.room.View()
	if rv.Note != "" && rv.Note != r.view.Note {
		r.status.setStatus(rv.Note, false)
	}
	r.view = rv
	r.seen.Store(rv.Version)
	start, err := game.NewState(r.v.Name, rv.Start)
	if err != nil {
		r.status.setStatus("room: "+err.Error(), true)
		return
	}
	s := start.Clone()
	var played []game.Move
	for i, t := range rv.Moves {
		m, err := game.PlayText(s, t)
		if err != nil {
			r.status.setStatus(fmt.Sprintf("room move %d: %v", i+1, err), true)
			return
		}
		played = append(played, m)
	}
	if s.String() != r.st.String() || len(played) != len(r.played) {
		r.ver++ // the board clears its selection and redraws the moves
	}
	r.st = s
	r.first, r.played = start, played
	r.clocks, _ = r.clockTexts(time.Now())
}

func (r *roomMatch) position() game.State { return r.st }
func (r *roomMatch) version() uint64      { return r.ver }
func (r *roomMatch) replay() (game.State, []game.Move) {
	if r.first == nil {
		return r.st, nil // the room could not be read: only its position
	}
	return r.first, r.played
}
func (r *roomMatch) ended() bool    { return r.view.Finished || r.st.Terminal() }
func (r *roomMatch) result() string { return resultWithReason(r.st) }
func (r *roomMatch) label() string  { return "room " + r.view.Code }

// seat is who plays role r: a person here, or someone (or the host's AI)
// elsewhere; the room's AI is never this client's.
func (r *roomMatch) seat(role game.Role) seatView {
	return seatView{name: r.seatName(role), mine: r.mine(role)}
}

func (r *roomMatch) mine(role game.Role) bool {
	for _, y := range r.view.You {
		if y == role {
			return true
		}
	}
	return false
}

func (r *roomMatch) seatName(role game.Role) string {
	if int(role) >= len(r.view.Seats) || role < 0 {
		return "?"
	}
	sv := r.view.Seats[role]
	switch sv.Kind {
	case roomapi.SeatOpen:
		return "(open)"
	case roomapi.SeatAI:
		return "AI " + sv.Name
	}
	name := sv.Name
	if sv.Kind == roomapi.SeatHeld || !sv.Connected {
		name += " (away)"
	}
	if int(role) < len(r.clocks) {
		name += " " + r.clocks[role]
	}
	return name
}

// start follows the room's updates again (after the rules screen too).
func (r *roomMatch) start() tea.Cmd {
	r.waitGen++
	r.ticking = false
	r.refresh()
	return tea.Batch(r.waitRoom(), r.tickClock())
}

// tickClock schedules the next redraw of a running clock, if one runs.
func (r *roomMatch) tickClock() tea.Cmd {
	var left time.Duration
	r.clocks, left = r.clockTexts(time.Now())
	r.ticking = left > 0
	if !r.ticking {
		return nil
	}
	return clockTick(r.waitGen, left)
}

// clockTickIfIdle starts the clock's ticks after a change unless they
// already run.
func (r *roomMatch) clockTickIfIdle() tea.Cmd {
	if r.ticking {
		return nil
	}
	return r.tickClock()
}

func (r *roomMatch) update(msg tea.Msg) (tea.Cmd, bool) {
	if cm, ok := msg.(roomClockMsg); ok {
		if cm.gen != r.waitGen {
			return nil, true
		}
		r.ticking = false
		return r.tickClock(), true
	}
	um, ok := msg.(roomUpdateMsg)
	if !ok {
		return nil, false
	}
	r.refresh()
	if um.gen != r.waitGen {
		return nil, true
	}
	var spin tea.Cmd
	if r.view.Thinking {
		spin = r.spinTick()
	}
	return tea.Batch(r.waitRoom(), spin, r.clockTickIfIdle()), true
}

func (r *roomMatch) play(m game.Move) (tea.Cmd, error) {
	if err := r.room.Play(m); err != nil {
		return nil, err
	}
	r.refresh()
	return nil, nil
}

func (r *roomMatch) leave() tea.Cmd {
	r.room.Leave()
	return nil
}

func (r *roomMatch) quitPrompt() string {
	if r.ended() {
		return ""
	}
	// The room says what becomes of the game without this player.
	what := r.view.Leaving
	if what == "" {
		return "leave the room and quit? y to quit, any other key to stay"
	}
	return "leave the room and quit? " + what + "; y to quit, any other key to stay"
}

func (r *roomMatch) ai() aiView { return aiView{remote: r.view.Thinking} }

// record is the room's game as a save: people's seats are human seats
// under their names, the AI's are AI seats.
func (r *roomMatch) record() savefmt.SavedGame {
	sv := savefmt.SavedGame{Sheet: savefmt.SheetOf(r.v), Variant: r.v.Name, Start: r.view.Start}
	start, moves := r.replay()
	s := start.Clone()
	for _, m := range moves {
		sv.Moves = append(sv.Moves, s.FormatMove(m))
		s.Apply(m)
	}
	for i := range r.v.Roles {
		seat := savefmt.SeatConfig{}
		if i < len(r.view.Seats) {
			seat.Name = r.view.Seats[i].Name
			if r.view.Seats[i].Kind == roomapi.SeatAI {
				seat.AI, seat.Level = true, ai.Hard
				if l, err := ai.ParseLevel(seat.Name); err == nil {
					seat.Name, seat.Level = "", l
				}
			}
		}
		sv.Seats = append(sv.Seats, seat)
	}
	if r.ended() {
		sv.Result, sv.Ended = r.result(), time.Now()
	}
	return sv
}
