// Package remoteterm runs a Bubble Tea program's terminal over a byte
// stream for the SSH server, in place of Bubble Tea v2's own renderer and
// input reader, which cost a server session more than the whole budget
// of one (see the README's load-test section for the figures):
//
//   - Renderer keeps a frame as its lines, not as cells, and writes the
//     lines that changed, from a writer it has only while there is
//     something to write: nothing ticks while a session is idle. It
//     honours every field of a tea.View (alternate screen, cursor with
//     shape and colour, mouse modes, bracketed paste, focus reports,
//     keyboard enhancements, window title, terminal colours, progress bar,
//     program status) and draws in synchronized output when the terminal
//     says it has it; colours are downsampled to the session's profile.
//   - Decoder turns the client's bytes into the program's messages with
//     Ultraviolet's decoder (the one Bubble Tea uses), in the goroutine
//     that reads them: no reader goroutines and no key table per program.
//
// The program runs with tea.WithoutRenderer and tea.WithInput(nil);
// Renderer.Model wraps its model so that each view reaches the renderer.
package remoteterm

import (
	"bytes"
	"io"
	"sync"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// Renderer draws one program's views on one remote terminal. Its methods
// never block on the terminal: frames are written by a writer goroutine
// the renderer is given when there is something to write and gives back
// when there is not (see startWriter); a view that comes while one is
// being written replaces any view still waiting, so a slow client gets
// the latest frame, not every frame.
type Renderer struct {
	w io.Writer

	mu       sync.Mutex
	next     tea.View // the latest view not yet drawn (when hasNext)
	lines    []string // its content as lines, when it came so (RenderLines)
	hasNext  bool
	raw      []byte // the program's own output, written before the next frame
	width    int
	height   int
	resized  bool
	syncd    bool // the terminal has synchronized output (mode 2026)
	profile  colorprofile.Profile
	onMouse  func(tea.MouseMsg) tea.Cmd // the last view's
	writing  bool                       // the writer goroutine runs
	closing  bool
	final    []byte
	closed   chan struct{}
	failed   bool // a write failed: the terminal is gone
	scr      screen
	drawings int // frames that wrote something (see Frames)
	// viewed is set once the program's model has given a view (see
	// Model); only the program's updates touch it, one at a time.
	viewed bool
}

// NewRenderer returns a renderer writing to w for a terminal of width×height
// cells whose colours are of profile p.
func NewRenderer(w io.Writer, p colorprofile.Profile, width, height int) *Renderer {
	return &Renderer{w: w, width: width, height: height, profile: p, closed: make(chan struct{})}
}

// Counts are what every renderer of the process has done: the views
// they were given, the frames that wrote something, the bytes written.
type Counts struct{ Views, Frames, Bytes int64 }

var views, frames, written atomic.Int64

// Totals returns the process's counts so far.
func Totals() Counts {
	return Counts{Views: views.Load(), Frames: frames.Load(), Bytes: written.Load()}
}

// Render takes the program's latest view; it is drawn as soon as the
// renderer's writer gets to it.
func (r *Renderer) Render(v tea.View) { r.RenderLines(v, nil) }

// RenderLines is Render of a view whose content is given as its lines
// (the frame's rows, without newlines; v.Content is not read), which the
// renderer keeps: the caller must not change them. A model whose frame
// is made of kept parts gives them so (see Lined), and no frame text is
// joined only to be cut into rows again here. nil lines are Render's.
func (r *Renderer) RenderLines(v tea.View, lines []string) {
	views.Add(1)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closing || r.failed {
		return
	}
	r.next, r.lines, r.hasNext = v, lines, true
	r.onMouse = v.OnMouse
	r.wake()
}

// Resize tells the renderer the terminal's new size: the next frame is
// drawn whole.
func (r *Renderer) Resize(width, height int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.width, r.height, r.resized = width, height, true
}

// SetColorProfile changes the profile the colours are downsampled to;
// the next frame is drawn whole.
func (r *Renderer) SetColorProfile(p colorprofile.Profile) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p != r.profile {
		r.profile, r.resized = p, true
	}
}

// setSynchronized records whether the terminal draws a frame at once
// when asked (its answer to the renderer's query of mode 2026).
func (r *Renderer) setSynchronized(on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.syncd = on
}

// mouseHandler is the last view's OnMouse.
func (r *Renderer) mouseHandler() func(tea.MouseMsg) tea.Cmd {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.onMouse
}

// Raw returns a writer for the program's own output (what Bubble Tea
// writes besides frames, such as raw sequences): it is written between
// frames, never inside one.
func (r *Renderer) Raw() io.Writer { return rawWriter{r} }

type rawWriter struct{ r *Renderer }

func (w rawWriter) Write(p []byte) (int, error) {
	r := w.r
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closing || r.failed {
		return len(p), nil
	}
	r.raw = append(r.raw, p...)
	r.wake()
	return len(p), nil
}

// Close stops drawing: once the frame being written (if any) is out, the
// terminal is given back as it was (the modes the views set are reset)
// followed by final. The returned channel is closed when that is
// written, or could not be.
func (r *Renderer) Close(final []byte) <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.closing {
		r.closing = true
		r.final = final
		r.hasNext = false
		r.wake()
	}
	return r.closed
}

// Frames is how many frames wrote something to the terminal.
func (r *Renderer) Frames() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.drawings
}

// wake starts the writer unless it runs. Called with mu held.
func (r *Renderer) wake() {
	if !r.writing {
		r.writing = true
		startWriter(r)
	}
}

// job is one round of the writer: what to write, taken under the lock.
type job struct {
	raw     []byte
	view    tea.View
	lines   []string // the view's content as lines (when not nil)
	hasView bool
	width   int
	height  int
	resized bool
	syncd   bool
	profile colorprofile.Profile
	closing bool
	final   []byte
}

// take hands the writer what is waiting; false when nothing is, and the
// writer ends. Called with mu held.
func (r *Renderer) take() (job, bool) {
	if r.failed {
		// The terminal is gone: nothing more is written, and a close
		// is over at once.
		r.writing = false
		if r.closing {
			closeOnce(r.closed)
		}
		return job{}, false
	}
	if !r.hasNext && len(r.raw) == 0 && !r.resized && !r.closing {
		r.writing = false
		return job{}, false
	}
	j := job{raw: r.raw, view: r.next, lines: r.lines, hasView: r.hasNext, width: r.width, height: r.height,
		resized: r.resized, syncd: r.syncd, profile: r.profile, closing: r.closing, final: r.final}
	r.raw, r.hasNext, r.resized = nil, false, false
	r.next, r.lines = tea.View{}, nil
	return j, true
}

// writeLoop writes what is waiting until nothing is. The screen's state
// is the writer's own: only one writer runs at a time.
func (r *Renderer) writeLoop() {
	for {
		r.mu.Lock()
		j, ok := r.take()
		r.mu.Unlock()
		if !ok {
			return
		}
		buf := bufPool.Get().(*bytes.Buffer)
		buf.Reset()
		r.scr.frame(buf, &j)
		// n is read before the buffer goes back to the pool, where
		// another session's writer may take it at once.
		n := buf.Len()
		var err error
		if n > 0 {
			_, err = r.w.Write(buf.Bytes())
			written.Add(int64(n))
			if j.hasView {
				frames.Add(1)
			}
		}
		if buf.Cap() <= maxPooled {
			bufPool.Put(buf)
		}
		r.mu.Lock()
		if err != nil {
			// The terminal is gone: nothing more can be drawn.
			r.failed, r.hasNext, r.raw = true, false, nil
		} else if n > 0 && j.hasView {
			r.drawings++
		}
		if j.closing {
			r.writing = false
			closeOnce(r.closed)
			r.mu.Unlock()
			return
		}
		r.mu.Unlock()
	}
}

func closeOnce(c chan struct{}) {
	select {
	case <-c:
	default:
		close(c)
	}
}

// Frames are built in buffers shared by every session's writer: an idle
// session keeps none.
var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooled is the largest buffer kept for reuse (a full screen of a
// large terminal); a larger one is left to the collector.
const maxPooled = 64 << 10
