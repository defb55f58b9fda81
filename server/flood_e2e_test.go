package server

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// floodEnv turns on TestKeyFloodBesideAPlayer, a measurement of half a
// minute, not a test of the default run; floodKeyRateEnv sets the
// server's --key-rate for it (-1: none, to compare).
const (
	floodEnv        = "TABLETOP_FLOOD_TEST"
	floodKeyRateEnv = "TABLETOP_FLOOD_KEY_RATE"
)

// cpuTicks reads a process's user+system CPU time in clock ticks (Linux).
func cpuTicks(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	// The fields after the command's closing parenthesis: utime and
	// stime are the 12th and 13th of them.
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return u + s
}

// loadavg is /proc/loadavg's first three figures.
func loadavg() string {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// boardSession opens a session from address from and starts Quad 5×5
// against the AI; it returns once the board answers keys.
func boardSession(t *testing.T, addr, from, name string) *term {
	t.Helper()
	tm := openTerm(t, addr, termOpts{user: name, from: from, width: 100, height: 30})
	tm.waitFor(0, "Quad 5×5")
	tm.send("\r")
	tm.waitFor(0, "Start")
	m := tm.mark()
	tm.send("\r")
	tm.waitFor(m, "enter marks")
	return tm
}

// flood sends cursor keys (3 bytes each) at the server's input cap, 16 KB
// a second, in 1 KB writes, until stop is closed; the server's own
// pacing may slow the writes down.
func flood(tm *term, stop <-chan struct{}) {
	chunk := []byte(strings.Repeat("\x1b[C\x1b[D", 1024/6))
	tick := time.NewTicker(time.Second / 16)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		if _, err := tm.in.Write(chunk); err != nil {
			return
		}
	}
}

// keypressLatency presses a cursor key n times, every gap, and returns
// the time from each key to the first output after it.
func keypressLatency(t *testing.T, tm *term, n int, gap time.Duration) []time.Duration {
	t.Helper()
	var out []time.Duration
	keys := []string{"\x1b[C", "\x1b[D"}
	for i := range n {
		time.Sleep(gap)
		m := tm.mark()
		start := time.Now()
		tm.send(keys[i%2])
		deadline := time.After(10 * time.Second)
		for tm.mark() == m {
			select {
			case <-tm.changed:
			case <-deadline:
				t.Fatalf("key %d: no frame within 10 s", i)
			}
		}
		out = append(out, time.Since(start))
	}
	return out
}

func percentile(ds []time.Duration, p float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// Finding 8: key floods amplify into server CPU. 16 connections from 4
// addresses (within the default limits) each send cursor keys at the 16
// KB/s input cap while a player on a fifth address presses a key ten
// times a second; the player's keypress-to-frame latency (p50/p95/p99)
// and the server's CPU are logged, with the load average. A measurement
// (set TABLETOP_FLOOD_TEST=1), not an assertion: it fails only when the
// flood could not be set up.
func TestKeyFloodBesideAPlayer(t *testing.T) {
	if os.Getenv(floodEnv) == "" {
		t.Skip("a measurement: set " + floodEnv + "=1 to run it")
	}
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc and the whole 127.0.0.0/8 on loopback")
	}
	dir := t.TempDir()
	keyRate, _ := strconv.Atoi(os.Getenv(floodKeyRateEnv))
	n := startStopNode(t, stopNodeOpts{Store: filepath.Join(dir, "tabletop.db"), Data: dir, Hold: time.Minute, Limits: true, KeyRate: keyRate})
	pid := n.cmd.Process.Pid
	player := boardSession(t, n.addr, "127.0.0.5", "player")
	quiet := keypressLatency(t, player, 50, 100*time.Millisecond)

	var floods []*term
	for i := range 16 {
		floods = append(floods, boardSession(t, n.addr, fmt.Sprintf("127.0.0.%d", 1+i%4), fmt.Sprintf("flood%d", i)))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, f := range floods {
		wg.Add(1)
		go func() { defer wg.Done(); flood(f, stop) }()
	}
	time.Sleep(3 * time.Second) // the flood under way
	ticks, start, load := cpuTicks(t, pid), time.Now(), loadavg()
	flooded := keypressLatency(t, player, 200, 100*time.Millisecond)
	cpu := float64(cpuTicks(t, pid)-ticks) / 100 / time.Since(start).Seconds() // USER_HZ is 100 on Linux
	close(stop)
	wg.Wait()
	alive := 0
	for _, f := range floods {
		select {
		case <-f.done:
		default:
			alive++
		}
	}
	t.Logf("quiet:   keypress→frame p50 %v p95 %v p99 %v (%d keys)", percentile(quiet, .5), percentile(quiet, .95), percentile(quiet, .99), len(quiet))
	t.Logf("flooded: keypress→frame p50 %v p95 %v p99 %v (%d keys); server CPU %.0f %% (--key-rate %d); %d of 16 flooders still connected; load average %s before, %s after",
		percentile(flooded, .5), percentile(flooded, .95), percentile(flooded, .99), len(flooded), 100*cpu, keyRate, alive, load, loadavg())
}
