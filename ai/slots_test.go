package ai

import (
	"context"
	"errors"
	"runtime"
	"testing"
)

func TestSlotsBoundAndRelease(t *testing.T) {
	tests := []struct {
		n, size int
	}{
		{-1, 1}, {0, 1}, {1, 1}, {3, 3},
	}
	for _, tt := range tests {
		s := NewSlots(tt.n)
		if s.Size() != tt.size {
			t.Errorf("NewSlots(%d).Size() = %d, want %d", tt.n, s.Size(), tt.size)
		}
		for i := 0; i < tt.size; i++ {
			if !s.TryAcquire() {
				t.Fatalf("NewSlots(%d): slot %d not free", tt.n, i+1)
			}
		}
		if s.TryAcquire() {
			t.Errorf("NewSlots(%d): took more than %d slots", tt.n, tt.size)
		}
		if s.InUse() != tt.size {
			t.Errorf("NewSlots(%d): %d in use, want %d", tt.n, s.InUse(), tt.size)
		}
		s.Release()
		if err := s.Acquire(context.Background()); err != nil {
			t.Errorf("NewSlots(%d): Acquire after Release: %v", tt.n, err)
		}
	}
}

// A full set of slots makes Acquire wait for its context, and a cancelled
// wait holds nothing.
func TestSlotsAcquireHonoursContext(t *testing.T) {
	s := NewSlots(1)
	if err := s.Acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Acquire(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Acquire on full slots with a cancelled context: %v", err)
	}
	if s.InUse() != 1 {
		t.Fatalf("%d in use after a cancelled wait, want 1", s.InUse())
	}
	s.Release()
	if s.InUse() != 0 {
		t.Fatalf("%d in use after Release", s.InUse())
	}
}

// A freed slot goes to the waiting owners in turn, and an owner runs at
// most its bound at once: one address with many games cannot take every
// slot nor jump the line.
func TestSlotsServeOwnersInTurn(t *testing.T) {
	s := NewSlots(1)
	s.LimitPerOwner(1)
	a, b, c := s.For("a"), s.For("b"), s.For("c")
	if !a.TryAcquire() {
		t.Fatal("first slot not free")
	}
	if b.TryAcquire() {
		t.Fatal("took more slots than there are")
	}
	order := make(chan string, 8)
	wait := func(h *Slots, name string) {
		go func() {
			if err := h.Acquire(context.Background()); err != nil {
				order <- "error " + err.Error()
				return
			}
			order <- name
		}()
	}
	// a queues two more searches before b and c queue one each.
	for _, w := range []struct {
		h    *Slots
		name string
	}{{a, "a2"}, {a, "a3"}, {b, "b"}, {c, "c"}} {
		before := queued(s)
		wait(w.h, w.name)
		for queued(s) == before {
			runtime.Gosched()
		}
	}
	var got []string
	for i := 0; i < 4; i++ {
		owner := map[string]*Slots{"a": a, "b": b, "c": c}
		s.pool.mu.Lock()
		// release the slot held by whoever runs now
		var holder string
		for o := range s.pool.running {
			holder = o
		}
		s.pool.mu.Unlock()
		owner[holder].Release()
		got = append(got, <-order)
	}
	want := []string{"a2", "b", "c", "a3"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("served %v, want %v", got, want)
		}
	}
}

// With two slots and a bound of one per owner, an owner with many waiting
// searches leaves the second slot to another owner.
func TestSlotsPerOwnerBound(t *testing.T) {
	s := NewSlots(2)
	s.LimitPerOwner(1)
	a, b := s.For("a"), s.For("b")
	if !a.TryAcquire() || a.TryAcquire() {
		t.Fatal("owner a: want exactly one slot")
	}
	if !b.TryAcquire() {
		t.Fatal("owner b kept out by a")
	}
	anon := s.For("")
	b.Release()
	if !anon.TryAcquire() {
		t.Fatal("the anonymous owner is not bounded per owner")
	}
}

func queued(s *Slots) int {
	s.pool.mu.Lock()
	defer s.pool.mu.Unlock()
	n := 0
	for _, q := range s.pool.waiting {
		n += len(q)
	}
	return n
}
