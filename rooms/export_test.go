package rooms

// HasOpen lets the external tests check the room list's ranking input.
var HasOpen = hasOpen

// Die stops the host as a crash would (kill -9): no more heartbeats,
// events or writes, and nothing released — its players' seats stay as
// they are in the store, and its members hear nothing more.
func (l *Host) Die() {
	l.cancel()
	l.mu.Lock()
	l.closing = true
	rs := make([]*room, 0, len(l.rooms))
	for _, r := range l.rooms {
		rs = append(rs, r)
	}
	l.mu.Unlock()
	for _, r := range rs {
		r.mu.Lock()
		r.closed = true
		for i := range r.holds {
			r.stopHold(i)
		}
		if r.flag != nil {
			r.flag.Stop()
		}
		r.mu.Unlock()
	}
	l.searches.Wait()
	l.loops.Wait()
}

// Sweep runs one sweep of the dead nodes' seats now.
func (l *Host) Sweep() { l.sweep() }

// HumanDuration lets the external tests check how a duration reads.
var HumanDuration = humanDuration
