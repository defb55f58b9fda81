package rooms

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// room is one shared game, on a table (package table). Every field below
// mu is guarded by it. Nothing slow happens while it is held on a move's
// way — the AI's search and lease, the store's write of the move, writing
// to a session — so that the room's members are never kept waiting by
// the store; the rarer writes (seats, the end) are made under it.
type room struct {
	host    *Host
	v       *game.Variant
	code    string // the room's code; rec.Code, read without mu
	aiLevel string // level of a seat handed to the AI after a hold
	// ctx ends the room's AI search; close cancels it, so a room that
	// closes mid-search frees its AI slot at once.
	ctx    context.Context
	cancel context.CancelFunc
	// writing is the room's write lane: held (before mu, never after)
	// from a move's check to its play, across the store's write with mu
	// released, so that this host stores one move of the room at a time
	// and the store's event of a move does not reload the room meanwhile.
	writing sync.Mutex

	mu       sync.Mutex
	rec      Record
	t        *table.Table  // the game: position, steps, the AI seats
	holders  []*member     // per seat: the connected member of this host playing it
	holds    []*time.Timer // per seat: the running hold
	members  map[*member]struct{}
	thinking bool
	leased   bool // this host holds the store's claim on the AI seats
	note     string
	closed   bool
	views    uint64      // RoomView.Version: counts changes seen here
	flag     *time.Timer // fires when the mover's clock runs out
	// clockTurn is the seat the flag timer watches (-1: none).
	clockTurn int

	// rewrites counts the times the moves were replaced rather than
	// extended (RoomView.Rewrites).
	rewrites uint64

	// said is when each writer (a key, or a guest's member) said its
	// latest chat lines, for the chat's rate (see mayChat).
	said map[string][]time.Time
	// noticed is the turn the players were last told of (see noticeTurn).
	noticed turnMark

	// version mirrors rec.Version for the event loop, which skips the
	// events of this host's own writes without taking mu.
	version atomic.Uint64
	// storing is set while a move of this host is on its way to the
	// store (playMove), and deferred is the latest version of the
	// events the event loop left to that move meanwhile (see
	// deferEvent): the move's own event, most often, which comes before
	// the move is recorded here.
	storing  atomic.Bool
	deferred atomic.Uint64

	// shown is the position's text (RoomView.Position) for the table
	// and its version it was written from: every member reads the view
	// after every change.
	shown struct {
		t       *table.Table
		version uint64
		text    string
	}
}

// positionText is the position's text, written again only when the
// position changed. Called with mu held.
func (r *room) positionText() string {
	if s := &r.shown; s.t != r.t || s.version != r.t.Version() || s.text == "" {
		s.t, s.version, s.text = r.t, r.t.Version(), r.pos().String()
	}
	return r.shown.text
}

// pos is the game's position. Called with mu held.
func (r *room) pos() game.State { return r.t.Position() }

func (r *room) newMember(p Player) *member {
	m := &member{room: r, code: r.rec.Code, player: p, updates: make(chan struct{}, 1)}
	r.members[m] = struct{}{}
	return m
}

func (r *room) spectatorsLocked() int {
	n := 0
	for m := range r.members {
		if len(r.rolesOf(m)) == 0 {
			n++
		}
	}
	return n
}

// info is the room's line in p's room list. Called with mu held.
func (r *room) info(p Player) RoomInfo {
	info := RoomInfo{Code: r.rec.Code, Variant: r.rec.Variant, Finished: r.rec.Finished, Spectators: r.spectatorsLocked(),
		Moves: len(r.rec.Moves), ToMove: -1, Rated: r.rec.Rated}
	now := time.Now()
	for i, s := range r.rec.Seats {
		info.Seats = append(info.Seats, seatView(r.v, i, s, r.seatConnected(s, now)))
	}
	info.Yours = r.heldBy(p)
	if turn := r.turn(); turn >= 0 {
		s := r.rec.Seats[turn]
		info.ToMove = turn
		info.YourTurn = p.ID != "" && s.PlayerID == p.ID && person(s)
		if clocks, _, _ := r.clocks(now); clocks != nil {
			info.TimeLeft = clocks[turn]
		}
	}
	return info
}

func (r *room) rolesOf(m *member) []game.Role {
	var out []game.Role
	for i := range r.holders {
		if r.plays(m, i) {
			out = append(out, game.Role(i))
		}
	}
	return out
}

// plays reports whether m may play seat i. A seat belongs to its key, not
// to one connection: every session of the key in the room plays it, so a
// second terminal neither steals the seat nor leaves the first a watcher.
// A guest's seat is its one session's. Called with mu held.
func (r *room) plays(m *member, i int) bool {
	h := r.holders[i]
	return h != nil && !m.left && (h == m || (m.player.ID != "" && h.player.ID == m.player.ID))
}

// sessionOf returns another member here of p's key, other than not, or
// nil (always nil for a guest, who has no key). Called with mu held.
func (r *room) sessionOf(p Player, not *member) *member {
	if p.ID == "" {
		return nil
	}
	for o := range r.members {
		if o != not && !o.left && o.player.ID == p.ID {
			return o
		}
	}
	return nil
}

// join seats p (their key's seats, else an open one) or lets them watch.
// Called with mu held.
func (r *room) join(p Player, rating float64) (Room, error) {
	var took []int
	rejoined := false
	_, err := r.writeSeats(func(seats []SeatRecord) bool {
		took, rejoined = took[:0], false
		dirty := false
		if p.ID != "" {
			for i := range seats {
				s := &seats[i]
				if s.PlayerID != p.ID || (s.Kind != SeatHeld && s.Kind != SeatPlayer) {
					continue
				}
				// Rejoining, or another session of the same key: the seat
				// is the key's, so this session plays it too. The write,
				// even of the same seat, also brings this node's copy of
				// the room up to date before the player's first move.
				s.Kind, s.HeldUntil, s.Name, s.Node = SeatPlayer, time.Time{}, p.Name, r.host.cfg.Node
				if rating != 0 {
					s.Rating = rating
				}
				took, rejoined, dirty = append(took, i), true, true
			}
		}
		if len(took) == 0 && !r.rec.Finished {
			for i := range seats {
				if s := &seats[i]; s.Kind == SeatOpen {
					s.Kind, s.PlayerID, s.Name, s.Node, s.Rating = SeatPlayer, p.ID, p.Name, r.host.cfg.Node, rating
					took = append(took, i)
					dirty = true
					break
				}
			}
		}
		return dirty
	})
	if err != nil {
		return nil, err
	}
	if len(took) == 0 {
		switch r.rec.Spectators {
		case SpectatorsNone:
			return nil, errors.New("this room has no spectators")
		case SpectatorsKeys:
			if p.ID == "" {
				return nil, errors.New("only players with an SSH key may watch this room")
			}
		}
	}
	other := r.sessionOf(p, nil)
	m := r.newMember(p)
	for _, i := range took {
		r.stopHold(i)
		if r.holders[i] == nil || r.holders[i].player.ID != p.ID {
			r.holders[i] = m
		}
	}
	note := p.Name + " is watching"
	switch {
	case other != nil && len(took) > 0:
		// Tell the first session why its seat now answers a second one.
		note = p.Name + " opened another session; both play " + r.v.RoleName(game.Role(took[0]))
	case other != nil:
		note = "" // already watching from another session
	case rejoined && len(r.rec.Moves) > 0:
		note = p.Name + " is back"
	case len(took) > 0:
		// Also a seat held for the player before any move: a quick
		// match's pairing keeps both seats for their first join.
		note = p.Name + " joined as " + r.v.RoleName(game.Role(took[0]))
	}
	r.changed(note)
	return m, nil
}

// changed tells every member of a change: it starts an AI move if one is
// due, arms the flag and signals the mailboxes. Called with mu held.
func (r *room) changed(note string) {
	if r.closed {
		return
	}
	if r.rec.Finished && len(r.members) == 0 {
		// Over while nobody looks (a flag in an adjourned game, another
		// node's end): the store keeps the result; the host lets it go.
		r.close(false)
		return
	}
	if note != "" {
		r.note = note
	}
	r.views++
	r.noticeTurn()
	r.scheduleAI()
	r.armFlag()
	r.wake()
}

// wake tells the room's members to read its view again. Called with mu
// held.
func (r *room) wake() {
	for m := range r.members {
		// Latest-only mailbox: a member that has not read the previous
		// signal will read the newest view anyway.
		if !m.closed {
			select {
			case m.updates <- struct{}{}:
			default:
			}
		}
	}
}

// close unloads the room from this host and, with forget, deletes it
// from the store too (an abandoned room without moves: see
// closeAbandoned). Called with mu held.
func (r *room) close(forget bool) {
	if r.closed {
		return
	}
	r.closed = true
	r.cancel()
	for i := range r.holds {
		r.stopHold(i)
	}
	if r.flag != nil {
		r.flag.Stop()
	}
	l := r.host
	ctx, cancel := l.storeCtx()
	defer cancel()
	// The store first, the host's map after: until the room is gone from
	// the store, an event of an earlier write finds it here, closed, and
	// does not load it again (a ghost copy that played its AI seats
	// against a deleted room).
	if forget {
		switch err := l.cfg.Store.Delete(ctx, r.rec.Code); {
		case errors.Is(err, ErrStale):
			// Moves were made through another host; this copy missed them.
			l.cfg.Logger.Info("room kept: it has moves made elsewhere", "room", r.rec.Code)
		case err != nil:
			l.cfg.Logger.Error("room store", "op", "delete", "room", r.rec.Code, "err", err)
		}
	} else if r.leased {
		// Let another node take the AI over at once.
		_ = l.cfg.Store.ReleaseAI(ctx, r.rec.Code)
	}
	l.mu.Lock()
	if l.rooms[r.rec.Code] == r {
		delete(l.rooms, r.rec.Code)
	}
	l.mu.Unlock()
	for m := range r.members {
		m.closeUpdates()
	}
}

// abandoned reports whether nobody is in the room, here or (as far as
// the seats tell) on another node, and no seat is held. A finished room
// is abandoned once nobody here looks at it.
func (r *room) abandoned() bool {
	if len(r.members) > 0 {
		return false
	}
	if r.rec.Finished {
		return true
	}
	for _, s := range r.rec.Seats {
		if s.Kind == SeatHeld || s.Kind == SeatPlayer {
			return false
		}
	}
	return true
}

// closeAbandoned unloads an abandoned room: a finished one stays in the
// store (its result is kept); a game with moves is recorded as abandoned
// (nobody can come back to it: no seat is any key's); only a room where
// nothing was played is deleted. Called with mu held.
func (r *room) closeAbandoned() {
	switch {
	case r.rec.Finished:
		r.close(false)
	case len(r.rec.Moves) > 0:
		r.abandon("every player left")
	default:
		r.host.cfg.Logger.Info("room deleted: everyone left before the first move", "room", r.rec.Code, "game", r.rec.Variant)
		r.close(true)
	}
}

// abandon records a game with moves that nobody will finish — unrated,
// with no winner — and logs it; the room then closes unless someone
// still watches. Called with mu held.
func (r *room) abandon(why string) {
	moves := len(r.rec.Moves)
	note, recorded := r.finish(make([]int, len(r.rec.Seats)), "game abandoned: "+why, ReasonAbandoned)
	if r.closed {
		return
	}
	if recorded {
		r.host.cfg.Logger.Info("room abandoned: recorded unfinished", "room", r.rec.Code, "game", r.rec.Variant, "moves", moves, "why", why)
	}
	if r.abandoned() {
		r.close(false)
		return
	}
	r.changed(note)
}

// playing reports whether a seat is played by someone connected (to this
// host or another).
func playing(seats []SeatRecord) bool {
	for _, s := range seats {
		if s.Kind == SeatPlayer {
			return true
		}
	}
	return false
}

// lapse is what becomes of a seat whose hold ran out.
type lapse int

const (
	lapsePass    lapse = iota // the seat goes to the AI or opens, as the room says
	lapseWait                 // held on: a correspondence game waits for its player
	lapseAdjourn              // everyone is away: the game is adjourned
	lapseAbandon              // adjourned too long: the game is recorded as abandoned
)

// afterLapse decides, and writes into w, what becomes of held seat i
// whose hold ran out at now. A game with moves is never given away for
// absence: when nobody plays it any more it is adjourned — every held
// seat then waits for its player until the adjournment expires, while a
// running clock runs on — and a correspondence game keeps an absent
// player's seat while the other plays. Called with mu held.
func (r *room) afterLapse(w *seatsWrite, i int, now time.Time) lapse {
	expiry := r.host.cfg.AdjournedExpiry
	switch {
	case len(r.rec.Moves) == 0:
	case !playing(w.seats) && !w.adjourned.IsZero() && !now.Before(w.adjourned.Add(expiry)):
		return lapseAbandon
	case !playing(w.seats):
		if w.adjourned.IsZero() {
			w.adjourned = now
		}
		for j := range w.seats {
			if w.seats[j].Kind == SeatHeld {
				w.seats[j].HeldUntil = w.adjourned.Add(expiry)
			}
		}
		return lapseAdjourn
	case r.rec.Clock.PerMove > 0:
		w.seats[i].HeldUntil = now.Add(r.host.cfg.SeatHold)
		return lapseWait
	}
	r.afterHold(w.seats, i)
	return lapsePass
}

// afterHold gives a seat whose player stayed away to the AI or opens it.
func (r *room) afterHold(seats []SeatRecord, i int) {
	rem := seats[i].Remaining
	if r.rec.AfterHold == SeatAI {
		seats[i] = SeatRecord{Kind: SeatAI, Level: r.aiLevel, Remaining: rem}
	} else {
		seats[i] = SeatRecord{Kind: SeatOpen, Remaining: rem}
	}
}

// vacate does to seat i what a disconnect does: a key holder's seat is
// held for the hold time, a guest's goes as after a hold. Called with mu
// held, on the seats writeSeats is writing.
func (r *room) vacate(seats []SeatRecord, i int) {
	if seats[i].PlayerID != "" {
		r.hold(seats, i)
	} else {
		r.afterHold(seats, i)
	}
}

// releaseSeats vacates, in one write, the player seats that picks; op
// names the write in the log. Called with mu held.
func (r *room) releaseSeats(op string, picks func(i int, s SeatRecord) bool) {
	_, err := r.writeSeats(func(seats []SeatRecord) bool {
		changed := false
		for i, s := range seats {
			if s.Kind == SeatPlayer && picks(i, s) {
				r.vacate(seats, i)
				changed = true
			}
		}
		return changed
	})
	if err != nil {
		r.host.cfg.Logger.Error("room store", "op", op, "room", r.rec.Code, "err", err)
	}
}

// hold marks seat i held for its player for the host's hold time.
func (r *room) hold(seats []SeatRecord, i int) {
	seats[i].Kind, seats[i].Node = SeatHeld, ""
	seats[i].HeldUntil = time.Now().Add(r.host.cfg.SeatHold)
}

// armHolds runs a timer for every held seat that has none. Called with
// mu held.
func (r *room) armHolds() {
	for i, s := range r.rec.Seats {
		if s.Kind != SeatHeld {
			r.stopHold(i)
			continue
		}
		if r.holds[i] == nil {
			i := i
			r.holds[i] = time.AfterFunc(time.Until(s.HeldUntil), func() { r.expireHold(i) })
		}
	}
}

func (r *room) stopHold(i int) {
	if t := r.holds[i]; t != nil {
		t.Stop()
		r.holds[i] = nil
	}
}

func (r *room) expireHold(i int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.recoverPanic("seat hold")
	r.holds[i] = nil
	if r.closed {
		return
	}
	name, was := "", time.Time{}
	outcome := lapsePass
	ok, err := r.writeRoom(func(w *seatsWrite) bool {
		s, now := w.seats[i], time.Now()
		was = w.adjourned
		if s.Kind != SeatHeld || now.Before(s.HeldUntil) {
			return false
		}
		name = s.Name
		outcome = r.afterLapse(w, i, now)
		return outcome != lapseAbandon
	})
	switch {
	case r.closed:
		return
	case outcome == lapseAbandon:
		r.abandon("nobody came back within " + humanDuration(r.host.cfg.AdjournedExpiry))
		return
	case err != nil || !ok:
		r.armHolds() // still held (rejoined elsewhere, or a failed write): check again later
		return
	case outcome == lapseWait:
		r.armHolds()
		return
	case outcome == lapseAdjourn:
		r.armHolds()
		if was.IsZero() {
			r.host.cfg.Logger.Info("room adjourned: every player is away", "room", r.rec.Code, "game", r.rec.Variant,
				"moves", len(r.rec.Moves), "expires", r.rec.Adjourned.Add(r.host.cfg.AdjournedExpiry).UTC().Format(time.RFC3339))
			r.changed("everyone is away: the game is adjourned until they come back")
		}
		return
	}
	r.holders[i] = nil
	if r.abandoned() {
		r.closeAbandoned()
		return
	}
	what := "open"
	if r.rec.Seats[i].Kind == SeatAI {
		what = "played by the AI"
	}
	r.changed(fmt.Sprintf("%s did not come back; %s is now %s", name, r.v.RoleName(game.Role(i)), what))
}

// scheduleAI starts a search when an AI seat is to move: the table asks
// the AI seats (see syncSeats). The search runs on a copy of the
// position, off the room's lock, once this host holds (or takes) the
// store's claim on the room's AI seats. Called with mu held.
func (r *room) scheduleAI() {
	if r.closed || r.thinking || !r.rec.Started || r.rec.Finished {
		return
	}
	r.syncSeats()
	qs := r.t.Pending()
	if len(qs) == 0 {
		return
	}
	q := qs[0]
	r.thinking = true
	r.host.searches.Add(1)
	go r.runAI(r.t, q, r.t.Seat(q.Role))
}

// syncSeats gives the table's roles their seats from the record: an AI
// seat searches at its level, any other plays by hand (its moves come
// through Play). Called with mu held.
func (r *room) syncSeats() {
	l := r.host
	for i, s := range r.rec.Seats {
		role := game.Role(i)
		ai, isAI := r.t.Seat(role).(*table.AISeat)
		switch {
		case s.Kind != SeatAI && isAI:
			r.t.SetSeat(role, nil)
		case s.Kind == SeatAI && (!isAI || string(ai.Options.Level) != s.Level):
			r.t.SetSeat(role, &table.AISeat{Options: aiOptions(s.Level, l.cfg.AIBudget), Slots: l.slots})
		}
	}
}

// aiOptions are a room's AI search at level: one thread, as the server's
// AI slots count searches.
func aiOptions(level string, budget time.Duration) ai.Options {
	return ai.Options{Level: ai.Level(level), Budget: budget, Threads: 1}
}

// claimAI takes or renews this host's claim on the room's AI seats, off
// the room's lock, and reports whether it holds it. A claim won as the
// room closed or its game ended is given up at once, as close and finish
// do, so that no other node waits for it to run out.
func (r *room) claimAI() bool {
	l := r.host
	ctx, cancel := l.storeCtx()
	defer cancel()
	err := l.cfg.Store.ClaimAI(ctx, r.code, l.cfg.LeaseTTL)
	if err != nil && !errors.Is(err, ErrLeaseHeld) {
		l.cfg.Logger.Error("room store", "op", "claim AI", "room", r.code, "err", err)
	}
	r.mu.Lock()
	over := r.closed || r.rec.Finished
	r.leased = err == nil && !over
	r.mu.Unlock()
	if err == nil && over {
		_ = l.cfg.Store.ReleaseAI(ctx, r.code)
	}
	return err == nil && !over
}

// runAI plays the AI seat's turn on table tab: it claims the room's AI
// (another node may play it), asks the seat — the search waits for a
// free AI slot — and plays its moves (a planned turn's too: Pentago's
// rotation after its placement) through the room's commit path, the
// table's fallback replacing an answer that is not legal. The members
// hear of the turn once it is played.
func (r *room) runAI(tab *table.Table, q table.Question, seat table.Seat) {
	l := r.host
	defer l.searches.Done()
	if !r.claimAI() {
		// Another node plays it. The members are told the AI is not
		// thinking here (a view read since it was scheduled said so,
		// and would say so until the next change), but the AI is not
		// scheduled again: the lease loop, not this goroutine, tries
		// again, after a third of the claim's time.
		r.mu.Lock()
		r.thinking = false
		r.views++
		r.wake()
		r.mu.Unlock()
		return
	}
	var played []string
	defer func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		defer r.recoverPanic("AI move")
		r.thinking = false
		if r.closed || r.ctx.Err() != nil {
			return
		}
		note := r.finishIfOver()
		if note == "" && len(played) > 0 {
			note = "AI (" + r.v.RoleName(q.Role) + ") played " + strings.Join(played, " ")
		}
		r.changed(note) // and think again if the AI is still due
	}()
	for {
		m, err := r.askAI(seat, q)
		if r.ctx.Err() != nil {
			return
		}
		short, next, ok := r.playAI(tab, q, m, err)
		if !ok {
			return
		}
		played = append(played, short)
		if next == nil {
			return
		}
		q = *next
	}
}

// askAI asks the AI seat, turning a panic in the search into a failure
// to answer, which the fallback covers.
func (r *room) askAI(seat table.Seat, q table.Question) (m game.Move, err error) {
	defer func() {
		if p := recover(); p != nil {
			r.host.cfg.Logger.Error("AI panic", "room", r.code, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			m, err = game.Noop, fmt.Errorf("the search failed: %v", p)
		}
	}()
	return seat.Choose(r.ctx, q)
}

// playAI plays the AI's answer to q (or the fallback's move), if the room
// is still where q was asked on table tab, and returns its short form and the next
// question of the same turn, if the AI seat is still to move.
func (r *room) playAI(tab *table.Table, q table.Question, m game.Move, err error) (string, *table.Question, bool) {
	r.writing.Lock()
	defer r.writing.Unlock()
	r.mu.Lock()
	seat := int(q.Role)
	// A rewrite of the moves replaces the table (see catchUp), whose
	// versions then count from the start again.
	if r.closed || r.rec.Finished || r.t != tab || r.t.Version() != q.Version || r.rec.Seats[seat].Kind != SeatAI {
		r.mu.Unlock()
		return "", nil, false // the room changed meanwhile: the deferred changed thinks again if still due
	}
	mv, fault := r.t.Resolve(q, m, err)
	if fault != nil {
		r.host.cfg.Logger.Warn("AI move replaced", "room", r.code, "seat", r.v.RoleName(q.Role), "why", fault.Err.Error(), "played", fault.Text)
	}
	r.mu.Unlock()
	short, err := r.playMove(mv, seat, nil)
	if err != nil {
		return "", nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || r.pos().Terminal() || int(r.pos().ToMove()) != seat || r.rec.Seats[seat].Kind != SeatAI {
		return short, nil, true
	}
	next := r.t.Question(q.Role)
	return short, &next, true
}

// recoverPanic keeps a bug in a room's own goroutines (timers, AI) from
// taking the server down: it is logged and the room is unloaded, which
// its members see. Deferred with mu held.
func (r *room) recoverPanic(what string) {
	if p := recover(); p != nil {
		r.host.cfg.Logger.Error("panic in room", "room", r.rec.Code, "during", what, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		r.close(false)
	}
}

// member is one client's place in a room; it implements Room.
type member struct {
	room *room
	// code is the room's, kept here: a reload rewrites the room's record,
	// and Code takes no lock.
	code    string
	player  Player
	updates chan struct{}
	left    bool // guarded by room.mu
	closed  bool // updates is closed; guarded by room.mu
}

// closeUpdates closes the mailbox, which ends a client's wait on it (the
// client reads a closed mailbox as "the room was closed"). Called with
// room.mu held.
func (m *member) closeUpdates() {
	if !m.closed {
		m.closed = true
		close(m.updates)
	}
}

var _ Room = (*member)(nil)

func (m *member) Code() string             { return m.code }
func (m *member) Updates() <-chan struct{} { return m.updates }

// View returns the room as this member sees it.
//
// The view is written into the result field by field: a RoomView built
// first in View's frame (and copied out) took it to 1.4 KB, on the
// fresh goroutine of the command that waits for the room's next update.
func (m *member) View() (v RoomView) {
	r := m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	v.Code, v.Variant, v.Start = r.rec.Code, r.rec.Variant, r.rec.Start
	v.Moves = r.rec.Moves[:len(r.rec.Moves):len(r.rec.Moves)] // shared: moves are only ever appended
	v.Rewrites, v.Position = r.rewrites, r.positionText()
	v.You = r.rolesOf(m) // once: leaving asks too
	v.Thinking, v.Finished, v.Result = r.thinking, r.rec.Finished, r.rec.Result
	v.Note, v.Version = r.note, r.views
	if r.closed {
		v.Note = "the room has closed"
	} else if !r.rec.Started {
		v.Note = strings.TrimSpace(r.note + " — waiting for players")
	}
	now := time.Now()
	for i, s := range r.rec.Seats {
		// A player's seat without a connection here is played from
		// another node: shown connected while that node lives.
		v.Seats = append(v.Seats, seatView(r.v, i, s, r.seatConnected(s, now)))
	}
	v.Clocks, v.ClockTurn, v.ClockAt = r.clocks(now)
	v.Leaving = r.leaving(m, v.You)
	v.Rated, v.Changes = r.rec.Rated, r.rec.Changes
	v.Offer, v.Rematch = r.offer()
	v.Chat = r.rec.Chat[:len(r.rec.Chat):len(r.rec.Chat)] // shared, like Moves: a new line makes a new array or appends past it
	v.MayChat = !r.closed && (len(v.You) > 0 || r.rec.SpectatorChat)
	return v
}

// Play submits an action for one of this member's roles; the room checks
// it with the game and stores it before anyone hears of it. The room's
// lock is not held while the store writes it (see room.writing).
func (m *member) Play(mv game.Move) error {
	r := m.room
	r.writing.Lock()
	defer r.writing.Unlock()
	seat, err := m.seatToPlay()
	if err != nil {
		return err
	}
	short, err := r.playMove(mv, seat, m)
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.recoverPanic("move")
	if err != nil {
		r.changed("") // a reload or a flag may have changed the room
		return err
	}
	note := r.finishIfOver()
	if note == "" {
		note = m.player.Name + " played " + short
	}
	r.changed(note)
	return nil
}

// seatToPlay is the seat this member may play now, or why none.
func (m *member) seatToPlay() (int, error) {
	r := m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.closed:
		return 0, errors.New("the room has closed")
	case m.left:
		return 0, errors.New("you left the room")
	case r.rec.Finished || r.pos().Terminal():
		return 0, game.ErrGameOver
	case !r.rec.Started:
		return 0, errors.New("waiting for players")
	}
	seat := int(r.pos().ToMove())
	if seat < 0 || seat >= len(r.holders) || !r.plays(m, seat) {
		if len(r.rolesOf(m)) == 0 {
			return 0, errors.New("you are watching this game")
		}
		return 0, fmt.Errorf("it is %s's turn", r.v.RoleName(game.Role(seat)))
	}
	return seat, nil
}

// Leave gives up this member's place. A player with a key has their seats
// held for the hold time; a guest's seats go at once to the AI or open, as
// the room's creator chose.
func (m *member) Leave() {
	r := m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	if m.left {
		return
	}
	m.left = true
	delete(r.members, m)
	m.closeUpdates()
	// The seats stay played while another session of the key is here.
	other := r.sessionOf(m.player, m)
	var mine []int
	for i, h := range r.holders {
		switch {
		case h != m:
		case other != nil:
			r.holders[i] = other
		default:
			r.holders[i] = nil
			mine = append(mine, i)
		}
	}
	if len(mine) > 0 && !r.rec.Finished && !r.closed {
		// (Once the game is over the seat keeps its player's name.) A seat
		// taken meanwhile by another connection, here or on another node,
		// stays.
		r.releaseSeats("leave", func(i int, s SeatRecord) bool {
			return slices.Contains(mine, i) && s.PlayerID == m.player.ID && s.Name == m.player.Name &&
				(s.Node == "" || s.Node == r.host.cfg.Node)
		})
		r.armHolds()
	}
	if r.closed {
		return
	}
	if r.abandoned() {
		r.closeAbandoned()
		return
	}
	if other != nil {
		r.changed("") // the key is still here: nobody left
		return
	}
	r.changed(m.player.Name + " left")
}
