package rooms

import (
	"sync"

	"github.com/tabletop/tabletop/roomapi"
)

// Turn notices: a key holder's sessions hear when it becomes their move
// in one of their rooms (roomapi.Games.TurnNotices), for a correspondence
// player who plays several games at once. Every node hosts every live
// room and follows its changes, so a session hears of a move made on
// another node from its own.

// TurnNotice is the room contract's (see package roomapi).
type TurnNotice = roomapi.TurnNotice

// turnMark is a turn as the notices count them: the room's move count
// and the seat to move.
type turnMark struct {
	moves, seat int
	seen        bool // false before the room's first change here
}

// watchers are the sessions waiting for turn notices, by key.
type watchers struct {
	mu   sync.Mutex
	next int
	subs map[string]map[int]func(TurnNotice)
}

// WatchTurns calls tell when it becomes the move of p's key in one of its
// rooms, until stop. tell is called with a room's lock held: it must not
// block or call into the rooms (a session hands the notice to its
// program's loop). A guest has no rooms across sessions: tell is never
// called.
func (l *Host) WatchTurns(p Player, tell func(TurnNotice)) (stop func()) {
	if p.ID == "" {
		return func() {}
	}
	w := &l.watching
	w.mu.Lock()
	if w.subs == nil {
		w.subs = map[string]map[int]func(TurnNotice){}
	}
	if w.subs[p.ID] == nil {
		w.subs[p.ID] = map[int]func(TurnNotice){}
	}
	w.next++
	id := w.next
	w.subs[p.ID][id] = tell
	w.mu.Unlock()
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(w.subs[p.ID], id)
		if len(w.subs[p.ID]) == 0 {
			delete(w.subs, p.ID)
		}
	}
}

// tell tells the sessions of key.
func (w *watchers) tell(key string, n TurnNotice) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, f := range w.subs[key] {
		f(n)
	}
}

// turn is the seat to move in a game that goes on, or -1. Called with mu
// held.
func (r *room) turn() int {
	if !r.rec.Started || r.rec.Finished || r.pos().Terminal() {
		return -1
	}
	if t := int(r.pos().ToMove()); t >= 0 && t < len(r.rec.Seats) {
		return t
	}
	return -1
}

// noticeTurn tells the key whose move it became, once per turn, if the
// move before was another player's. Called with mu held (see changed).
func (r *room) noticeTurn() {
	turn := r.turn()
	mark := turnMark{moves: len(r.rec.Moves), seat: turn, seen: true}
	prev := r.noticed
	r.noticed = mark
	if !prev.seen || mark == prev || turn < 0 || len(r.rec.Moves) == 0 {
		// A room just loaded here tells nobody: its players hear of the
		// rooms where it is their move when they connect (YourGames).
		return
	}
	s := r.rec.Seats[turn]
	if !person(s) || s.PlayerID == "" {
		return
	}
	steps := r.t.Steps()
	if len(steps) == 0 {
		return
	}
	last := steps[len(steps)-1].Mover
	if last < 0 || int(last) >= len(r.rec.Seats) {
		return // a joint turn: everyone moved
	}
	by := r.rec.Seats[last]
	if by.PlayerID == s.PlayerID && person(by) {
		return // the same key moved: no news to it
	}
	name := by.Name
	if by.Kind == SeatAI {
		name = "the AI"
	}
	r.host.watching.tell(s.PlayerID, TurnNotice{Code: r.rec.Code, Variant: r.rec.Variant, Opponent: name})
}
