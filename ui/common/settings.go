package common

import (
	"errors"
	"os"
	"slices"

	tea "charm.land/bubbletea/v2"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// themeKnown reports whether the client has a theme of this name, for
// reading the settings file.
func themeKnown(name string) bool {
	_, ok := themes.Lookup(name)
	return ok
}

// loadSettings applies the remembered settings under the options: a
// theme given in Options wins, and --no-mouse stays off.
func (c *Common) loadSettings() {
	if c.settingsStore == nil {
		return
	}
	s, err := c.settingsStore.Load()
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		c.SettingsErr = "settings not read: " + err.Error()
	}
	c.settings = s
	if s.NoMouse {
		c.Mouse = false
	}
	if c.Opts.AIBudget == 0 {
		c.AITime = s.AITime
	}
}

// Remember changes the settings at once and queues their write on the
// client's I/O queue, so that Update never waits for the settings file.
// The command reports a write that failed as a NoticeMsg (the status
// line says so); the change stays for this session either way.
func (c *Common) Remember(change func(*savefmt.Settings)) tea.Cmd {
	change(&c.settings)
	if c.settingsStore == nil {
		return nil
	}
	store, kept := c.settingsStore, cloneSettings(c.settings)
	return c.IO.Do(func() tea.Msg {
		if err := store.Save(kept); err != nil {
			return NoticeMsg("settings not remembered: " + err.Error())
		}
		return nil
	})
}

// cloneSettings copies s deeply enough for the I/O queue to write it
// while Update changes the settings again: the seats are a map of
// slices.
func cloneSettings(s savefmt.Settings) savefmt.Settings {
	if s.Seats != nil {
		seats := make(map[string][]savefmt.SeatConfig, len(s.Seats))
		for v, sc := range s.Seats {
			seats[v] = slices.Clone(sc)
		}
		s.Seats = seats
	}
	return s
}

// LastSeats are the seats of the last game of variant, if remembered
// and still fitting its roles.
func (c *Common) LastSeats(variant string, roles int) ([]savefmt.SeatConfig, bool) {
	seats, ok := c.settings.Seats[variant]
	return seats, ok && len(seats) == roles
}
