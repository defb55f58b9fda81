package savefmt

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/ggp"
)

// SeatConfig says who plays one role of a local game.
type SeatConfig struct {
	AI    bool     // played by the AI
	Level ai.Level // AI level when AI is set
	Name  string   // display name; "" picks a default
	// GGP, when set, is the address of a General Game Playing player
	// that plays the seat (this client is its Game Manager).
	GGP string
}

// ParseSeat reads a seat as given on the command line: "human",
// "human:NAME", "ai", "ai:LEVEL", "ai:LEVEL:NAME" or "ggp:URL".
func ParseSeat(s string) (SeatConfig, error) {
	if ggp.IsRemoteSpec(s) {
		spec := strings.TrimSpace(s)
		u, err := ggp.ParseRemoteURL(spec[len(ggp.SeatPrefix):])
		if err != nil {
			return SeatConfig{}, fmt.Errorf("seat %q: %w", s, err)
		}
		return SeatConfig{GGP: u}, nil
	}
	parts := strings.SplitN(strings.TrimSpace(s), ":", 3)
	switch strings.ToLower(parts[0]) {
	case "human":
		if len(parts) > 2 {
			return SeatConfig{}, fmt.Errorf("seat %q: want human or human:NAME", s)
		}
		sc := SeatConfig{}
		if len(parts) == 2 {
			sc.Name = parts[1]
		}
		return sc, nil
	case "ai":
		sc := SeatConfig{AI: true, Level: ai.Hard}
		if len(parts) >= 2 && parts[1] != "" {
			l, err := ai.ParseLevel(parts[1])
			if err != nil {
				return SeatConfig{}, fmt.Errorf("seat %q: %w", s, err)
			}
			sc.Level = l
		}
		if len(parts) == 3 {
			sc.Name = parts[2]
		}
		return sc, nil
	}
	return SeatConfig{}, fmt.Errorf("seat %q: want human[:NAME], ai:LEVEL[:NAME] or ggp:URL", s)
}

// String is the command-line form of the seat (see ParseSeat).
func (s SeatConfig) String() string {
	if s.GGP != "" {
		return ggp.SeatPrefix + s.GGP
	}
	if s.AI {
		if s.Name != "" {
			return "ai:" + string(s.AILevel()) + ":" + s.Name
		}
		return "ai:" + string(s.AILevel())
	}
	if s.Name != "" {
		return "human:" + s.Name
	}
	return "human"
}

// AILevel is the seat's AI level, hard when none is set.
func (s SeatConfig) AILevel() ai.Level {
	if s.Level == "" {
		return ai.Hard
	}
	return s.Level
}

// DisplayName is the name shown for the seat.
func (s SeatConfig) DisplayName() string {
	switch {
	case s.GGP != "":
		// The host is enough to tell players apart, and leaves the
		// panel room for what the player is doing.
		if u, err := url.Parse(s.GGP); err == nil && u.Host != "" {
			return "GGP " + u.Host
		}
		return "GGP " + s.GGP
	case s.AI && s.Name != "":
		// A named AI still says how strong it is.
		return s.Name + " (AI " + string(s.AILevel()) + ")"
	case s.Name != "":
		return s.Name
	case s.AI:
		return "AI " + string(s.AILevel())
	}
	return "human"
}

// Person reports whether a person at the keyboard plays the seat (not
// the AI nor a GGP player).
func (s SeatConfig) Person() bool { return !s.AI && s.GGP == "" }

// plural writes n and the noun, singular for one: "1 move", "3 moves".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
