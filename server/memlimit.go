package server

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// MemoryLimit makes the runtime's soft memory limit follow the sessions:
// base (the process's Go memory when the server started) plus PerSession
// for each session, never below Floor. Without a limit the collector lets
// the heap grow to twice what it found live (stacks counted), and an idle
// session's share of that garbage (40–58 KB beside 30–35 KB live heap and
// 35–40 KB of stacks) decided whether it stayed under 100 KB; with the
// limit the collector, and the scavenger that gives freed pages back,
// keep the process near what its sessions need. A fixed GOGC would make
// every collection earlier, busy or idle, small server or large; the
// limit acts only when the heap nears it.
//
// A busy server must not pay for it: the limit leaves room for what the
// process allocates in GarbageWindow at its recent rate, so the limit
// does not make the collector run more often than Go's default pace.
// With a window of 4 s, 1000 rooms at a move a second took 10
// collections in 20 s instead of 4 (and 2000 sessions pressing keys 6
// instead of 4); with 10 s, 4 and 3. An allowance per busy session
// instead did not hold: the players of 1000 rooms, a move each every
// 2 s, were "idle" half the time, and the node spent 1.38 ms of CPU a
// move instead of 0.79. And it
// never goes below 5/4 of what the last collection found live plus the
// stacks: memory that is not the sessions' (an exact solver's tables,
// hundreds of MB, allocated once) must not make the collector run
// without pause.
//
// With no allowance per session, Floor is a fixed limit (the operator's,
// as GOMEMLIMIT would be). The zero value is off, and serve leaves it off
// unless asked (--memory-limit auto): in a quiet window two nodes of 1000
// rooms each spent 0.79–1.03 ms of CPU a move with it against 0.56
// without, and idle sessions stayed under 100 KB without it.
type MemoryLimit struct {
	PerSession int64 // bytes a session adds to the limit
	Floor      int64 // bytes the limit never goes below
	// GarbageWindow is how long's allocations, at the recent rate, the
	// limit leaves room for; default DefaultGarbageWindow.
	GarbageWindow time.Duration
	// set and read replace debug.SetMemoryLimit and goMemory in tests
	// (the limit is the process's).
	set  func(int64) int64
	read func() goMemorySample
}

// Defaults of serve's memory limit: an idle session needs 65–75 KB (live
// heap and stacks); the allowance leaves room for some garbage under the
// 100 KB an idle session may cost. The floor keeps a small server from
// collecting for the limit at all.
const (
	DefaultMemoryPerSession = 90 << 10
	DefaultMemoryFloor      = 128 << 20
	// DefaultGarbageWindow: the limit leaves room for this long's
	// allocations (Go's default pace gave a collection every 5 s under
	// both loads).
	DefaultGarbageWindow = 10 * time.Second
)

// memoryFollower sets the limit as the sessions come and go and the
// process allocates (the janitor calls follow once a tick). Setting the
// limit stops the world for a moment, so it is set again only when it
// moves by more than a 64th.
type memoryFollower struct {
	cfg  MemoryLimit
	base int64
	set  func(int64) int64
	read func() goMemorySample
	cur  int64 // the limit last set; 0 before the first

	lastAllocs int64     // bytes allocated so far, at the last follow
	lastAt     time.Time // when
	rate       float64   // recent bytes allocated a second, decaying
}

// newMemoryFollower returns the follower of cfg, nil when it is off.
func newMemoryFollower(cfg MemoryLimit) *memoryFollower {
	if cfg.PerSession <= 0 && cfg.Floor <= 0 {
		return nil
	}
	if cfg.GarbageWindow <= 0 {
		cfg.GarbageWindow = DefaultGarbageWindow
	}
	f := &memoryFollower{cfg: cfg, set: cfg.set, read: cfg.read}
	if f.set == nil {
		f.set = debug.SetMemoryLimit
	}
	if f.read == nil {
		f.read = goMemory
	}
	m := f.read()
	f.base, f.lastAllocs, f.lastAt = m.total, m.allocs, time.Now()
	return f
}

// target is the limit for n sessions with the process's memory m, when
// it allocates rate bytes a second. The room for garbage is over all
// that is not heap objects (stacks, free and fragmented pages, the
// runtime's own), which the limit counts too.
func (f *memoryFollower) target(n int, m goMemorySample, rate float64) int64 {
	if f.cfg.PerSession <= 0 {
		return f.cfg.Floor
	}
	return max(f.cfg.Floor,
		f.base+int64(n)*f.cfg.PerSession,
		m.live/4*5,
		m.live+m.overhead+int64(rate*f.cfg.GarbageWindow.Seconds()))
}

// follow sets the limit for n sessions, if it moved enough. The rate of
// allocation is the last tick's, or half the rate before if that is
// more: a lull of a second does not tighten the limit at once.
func (f *memoryFollower) follow(n int, now time.Time) {
	if f == nil {
		return
	}
	m := f.read()
	if dt := now.Sub(f.lastAt).Seconds(); dt > 0 {
		f.rate = max(float64(m.allocs-f.lastAllocs)/dt, f.rate/2)
		f.lastAllocs, f.lastAt = m.allocs, now
	}
	t := f.target(n, m, f.rate)
	if d := t - f.cur; f.cur != 0 && d < f.cur/64 && -d < f.cur/64 {
		return
	}
	f.cur = t
	f.set(t)
}

// stop gives the runtime back its default (no limit).
func (f *memoryFollower) stop() {
	if f != nil && f.cur != 0 {
		f.set(math.MaxInt64)
		f.cur = 0
	}
}

// goMemorySample is what the follower reads of the runtime.
type goMemorySample struct {
	total    int64 // Go's memory not given back to the system
	live     int64 // heap found live at the last collection, and stacks
	overhead int64 // of total, what is neither heap objects nor stacks
	allocs   int64 // bytes allocated on the heap so far
}

// goMemory reads the runtime's figures (runtime/metrics, no collection).
func goMemory() goMemorySample {
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"},
		{Name: "/gc/heap/allocs:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
	}
	metrics.Read(s)
	u := func(i int) int64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(s[i].Value.Uint64())
	}
	total := u(0) - u(1)
	return goMemorySample{total: total, live: u(2) + u(3), overhead: total - u(5) - u(3), allocs: u(4)}
}
