package rooms

import (
	"errors"
	"fmt"
	"time"

	"github.com/tabletop/tabletop/game"
)

// conflictRetries bounds how often a write that lost a compare-and-set
// to another node reloads the room and tries again.
const conflictRetries = 3

var errNotStored = errors.New("the server could not store that; try again")

// seatsWrite is a write of a room's seats: the seats, the adjournment
// and, after downtime, how much later the turn's clock is to run from.
type seatsWrite struct {
	seats     []SeatRecord
	adjourned time.Time
	shift     time.Duration
}

// writeSeats is writeRoom for a mutation of the seats alone.
func (r *room) writeSeats(mutate func(seats []SeatRecord) bool) (bool, error) {
	return r.writeRoom(func(w *seatsWrite) bool { return mutate(w.seats) })
}

// writeRoom applies mutate to a copy of the seats (and the adjournment)
// and writes them, with the turn clock they imply, if mutate reports a
// change. A room where someone plays is not adjourned. When another node
// changed the room first it reloads and asks mutate again. A finished
// room's seats change here only: the store keeps them as they were at
// the end. Called with mu held.
func (r *room) writeRoom(mutate func(w *seatsWrite) bool) (bool, error) {
	l := r.host
	for attempt := 0; ; attempt++ {
		w := seatsWrite{seats: append([]SeatRecord(nil), r.rec.Seats...), adjourned: r.rec.Adjourned}
		if !mutate(&w) {
			return false, nil
		}
		seats := w.seats
		started := r.rec.Started || !hasOpenSeat(seats)
		if r.rec.Finished {
			r.rec.Seats = seats
			return true, nil
		}
		if playing(seats) {
			w.adjourned = time.Time{}
		}
		now := time.Now()
		from := r.rec.TurnStarted
		if !from.IsZero() {
			// A turn begun while the server stopped has run for nothing.
			from = earlier(from.Add(w.shift), now)
		}
		turn := r.turnClock(seats, started, from, now)
		ctx, cancel := l.storeCtx()
		ver, err := l.cfg.Store.UpdateSeats(ctx, r.rec.Code, r.rec.Version, SeatsUpdate{Seats: seats, Started: started, TurnStarted: turn, Adjourned: w.adjourned})
		cancel()
		switch {
		case err == nil:
			r.rec.Seats, r.rec.Started, r.rec.TurnStarted, r.rec.Version = seats, started, turn, ver
			r.rec.Adjourned = w.adjourned
			r.version.Store(ver)
			return true, nil
		case (errors.Is(err, ErrStale) || errors.Is(err, ErrEnded)) && attempt < conflictRetries:
			r.reload()
			if r.closed {
				return false, errors.New("the room has closed")
			}
		default:
			l.cfg.Logger.Error("room store", "op", "seats", "room", r.rec.Code, "err", err)
			return false, errNotStored
		}
	}
}

// commit plays mv for seat — checked on a copy of the position, stored,
// and only then applied — and returns its short form. by is the member
// playing it (nil for the AI), checked again after a reload. Called with
// mu held.
func (r *room) commit(mv game.Move, seat int, by *member) (string, error) {
	l := r.host
	for attempt := 0; ; attempt++ {
		switch {
		case r.closed:
			return "", errors.New("the room has closed")
		case r.rec.Finished || r.state.Terminal():
			return "", game.ErrGameOver
		case int(r.state.ToMove()) != seat:
			return "", fmt.Errorf("it is %s's turn", r.v.RoleName(r.state.ToMove()))
		case by != nil && !r.plays(by, seat):
			return "", errors.New("your seat was taken by another connection of your key")
		case by == nil && r.rec.Seats[seat].Kind != SeatAI:
			return "", errors.New("the seat is no longer the AI's")
		}
		next := r.state.Clone()
		text, short := r.state.FormatMove(mv), r.state.ShortMove(mv)
		if err := game.Play(next, mv); err != nil {
			return "", err
		}
		now := time.Now()
		remaining, flagged := r.clockAfterMove(seat, int(next.ToMove()) != seat, now)
		if flagged {
			r.flagFell(seat)
			return "", errors.New("your time ran out")
		}
		ctx, cancel := l.storeCtx()
		ver, err := l.cfg.Store.AppendMove(ctx, r.rec.Code, MoveRecord{Number: len(r.rec.Moves), Text: text, Seat: seat, Remaining: remaining, At: now})
		cancel()
		switch {
		case err == nil:
		case errors.Is(err, ErrStale) && attempt < conflictRetries:
			r.reload() // another node stored this move first: check again on its position
			continue
		case errors.Is(err, ErrStale), errors.Is(err, ErrEnded):
			r.reload()
			return "", errors.New("the room changed meanwhile; look again")
		default:
			l.cfg.Logger.Error("room store", "op", "move", "room", r.rec.Code, "err", err)
			return "", errNotStored
		}
		r.state = next
		r.rec.Moves = append(r.rec.Moves, text)
		r.rec.Version, r.rec.Started = ver, true
		r.version.Store(ver)
		if r.rec.Clock.On() {
			r.rec.Seats[seat].Remaining, r.rec.TurnStarted = remaining, now
		}
		return short, nil
	}
}

// finishIfOver records the end of a game that is over and returns the
// result for the status line ("" while play goes on). Called with mu held.
func (r *room) finishIfOver() string {
	if r.rec.Finished || !r.state.Terminal() {
		return ""
	}
	goals := make([]int, len(r.rec.Seats))
	for i := range goals {
		goals[i] = r.state.Goal(game.Role(i))
	}
	// With the reason, as local games end ("— x completes the square …").
	note, _ := r.finish(goals, game.ResultWithReason(r.state), "")
	return note
}

// finish stores the end of the game (the store rates a rated room in the
// same transaction, unless it was abandoned) and marks the room
// finished, and reports whether this call recorded it. If another node
// ended it first, the room is reloaded and reports that end instead.
// Called with mu held.
func (r *room) finish(goals []int, result, reason string) (string, bool) {
	l := r.host
	f := FinishRecord{Moves: len(r.rec.Moves), Goals: goals, Result: result, Reason: reason, At: time.Now(), Unrated: reason == ReasonAbandoned}
	ctx, cancel := l.storeCtx()
	err := l.cfg.Store.Finish(ctx, r.rec.Code, f)
	cancel()
	if errors.Is(err, ErrStale) || errors.Is(err, ErrEnded) {
		r.reload()
		return r.rec.Result, false
	}
	if err != nil {
		// The players are shown the end now; the store is told again
		// until it takes it, so that the result, the record and the
		// ratings do not wait for the next start (which would finish it).
		l.cfg.Logger.Error("room store", "op", "finish", "room", r.rec.Code, "err", err, "again_in", finishRetryFirst.String())
		l.retryFinish(r.rec.Code, f, finishRetryFirst)
	}
	r.rec.Finished, r.rec.Result, r.rec.TurnStarted, r.rec.Adjourned = true, result, time.Time{}, time.Time{}
	if r.leased {
		ctx, cancel := l.storeCtx()
		_ = l.cfg.Store.ReleaseAI(ctx, r.rec.Code)
		cancel()
		r.leased = false
	}
	return result, err == nil
}

// A finish the store refused is tried again finishRetryFirst later, then
// twice as long after each failure, up to finishRetryMax apart.
const (
	finishRetryFirst = time.Second
	finishRetryMax   = time.Minute
)

// retryFinish tells the store the end f of room code again after wait,
// and again until the store takes it, finds the game already ended (by
// another node), or the host closes.
func (l *Host) retryFinish(code string, f FinishRecord, wait time.Duration) {
	time.AfterFunc(wait, func() {
		if l.ctx.Err() != nil {
			return // the next start finishes it
		}
		ctx, cancel := l.storeCtx()
		err := l.cfg.Store.Finish(ctx, code, f)
		cancel()
		switch {
		case err == nil:
			l.cfg.Logger.Info("room result recorded after the store refused it", "room", code, "result", f.Result)
		case errors.Is(err, ErrStale), errors.Is(err, ErrEnded), errors.Is(err, ErrNoRoom):
		default:
			next := min(2*wait, finishRetryMax)
			l.cfg.Logger.Error("room store", "op", "finish", "room", code, "err", err, "again_in", next.String())
			l.retryFinish(code, f, next)
		}
	})
}

// replay rebuilds a room's position from its start and moves, checking
// every move with the game.
func replay(v *game.Variant, start string, moves []string) (game.State, error) {
	s, err := game.NewState(v.Name, start)
	if err != nil {
		return nil, err
	}
	for i, text := range moves {
		if _, err := game.PlayText(s, text); err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, text, err)
		}
	}
	return s, nil
}

// reload brings the room up to the store's record after another node's
// change: new moves are replayed (checked) onto the position, seats,
// clocks and the end taken over, and members told. Called with mu held.
func (r *room) reload() {
	l := r.host
	ctx, cancel := l.storeCtx()
	rec, err := l.cfg.Store.Load(ctx, r.rec.Code)
	cancel()
	if errors.Is(err, ErrNoRoom) {
		r.close(false) // deleted by another node
		return
	}
	if err != nil {
		l.cfg.Logger.Error("room store", "op", "reload", "room", r.rec.Code, "err", err)
		return
	}
	if rec.Version <= r.rec.Version {
		return
	}
	note, err := r.catchUp(rec.Moves)
	if err != nil {
		r.quarantine(err)
		return
	}
	finished := rec.Finished && !r.rec.Finished
	r.rec = rec
	r.version.Store(rec.Version)
	for i, h := range r.holders {
		s := rec.Seats[i]
		if h != nil && (s.Kind != SeatPlayer || s.PlayerID != h.player.ID || s.Name != h.player.Name) {
			r.holders[i] = nil // the seat went to another connection or node
		}
	}
	r.armHolds()
	if finished {
		note = rec.Result
	}
	r.changed(note)
}

// catchUp moves the position to the stored moves: only the new ones are
// played when the stored list extends ours, else all are replayed. It
// returns a note on the last new move.
func (r *room) catchUp(moves []string) (string, error) {
	extends := len(moves) >= len(r.rec.Moves)
	for i := 0; extends && i < len(r.rec.Moves); i++ {
		extends = moves[i] == r.rec.Moves[i]
	}
	s, from := r.state, len(r.rec.Moves)
	if !extends {
		r.rewrites++
		var err error
		if s, err = game.NewState(r.v.Name, r.rec.Start); err != nil {
			return "", err
		}
		from = 0
	}
	s = s.Clone()
	note := ""
	for i := from; i < len(moves); i++ {
		seat := s.ToMove()
		m, err := s.ParseMove(moves[i])
		if err != nil {
			return "", fmt.Errorf("move %d %q: %w", i+1, moves[i], err)
		}
		note = r.v.RoleName(seat) + " played " + s.ShortMove(m)
		s.Apply(m)
	}
	r.state = s
	return note, nil
}

// quarantine sets aside a room whose stored moves do not replay: the
// store keeps its rows for inspection, the host unloads it.
func (r *room) quarantine(why error) {
	l := r.host
	l.cfg.Logger.Error("room quarantined: its moves do not replay", "room", r.rec.Code, "err", why)
	ctx, cancel := l.storeCtx()
	defer cancel()
	if err := l.cfg.Store.Quarantine(ctx, r.rec.Code, why.Error()); err != nil {
		l.cfg.Logger.Error("room store", "op", "quarantine", "room", r.rec.Code, "err", err)
	}
	r.close(false)
}
