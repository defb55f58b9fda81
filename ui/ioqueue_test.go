package ui

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
)

// The queue runs its operations one at a time, in the order asked, and
// each command reports its own operation's message.
func TestIOQueueKeepsOrder(t *testing.T) {
	t.Parallel()
	q := common.NewIOQueue()
	var mu sync.Mutex
	var ran []int
	var cmds []tea.Cmd
	for i := range 50 {
		cmds = append(cmds, q.Do(func() tea.Msg {
			mu.Lock()
			ran = append(ran, i)
			mu.Unlock()
			return i
		}))
	}
	for i, c := range cmds {
		if got := c(); got != i {
			t.Fatalf("command %d reported %v", i, got)
		}
	}
	q.Wait()
	for i, r := range ran {
		if r != i {
			t.Fatalf("operations ran in the order %v", ran)
		}
	}
}

// slowStore is a save store whose writes wait until the test lets them
// through.
type slowStore struct {
	uitest.MemStore
	release chan struct{}
}

func (s *slowStore) Save(d []byte) error {
	<-s.release
	return s.MemStore.Save(d)
}

// A move's save is written off the UI goroutine: Update returns while
// the store is still busy, and the save lands once the store is free.
// (When Update wrote the save itself, this test hung in the first
// Update.)
func TestUpdateDoesNotWaitForTheStore(t *testing.T) {
	t.Parallel()
	store := &slowStore{release: make(chan struct{})}
	v := uitest.MustVariant(t, "quad7")
	m := New(common.Options{Store: store, Start: common.Start{Variant: "quad7", Seats: uitest.HotSeat(v)}, AIDelay: -1}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.Cur.(*board.BoardScreen)
	m.Update(uitest.Key("enter")) // x marks the centre; the store is busy
	if len(lm(b).Moves()) != 1 {
		t.Fatalf("the move was not played: %q", b.Status)
	}
	if data, _ := store.Load(); data != nil {
		t.Fatalf("saved before the store was free:\n%s", data)
	}
	close(store.release)
	waitWrites(m)
	if data, _ := store.Load(); !strings.Contains(string(data), "move (mark r4 c4)") {
		t.Fatalf("the save did not land:\n%s", data)
	}
}

// slowSettings is a settings store whose writes wait until the test lets
// them through, or fail with err.
type slowSettings struct {
	release chan struct{}
	err     error
	mu      sync.Mutex
	saved   []savefmt.Settings
}

func (s *slowSettings) Load() (savefmt.Settings, error) { return savefmt.Settings{}, nil }

func (s *slowSettings) Save(st savefmt.Settings) error {
	<-s.release
	if s.err != nil {
		return s.err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saved = append(s.saved, st)
	return nil
}

func (s *slowSettings) last() (savefmt.Settings, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.saved) == 0 {
		return savefmt.Settings{}, 0
	}
	return s.saved[len(s.saved)-1], len(s.saved)
}

// The settings are written off the UI goroutine too: t (the theme), M
// (the mouse), the AI's time and a game's seats change at once, and the
// settings file is written on the I/O queue, in order. (When Update
// wrote the settings itself, this test hung in the first Update.)
func TestSettingsAreWrittenOffUpdate(t *testing.T) {
	t.Parallel()
	store := &slowSettings{release: make(chan struct{})}
	m := New(common.Options{ColorProfile: colorprofile.TrueColor, Store: &uitest.MemStore{}, Settings: store, Mouse: true}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	theme := m.C.Theme.Name
	m.Update(uitest.Key("t")) // the store is busy
	m.Update(uitest.Key("M"))
	if m.C.Theme.Name == theme || m.C.Mouse {
		t.Fatalf("t and M did not act at once: theme %s, mouse %v", m.C.Theme.Name, m.C.Mouse)
	}
	if _, n := store.last(); n != 0 {
		t.Fatalf("%d settings written before the store was free", n)
	}
	close(store.release)
	waitWrites(m)
	got, n := store.last()
	if n != 2 || got.Theme != m.C.Theme.Name || !got.NoMouse {
		t.Fatalf("after the store was free: %d writes, the last %+v (theme %s, mouse off)", n, got, m.C.Theme.Name)
	}
}

// A settings write that fails says so in the status line once the
// write is done; what was changed stays changed for this session.
func TestSettingsWriteFailureIsShown(t *testing.T) {
	t.Parallel()
	store := &slowSettings{release: make(chan struct{}), err: errors.New("disk full")}
	close(store.release)
	m := New(common.Options{ColorProfile: colorprofile.TrueColor, Store: &uitest.MemStore{}, Settings: store}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	theme := m.C.Theme.Name
	_, cmd := m.Update(uitest.Key("t"))
	uitest.RunCmd(m, cmd)
	if v := uitest.ViewText(m); m.C.Theme.Name == theme || !strings.Contains(v, "not remembered: disk full") {
		t.Fatalf("a failed settings write: theme %s (was %s)\n%s", m.C.Theme.Name, theme, v)
	}
}
