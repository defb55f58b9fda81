package ui

import (
	"os"
	"sync"
)

// memStore is a savefmt.SaveStore in memory.
type memStore struct {
	mu   sync.Mutex
	data []byte
	err  error
}

func (s *memStore) Load() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return nil, s.err
	}
	if s.data == nil {
		return nil, os.ErrNotExist
	}
	return append([]byte(nil), s.data...), nil
}

func (s *memStore) Save(d []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data = append([]byte(nil), d...)
	return nil
}

func (s *memStore) Remove() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data = nil
	return nil
}

// lm is the board's local match, nil in a room.
func lm(b *boardScreen) *localMatch {
	switch m := b.m.(type) {
	case *localMatch:
		return m
	case undoableMatch:
		return m.localMatch
	}
	return nil
}

// rm is the board's room match, nil for a local game.
func rm(b *boardScreen) *roomMatch {
	r, _ := b.m.(*roomMatch)
	return r
}

// lastQuad is the quadrant the last move turned, as the board shows it.
func lastQuad(b *boardScreen) int {
	_, q := b.lastMove()
	return q
}
