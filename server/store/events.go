package store

import (
	"context"
	"sync"
)

// subscriberBuffer is how many events a subscriber may fall behind before
// it is sent a Lost event instead. A node's rooms follow one subscription,
// and a Lost event makes them read every room again; at a thousand moves
// a second on a busy machine 256 events were a quarter of a second, which
// a starved follower fell behind several times a run (the reads were 3 %
// of the node's CPU in the 1000-room load test). 4096 events are 128 KB.
const subscriberBuffer = 4096

// hub fans events out to this process's subscribers. It never blocks a
// writer: a subscriber that does not keep up misses events and is told so
// with a Lost event as soon as there is room again.
type hub struct {
	mu     sync.Mutex
	subs   map[*subscriber]struct{}
	closed bool
	done   chan struct{} // closed by close
}

type subscriber struct {
	ch   chan Event
	lost bool // events were dropped; a Lost event is due
}

func newHub() *hub { return &hub{subs: map[*subscriber]struct{}{}, done: make(chan struct{})} }

func (h *hub) subscribe(ctx context.Context) <-chan Event {
	s := &subscriber{ch: make(chan Event, subscriberBuffer)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(s.ch)
		return s.ch
	}
	h.subs[s] = struct{}{}
	go func() {
		select {
		case <-ctx.Done():
		case <-h.done:
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[s]; ok {
			delete(h.subs, s)
			close(s.ch)
		}
	}()
	return s.ch
}

func (h *hub) publish(ev Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if s.lost {
			select {
			case s.ch <- Event{Lost: true}:
				s.lost = false
			default:
				continue
			}
		}
		select {
		case s.ch <- ev:
		default:
			s.lost = true
		}
	}
}

// close ends every subscription.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.closed = true
	close(h.done)
	for s := range h.subs {
		delete(h.subs, s)
		close(s.ch)
	}
}

// sqliteHubs lets Store values of one process on the same SQLite file
// see each other's events (SQLite has no NOTIFY; one process is one node).
var sqliteHubs = struct {
	sync.Mutex
	m map[string]*sharedHub
}{m: map[string]*sharedHub{}}

type sharedHub struct {
	*hub
	refs int
}

func acquireHub(path string) *hub {
	sqliteHubs.Lock()
	defer sqliteHubs.Unlock()
	h := sqliteHubs.m[path]
	if h == nil {
		h = &sharedHub{hub: newHub()}
		sqliteHubs.m[path] = h
	}
	h.refs++
	return h.hub
}

func releaseHub(path string) {
	sqliteHubs.Lock()
	defer sqliteHubs.Unlock()
	h := sqliteHubs.m[path]
	if h == nil {
		return
	}
	if h.refs--; h.refs == 0 {
		delete(sqliteHubs.m, path)
		h.close()
	}
}
