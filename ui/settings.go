package ui

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tabletop/tabletop/themes"
)

// Settings are what a local client remembers between runs: the theme,
// whether it captures the mouse, the AI's time per move and the seats
// of the last game of each variant.
//
// The file is small readable text:
//
//	tabletop settings 1
//	theme dracula
//	mouse off
//	ai-time 5s
//	seats quad7 | human:Ana Lee | ai:max
type Settings struct {
	Theme string
	// NoMouse is set when the player turned the mouse off.
	NoMouse bool
	// AITime is the AI's time per move; 0 is each level's own.
	AITime time.Duration
	// Seats are the last seats by variant name, in role order.
	Seats map[string][]SeatConfig
}

// SettingsStore keeps the settings of a client.
type SettingsStore interface {
	Load() (Settings, error) // os.ErrNotExist-wrapping error when there are none
	Save(Settings) error
}

const settingsHeader = "tabletop settings 1"

// Marshal writes the settings file text.
func (s Settings) Marshal() []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, settingsHeader)
	if s.Theme != "" {
		fmt.Fprintf(&b, "theme %s\n", s.Theme)
	}
	if s.NoMouse {
		fmt.Fprintln(&b, "mouse off")
	}
	if s.AITime > 0 {
		fmt.Fprintf(&b, "ai-time %s\n", s.AITime)
	}
	variants := make([]string, 0, len(s.Seats))
	for v := range s.Seats {
		variants = append(variants, v)
	}
	sort.Strings(variants)
	for _, v := range variants {
		specs := make([]string, len(s.Seats[v]))
		for i, sc := range s.Seats[v] {
			specs[i] = sc.String()
		}
		fmt.Fprintf(&b, "seats %s | %s\n", v, strings.Join(specs, " | "))
	}
	return b.Bytes()
}

// ParseSettings reads a settings file; a problem is reported with its
// line.
func ParseSettings(data []byte) (Settings, error) {
	var s Settings
	err := scanEntries(data, settingsHeader, "settings", func(word, rest string) error {
		return s.parseLine(word, rest)
	})
	return s, err
}

func (s *Settings) parseLine(word, rest string) error {
	switch word {
	case "theme":
		if _, ok := themes.Lookup(rest); !ok {
			return fmt.Errorf("unknown theme %q", rest)
		}
		s.Theme = rest
	case "mouse":
		if rest != "on" && rest != "off" {
			return fmt.Errorf("mouse %q: want on or off", rest)
		}
		s.NoMouse = rest == "off"
	case "ai-time":
		d, err := time.ParseDuration(rest)
		if err != nil || d < 0 {
			return fmt.Errorf("ai-time %q: want a duration such as 5s", rest)
		}
		s.AITime = d
	case "seats":
		fields := strings.Split(rest, "|")
		variant := strings.TrimSpace(fields[0])
		if len(fields) < 2 || variant == "" {
			return errors.New("seats: want a variant and its seats, each after |")
		}
		var seats []SeatConfig
		for _, f := range fields[1:] {
			sc, err := ParseSeat(f)
			if err != nil {
				return err
			}
			seats = append(seats, sc)
		}
		if s.Seats == nil {
			s.Seats = map[string][]SeatConfig{}
		}
		s.Seats[variant] = seats
	default:
		return fmt.Errorf("unknown entry %q", word)
	}
	return nil
}

// FileSettings keeps the settings in one file.
type FileSettings struct{ Path string }

// NewFileSettings keeps the settings in path, or in
// os.UserConfigDir()/tabletop/settings.txt when path is "".
func NewFileSettings(path string) *FileSettings {
	if path == "" {
		path = filepath.Join(configDir(), "settings.txt")
	}
	return &FileSettings{Path: path}
}

// Load reads the settings; a missing file wraps os.ErrNotExist.
func (f *FileSettings) Load() (Settings, error) {
	data, err := os.ReadFile(f.Path)
	if err != nil {
		return Settings{}, err
	}
	return ParseSettings(data)
}

// Save writes the settings atomically.
func (f *FileSettings) Save(s Settings) error { return writeAtomic(f.Path, s.Marshal()) }

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
func (c *common) remember(change func(*Settings)) string {
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
func (c *common) lastSeats(variant string, roles int) ([]SeatConfig, bool) {
	seats, ok := c.settings.Seats[variant]
	return seats, ok && len(seats) == roles
}
