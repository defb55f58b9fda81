package remoteterm

import (
	"io"
	"testing"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// deep uses about n KB of stack.
//
//go:noinline
func deep(n int) int {
	var pad [1024]byte
	pad[n%len(pad)] = byte(n)
	if n == 0 {
		return int(pad[0])
	}
	return deep(n-1) + int(pad[n%len(pad)])
}

// stackMoved reports whether run grew the calling goroutine's stack: a
// grown stack is copied elsewhere, and its locals with it.
func stackMoved(run func()) bool {
	var here byte
	before := uintptr(unsafe.Pointer(&here))
	run()
	return uintptr(unsafe.Pointer(&here)) != before
}

// What OffStack runs needs no room on the caller's stack, and its
// effects are the caller's when it returns.
func TestOffStackLeavesTheCallersStackAlone(t *testing.T) {
	done := make(chan bool)
	go func() { // a goroutine of its own, with a small stack
		got := 0
		moved := stackMoved(func() { OffStack(func() { got = deep(64) }) })
		done <- !moved && got == deep(64)
	}()
	if !<-done {
		t.Error("a deep call run off the stack grew the caller's stack (or its result was lost)")
	}
	go func() { done <- stackMoved(func() { deep(64) }) }()
	if !<-done {
		t.Fatal("the same call on the caller's own stack did not grow it: the test sees nothing")
	}
}

// A panic in what OffStack runs goes on in the caller, with its value.
func TestOffStackPanicsInTheCaller(t *testing.T) {
	defer func() {
		if r := recover(); r != "boom" {
			t.Errorf("recovered %v, want the panic's value", r)
		}
	}()
	OffStack(func() { panic("boom") })
	t.Error("OffStack returned after a panic")
}

// A call that waits does not hold up another: each gets a worker.
func TestOffStackWaitingCallHoldsUpNoOther(t *testing.T) {
	release, started := make(chan struct{}), make(chan struct{})
	go OffStack(func() { close(started); <-release })
	<-started
	ran := false
	OffStack(func() { ran = true })
	close(release)
	if !ran {
		t.Error("the second call did not run")
	}
}

// A call hands over to an idle worker and back without allocating: the
// worker owns the channels (a call allocated a job and a channel).
func TestOffStackAllocatesNothingOfItsOwn(t *testing.T) {
	n := 0
	f := func() { n++ }
	OffStack(f) // a worker, idle from now on
	if allocs := testing.AllocsPerRun(100, func() { OffStack(f) }); allocs != 0 {
		t.Errorf("a call allocated %.1f times", allocs)
	}
}

// deepModel's Update and View take about 64 KB of stack, as a client's
// screens can.
type deepModel struct{}

func (deepModel) Init() tea.Cmd { return nil }

func (m deepModel) Update(tea.Msg) (tea.Model, tea.Cmd) { deep(64); return m, nil }

func (deepModel) View() tea.View { deep(64); return tea.NewView("x") }

// A session's program updates and draws its client off the session's
// goroutine.
func TestModelUpdatesOffTheSessionsStack(t *testing.T) {
	m := NewRenderer(io.Discard, colorprofile.ANSI256, 80, 24).Model(deepModel{})
	done := make(chan bool)
	go func() {
		done <- stackMoved(func() {
			m.Init()
			m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
		})
	}()
	if <-done {
		t.Error("the client's Update and View grew the session goroutine's stack")
	}
}

// BenchmarkOffStack is the cost of running a call on a worker: the hand
// over and back, which a session's program pays once a message.
func BenchmarkOffStack(b *testing.B) {
	n := 0
	for b.Loop() {
		OffStack(func() { n++ })
	}
}

// A worker that ended its call waits for the next one and is counted as
// idle: a count of goroutines left after the sessions must leave it out.
func TestIdleWorkersCountsTheWorkerKept(t *testing.T) {
	OffStack(func() {})
	if n := IdleWorkers(); n < 1 || n > 2*maxIdle {
		t.Errorf("IdleWorkers() = %d after a call, want 1..%d (workers and writers)", n, 2*maxIdle)
	}
}
