package savefmt

import (
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
)

func TestSettingsRoundTrip(t *testing.T) {
	s := Settings{Theme: "mono", NoMouse: true, AITime: 5 * time.Second,
		Seats: map[string][]SeatConfig{"quad7": {{Name: "Ana Lee"}, {AI: true, Level: ai.Max, Name: "deep"}}}}
	known := func(name string) bool { return name == "mono" || name == "dracula" }
	got, err := ParseSettings(s.Marshal(), known)
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Marshal()) != string(s.Marshal()) {
		t.Fatalf("round trip:\n%s\n%s", s.Marshal(), got.Marshal())
	}
	for _, bad := range []string{"nope", settingsHeader + "\ntheme nosuch", settingsHeader + "\nmouse maybe", settingsHeader + "\nai-time soon", settingsHeader + "\nseats quad7", settingsHeader + "\ncolour red"} {
		if _, err := ParseSettings([]byte(bad), known); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// The client knows its themes; without its word any name is kept.
	if s, err := ParseSettings([]byte(settingsHeader+"\ntheme nosuch"), nil); err != nil || s.Theme != "nosuch" {
		t.Errorf("theme without a check: %+v, %v", s, err)
	}
}
