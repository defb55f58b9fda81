package rooms

import (
	"errors"
	"sort"
	"sync"
	"time"
)

// Record is the durable state of a room, in plain values that a shared
// store could keep in a database: everything needed to rebuild the room's
// game (variant, start position, moves) and its seats. Live things —
// connected sessions, mailboxes, AI searches — are not part of it.
type Record struct {
	Code      string
	Variant   string
	Start     string   // position string the game started from
	Moves     []string // KIF text of every action so far
	Seats     []SeatRecord
	AfterHold SeatKind
	Started   bool // every seat was filled once; play has begun
	Finished  bool
	Version   uint64
	Created   time.Time
}

// SeatRecord is one seat of a room.
type SeatRecord struct {
	Kind      SeatKind
	Level     string    // AI level when Kind is SeatAI
	PlayerID  string    // key fingerprint of the seated player ("" for a guest)
	Name      string    // display name, already sanitized
	HeldUntil time.Time // when Kind is SeatHeld
}

func (r Record) clone() Record {
	r.Moves = append([]string(nil), r.Moves...)
	r.Seats = append([]SeatRecord(nil), r.Seats...)
	return r
}

// ErrCodeTaken is returned by Store.Insert for a code in use.
var ErrCodeTaken = errors.New("room code in use")

// ErrNoRoom is returned for a room code that names no room.
var ErrNoRoom = errors.New("no room with that code")

// ErrStale is returned by Store.Put when the record in the store is
// newer than the one being written.
var ErrStale = errors.New("room changed meanwhile")

// Store keeps room records. This issue has one server process and
// MemoryStore; a shared store (a database, say) implementing the same
// interface lets several processes list the same rooms and claim codes
// without collisions, Put's version check serialising their writes. (A
// shared store will also need to tell processes about each other's
// changes; that is left for the issue that adds one.)
type Store interface {
	// Insert adds a new room; it fails with ErrCodeTaken if the code is in use.
	Insert(rec Record) error
	// Put replaces a room's record; it fails with ErrStale unless
	// rec.Version is newer than the stored one.
	Put(rec Record) error
	// Get returns a room's record, or ErrNoRoom.
	Get(code string) (Record, error)
	// List returns every room, oldest first.
	List() ([]Record, error)
	// Delete removes a room.
	Delete(code string) error
}

// MemoryStore is a Store in this process's memory.
type MemoryStore struct {
	mu    sync.Mutex
	rooms map[string]Record
}

// NewMemoryStore returns an empty store.
func NewMemoryStore() *MemoryStore { return &MemoryStore{rooms: map[string]Record{}} }

// Insert implements Store.
func (m *MemoryStore) Insert(rec Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.rooms[rec.Code]; ok {
		return ErrCodeTaken
	}
	m.rooms[rec.Code] = rec.clone()
	return nil
}

// Put implements Store.
func (m *MemoryStore) Put(rec Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.rooms[rec.Code]
	if !ok {
		return ErrNoRoom
	}
	if rec.Version <= old.Version {
		return ErrStale
	}
	m.rooms[rec.Code] = rec.clone()
	return nil
}

// Get implements Store.
func (m *MemoryStore) Get(code string) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.rooms[code]
	if !ok {
		return Record{}, ErrNoRoom
	}
	return r.clone(), nil
}

// List implements Store.
func (m *MemoryStore) List() ([]Record, error) {
	m.mu.Lock()
	out := make([]Record, 0, len(m.rooms))
	for _, r := range m.rooms {
		out = append(out, r.clone())
	}
	m.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.Before(out[j].Created)
		}
		return out[i].Code < out[j].Code
	})
	return out, nil
}

// Delete implements Store.
func (m *MemoryStore) Delete(code string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.rooms, code)
	return nil
}
