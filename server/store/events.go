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

// subscriber is one subscription: send offers it an event without
// waiting (false when its buffer is full), end closes its channel.
type subscriber struct {
	send func(Event) bool
	end  func()
	lost bool // events were dropped; a Lost event is due
}

func newHub() *hub { return &hub{subs: map[*subscriber]struct{}{}, done: make(chan struct{})} }

func (h *hub) subscribe(ctx context.Context) <-chan Event {
	return subscribeAs(ctx, h, func(ev Event) Event { return ev })
}

// subscribeAs subscribes to h with each event converted by conv on its
// way (into the subscriber's own type), in the publisher's goroutine.
func subscribeAs[T any](ctx context.Context, h *hub, conv func(Event) T) <-chan T {
	ch := make(chan T, subscriberBuffer)
	s := &subscriber{
		send: func(ev Event) bool {
			select {
			case ch <- conv(ev):
				return true
			default:
				return false
			}
		},
		end: func() { close(ch) },
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(ch)
		return ch
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
			s.end()
		}
	}()
	return ch
}

// SubscribeAs is s.Subscribe with each event converted by conv into the
// subscriber's own type as it is published: a subscriber that would
// convert them itself (the rooms' adapter) needs no goroutine of its
// own between the store and its reader, a wake-up an event. conv must
// not block; a Lost event is converted too.
func SubscribeAs[T any](ctx context.Context, s *Store, conv func(Event) T) <-chan T {
	return subscribeAs(ctx, s.e.hub, conv)
}

func (h *hub) publish(ev Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if s.lost {
			if !s.send(Event{Lost: true}) {
				continue
			}
			s.lost = false
		}
		if !s.send(ev) {
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
		s.end()
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
