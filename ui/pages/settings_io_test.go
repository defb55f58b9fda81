package pages

import (
	"errors"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

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

// The settings are written off the UI goroutine too: t (the theme), M
// (the mouse), the AI's time and a game's seats change at once, and the
// settings file is written on the I/O queue, in order. (When Update
// wrote the settings itself, this test hung in the first Update.)
func TestSettingsAreWrittenOffUpdate(t *testing.T) {
	t.Parallel()
	store := &slowSettings{release: make(chan struct{})}
	m := newClient(common.Options{ColorProfile: colorprofile.TrueColor, Store: &uitest.MemStore{}, Settings: store, Mouse: true})
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
	m := newClient(common.Options{ColorProfile: colorprofile.TrueColor, Store: &uitest.MemStore{}, Settings: store})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	theme := m.C.Theme.Name
	_, cmd := m.Update(uitest.Key("t"))
	uitest.RunCmd(m, cmd)
	if v := uitest.ViewText(m); m.C.Theme.Name == theme || !strings.Contains(v, "not remembered: disk full") {
		t.Fatalf("a failed settings write: theme %s (was %s)\n%s", m.C.Theme.Name, theme, v)
	}
}

func (s *slowSettings) last() (savefmt.Settings, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.saved) == 0 {
		return savefmt.Settings{}, 0
	}
	return s.saved[len(s.saved)-1], len(s.saved)
}
