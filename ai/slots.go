package ai

import "context"

// Slots bounds the AI searches that run at once across every client of
// one process. A server hosting many sessions shares one among all of them
// (and its rooms), so that a crowd of single-player games cannot start
// more searches than the machine has cores; a client whose AI is to move
// waits for a free slot and says so, staying responsive meanwhile.
type Slots struct{ ch chan struct{} }

// NewSlots returns room for n searches at once (at least one).
func NewSlots(n int) *Slots { return &Slots{ch: make(chan struct{}, max(n, 1))} }

// Acquire takes a slot, waiting until one is free or ctx is done (then it
// returns ctx's error and holds nothing).
func (s *Slots) Acquire(ctx context.Context) error {
	select {
	case s.ch <- struct{}{}:
		return nil
	default:
	}
	select {
	case s.ch <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// TryAcquire takes a slot if one is free now.
func (s *Slots) TryAcquire() bool {
	select {
	case s.ch <- struct{}{}:
		return true
	default:
		return false
	}
}

// Release gives back a slot taken by Acquire or TryAcquire.
func (s *Slots) Release() { <-s.ch }

// Size is the number of slots.
func (s *Slots) Size() int { return cap(s.ch) }

// InUse is the number of slots taken now.
func (s *Slots) InUse() int { return len(s.ch) }
