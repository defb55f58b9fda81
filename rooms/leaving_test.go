package rooms_test

import (
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
)

// Durations read as a player says them, rounded to their unit.
func TestHumanDuration(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{500 * time.Millisecond, "500ms"},
		{45 * time.Second, "45 s"},
		{119 * time.Second, "119 s"},
		{150 * time.Second, "3 min"},
		{time.Hour, "60 min"},
		{3 * time.Hour, "3 h"},
		{30 * time.Hour, "1 day"},
		{30 * 24 * time.Hour, "30 days"},
	} {
		if got := rooms.HumanDuration(tc.d); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.d, got, tc.want)
		}
	}
}
