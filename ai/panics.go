package ai

import (
	"log"
	"runtime/debug"
	"sync/atomic"
)

// PanicReport describes a panic that a search recovered from. A search
// never panics into its caller (the UI, a server session): it falls back
// to a legal move, and reports the panic, which is always a bug (of the
// game or of the search), so that it can be found.
type PanicReport struct {
	Where string // which part of the search: "search", "helper", "uct", "fallback"
	Value any    // the value passed to panic
	Stack []byte // the stack of the panicking goroutine
}

// PanicHook receives the panics that searches recovered from. It may be
// called from several goroutines at once.
type PanicHook func(PanicReport)

var (
	panicHook  atomic.Pointer[PanicHook]
	panicCount atomic.Int64
)

// SetPanicHook makes hook the receiver of recovered panics and returns the
// previous one; nil restores the default, which writes each report with
// the standard library's log package.
func SetPanicHook(hook PanicHook) (previous PanicHook) {
	var p *PanicHook
	if hook != nil {
		p = &hook
	}
	if old := panicHook.Swap(p); old != nil {
		return *old
	}
	return nil
}

// RecoveredPanics is the number of panics that searches have recovered
// from since the program started.
func RecoveredPanics() int64 { return panicCount.Load() }

// reportPanic counts a recovered panic and hands it to the hook. It is
// called from the deferred function that recovered v, so the stack still
// shows where the panic happened.
func reportPanic(where string, v any) {
	panicCount.Add(1)
	r := PanicReport{Where: where, Value: v, Stack: debug.Stack()}
	if h := panicHook.Load(); h != nil {
		// A broken hook must not undo the recovery.
		defer func() { _ = recover() }()
		(*h)(r)
		return
	}
	log.Printf("ai: recovered from a panic in %s: %v\n%s", r.Where, r.Value, r.Stack)
}
