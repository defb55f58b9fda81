package server

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/internal/procstat"
	"github.com/tabletop/tabletop/internal/remoteterm"
)

// viewCounter counts the frames its model draws.
type viewCounter struct {
	tea.Model
	views *atomic.Int64
	msgs  *atomic.Int64
}

func (v viewCounter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		v.msgs.Add(1)
	}
	m, cmd := v.Model.Update(msg)
	v.Model = m
	return v, cmd
}

func (v viewCounter) View() tea.View {
	v.views.Add(1)
	return v.Model.View()
}

// benchSession is a session's program as the server runs it (its options,
// its line renderer, its decoder), without the SSH connection, drawing to
// out.
type benchSession struct {
	p    *tea.Program
	term *remoteterm.Renderer
	dec  *remoteterm.Decoder
	done chan struct{}
}

// startBenchSession runs m at 100×30.
func startBenchSession(m tea.Model, out *atomic.Int64) *benchSession {
	return startBenchSessionOf(m, out, 100, 30)
}

// startBenchSessionOf runs m at width×height.
func startBenchSessionOf(m tea.Model, out *atomic.Int64, width, height int) *benchSession {
	return startBenchSessionTo(m, countingWriter{n: out}, width, height)
}

// startBenchSessionTo runs m at width×height, drawing to w.
func startBenchSessionTo(m tea.Model, w countingWriter, width, height int) *benchSession {
	s := &Server{cfg: Config{}.withDefaults()}
	gs := &gameSession{pty: ssh.Pty{Window: ssh.Window{Width: width, Height: height}}}
	profile := colorprofile.ANSI256
	term := remoteterm.NewRenderer(w, profile, width, height)
	p := tea.NewProgram(term.Model(m), s.programOptions(gs, term, []string{"TERM=xterm-256color"}, profile)...)
	bs := &benchSession{p: p, term: term, dec: remoteterm.NewDecoder(p.Send), done: make(chan struct{})}
	go func() { defer close(bs.done); _, _ = p.Run() }()
	return bs
}

func (bs *benchSession) stop() {
	bs.p.Quit()
	<-bs.done
	bs.dec.Close()
}

// BenchmarkKeyBurst is a burst of 20 keys (j and k on the menu) arriving
// in one read of a session, as fast typing or a paste of keys comes. The
// server's decoder holds each key until what follows it is known, so the
// model draws one view for the burst and the line renderer writes one
// frame. It reports the views, frames and bytes per burst and the
// process's CPU time per burst.
func BenchmarkKeyBurst(b *testing.B) {
	var views, msgs, out atomic.Int64
	bs := startBenchSession(viewCounter{Model: UIClient(ClientOptions{ColorProfile: colorprofile.ANSI256}), views: &views, msgs: &msgs}, &out)
	defer bs.stop()
	waitFor(func() bool { return bs.term.Frames() > 0 }) // the first screen
	_, _ = bs.dec.Write([]byte("j"))
	waitFor(func() bool { return bs.term.Frames() > 1 })
	views0, frames0, out0, msgs0 := views.Load(), bs.term.Frames(), out.Load(), msgs.Load()
	// Each burst ends two items from where it began (down, then back up):
	// a view equal to the last frame would write nothing.
	bursts := [2][]byte{[]byte(strings.Repeat("jk", 9) + "jj"), []byte(strings.Repeat("kj", 9) + "kk")}
	cpu0, _ := procstat.CPUTime()
	b.ResetTimer()
	for i := range b.N {
		_, _ = bs.dec.Write(bursts[i%2])
		waitFor(func() bool { return msgs.Load()-msgs0 >= int64(20*(i+1)) && bs.term.Frames() > frames0+i })
	}
	b.StopTimer()
	b.ReportMetric(float64(views.Load()-views0)/float64(b.N), "views/burst")
	b.ReportMetric(float64(bs.term.Frames()-frames0)/float64(b.N), "frames/burst")
	b.ReportMetric(float64(out.Load()-out0)/float64(b.N), "bytes/burst")
	if cpu1, ok := procstat.CPUTime(); ok {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N), "cpu-µs/burst")
	}
}

// waitFor polls cond (a benchmark's wait for the program, not a timed
// assertion).
func waitFor(cond func() bool) {
	for !cond() {
		time.Sleep(50 * time.Microsecond)
	}
}

// BenchmarkIdleSessions is what idle sessions cost: 100 programs on the
// menu as the server runs them, nothing happening, for a second per op.
// It reports the CPU and output per session-second (Bubble Tea's frame
// ticker runs once a second; the line renderer writes nothing while the
// view is unchanged) and, after a collection, the live heap and the
// goroutine stacks each session holds (without its SSH connection, which
// the load test's figures include).
func BenchmarkIdleSessions(b *testing.B) {
	const n = 100
	var out atomic.Int64
	heap0, stack0 := liveMemory()
	var sessions []*benchSession
	for range n {
		bs := startBenchSession(UIClient(ClientOptions{ColorProfile: colorprofile.ANSI256}), &out)
		sessions = append(sessions, bs)
	}
	defer func() {
		for _, bs := range sessions {
			bs.stop()
		}
	}()
	for _, bs := range sessions {
		waitFor(func() bool { return bs.term.Frames() > 0 }) // every first frame drawn
	}
	time.Sleep(100 * time.Millisecond) // the renderers' goroutines gone
	heap1, stack1 := liveMemory()
	written := out.Load()
	cpu0, _ := procstat.CPUTime()
	b.ResetTimer()
	for range b.N {
		time.Sleep(time.Second)
	}
	b.StopTimer()
	if cpu1, ok := procstat.CPUTime(); ok {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N*n), "cpu-µs/session-second")
	}
	b.ReportMetric(float64(out.Load()-written)/float64(b.N*n), "bytes/session-second")
	b.ReportMetric(float64(heap1-heap0)/1024/n, "heap-KB/session")
	b.ReportMetric(float64(stack1-stack0)/1024/n, "stack-KB/session")
}

// liveMemory is the live heap and the goroutine stacks in use after two
// collections (the second frees what the first's finalizers released,
// and shrinks stacks again).
func liveMemory() (heap, stack int64) {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc), int64(ms.StackInuse)
}

type countingWriter struct {
	n    *atomic.Int64
	tail *tailBuffer // nil, or where the last output is kept
	// own counts this writer's bytes alone, and wrote is signalled after
	// each write; both may be nil.
	own   *atomic.Int64
	wrote chan struct{}
}

func (w countingWriter) Write(p []byte) (int, error) {
	w.n.Add(int64(len(p)))
	if w.tail != nil {
		w.tail.keep(p)
	}
	if w.own != nil {
		w.own.Add(int64(len(p)))
	}
	if w.wrote != nil {
		select {
		case w.wrote <- struct{}{}:
		default:
		}
	}
	return len(p), nil
}

// tailBuffer keeps the last few kilobytes a session wrote, to show when
// a benchmark's room stalls.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) keep(p []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if n := len(t.buf); n > 16<<10 {
		t.buf = append(t.buf[:0], t.buf[n-8<<10:]...)
	}
}

// text is the output kept, without its escape sequences.
func (t *tailBuffer) text() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return ansi.Strip(string(t.buf))
}
