package roomapi

import (
	"testing"
	"time"
)

func TestClockAfterTurn(t *testing.T) {
	fischer := TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}
	corr := TimeControl{PerMove: 24 * time.Hour}
	for _, c := range []struct {
		name        string
		tc          TimeControl
		left, spent time.Duration
		passes      bool
		want        time.Duration
		flagged     bool
	}{
		{"increment", fischer, time.Minute, 10 * time.Second, true, 53 * time.Second, false},
		{"no increment within a turn", fischer, time.Minute, 10 * time.Second, false, 50 * time.Second, false},
		{"flag", fischer, time.Minute, time.Minute, true, 0, true},
		{"correspondence", corr, 24 * time.Hour, 5 * time.Hour, true, 24 * time.Hour, false},
		{"correspondence flag", corr, time.Hour, 2 * time.Hour, true, 0, true},
	} {
		got, flagged := c.tc.AfterTurn(c.left, c.spent, c.passes)
		if got != c.want || flagged != c.flagged {
			t.Errorf("%s: %v, flagged %v; want %v, %v", c.name, got, flagged, c.want, c.flagged)
		}
	}
}

func TestTimeControlText(t *testing.T) {
	for _, tc := range []TimeControl{{Initial: 5 * time.Minute, Increment: 3 * time.Second}, {Initial: time.Minute}, {PerMove: 72 * time.Hour}} {
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Errorf("%+v written %q read back %+v, %v", tc, tc.String(), back, err)
		}
	}
	for _, bad := range []string{"", "5m", "5m+", "+3s", "-5m+3s", "0s/move", "tomorrow/move"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) took it", bad)
		}
	}
	if got := (TimeControl{Initial: 3 * time.Minute}).StartClocks(2); len(got) != 2 || got[1] != 3*time.Minute {
		t.Errorf("StartClocks %v", got)
	}
}

func TestClocksRunPauseAndFlag(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	c := NewClocks(TimeControl{Initial: time.Minute, Increment: 2 * time.Second}, 2)
	if NewClocks(TimeControl{}, 2) != nil {
		t.Fatal("clocks without a time control")
	}
	c.Run(0, t0)
	if got := c.At(t0.Add(10 * time.Second)); got[0] != 50*time.Second || got[1] != time.Minute {
		t.Fatalf("after 10 s: %v", got)
	}
	if c.Moved(true, 1, t0.Add(10*time.Second)) || c.Left[0] != 52*time.Second {
		t.Fatalf("after the move: %v", c.Left)
	}
	c.Run(-1, t0.Add(20*time.Second)) // paused: 1 keeps what it spent
	if got := c.At(t0.Add(time.Hour)); got[1] != 50*time.Second || c.Flagged(t0.Add(time.Hour)) != -1 {
		t.Fatalf("paused: %v", got)
	}
	c.Run(1, t0.Add(time.Hour))
	if c.Flagged(t0.Add(time.Hour+49*time.Second)) != -1 || c.Flagged(t0.Add(time.Hour+50*time.Second)) != 1 {
		t.Fatal("the flag fell at the wrong time")
	}
	if !c.Moved(true, 0, t0.Add(time.Hour+51*time.Second)) || c.Left[1] != 0 {
		t.Fatalf("a move after the flag: %v", c.Left)
	}
}
