package server

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// An idle session keeps no goroutine that only waits: neither the SSH
// library's request loop once the shell has started (the filter answers
// later requests) nor a middleware goroutine waiting for window changes
// (the pacer delivers them). Each parked goroutine's stack is several KB
// per idle session.
func TestIdleSessionHasNoWaitingOnlyGoroutines(t *testing.T) {
	s := startServer(t, func(c *Config) { c.NewClient = probeClient(nil, false) })
	tm := openTerm(t, s.addr, termOpts{user: "ana"})
	tm.waitFor(0, "probe ana size 100x40")
	// The library's loop ends once it has read the closed stream, which
	// may come a moment after the first frame; only a loop that stays is
	// a fault.
	var waiting []string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		waiting = waitingOnlyGoroutines()
		if len(waiting) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, w := range waiting {
		t.Error(w)
	}
	// Window changes still arrive, through the pacer.
	m := tm.mark()
	if err := tm.sess.WindowChange(30, 80); err != nil {
		t.Fatal(err)
	}
	tm.waitFor(m, "size 80x30")
}

// waitingOnlyGoroutines describes the goroutines of an idle session that
// only wait: the library's request loop and the middleware's window loop.
func waitingOnlyGoroutines() []string {
	buf := make([]byte, 1<<20)
	dump := string(buf[:runtime.Stack(buf, true)])
	var found []string
	for _, g := range strings.Split(dump, "\n\n") {
		switch {
		case strings.Contains(g, "charm.land/ssh.(*session).handleRequests(") && !strings.Contains(g, "handleRequests.func"):
			found = append(found, "the library's request loop still runs:\n"+g)
		case strings.Contains(g, "MiddlewareWithProgramHandler"):
			found = append(found, "a middleware goroutine waits for window changes:\n"+g)
		}
	}
	return found
}

// pieceRecorder records the size of every write it is given.
type pieceRecorder struct{ sizes []int }

func (r *pieceRecorder) Write(p []byte) (int, error) {
	r.sizes = append(r.sizes, len(p))
	return len(p), nil
}

// A frame reaches the SSH channel in pieces of at most maxWrite, so the
// library's per-connection packet and cipher buffers stay that small.
func TestWatchedWriterWritesInPieces(t *testing.T) {
	for _, n := range []int{0, 1, maxWrite, maxWrite + 1, 5*maxWrite + 7} {
		rec := &pieceRecorder{}
		w := &watchedWriter{w: rec}
		got, err := w.Write(make([]byte, n))
		if err != nil || got != n {
			t.Fatalf("write %d: %d, %v", n, got, err)
		}
		total := 0
		for _, s := range rec.sizes {
			if s > maxWrite {
				t.Fatalf("write %d: a piece of %d > %d", n, s, maxWrite)
			}
			total += s
		}
		if total != n || w.written.Load() != int64(n) || w.pending.Load() != 0 {
			t.Fatalf("write %d: %d written in %v, counted %d", n, total, rec.sizes, w.written.Load())
		}
	}
}
