package server

import (
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
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

// goid is the calling goroutine's number (from its stack's header).
func goid() string {
	buf := make([]byte, 64)
	f := strings.Fields(string(buf[:runtime.Stack(buf, false)]))
	return f[1]
}

// goidReader records the goroutine reading it and gives data once.
type goidReader struct {
	data []byte
	gid  chan string
}

func (r *goidReader) Read(p []byte) (int, error) {
	r.gid <- goid()
	if r.data == nil {
		return 0, io.EOF
	}
	n := copy(p, r.data)
	r.data = nil
	return n, nil
}

// goidWriter records the goroutine writing to it.
type goidWriter struct{ gid chan string }

func (w goidWriter) Write(p []byte) (int, error) { w.gid <- goid(); return len(p), nil }

// The goroutines an idle session keeps waiting for its input and its
// requests hand the deep work (decoding keys, parsing requests) to a
// worker: on their own stacks it grew each to 4 KB for good (a stack is
// halved only while a quarter of it is in use), 8 KB an idle session.
func TestSessionWaitersWorkOffTheirStacks(t *testing.T) {
	for _, c := range []struct {
		name string
		run  func(waiter, worker chan string)
	}{
		{"input pump decodes off its stack", func(waiter, worker chan string) {
			src := &goidReader{data: []byte("a"), gid: waiter}
			p := newInputPump(src, newKeyGate(-1, 0), goidWriter{gid: worker})
			go p.run()
		}},
		{"request filter parses off its stack", func(waiter, worker chan string) {
			st := &connState{pacer: (&Server{}).newPacer()}
			st.pacer.attach(func(ssh.Window) { worker <- goid() })
			rf := &requestFilter{st: st, started: true, pty: &ptyRequestPayload{}}
			rf.handleFn = rf.handleReq
			reqs := make(chan *gossh.Request, 1)
			reqs <- &gossh.Request{Type: "window-change", Payload: gossh.Marshal(windowChangePayload{Columns: 80, Rows: 24})}
			close(reqs)
			go func() { waiter <- goid(); rf.run(reqs) }()
		}},
	} {
		waiter, worker := make(chan string, 4), make(chan string, 4)
		c.run(waiter, worker)
		w := <-waiter
		select {
		case k := <-worker:
			if k == w {
				t.Errorf("%s: the work ran on the waiting goroutine %s", c.name, w)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: no work done", c.name)
		}
	}
}
