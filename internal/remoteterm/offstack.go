package remoteterm

import "runtime"

// OffStack runs f on a worker goroutine and waits for it; a panic in f
// goes on in the caller. A server session's goroutine lives as long as
// the session, and a goroutine's stack keeps the size its deepest call
// needed until collections halve it, one at a time: a client's Update or
// View (Lip Gloss styles are large values, copied from frame to frame)
// grew each idle session's stack to 32–64 KB, about a third of what an
// idle session held. Run here, the deep calls take the stacks of a few
// workers that all sessions share, and each session's goroutine keeps
// only its own shallow loop.
//
// An idle worker takes f; when none is, a new one starts, so a slow f
// never holds up another session's. A worker goes back to the idle ones
// before its caller goes on (so that a caller's next call finds it),
// unless maxIdle wait already, when it ends; an idle worker's stack is
// shrunk by the collector like any other.
//
// A worker owns the channels of its hand-over, so that a call allocates
// nothing of its own (a job and a channel a call were 2 % of what a room
// node allocated).
func OffStack(f func()) {
	var w *worker
	select {
	case w = <-idleWorkers:
	default:
		w = &worker{jobs: make(chan func()), done: make(chan any)}
		go w.run()
	}
	w.jobs <- f
	// The worker takes no other job before this receive: the next
	// caller's send waits for its loop.
	if panicked := <-w.done; panicked != nil {
		panic(panicked)
	}
}

// worker runs the calls sent on jobs, one at a time, and answers each on
// done with the value of its panic (nil for none).
type worker struct {
	jobs chan func()
	done chan any
}

// idleWorkers are the workers waiting for a job.
var idleWorkers = make(chan *worker, maxIdle)

// maxIdle bounds the workers kept waiting: more than run at once.
var maxIdle = 4 * runtime.GOMAXPROCS(0)

// IdleWorkers is the number of workers and frame writers waiting for a
// job: goroutines kept on purpose (at most maxIdle of each), which a
// count of a server's goroutines after its sessions ended leaves out.
func IdleWorkers() int { return len(idleWorkers) + len(idleWriters) }

func (w *worker) run() {
	for f := range w.jobs {
		panicked := call(f)
		select {
		case idleWorkers <- w:
			w.done <- panicked
		default:
			w.done <- panicked
			return
		}
	}
}

// call runs f, returning the value of its panic (nil for none).
func call(f func()) (panicked any) {
	defer func() { panicked = recover() }()
	f()
	return nil
}
