package remoteterm

// startWriter has r's frames written (r.writeLoop) by an idle writer, or
// by a new one when none is idle; it does not wait. A renderer's writer
// exists only while it has something to write, and a fresh goroutine a
// burst (four a room's move) grew its stack, copied, on every frame on
// its way through the SSH library to the socket; a writer kept idle
// keeps the stack it grew. A writer goes back to the idle ones when its
// renderer has nothing more to write, unless maxIdle wait already, when
// it ends; an idle writer's stack is shrunk by the collector like any
// other. Called with r.mu held: it never blocks.
func startWriter(r *Renderer) {
	select {
	case w := <-idleWriters:
		// An idle writer's slot is empty: it took its last job before
		// going idle.
		w.jobs <- r
	default:
		w := &writer{jobs: make(chan *Renderer, 1)}
		w.jobs <- r
		go w.run()
	}
}

// writer writes the frames of the renderers sent on jobs, one at a time.
type writer struct{ jobs chan *Renderer }

// idleWriters are the writers waiting for a renderer.
var idleWriters = make(chan *writer, maxIdle)

func (w *writer) run() {
	for r := range w.jobs {
		r.writeLoop()
		select {
		case idleWriters <- w:
		default:
			return
		}
	}
}
