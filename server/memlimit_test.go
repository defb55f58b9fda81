package server

import (
	"math"
	"sync"
	"testing"
	"time"
)

// The limit is the base plus an allowance per session, never below the
// floor, nor 5/4 of what is live, nor what is live plus GarbageWindow's
// allocations; with no allowance the floor is a fixed limit.
func TestMemoryLimitTarget(t *testing.T) {
	const base, kb, mb = 20 << 20, int64(1 << 10), int64(1 << 20)
	auto := MemoryLimit{PerSession: 90 * kb, Floor: 128 * mb, GarbageWindow: DefaultGarbageWindow}
	win := DefaultGarbageWindow.Seconds()
	for _, c := range []struct {
		name           string
		cfg            MemoryLimit
		n              int
		live, overhead int64
		rate           float64
		want           int64
	}{
		{"small server: the floor", auto, 10, 10 * mb, 5 * mb, 0, 128 * mb},
		{"idle sessions", auto, 2000, 100 * mb, 20 * mb, 1 << 20, base + 2000*90*kb},
		{"busy sessions: room for their garbage", auto, 2000, 150 * mb, 20 * mb, 40 * float64(mb), 170*mb + int64(40*win)*mb},
		{"live beyond the allowance: 5/4 of it", auto, 2000, 400 * mb, 20 * mb, 0, 500 * mb},
		{"fixed", MemoryLimit{Floor: 300 * mb}, 5000, 900 * mb, 20 * mb, 1000 * float64(mb), 300 * mb},
	} {
		f := &memoryFollower{cfg: c.cfg, base: base}
		if got := f.target(c.n, goMemorySample{live: c.live, overhead: c.overhead}, c.rate); got != c.want {
			t.Errorf("%s: %d MB, want %d MB", c.name, got>>20, c.want>>20)
		}
	}
}

// The limit is set when it moves by more than a 64th (setting it stops
// the world); the rate of allocation it makes room for halves each tick
// when allocation stops; the limit is given back at the end.
func TestMemoryLimitFollowsInSteps(t *testing.T) {
	const gb, mb = int64(1 << 30), int64(1 << 20)
	var set []int64
	sample := goMemorySample{total: gb, live: 100 * mb}
	f := newMemoryFollower(MemoryLimit{PerSession: mb,
		set:  func(v int64) int64 { set = append(set, v); return 0 },
		read: func() goMemorySample { return sample }})
	now := time.Now()
	tick := func(n int, allocated int64) {
		now = now.Add(time.Second)
		sample.allocs += allocated
		f.follow(n, now)
	}
	tick(0, 0)
	tick(10, 0) // +10 MB of 1 GB: less than a 64th
	tick(20, 0)
	tick(20, 1*gb) // room for the window's 1 GB a second
	tick(20, 0)    // half of it
	tick(20, 0)    // and again
	tick(0, 0)     // still more than the sessions' allowance
	w := int64(DefaultGarbageWindow.Seconds())
	want := []int64{gb, gb + 20*mb, 100*mb + w*gb, 100*mb + w*gb/2, 100*mb + w*gb/4, 100*mb + w*gb/8}
	if len(set) != len(want) {
		t.Fatalf("set %v, want %v", set, want)
	}
	for i := range want {
		if d := set[i] - want[i]; d > mb || d < -mb {
			t.Fatalf("set %v, want %v", set, want)
		}
	}
	f.stop()
	if set[len(set)-1] != math.MaxInt64 {
		t.Fatalf("stop set %d, want no limit", set[len(set)-1])
	}
	var off *memoryFollower = newMemoryFollower(MemoryLimit{})
	off.follow(100, now) // off: nothing to do, no panic
	off.stop()
}

// The server's janitor raises the limit by a session's allowance when
// one opens and lowers it when it ends.
func TestMemoryLimitFollowsTheSessions(t *testing.T) {
	var mu sync.Mutex
	var set []int64
	record := func(v int64) int64 { mu.Lock(); set = append(set, v); mu.Unlock(); return 0 }
	const per = 4 << 30 // far above what a test keeps, or allocates in the window
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.MemoryLimit = MemoryLimit{PerSession: per, set: record}
	})
	waitLimit := func(what string, ok func(last int64) bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			mu.Lock()
			seen := append([]int64(nil), set...)
			mu.Unlock()
			if len(seen) > 0 && ok(seen[len(seen)-1]) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("limits set %v: %s", seen, what)
			}
		}
	}
	tm := openTerm(t, s.addr, termOpts{user: "ana"})
	tm.waitFor(0, "probe ana")
	waitLimit("not raised by the session", func(last int64) bool { return last > per })
	tm.sess.Close()
	tm.client.Close()
	waitLimit("not lowered when it ended", func(last int64) bool { return last < per })
}
