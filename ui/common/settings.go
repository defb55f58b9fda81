package common

import (
	"errors"
	"os"

	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// ThemeKnown reports whether the client has a theme of this name, for
// reading the settings file.
func ThemeKnown(name string) bool {
	_, ok := themes.Lookup(name)
	return ok
}

// LoadSettings applies the remembered settings under the options: a
// theme given in Options wins, and --no-mouse stays off.
func (c *Common) LoadSettings() {
	if c.SettingsStore == nil {
		return
	}
	s, err := c.SettingsStore.Load()
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		c.SettingsErr = "settings not read: " + err.Error()
	}
	c.Settings = s
	if s.NoMouse {
		c.Mouse = false
	}
	if c.Opts.AIBudget == 0 {
		c.AiTime = s.AITime
	}
}

// Remember changes the settings and writes them; the error says why they
// could not be kept, "" when they were.
func (c *Common) Remember(change func(*savefmt.Settings)) string {
	change(&c.Settings)
	if c.SettingsStore == nil {
		return ""
	}
	if err := c.SettingsStore.Save(c.Settings); err != nil {
		return "not remembered: " + err.Error()
	}
	return ""
}

// LastSeats are the seats of the last game of variant, if remembered
// and still fitting its roles.
func (c *Common) LastSeats(variant string, roles int) ([]savefmt.SeatConfig, bool) {
	seats, ok := c.Settings.Seats[variant]
	return seats, ok && len(seats) == roles
}
