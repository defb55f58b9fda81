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
func OffStack(f func()) {
	j := offJob{f: f, done: make(chan struct{})}
	var w worker
	select {
	case w = <-idleWorkers:
	default:
		w = make(worker)
		go w.run()
	}
	w <- &j
	<-j.done
	if j.panicked != nil {
		panic(j.panicked)
	}
}

// offJob is one call of OffStack.
type offJob struct {
	f        func()
	done     chan struct{}
	panicked any
}

// worker runs the jobs sent to it, one at a time.
type worker chan *offJob

// idleWorkers are the workers waiting for a job.
var idleWorkers = make(chan worker, maxIdle)

// maxIdle bounds the workers kept waiting: more than run at once.
var maxIdle = 4 * runtime.GOMAXPROCS(0)

func (w worker) run() {
	for j := range w {
		j.run()
		select {
		case idleWorkers <- w:
			close(j.done)
		default:
			close(j.done)
			return
		}
	}
}

func (j *offJob) run() {
	defer func() { j.panicked = recover() }()
	j.f()
}
