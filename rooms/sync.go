package rooms

import (
	"errors"
	"fmt"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
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

// pendingMove is a move on its way to the store: checked on the room's
// table, not played yet.
type pendingMove struct {
	t     *table.Table // the table it was checked on
	step  table.Step
	short string
	rec   MoveRecord
}

// playMove plays mv for seat — checked on the table, stored with the
// room's lock released, and only then played — and returns its short
// form; the caller tells the members. by is the member playing it (nil
// for the AI), checked again after a reload. Called with r.writing held
// and mu not held.
func (r *room) playMove(mv game.Move, seat int, by *member) (string, error) {
	r.storing.Store(true)
	defer r.caughtUpDeferred()
	l := r.host
	var pm pendingMove
	for attempt := 0; ; attempt++ {
		if err := r.prepareMove(&pm, mv, seat, by); err != nil {
			return "", err
		}
		ctx, cancel := l.storeCtx()
		ver, err := l.cfg.Store.AppendMove(ctx, r.code, pm.rec)
		cancel()
		again, err := r.settleMove(&pm, ver, err, r.readAfter(err), attempt)
		if !again {
			return pm.short, err
		}
	}
}

// caughtUpDeferred ends a move's way to the store: the room catches up
// to the events left to it meanwhile (deferEvent), which the move's own
// write has most often brought it to already. Called with r.writing
// held and mu not held.
func (r *room) caughtUpDeferred() {
	r.storing.Store(false)
	if v := r.deferred.Swap(0); v > 0 {
		r.caughtUpWith(v, nil)
	}
}

// errRewritten is a move checked on a table that a rewrite of the
// room's moves has replaced since.
var errRewritten = errors.New("the room's moves were rewritten")

// errUnplayable is a move a rule bug kept from being played: it costs
// the move, not the room or the server.
var errUnplayable = errors.New("that move could not be played")

// prepareMove checks mv for seat on the table, under mu, and fills pm
// with it ready for the store, with the mover's clock after it. A clock
// that ran out ends the game instead. pm is the caller's: a pendingMove
// returned by value took two copies of it in prepareMove's frame, which
// grew the stack of the move's goroutine (a command's, fresh) on every
// move.
func (r *room) prepareMove(pm *pendingMove, mv game.Move, seat int, by *member) (err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.recoverMove(&err)
	if err := r.mayPlay(seat, by, isResignation(mv)); err != nil {
		return err
	}
	step, _, err := r.t.Check(game.Role(seat), mv)
	if err != nil {
		return err
	}
	now := time.Now()
	remaining, at := time.Duration(0), now
	if isResignation(mv) {
		remaining, at = r.clockAfterResign(seat, now)
	} else {
		var flagged bool
		if remaining, flagged = r.clockAfterMove(seat, r.turnPasses(step, seat), now); flagged {
			r.flagFell(seat)
			return errors.New("your time ran out")
		}
	}
	// Field by field: a composite literal was built in the frame first.
	pm.t, pm.step, pm.short = r.t, step, r.pos().ShortMove(mv)
	pm.rec.Number, pm.rec.Text, pm.rec.Seat = len(r.rec.Moves), step.Text(), seat
	pm.rec.Remaining, pm.rec.At = remaining, at
	return nil
}

// mayPlay reports why seat may not move now (nil: it may), by the
// member by (nil for the AI); a resignation may come out of turn.
// Called with mu held.
func (r *room) mayPlay(seat int, by *member, resigning bool) error {
	switch {
	case r.closed:
		return errors.New("the room has closed")
	case r.rec.Finished || r.pos().Terminal():
		return game.ErrGameOver
	case int(r.pos().ToMove()) != seat && !resigning:
		return fmt.Errorf("it is %s's turn", r.v.RoleName(r.pos().ToMove()))
	case by != nil && !r.plays(by, seat):
		return errors.New("your seat was taken by another connection of your key")
	case by == nil && r.rec.Seats[seat].Kind != SeatAI:
		return errors.New("the seat is no longer the AI's")
	}
	return nil
}

// turnPasses reports whether the turn passes from seat after step (a
// Pentago placement keeps it for the rotation). Asked only with a clock.
// Called with mu held.
func (r *room) turnPasses(step table.Step, seat int) bool {
	if !r.rec.Clock.On() {
		return true
	}
	next := r.pos().Clone()
	table.Apply(next, step.Moves)
	return int(next.ToMove()) != seat
}

// storeRead is a room's record read from the store, or why not.
type storeRead struct {
	rec Record
	err error
}

// readAfter reads the room, off the lock, after a move the store did not
// take because another node changed the room (ErrStale, ErrEnded); nil
// after any other answer. The record is kept off playMove's stack: the
// move is played on a fresh goroutine (the session's command), whose
// stack a Record there made grow, copied, on every move.
func (r *room) readAfter(stored error) *storeRead {
	if !errors.Is(stored, ErrStale) && !errors.Is(stored, ErrEnded) {
		return nil
	}
	return r.read()
}

// settleMove plays a stored move (the store's answer ver, stored), under
// mu, and reports whether to try again: when another node stored a move
// first, the room takes over latest, the store's record read since, and
// the move is checked again on its position. A reload meanwhile may have
// brought the move in already.
func (r *room) settleMove(pm *pendingMove, ver uint64, stored error, latest *storeRead, attempt int) (again bool, err error) {
	l := r.host
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.recoverMove(&err)
	switch err := stored; {
	case err == nil:
	case errors.Is(err, ErrStale) && attempt < conflictRetries:
		r.reloaded(latest) // check again on its position
		return true, nil
	case errors.Is(err, ErrStale), errors.Is(err, ErrEnded):
		r.reloaded(latest)
		return false, errors.New("the room changed meanwhile; look again")
	default:
		l.cfg.Logger.Error("room store", "op", "move", "room", r.code, "err", err)
		return false, errNotStored
	}
	n := pm.step.Turn
	switch {
	case r.t.Turn() > n && n < len(r.rec.Moves) && r.rec.Moves[n] == pm.rec.Text:
		return false, nil // a reload (a seats write that lost to it) brought it in
	case r.closed:
		return false, errors.New("the room has closed")
	}
	// Commit checks the turn; the table that it is the same game (a
	// rewrite of the moves replaces it, see catchUp).
	err = errRewritten
	if r.t == pm.t {
		err = r.t.Commit(pm.step)
	}
	if err != nil {
		l.cfg.Logger.Error("room: a stored move does not play here", "room", r.code, "move", pm.rec.Text, "err", err)
		r.reload()
		return false, errors.New("the room changed meanwhile; look again")
	}
	if ver != r.rec.Version+1 {
		// Another node changed the room (its seats, its chat) between
		// this copy's version and the move, which the store compares by
		// its number alone: the copy keeps its version, one the change's
		// event no longer finds behind, and the move catches up to the
		// store once played (caughtUpDeferred).
		r.leaveToMove(ver)
		ver = r.rec.Version
	}
	r.recordMove(pm.rec, ver)
	return false, nil
}

// leaveToMove has the move this host is storing catch up to version
// once stored, as for an event left to it (deferEvent).
func (r *room) leaveToMove(version uint64) {
	for {
		old := r.deferred.Load()
		if old >= version || r.deferred.CompareAndSwap(old, version) {
			return
		}
	}
}

// recordMove takes a move played on the table into the room's record,
// as the store's write of it left the room: at version ver. Called with
// mu held.
func (r *room) recordMove(m MoveRecord, ver uint64) {
	r.rec.Moves = append(r.rec.Moves, m.Text)
	r.rec.Version, r.rec.Started, r.rec.Offer = ver, true, "" // a move answers any offer: declined
	r.version.Store(ver)
	if r.rec.Clock.On() && m.Seat >= 0 && m.Seat < len(r.rec.Seats) {
		r.rec.Seats[m.Seat].Remaining, r.rec.TurnStarted = m.Remaining, m.At
	}
}

// playEvent plays the move another host stored, as its event carried
// it (version ver), when it is the one change since this copy of the
// room: the store is not read. It reports whether it did; if not (the
// copy is further behind, or the move does not play here) the caller
// reads the room. Called with r.writing and mu held.
func (r *room) playEvent(m MoveRecord, ver uint64) (ok bool) {
	if ver != r.rec.Version+1 || m.Number != len(r.rec.Moves) || r.rec.Finished || r.closed {
		return false
	}
	defer func() {
		if p := recover(); p != nil {
			// A rule bug, with the table perhaps half changed: as for
			// moves that do not replay.
			r.quarantine(fmt.Errorf("move %d %q: %v", m.Number+1, m.Text, p))
			ok = true
		}
	}()
	note, err := r.playText(m.Text, true)
	if err != nil {
		return false // the reload quarantines the room if it does not replay
	}
	r.recordMove(m, ver)
	r.changed(note)
	return true
}

// recoverMove turns a panic while a move is checked or played into
// errUnplayable, logged. Deferred with mu held.
func (r *room) recoverMove(err *error) {
	if p := recover(); p != nil {
		r.host.cfg.Logger.Error("panic playing a move", "room", r.code, "panic", fmt.Sprint(p))
		*err = errUnplayable
	}
}

// finishIfOver records the end of a game that is over and returns the
// result for the status line ("" while play goes on). Called with mu held.
func (r *room) finishIfOver() string {
	if r.rec.Finished || !r.pos().Terminal() {
		return ""
	}
	// With the reason, as local games end ("— x completes the square …").
	note, _ := r.finish(r.t.Goals(), game.ResultWithReason(r.pos()), "")
	return note
}

// finish stores the end of the game (the store rates a rated room in the
// same transaction, unless it was abandoned) and marks the room
// finished, and reports whether this call recorded it. If another node
// ended it first, the room is reloaded and reports that end instead.
// Called with mu held.
func (r *room) finish(goals []int, result, reason string) (string, bool) {
	l := r.host
	f := FinishRecord{Moves: len(r.rec.Moves), Goals: goals, Result: result, Reason: reason, At: time.Now(), Unrated: reason == ReasonAbandoned || reason == ReasonAborted}
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

// reload brings the room up to the store's record after another node's
// change (see reloaded). Called with mu held: it reads the store under
// the lock, which the paths of a conflict do; the store's events reload
// with the lock released (see catchUpTo).
func (r *room) reload() {
	r.reloaded(r.read())
}

// load reads the room's record from the store.
func (r *room) load() (Record, error) {
	ctx, cancel := r.host.storeCtx()
	defer cancel()
	return r.host.cfg.Store.Load(ctx, r.code)
}

// read is load's answer, on the heap: a Record is large, and the paths
// that may read the room run on the stacks of fresh goroutines (a move's
// command, an event's catch-up), which a Record in their frames made
// grow, copied, on every move even when nothing was read. Not inlined,
// so that the Record the store returns stays in read's frame.
//
//go:noinline
func (r *room) read() *storeRead {
	s := new(storeRead)
	s.rec, s.err = r.load()
	return s
}

// reloaded takes over the store's record (read by read): new moves are
// replayed (checked) onto the table, seats, clocks and the end taken
// over, and members told. Called with mu held.
func (r *room) reloaded(read *storeRead) {
	l := r.host
	rec, err := &read.rec, read.err
	if errors.Is(err, ErrNoRoom) {
		r.close(false) // deleted by another node
		return
	}
	if err != nil {
		l.cfg.Logger.Error("room store", "op", "reload", "room", r.code, "err", err)
		return
	}
	if rec.Version <= r.rec.Version || r.closed {
		return
	}
	note, err := r.catchUp(rec.Moves)
	if err != nil {
		r.quarantine(err)
		return
	}
	finished := rec.Finished && !r.rec.Finished
	r.rec = *rec
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

// catchUp moves the table to the stored moves: only the new ones are
// played when the stored list extends ours, else all are replayed from
// the start (Rewrites counts it). It returns a note on the last new move.
func (r *room) catchUp(moves []string) (string, error) {
	extends := len(moves) >= len(r.rec.Moves)
	for i := 0; extends && i < len(r.rec.Moves); i++ {
		extends = moves[i] == r.rec.Moves[i]
	}
	from := len(r.rec.Moves)
	if !extends {
		r.rewrites++
		t, err := table.ReplayVariant(r.v.Name, r.rec.Start, nil)
		if err != nil {
			return "", err
		}
		r.t, from = t, 0
	}
	note := ""
	for i := from; i < len(moves); i++ {
		n, err := r.playText(moves[i], i == len(moves)-1)
		if err != nil {
			return "", fmt.Errorf("move %d %q: %w", i+1, moves[i], err)
		}
		note = n
	}
	return note, nil
}

// playText plays a stored move on the table and, withNote, returns the
// members' note on it ("white played a1"). Called with mu held.
func (r *room) playText(text string, withNote bool) (string, error) {
	note := ""
	if withNote {
		if m, err := r.pos().ParseMove(text); err == nil {
			note = r.v.RoleName(r.pos().ToMove()) + " played " + r.pos().ShortMove(m)
		}
	}
	return note, r.t.PlayText(text)
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
