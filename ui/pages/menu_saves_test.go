package pages

import (
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/savefmt"
)

// saveStore is the one save of a store; read inside Update (updating),
// it fails the test.
type saveStore struct {
	t        *testing.T
	updating atomic.Bool
	data     atomic.Value // []byte
}

func (s *saveStore) Load() ([]byte, error) {
	if s.updating.Load() {
		s.t.Error("the saved games were read inside Update")
	}
	d, _ := s.data.Load().([]byte)
	return d, nil
}
func (s *saveStore) Save(d []byte) error { s.data.Store(d); return nil }
func (s *saveStore) Remove() error       { s.data.Store([]byte(nil)); return nil }

// The menu, opened in Update (leaving a game, esc from a screen), reads
// the saved games in its Init's command on the I/O queue, after the
// writes queued before it: the game just left is offered as it was left.
// (When NewMenu read them itself, waiting for the writes first, the read
// failed "inside Update".)
func TestMenuReadsTheSavesInACommand(t *testing.T) {
	t.Parallel()
	c, _ := doorCommon(t)
	store := &saveStore{t: t}
	c.Store = store
	sv := savefmt.SavedGame{Variant: "quad5", Seats: []savefmt.SeatConfig{{Name: "ana"}, {Name: "bob"}}, Moves: []string{"(mark r3 c3)"}}
	c.IO.Do(func() tea.Msg { return store.Save(sv.Marshal([]string{"x", "o"})) }) // the game left, saved
	store.updating.Store(true)
	m := NewMenu(c, "")
	read := m.Init()
	store.updating.Store(false)
	if strings.Contains(m.View(), "Continue") {
		t.Fatalf("the menu has the saves before reading them:\n%s", m.View())
	}
	msg := read()
	store.updating.Store(true)
	m.Update(msg)
	store.updating.Store(false)
	if v := m.View(); !strings.Contains(v, "Continue") || !strings.Contains(v, "quad5, 1 move") {
		t.Fatalf("the game saved before the menu opened is not offered:\n%s", v)
	}
	if it, _ := m.List.Selected(); it.Title != "Continue" {
		t.Fatalf("the cursor is on %q, want the saved game at the top", it.Title)
	}
}
