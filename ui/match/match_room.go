package match

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/table"
)

// roomUpdateMsg says the room changed; gen tells the current waiter from
// one left over from before the board was last re-entered.
type roomUpdateMsg struct {
	gen int
	// view is the view the waiter read: the update plays it, without
	// reading the room again.
	view roomapi.RoomView
}

// RoomMatch is a shared room as one client sees it. The room's host
// checks moves and runs the AI seats; this client rebuilds the position
// from the room's view with the game and submits moves with Room.Play.
// Rooms have no undo, hints, pause or rematch.
type RoomMatch struct {
	variant  *game.Variant
	status   statusLine
	spinTick func() tea.Cmd

	room    roomapi.Room
	view    roomapi.RoomView
	current game.State
	// start and played are what the room's view says, as the game reads
	// them: review rebuilds past positions from them. startText and
	// rewrites are the view's Start and Rewrites they follow: while they
	// hold, a new view's moves extend played (see follow).
	first     game.State
	played    []game.Move
	startText string
	rewrites  uint64
	ver       uint64
	waitGen   int
	// clocks are the seats' clocks as last drawn (see room_clock.go);
	// nil in a room without a clock.
	clocks  []string
	Ticking bool // a clock tick of this waitGen is pending
	// seen is the version of the room's view last read, for waitRoom.
	seen atomic.Uint64
	// pending is this client's move on its way to the room (see
	// room_send.go), nil when none is; sends counts the moves sent.
	pending *sending
	sends   uint64
	// quiet is set by an Update that changed nothing the board shows
	// (see Quiet).
	quiet bool
	// left is set once this client leaves the room: its waiter then ends
	// without a word (the room's mailbox closes because of it).
	left atomic.Bool
	// chatOff hides the chat; muted are the players whose lines are
	// hidden (see Dealer.Mute).
	chatOff bool
	muted   []string
}

// NewRoomMatch is the match of a room the client is in; status is the
// board's status line, spinTick its spinner.
func NewRoomMatch(v *game.Variant, room roomapi.Room, status statusLine, spinTick func() tea.Cmd) *RoomMatch {
	r := &RoomMatch{variant: v, status: status, spinTick: spinTick, room: room}
	r.current = v.New()
	r.Refresh()
	return r
}

// waitRoom is a tea.Cmd that waits for the room's next change. A signal
// of a change this client has already seen (its own move, which play
// read at once) is passed over: it would cost a frame identical to the
// one on the screen.
func (r *RoomMatch) waitRoom() tea.Cmd {
	ch, gen, room, seen, left := r.room.Updates(), r.waitGen, r.room, &r.seen, &r.left
	return func() tea.Msg {
		for {
			if _, ok := <-ch; !ok {
				if left.Load() {
					return nil // this client left: the screen shown now is another room's, or none
				}
				return common.NoticeMsg("the room was closed")
			}
			if v := room.View(); v.Version != seen.Load() {
				return roomUpdateMsg{gen: gen, view: v}
			}
		}
	}
}

// Refresh reads the room's view and follows it.
func (r *RoomMatch) Refresh() { r.apply(r.room.View()) }

// apply takes a view of the room: its note, its seats and clocks, and
// its moves (see follow).
func (r *RoomMatch) apply(rv roomapi.RoomView) {
	if rv.Note != "" && rv.Note != r.view.Note {
		r.status.SetStatus(rv.Note, false)
	}
	r.talk(rv)
	r.view = rv
	r.seen.Store(rv.Version)
	rewrites := r.rewrites
	err := r.follow(rv)
	if p := r.pending; p != nil && (len(r.played) > p.base || r.rewrites != rewrites) {
		r.pending = nil // the room went on past the move sent: its answer only refreshes
		r.ver++
	}
	if err != nil {
		r.status.SetStatus(err.Error(), true)
		return
	}
	r.clocks, _ = r.clockTexts(time.Now())
}

// follow brings the position to the view's moves. While the view
// extends the one followed before (the same start, no rewrite, no fewer
// moves: see roomapi.RoomView.Rewrites), only the new moves are played;
// else the game is replayed from its start.
func (r *RoomMatch) follow(rv roomapi.RoomView) error {
	extends := r.first != nil && rv.Start == r.startText && rv.Rewrites == r.rewrites && len(rv.Moves) >= len(r.played)
	start, s, played := r.first, r.current, r.played
	if !extends {
		var err error
		if start, err = game.NewState(r.variant.Name, rv.Start); err != nil {
			return fmt.Errorf("room: %w", err)
		}
		s, played = start, nil
	}
	from := len(played)
	if from == len(rv.Moves) && extends {
		return nil // nothing new
	}
	// The new moves are played by the one replay, on a table of their
	// own from the position followed (a copy): a bad one leaves the game
	// as it was.
	t, err := table.Replay(s, rv.Moves[from:])
	if err != nil {
		if t == nil {
			return fmt.Errorf("room: %w", err)
		}
		// The table numbers the moves it played; the room's count from
		// its start.
		return fmt.Errorf("room move %d: %w", from+t.Turn()+1, errors.Unwrap(err))
	}
	s, played = t.Position(), append(played[:len(played):len(played)], t.Moves()...)
	if s.String() != r.current.String() || len(played) != len(r.played) {
		r.ver++ // the board clears its selection and redraws the moves
	}
	r.current = s
	r.first, r.played, r.startText, r.rewrites = start, played, rv.Start, rv.Rewrites
	return nil
}

// Position is part of Match: the room's position, with this client's
// move played while it is on its way.
func (r *RoomMatch) Position() game.State {
	if r.pending != nil {
		return r.pending.after
	}
	return r.current
}

// Version is part of Match.
func (r *RoomMatch) Version() uint64 { return r.ver }

// Replay is part of Match.
func (r *RoomMatch) Replay() (game.State, []game.Move) {
	if r.pending != nil && r.first != nil {
		return r.first, r.pending.played
	}
	if r.first == nil {
		return r.current, nil // the room could not be read: only its position
	}
	return r.first, r.played
}

// Ended is part of Match: a move on its way that ends the game ends it
// on the board at once, as it did when the room was written in Update.
func (r *RoomMatch) Ended() bool { return r.view.Finished || r.Position().Terminal() }

// Label is part of labeller.
func (r *RoomMatch) Label() string { return "room " + r.view.Code }

// Result is how the game ended: the rules' end with its reason, or what
// the room recorded for an end the position does not show (a
// resignation, a flag, a draw agreed, an abort); with, once the store
// rated the game, how the ratings moved.
func (r *RoomMatch) Result() string {
	text := common.ResultWithReason(r.Position())
	if text == "" {
		text = r.view.Result
	}
	return withRatings(text, r.view)
}

// Resigned is game.NoRole: a room's result says who resigned.
func (r *RoomMatch) Resigned() game.Role { return game.NoRole }

// NoAnalysis keeps the engine out of a room's game until it is over.
func (r *RoomMatch) NoAnalysis() string {
	if r.Ended() {
		return ""
	}
	return "no analysis while the room's game goes on: it is there once the game is over"
}

// Seat is who plays role r: a person here, or someone (or the host's AI)
// elsewhere; the room's AI is never this client's.
func (r *RoomMatch) Seat(role game.Role) seatView {
	return seatView{Name: r.SeatName(role), Mine: r.mine(role)}
}

func (r *RoomMatch) mine(role game.Role) bool {
	for _, y := range r.view.You {
		if y == role {
			return true
		}
	}
	return false
}

// SeatName is what the panel says of role's seat: the player's name
// (away, clock), "(open)", or the AI.
func (r *RoomMatch) SeatName(role game.Role) string {
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
	name := sv.Name + ratingText(sv)
	if sv.Kind == roomapi.SeatHeld || !sv.Connected {
		name += " (away)"
	}
	if int(role) < len(r.clocks) {
		name += " " + r.clocks[role]
	}
	return name
}

// Start follows the room's updates again (after the rules screen too).
func (r *RoomMatch) Start() tea.Cmd {
	r.waitGen++
	r.Ticking = false
	r.Refresh()
	return tea.Batch(r.waitRoom(), r.tickClock())
}

// tickClock schedules the next redraw of a running clock, if one runs.
func (r *RoomMatch) tickClock() tea.Cmd {
	var left time.Duration
	r.clocks, left = r.clockTexts(time.Now())
	r.Ticking = left > 0
	if !r.Ticking {
		return nil
	}
	return clockTick(r.waitGen, left)
}

// clockTickIfIdle starts the clock's ticks after a change unless they
// already run.
func (r *RoomMatch) clockTickIfIdle() tea.Cmd {
	if r.Ticking {
		return nil
	}
	return r.tickClock()
}

// Update is part of Match.
func (r *RoomMatch) Update(msg tea.Msg) (tea.Cmd, bool) {
	r.quiet = false
	switch msg := msg.(type) {
	case roomClockMsg:
		if msg.gen != r.waitGen {
			r.quiet = true
			return nil, true
		}
		shown := r.clocks
		r.Ticking = false
		cmd := r.tickClock()
		// A tick redraws the clock only when the text it shows turned over.
		r.quiet = slices.Equal(shown, r.clocks)
		return cmd, true
	case roomSentMsg:
		r.sent(msg)
		return nil, true
	case roomSlowMsg:
		r.slow(msg)
		return nil, true
	case roomActedMsg:
		if msg.err != nil {
			r.status.SetStatus(msg.err.Error(), true)
		}
		return nil, true
	case roomUpdateMsg:
		return r.updated(msg), true
	}
	return nil, false
}

// updated takes a view of the room its waiter read and waits again.
func (r *RoomMatch) updated(um roomUpdateMsg) tea.Cmd {
	if um.view.Version > r.view.Version {
		r.apply(um.view) // a newer view than the one shown
	} else {
		r.quiet = true // the answer to this client's move brought it already
	}
	if um.gen != r.waitGen {
		return nil
	}
	var spin tea.Cmd
	if r.view.Thinking {
		spin = r.spinTick()
	}
	return tea.Batch(r.waitRoom(), spin, r.clockTickIfIdle())
}

// Quiet is part of quietUpdater: the last message changed nothing the
// board shows.
func (r *RoomMatch) Quiet() bool { return r.quiet }

// shownState is what the board shows of the match besides the position
// and its moves, which the match's version stands for: an update that
// leaves it and the version as they were changed nothing on the screen.
type shownState struct {
	ver      uint64
	status   string
	isErr    bool
	seats    string
	ended    bool
	result   string
	thinking bool
}

// shown is the match's shownState now.
func (r *RoomMatch) shown() shownState {
	st := shownState{ver: r.ver, ended: r.Ended(), thinking: r.view.Thinking}
	st.status, st.isErr = r.status.CurrentStatus()
	if st.ended {
		st.result = r.Result()
	}
	var seats strings.Builder
	for i := range r.variant.Roles {
		seats.WriteString(r.SeatName(game.Role(i)))
		seats.WriteByte(0)
	}
	st.seats = seats.String()
	return st
}

// QuitPrompt is part of Match.
func (r *RoomMatch) QuitPrompt() string {
	if r.Ended() {
		return ""
	}
	// The room says what becomes of the game without this player.
	what := r.view.Leaving
	if what == "" {
		return "leave the room and quit? y to quit, any other key to stay"
	}
	return "leave the room and quit? " + what + "; y to quit, any other key to stay"
}

// AI is part of Match.
func (r *RoomMatch) AI() aiView { return aiView{Remote: r.view.Thinking} }

// Record is the room's game as a save: people's seats are human seats
// under their names, the AI's are AI seats.
func (r *RoomMatch) Record() savefmt.SavedGame {
	sv := savefmt.SavedGame{Sheet: savefmt.SheetOf(r.variant), Variant: r.variant.Name, Start: r.view.Start}
	start, moves := r.Replay()
	s := start.Clone()
	for _, m := range moves {
		sv.Moves = append(sv.Moves, s.FormatMove(m))
		s.Apply(m)
	}
	for i := range r.variant.Roles {
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
	if r.Ended() {
		sv.Result, sv.Ended = r.Result(), time.Now()
	}
	return sv
}
