package rooms

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// Start loads every live room from the store — replaying and checking
// its moves; a room that does not replay is quarantined — and follows the
// store's events (other nodes' changes) and AI claims until Close. It
// returns how many rooms it loaded.
//
// When no other node served the rooms until now (always with an
// exclusive store), the time since the store was last served was
// downtime: the rooms resume as they were when it began (see resume).
func (l *Host) Start() (int, error) {
	// Before any player can take a seat from here: see sweep.
	ctx, cancel := l.storeCtx()
	now := time.Now()
	last, others, err := l.cfg.Nodes.Resume(ctx, l.cfg.Node, now, l.cfg.NodeTTL)
	cancel()
	if err != nil {
		return 0, fmt.Errorf("registering the node: %w", err)
	}
	var down *downtime
	if l.cfg.Exclusive || !others {
		down = &downtime{at: now}
		if !last.IsZero() && now.After(last) {
			down.gap = now.Sub(last)
		}
		if down.gap > 0 {
			l.cfg.Logger.Info("rooms resume after downtime: clocks and holds do not count it", "down", down.gap.Round(time.Millisecond).String(), "since", last.UTC().Format(time.RFC3339))
		}
	}
	events := l.cfg.Store.Subscribe(l.ctx) // before loading: no change slips between
	ctx, cancel = l.storeCtx()
	recs, err := l.cfg.Store.Live(ctx)
	cancel()
	if err != nil {
		return 0, fmt.Errorf("loading rooms: %w", err)
	}
	loaded := 0
	for _, rec := range recs {
		if _, err := l.loadResuming(rec.Code, down); err == nil {
			loaded++
		}
	}
	l.loops.Add(3)
	go l.follow(events)
	go l.tendAI()
	go l.tendPresence()
	return loaded, nil
}

// downtime is the gap before a start during which no node served the
// rooms.
type downtime struct {
	at  time.Time     // the start
	gap time.Duration // how long nobody served them (0: unknown, or none)
}

// load reads a room from the store and hosts it here (or returns the
// copy already hosted). Its moves are checked with the game; a room
// whose moves do not replay is quarantined, and a finished one is not
// loaded.
func (l *Host) load(code string) (*room, error) { return l.loadResuming(code, nil) }

// loadResuming is load at a start after downtime (down != nil): the
// room resumes (see resume) before its timers run.
func (l *Host) loadResuming(code string, down *downtime) (*room, error) {
	ctx, cancel := l.storeCtx()
	rec, err := l.cfg.Store.Load(ctx, code)
	cancel()
	if err != nil {
		return nil, err
	}
	if rec.Finished {
		return nil, ErrEnded
	}
	v, err := game.Lookup(rec.Variant)
	if err != nil {
		// A game this server does not offer now (a rule sheet left out of
		// --games): the room waits in the store for a server that does.
		l.cfg.Logger.Warn("room not loaded: unknown game", "room", code, "game", rec.Variant)
		return nil, err
	}
	t, err := table.ReplayVariant(v.Name, rec.Start, rec.Moves)
	if err != nil {
		l.cfg.Logger.Error("room quarantined: its moves do not replay", "room", code, "err", err)
		ctx, cancel := l.storeCtx()
		defer cancel()
		if qerr := l.cfg.Store.Quarantine(ctx, code, err.Error()); qerr != nil {
			l.cfg.Logger.Error("room store", "op", "quarantine", "room", code, "err", qerr)
		}
		return nil, err
	}
	r := l.newRoom(v, t, levelOf(rec.Seats))
	r.rec, r.code = rec, code
	r.version.Store(rec.Version)
	r.ctx, r.cancel = context.WithCancel(l.ctx)
	l.mu.Lock()
	if old := l.rooms[code]; old != nil || l.closing {
		l.mu.Unlock()
		r.cancel()
		if old == nil {
			return nil, errClosing
		}
		return old, nil
	}
	l.rooms[code] = r
	l.mu.Unlock()

	r.mu.Lock()
	defer r.mu.Unlock()
	note := ""
	if t.Position().Terminal() {
		note = r.finishIfOver() // ended but not recorded before a crash
	} else if down != nil {
		note = r.resume(*down)
		if r.closed {
			return nil, errClosing
		}
	}
	r.armHolds()
	r.changed(note)
	return r, nil
}

// resume is Start's work on a room after downtime, before its clock and
// holds are armed: the downtime is taken off the room's time — the
// mover's clock runs from as much later, and so does an adjournment's
// expiry — and every held seat is held afresh (for the hold time at
// least, from now). With an exclusive store nobody can still be
// connected, so its players' seats are held for their keys and guests'
// seats go as after a hold. It returns the note for the members.
// Called with mu held.
func (r *room) resume(down downtime) string {
	cfg := r.host.cfg
	_, err := r.writeRoom(func(w *seatsWrite) bool {
		changed := false
		if down.gap > 0 && (!r.rec.TurnStarted.IsZero() || !w.adjourned.IsZero()) {
			w.shift, changed = down.gap, true
			if !w.adjourned.IsZero() {
				w.adjourned = earlier(w.adjourned.Add(down.gap), down.at)
			}
		}
		for i := range w.seats {
			s := &w.seats[i]
			if s.Kind == SeatPlayer && cfg.Exclusive {
				r.vacate(w.seats, i) // held from now, or gone if a guest's
				changed = true
				continue
			}
			if s.Kind != SeatHeld {
				continue
			}
			if until := later(s.HeldUntil.Add(down.gap), down.at.Add(cfg.SeatHold)); !until.Equal(s.HeldUntil) {
				s.HeldUntil, changed = until, true
			}
		}
		return changed
	})
	if err != nil {
		cfg.Logger.Error("room store", "op", "resume", "room", r.rec.Code, "err", err)
	}
	if cfg.Exclusive && r.abandoned() {
		// (With a shared store another node may be about to seat someone.)
		r.closeAbandoned()
		return ""
	}
	return "the server restarted; players, join again"
}

// later returns the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// earlier returns the earlier of a and b.
func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// follow applies the store's events: another node's change reloads the
// room here, a new room is loaded, a deleted one unloaded.
func (l *Host) follow(events <-chan Event) {
	defer l.loops.Done()
	for ev := range events {
		if ev.Lost {
			l.reloadAll()
			continue
		}
		l.mu.Lock()
		r := l.rooms[ev.Room]
		l.mu.Unlock()
		if r == nil {
			if ev.Version > 0 {
				_, _ = l.load(ev.Room)
			}
			continue
		}
		switch {
		case ev.Version == 0:
			r.mu.Lock()
			r.close(false)
			r.mu.Unlock()
		case ev.Version > r.version.Load() && !r.deferEvent(ev.Version) && !r.playEventNow(ev.Version, ev.Move):
			// Off the loop: a room busy with a store call must not hold up
			// the other rooms' events. Reloads of one room queue on its
			// lock; the later ones find it caught up.
			l.loops.Add(1) // while follow itself still counts: Close waits for it
			go func() { defer l.loops.Done(); r.catchUpWith(ev.Version, ev.Move) }()
		}
	}
}

// deferEvent leaves the event of version to the move this host is
// storing in the room, if one is, and reports whether it did: once the
// move is stored and played, the room catches up to the latest version
// left to it (see storeMove). An event that comes while the move is on
// its way is its own, most often, before the mover has recorded it; a
// catch-up started for it (a goroutine waiting for the move's lock to
// find nothing to do) was 0.4 goroutines a move at 300 rooms on SQLite.
func (r *room) deferEvent(version uint64) bool {
	if !r.storing.Load() {
		return false
	}
	r.leaveToMove(version)
	// Set after the version was left: the move, which clears storing
	// before it reads deferred, will see it. Cleared: it may have read
	// deferred already, and the event is the loop's again.
	return r.storing.Load()
}

// playEventNow plays the move m another host stored (version ver), as
// its event carried it, on the event loop itself when nobody else holds
// the room and the move is the one change since this copy; it reports
// whether the event needs nothing more. A node's rooms followed from
// another node's moves (half of every room's moves, with its players
// on two nodes) each started a goroutine for the move, whose stack grew
// on the way to the table. The locks are only tried: the loop never
// waits for a room (a room's writes hold them across the store's).
func (r *room) playEventNow(ver uint64, m *MoveRecord) bool {
	if m == nil || !r.writing.TryLock() {
		return false
	}
	defer r.writing.Unlock()
	if !r.mu.TryLock() {
		return false
	}
	defer r.mu.Unlock()
	return r.closed || ver <= r.rec.Version || r.playEvent(*m, ver)
}

// catchUpTo reloads the room unless it has reached version meanwhile.
// It waits for a move of this host on its way to the store (whose own
// event it may be), and reads the store with the room's lock released.
func (r *room) catchUpTo(version uint64) { r.catchUpWith(version, nil) }

// catchUpWith is catchUpTo for an event that carried the move m (nil:
// none): when the room is one version behind, the move is played here
// without reading the store.
func (r *room) catchUpWith(version uint64, m *MoveRecord) {
	r.writing.Lock()
	defer r.writing.Unlock()
	r.caughtUpWith(version, m)
}

// caughtUpWith is catchUpWith with r.writing held.
func (r *room) caughtUpWith(version uint64, m *MoveRecord) {
	r.mu.Lock()
	behind := !r.closed && version > r.rec.Version
	if behind && m != nil && r.playEvent(*m, version) {
		behind = false
	}
	r.mu.Unlock()
	if !behind {
		return
	}
	read := r.read()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reloaded(read)
}

// reloadAll catches up after missed events: every hosted room is
// reloaded and every live room loaded. Each room is read from the store
// with its lock released (catchUpTo), as for one event: a thousand rooms
// read with their locks held kept each room's players waiting, in turn,
// for its read.
func (l *Host) reloadAll() {
	for _, r := range l.hosted() {
		r.catchUpTo(math.MaxUint64)
	}
	ctx, cancel := l.storeCtx()
	recs, err := l.cfg.Store.Live(ctx)
	cancel()
	if err != nil {
		l.cfg.Logger.Error("room store", "op", "reload", "err", err)
		return
	}
	for _, rec := range recs {
		_, _ = l.load(rec.Code)
	}
}

func (l *Host) hosted() []*room {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]*room, 0, len(l.rooms))
	for _, r := range l.rooms {
		out = append(out, r)
	}
	return out
}

// tendAI renews this host's claims on AI seats and takes over rooms
// whose AI another node stopped playing (its claim ran out), a third of
// the claim's time apart.
func (l *Host) tendAI() {
	defer l.loops.Done()
	t := time.NewTicker(l.cfg.LeaseTTL / 3)
	defer t.Stop()
	for {
		select {
		case <-l.ctx.Done():
			return
		case <-t.C:
		}
		for _, r := range l.hosted() {
			r.mu.Lock()
			renew := !r.closed && !r.rec.Finished && r.thinking && r.leased
			r.mu.Unlock()
			if renew {
				r.claimAI() // renew during a long search, off the room's lock
			}
			r.mu.Lock()
			if !r.closed && !r.rec.Finished {
				r.scheduleAI()
			}
			r.mu.Unlock()
		}
	}
}

// levelOf is the AI level for seats handed to the AI after a hold: the
// first AI seat's, else medium.
func levelOf(seats []SeatRecord) string {
	for _, s := range seats {
		if s.Kind == SeatAI {
			return s.Level
		}
	}
	return string(ai.Medium)
}
