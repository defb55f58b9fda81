package rooms

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"
)

// Node presence: with a shared store, a seat whose player is connected to
// another node is SeatPlayer with that node's id. Each host renews a
// heartbeat in the store; when a node dies without a word (kill -9, power
// loss) its heartbeat lapses, and the live hosts do to its players' seats
// what a disconnect does — hold a key's seat, open (or give to the AI) a
// guest's — so that the game goes on as after any hold.

// sweepRooms bounds how many rooms one sweep writes; the rest wait for the
// next sweep, a third of NodeTTL later.
const sweepRooms = 64

// newNodeID returns a random id for a host, new at every process start.
func newNodeID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Node is this host's node id, which its players' seats carry.
func (l *Host) Node() string { return l.cfg.Node }

// nodeGone reports whether node, named by a seat, is known to have
// stopped heartbeating by now, as of the host's latest look at the store.
// A node the host has not seen yet (one that started since) counts as
// alive; so do this host and "" (a seat written before nodes were kept).
func (l *Host) nodeGone(node string, now time.Time) bool {
	if node == "" || node == l.cfg.Node {
		return false
	}
	l.nodesMu.Lock()
	lapses, known := l.nodes[node]
	l.nodesMu.Unlock()
	return known && !now.Before(lapses) && l.judging(now)
}

// judging reports whether the host may take a lapsed heartbeat for a
// dead node. Not while its own store calls fail, nor for a NodeTTL after
// they came back: an outage of the database stops every node's
// heartbeat, and the others need that long to renew theirs.
func (l *Host) judging(now time.Time) bool {
	l.nodesMu.Lock()
	defer l.nodesMu.Unlock()
	return !l.storeDown && (l.recovered.IsZero() || now.Sub(l.recovered) >= l.cfg.NodeTTL)
}

// storeAnswered records whether a presence call of the store worked;
// the first that works after failures starts judging's wait.
func (l *Host) storeAnswered(ok bool, now time.Time) {
	l.nodesMu.Lock()
	defer l.nodesMu.Unlock()
	if ok && l.storeDown {
		l.recovered = now
	}
	l.storeDown = !ok
}

// heartbeat renews this host's presence in the store.
func (l *Host) heartbeat() error {
	ctx, cancel := l.storeCtx()
	defer cancel()
	return l.cfg.Nodes.Heartbeat(ctx, l.cfg.Node, time.Now(), l.cfg.NodeTTL)
}

// refreshNodes reads the nodes' heartbeats from the store into the
// host's view of them and returns them.
func (l *Host) refreshNodes() (map[string]time.Time, error) {
	ctx, cancel := l.storeCtx()
	nodes, err := l.cfg.Nodes.Nodes(ctx)
	cancel()
	if err != nil {
		return nil, err
	}
	l.nodesMu.Lock()
	l.nodes = nodes
	l.nodesMu.Unlock()
	return nodes, nil
}

// tendPresence renews the host's heartbeat — which also marks the store
// served, for the next start's downtime — and, with a shared store,
// sweeps the seats of dead nodes, a third of NodeTTL apart, until Close.
// Alone on its store the host only marks it served, every second at
// most: a crash then costs a running clock no more than that.
func (l *Host) tendPresence() {
	defer l.loops.Done()
	every := l.cfg.NodeTTL / 3
	if l.cfg.Exclusive {
		every = min(every, time.Second)
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if l.cfg.Exclusive {
			if err := l.heartbeat(); err != nil {
				l.cfg.Logger.Error("room store", "op", "heartbeat", "err", err)
			}
		} else {
			l.sweep()
		}
		select {
		case <-l.ctx.Done():
			return
		case <-t.C:
		}
	}
}

// sweep renews the heartbeat, then finds the seats whose node's heartbeat
// lapsed and releases them. Several hosts may sweep at once: every change
// goes through the store's compare-and-set, and a host that loses it
// reloads the room and finds the seat already released.
func (l *Host) sweep() {
	if err := l.heartbeat(); err != nil {
		l.storeAnswered(false, time.Now())
		l.cfg.Logger.Error("room store", "op", "heartbeat", "err", err)
		return
	}
	// The seats are read before the nodes: a node heartbeats before it
	// takes a seat, so a node missing from a later list is not new but gone.
	hosted := l.hosted()
	named := map[string]bool{}
	for _, r := range hosted {
		r.mu.Lock()
		for _, s := range r.rec.Seats {
			if s.Kind == SeatPlayer && s.Node != "" && s.Node != l.cfg.Node {
				named[s.Node] = true
			}
		}
		r.mu.Unlock()
	}
	nodes, err := l.refreshNodes()
	now := time.Now()
	l.storeAnswered(err == nil, now)
	if err != nil {
		l.cfg.Logger.Error("room store", "op", "nodes", "err", err)
		return
	}
	dead := map[string]bool{}
	for n := range named {
		if lapses, ok := nodes[n]; (!ok || !now.Before(lapses)) && l.judging(now) {
			dead[n] = true
		}
	}
	written := 0
	for _, r := range hosted {
		if written == sweepRooms || l.ctx.Err() != nil {
			return
		}
		r.mu.Lock()
		if !r.closed && !r.rec.Finished && r.needsTending(dead) {
			r.tendSeats(dead)
			written++
		}
		r.mu.Unlock()
	}
}

// needsTending reports whether a seat of the room is played from a dead
// node, or held for a key that is connected here (see tendSeats).
// Called with mu held.
func (r *room) needsTending(dead map[string]bool) bool {
	for i, s := range r.rec.Seats {
		if (s.Kind == SeatPlayer && dead[s.Node]) || r.reclaimer(s, i) != nil {
			return true
		}
	}
	return false
}

// reclaimer returns the member here that should play seat i again: the
// seat is held for a key still connected to this room here. That happens
// when another node released it — it died, or its session of the key
// left — while this node's session of the key stayed. Called with mu held.
func (r *room) reclaimer(s SeatRecord, i int) *member {
	if s.Kind != SeatHeld || s.PlayerID == "" {
		return nil
	}
	if h := r.holders[i]; h != nil && !h.left && h.player.ID == s.PlayerID {
		return h
	}
	return r.sessionOf(Player{ID: s.PlayerID}, nil)
}

// tendSeats releases the seats played from dead nodes as a disconnect
// does (a key's seat held, a guest's as after a hold) — or keeps them
// played from here when a session of the key is here — and takes back
// the seats held for keys connected here. Called with mu held.
func (r *room) tendSeats(dead map[string]bool) {
	self := r.host.cfg.Node
	var released, back []string
	ok, err := r.writeSeats(func(seats []SeatRecord) bool {
		released, back = released[:0], back[:0]
		for i := range seats {
			s := &seats[i]
			switch {
			case s.Kind == SeatPlayer && dead[s.Node] && r.holders[i] != nil && !r.holders[i].left:
				s.Node = self // its key plays it from here too
				back = append(back, s.Name)
			case s.Kind == SeatPlayer && dead[s.Node]:
				released = append(released, s.Name)
				r.vacate(seats, i)
			case r.reclaimer(*s, i) != nil:
				s.Kind, s.HeldUntil, s.Node = SeatPlayer, time.Time{}, self
				back = append(back, s.Name)
			}
		}
		return len(released)+len(back) > 0
	})
	if err != nil {
		r.host.cfg.Logger.Error("room store", "op", "presence", "room", r.rec.Code, "err", err)
	}
	if r.closed || !ok {
		return
	}
	for i, s := range r.rec.Seats {
		switch {
		case s.Kind == SeatPlayer && s.Node == self && r.holders[i] == nil && s.PlayerID != "":
			r.holders[i] = r.sessionOf(Player{ID: s.PlayerID}, nil)
		case s.Kind != SeatPlayer:
			r.holders[i] = nil
		}
	}
	r.armHolds()
	if r.abandoned() {
		r.closeAbandoned()
		return
	}
	note := ""
	if len(released) > 0 {
		note = strings.Join(released, ", ") + " lost the connection (their server stopped)"
	}
	r.changed(note)
}

// releaseOwnSeats is Close's work on a room of a shared store: the seats
// still played from this host are released as a disconnect does, so that
// the other nodes need not wait for its heartbeat to lapse. Called with
// mu held.
func (r *room) releaseOwnSeats() {
	if r.closed || r.rec.Finished {
		return
	}
	self := r.host.cfg.Node
	r.releaseSeats("release", func(_ int, s SeatRecord) bool { return s.Node == self })
}

// seatConnected reports whether seat s is shown connected: the AI always
// is, and a player unless the node holding their connection is gone.
// Called with mu held.
func (r *room) seatConnected(s SeatRecord, now time.Time) bool {
	switch s.Kind {
	case SeatAI:
		return true
	case SeatPlayer:
		return !r.host.nodeGone(s.Node, now)
	}
	return false
}
