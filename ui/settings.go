package ui

import (
	"errors"
	"os"

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
func (c *common) loadSettings() {
	if c.settingsStore == nil {
		return
	}
	s, err := c.settingsStore.Load()
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		c.settingsErr = "settings not read: " + err.Error()
	}
	c.settings = s
	if s.NoMouse {
		c.mouse = false
	}
	if c.opts.AIBudget == 0 {
		c.aiTime = s.AITime
	}
}

// remember changes the settings and writes them; the error says why they
// could not be kept, "" when they were.
func (c *common) remember(change func(*savefmt.Settings)) string {
	change(&c.settings)
	if c.settingsStore == nil {
		return ""
	}
	if err := c.settingsStore.Save(c.settings); err != nil {
		return "not remembered: " + err.Error()
	}
	return ""
}

// lastSeats are the seats of the last game of variant, if remembered
// and still fitting its roles.
func (c *common) lastSeats(variant string, roles int) ([]savefmt.SeatConfig, bool) {
	seats, ok := c.settings.Seats[variant]
	return seats, ok && len(seats) == roles
}
