package server

import (
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/internal/procstat"
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

// BenchmarkKeyBurst is a burst of 20 keys (j and k on the menu) arriving
// in one read of a session's program, as fast typing or a paste of keys
// comes. The model draws a view per message, and Bubble Tea v2's renderer
// the last of them at its next tick (60 a second). It reports the
// model's views and the process's CPU time per burst (the program's
// work, renderer included; wall time is mostly waiting for the ticks).
//
// The server paced such bursts by hand under v1 (a frame per frame gap),
// which v2's renderer does by itself: with that pacing ported to v2 a
// burst cost 2196 and 2212 µs of CPU (1.9 views), without it 2145 and
// 1974 µs (20 views), back to back with -cpu 1 at load average 7.3.
func BenchmarkKeyBurst(b *testing.B) {
	var views, msgs atomic.Int64
	m := viewCounter{Model: UIClient(ClientOptions{ColorProfile: colorprofile.ANSI256}), views: &views, msgs: &msgs}
	in, keys := io.Pipe()
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithWindowSize(100, 30),
		tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithColorProfile(colorprofile.ANSI256), tea.WithoutSignalHandler())
	done := make(chan struct{})
	go func() { defer close(done); _, _ = p.Run() }()
	burst := []byte(strings.Repeat("jjjjjkkkkk", 2))
	cpu0, _ := procstat.CPUTime()
	b.ResetTimer()
	for i := range b.N {
		keys.Write(burst)
		for msgs.Load() < int64(len(burst)*(i+1)) {
			time.Sleep(100 * time.Microsecond)
		}
		time.Sleep(2 * time.Second / 60) // the renderer's tick
	}
	b.StopTimer()
	b.ReportMetric(float64(views.Load())/float64(b.N), "views/burst")
	if cpu1, ok := procstat.CPUTime(); ok {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N), "cpu-µs/burst")
	}
	p.Quit()
	<-done
}

// BenchmarkIdleSessions is what idle sessions cost: 100 programs on the
// menu, nothing happening, for a second per op. Bubble Tea v2's renderer
// still wakes 60 times a second in each, but finds the view the same as
// the last and writes nothing (v1 copied such a frame on every tick,
// which the server defeated by marking every other repeated frame).
func BenchmarkIdleSessions(b *testing.B) {
	const n = 100
	var out atomic.Int64
	var quits []func()
	for range n {
		in, _ := io.Pipe()
		p := tea.NewProgram(UIClient(ClientOptions{ColorProfile: colorprofile.ANSI256}), tea.WithInput(in),
			tea.WithOutput(countingWriter{&out}), tea.WithWindowSize(100, 30),
			tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithColorProfile(colorprofile.ANSI256), tea.WithoutSignalHandler())
		done := make(chan struct{})
		go func() { defer close(done); _, _ = p.Run() }()
		quits = append(quits, func() { p.Quit(); <-done })
	}
	defer func() {
		for _, q := range quits {
			q()
		}
	}()
	time.Sleep(time.Second) // every first frame drawn
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
}

// countingWriter counts what it is given.
type countingWriter struct{ n *atomic.Int64 }

func (w countingWriter) Write(p []byte) (int, error) {
	w.n.Add(int64(len(p)))
	return len(p), nil
}
