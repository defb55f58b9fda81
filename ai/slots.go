package ai

import (
	"context"
	"sync"
)

// Slots bounds the AI searches that run at once across every client of
// one process. A server hosting many sessions shares one among all of them
// (and its rooms), so that a crowd of single-player games cannot start
// more searches than the machine has cores; a client whose AI is to move
// waits for a free slot and says so, staying responsive meanwhile.
//
// Searches may be owned (see For): an owner runs at most the per-owner
// number of searches at once, and a freed slot goes to the waiting owners
// in turn, so one owner with many games cannot starve the others.
type Slots struct {
	pool  *slotPool
	owner string
}

type slotPool struct {
	mu       sync.Mutex
	size     int
	inUse    int
	perOwner int // 0: no per-owner bound
	running  map[string]int
	waiting  map[string][]chan struct{}
	turn     []string // owners with waiters, in the order they are served
}

// NewSlots returns room for n searches at once (at least one).
func NewSlots(n int) *Slots {
	return &Slots{pool: &slotPool{size: max(n, 1), running: map[string]int{}, waiting: map[string][]chan struct{}{}}}
}

// LimitPerOwner bounds the searches one owner (other than the anonymous
// one) runs at once; 0 or less removes the bound. It applies to every
// handle of the pool.
func (s *Slots) LimitPerOwner(n int) {
	s.pool.mu.Lock()
	s.pool.perOwner = max(n, 0)
	s.pool.mu.Unlock()
}

// For returns a handle on the same slots whose searches belong to owner
// (a server uses the player's network address). The empty owner is
// anonymous: not bounded per owner.
func (s *Slots) For(owner string) *Slots { return &Slots{pool: s.pool, owner: owner} }

// Acquire takes a slot, waiting until one is free or ctx is done (then it
// returns ctx's error and holds nothing).
func (s *Slots) Acquire(ctx context.Context) error {
	p := s.pool
	p.mu.Lock()
	if p.grantable(s.owner) {
		p.take(s.owner)
		p.mu.Unlock()
		return nil
	}
	ready := make(chan struct{})
	if len(p.waiting[s.owner]) == 0 {
		p.turn = append(p.turn, s.owner)
	}
	p.waiting[s.owner] = append(p.waiting[s.owner], ready)
	p.mu.Unlock()
	select {
	case <-ready:
		return nil
	case <-ctx.Done():
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-ready: // granted meanwhile: give it back
		p.give(s.owner)
	default:
		p.forget(s.owner, ready)
	}
	return ctx.Err()
}

// TryAcquire takes a slot if one is free now for this owner.
func (s *Slots) TryAcquire() bool {
	p := s.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.grantable(s.owner) {
		return false
	}
	p.take(s.owner)
	return true
}

// Release gives back a slot taken by Acquire or TryAcquire on this handle.
func (s *Slots) Release() {
	p := s.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	p.give(s.owner)
}

// Size is the number of slots.
func (s *Slots) Size() int { return s.pool.size }

// InUse is the number of slots taken now.
func (s *Slots) InUse() int {
	s.pool.mu.Lock()
	defer s.pool.mu.Unlock()
	return s.pool.inUse
}

// grantable: a slot is free and owner is under its bound. (Whenever a slot
// is free no waiter can use it, so a newcomer jumps no queue.)
func (p *slotPool) grantable(owner string) bool {
	return p.inUse < p.size && (owner == "" || p.perOwner == 0 || p.running[owner] < p.perOwner)
}

func (p *slotPool) take(owner string) {
	p.inUse++
	p.running[owner]++
}

// give returns owner's slot and hands free slots to the waiting owners in
// turn.
func (p *slotPool) give(owner string) {
	p.inUse--
	if p.running[owner]--; p.running[owner] <= 0 {
		delete(p.running, owner)
	}
	for p.inUse < p.size {
		i := 0
		for i < len(p.turn) && !p.grantable(p.turn[i]) {
			i++
		}
		if i == len(p.turn) {
			return
		}
		next := p.turn[i]
		q := p.waiting[next]
		p.take(next)
		close(q[0])
		p.turn = append(p.turn[:i], p.turn[i+1:]...)
		if len(q) > 1 {
			p.waiting[next] = q[1:]
			p.turn = append(p.turn, next) // to the back of the line
		} else {
			delete(p.waiting, next)
		}
	}
}

// forget removes a waiter that gave up.
func (p *slotPool) forget(owner string, ready chan struct{}) {
	q := p.waiting[owner]
	for i, c := range q {
		if c == ready {
			q = append(q[:i], q[i+1:]...)
			break
		}
	}
	if len(q) > 0 {
		p.waiting[owner] = q
		return
	}
	delete(p.waiting, owner)
	for i, o := range p.turn {
		if o == owner {
			p.turn = append(p.turn[:i], p.turn[i+1:]...)
			break
		}
	}
}

// Waiting is the number of Acquire calls waiting for a slot now, over every
// owner: the AI queue's length.
func (s *Slots) Waiting() int {
	s.pool.mu.Lock()
	defer s.pool.mu.Unlock()
	n := 0
	for _, w := range s.pool.waiting {
		n += len(w)
	}
	return n
}
