package uitest

import (
	"os"
	"sync"
)

// MemStore is a savefmt.SaveStore in memory. Data is the save (nil:
// none); Err, when set, is what Load answers.
type MemStore struct {
	mu   sync.Mutex
	Data []byte
	Err  error
}

// Load returns the save, os.ErrNotExist when there is none.
func (s *MemStore) Load() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Err != nil {
		return nil, s.Err
	}
	if s.Data == nil {
		return nil, os.ErrNotExist
	}
	return append([]byte(nil), s.Data...), nil
}

// Save keeps a copy of d.
func (s *MemStore) Save(d []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Data = append([]byte(nil), d...)
	return nil
}

// Remove forgets the save.
func (s *MemStore) Remove() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Data = nil
	return nil
}
