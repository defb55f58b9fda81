package ai

import (
	"context"
	"errors"
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
