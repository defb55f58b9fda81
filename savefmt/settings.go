package savefmt

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
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
// line. knownTheme says which theme names the client has (themes are the
// client's, drawn with its terminal library); nil takes any name.
func ParseSettings(data []byte, knownTheme func(name string) bool) (Settings, error) {
	var s Settings
	err := scanEntries(data, settingsHeader, "settings", func(word, rest string) error {
		return s.parseLine(word, rest, knownTheme)
	})
	return s, err
}

func (s *Settings) parseLine(word, rest string, knownTheme func(string) bool) error {
	switch word {
	case "theme":
		if knownTheme != nil && !knownTheme(rest) {
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
type FileSettings struct {
	Path string
	// KnownTheme, when set, refuses a file naming a theme it does not
	// know (see ParseSettings).
	KnownTheme func(name string) bool
}

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
	return ParseSettings(data, f.KnownTheme)
}

// Save writes the settings atomically.
func (f *FileSettings) Save(s Settings) error { return writeAtomic(f.Path, s.Marshal()) }
