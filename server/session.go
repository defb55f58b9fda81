package server

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/internal/remoteterm"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/ui"
)

// gameSession wraps one SSH session for the client program. Everything the
// program and the bubbletea middleware see goes through it:
//   - the client's bytes are read by an input pump, which paces a flood of
//     keys and records when the player last typed, and decoded into the
//     program's messages (the program itself reads nothing);
//   - its frames are drawn by a line renderer (internal/remoteterm), not
//     by the program: Write is watched, so a client that stops reading is
//     noticed;
//   - Pty and its window changes are clamped to the configured maximum
//     before any layout code sees them, and resize storms are coalesced.
type gameSession struct {
	ssh.Session
	srv      *Server
	st       *connState
	conn     *gossh.ServerConn
	player   rooms.Player
	joinCode string
	lobby    *sessionLobby
	started  time.Time
	// ctx ends when the session's handler returns (see gate): the
	// client's searches end with it.
	ctx    context.Context
	cancel context.CancelFunc

	in   *inputPump
	out  *watchedWriter
	term *remoteterm.Renderer // set with the program

	pty   ssh.Pty
	hasPT bool
	winch chan ssh.Window

	mu        sync.Mutex
	program   *tea.Program
	closing   atomic.Bool
	scheduled atomic.Bool  // an end is scheduled (after a notice)
	alive     atomic.Int64 // unix nanoseconds of the client's last sign of life
	pinging   atomic.Bool  // a keepalive request is in flight
	pinged    time.Time    // when the last one was sent (janitor only)
	reason    atomic.Value // string: why the server ended the session
}

// Read reports the end of input: the session's input is its pump's alone
// (a second reader would take keys from it).
func (g *gameSession) Read([]byte) (int, error) { return 0, io.EOF }

func (g *gameSession) Write(p []byte) (int, error) { return g.out.Write(p) }

// Pty returns the clamped terminal and the clamped window changes.
func (g *gameSession) Pty() (ssh.Pty, <-chan ssh.Window, bool) {
	return g.pty, g.winch, g.hasPT
}

func (g *gameSession) setProgram(p *tea.Program, term *remoteterm.Renderer) {
	g.mu.Lock()
	g.program, g.term = p, term
	g.mu.Unlock()
}

func (g *gameSession) getProgram() *tea.Program {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.program
}

// notice shows a line in the client's status bar without ever blocking
// the caller: a stuck program must not hold up the janitor or shutdown.
func (g *gameSession) notice(text string) { g.send(ui.NoticeMsg(text)) }

// send hands msg to the client's program without blocking the caller.
func (g *gameSession) send(msg tea.Msg) {
	p := g.getProgram()
	if p == nil {
		return
	}
	go p.Send(msg)
}

// endGrace is how long an ended session's program has to restore the
// client's terminal before the connection is closed regardless (a client
// that stopped reading would otherwise hold it).
const endGrace = 2 * time.Second

// end ends the session (once), recording why: the program is asked to
// quit, which restores the client's terminal, and finish then says why and
// sends the exit status. Whatever the program and client do, the
// connection is closed after endGrace, which unblocks every pending read
// and write of the session.
func (g *gameSession) end(reason string) {
	if g.closing.Swap(true) {
		return
	}
	g.reason.Store(reason)
	g.srv.log.Info("session ended by server", "remote", g.RemoteAddr().String(), "user", logText(g.User()), "reason", reason)
	if p := g.getProgram(); p != nil {
		go p.Quit()
	}
	time.AfterFunc(endGrace, g.forceEnd)
}

// forceEnd is end's last resort for a program that did not finish in
// time (typically blocked writing to a client that stopped reading): the
// exit status still gets through, since requests are not held back by the
// channel's window, unless the connection itself is stuck; then the
// connection is closed.
func (g *gameSession) forceEnd() {
	sent := make(chan struct{})
	g.srv.spawn(g.st, func() {
		defer close(sent)
		_ = g.Session.Exit(1) // an error if finish was first: fine
	})
	t := time.NewTimer(time.Second)
	select {
	case <-sent:
	case <-t.C:
	}
	t.Stop()
	g.closeConn()
}

func (g *gameSession) closeConn() {
	if g.conn != nil {
		_ = g.conn.Close()
	} else {
		_ = g.Session.Close()
	}
}

// restoreTerminal undoes everything the program may have set on the
// client's terminal: a frame left half-way in synchronized output,
// alternate screen, hidden cursor, mouse reporting (every mode),
// bracketed paste, the keyboard enhancements (Bubble Tea v2 pushes kitty
// keyboard flags and sets xterm's modifyOtherKeys; popping an empty
// stack does nothing) and grapheme-width mode.
const restoreTerminal = ansi.ResetModeSynchronizedOutput + "\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l" +
	ansi.ResetModifyOtherKeys + "\x1b[<u" + ansi.ResetModeUnicodeCore

// finish runs when the program is over, however it ended: it restores the
// client's terminal, says why the server ended the session (if it did),
// and sends the exit status: 0 after the player quit, 1 otherwise. A
// client that does not read gets its exit status after endGrace anyway.
func (g *gameSession) finish() {
	reason, _ := g.reason.Load().(string)
	status := 0
	msg := restoreTerminal
	if reason != "" {
		status = 1
		msg += "\r\ntabletop: session ended: " + reason + "\r\n"
	}
	if g.hasPT {
		written := g.writeLast([]byte(msg))
		t := time.NewTimer(endGrace)
		select {
		case <-written:
		case <-t.C:
		}
		t.Stop()
	}
	_ = g.Session.Exit(status)
}

// writeLast writes the session's last bytes: after the frame being
// written, with the renderer's own restoration of the modes the views
// set before them, when the session had a program. The channel is
// closed once they are written, or could not be.
func (g *gameSession) writeLast(msg []byte) <-chan struct{} {
	g.mu.Lock()
	term := g.term
	g.mu.Unlock()
	if term != nil {
		return term.Close(msg)
	}
	written := make(chan struct{})
	g.srv.spawn(g.st, func() {
		defer close(written)
		_, _ = g.Session.Write(msg)
	})
	return written
}

// clampWindow bounds a window to the configured maximum (and at least 1×1),
// so a 65535×65535 request cannot make any layout allocate gigabytes.
func clampWindow(w ssh.Window, maxW, maxH int) ssh.Window {
	w.Width = clampInt(w.Width, 1, maxW)
	w.Height = clampInt(w.Height, 1, maxH)
	// Pixel sizes are not used, but must not carry absurd values either.
	w.WidthPixels, w.HeightPixels = 0, 0
	return w
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// windowPacer passes a connection's window changes to its session,
// clamped, keeping only the latest pending change and at most one every
// minGap, so a resize storm costs at most a few layouts per second. It
// needs no goroutine of its own: a change inside the gap arms a timer that
// delivers the latest one when the gap is over.
type windowPacer struct {
	mu         sync.Mutex
	out        chan ssh.Window  // one slot, latest wins, until attach
	deliver    func(ssh.Window) // set by attach; must not block
	maxW, maxH int
	minGap     time.Duration
	last       time.Time
	pending    ssh.Window
	armed      bool
}

// put offers a window change.
func (p *windowPacer) put(w ssh.Window) {
	w = clampWindow(w, p.maxW, p.maxH)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.armed {
		p.pending = w
		return
	}
	wait := p.minGap - time.Since(p.last)
	if wait <= 0 {
		p.last = time.Now()
		p.send(w)
		return
	}
	p.pending, p.armed = w, true
	time.AfterFunc(wait, p.flush)
}

func (p *windowPacer) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.armed = false
	p.last = time.Now()
	p.send(p.pending)
}

// send hands w on. Called with mu held.
func (p *windowPacer) send(w ssh.Window) {
	if p.deliver != nil {
		p.deliver(w)
		return
	}
	putLatest(p.out, w)
}

// attach makes the pacer call deliver for every change from now on,
// starting with one still waiting in the slot, instead of filling the
// slot: the session's program takes changes without a goroutine waiting
// on the slot.
func (p *windowPacer) attach(deliver func(ssh.Window)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.deliver = deliver
	select {
	case w := <-p.out:
		deliver(w)
	default:
	}
}

// inputPump reads the client's bytes in its own goroutine and hands
// them, their keys paced by a keyGate (a flood is held back at a human
// rate), to the session's input decoder, which gives the program its
// messages. It records the time of the last input for the
// away-from-keyboard check. While the program is behind, the decoder
// waits for it and the pump stops reading, which pushes back on the
// client through the SSH window.
type inputPump struct {
	done chan struct{} // closed when the session is over
	stop sync.Once
	last atomic.Int64 // unix nanoseconds of the last input
	src  io.Reader
	keys *keyGate  // used by run only
	dst  io.Writer // the decoder; set before run starts
	// ended, if set, is told when the input ends (run's last act).
	ended func()
	// pending is the chunk decode hands to dst: the decoding runs off
	// the pump's stack (see run), through decodeFn, made once.
	pending  []byte
	decodeFn func()
}

// newInputPump makes a pump reading r, its keys paced by keys, into dst;
// the caller starts run in its own goroutine and calls close when the
// session is over.
func newInputPump(r io.Reader, keys *keyGate, dst io.Writer) *inputPump {
	p := &inputPump{done: make(chan struct{}), src: r, keys: keys, dst: dst}
	p.decodeFn = p.decode
	p.last.Store(time.Now().UnixNano())
	return p
}

// decode hands the pending chunk to the decoder.
func (p *inputPump) decode() { _, _ = p.dst.Write(p.pending) }

// close ends the pump's waits: once the session is over its keys go
// nowhere.
func (p *inputPump) close() { p.stop.Do(func() { close(p.done) }) }

func (p *inputPump) run() {
	if p.ended != nil {
		defer p.ended()
	}
	// Keys come a few bytes at a time; a paste takes a few more reads.
	chunk := make([]byte, 1024)
	for {
		n, err := p.src.Read(chunk)
		if n > 0 {
			p.last.Store(time.Now().UnixNano())
			for rest := chunk[:n]; len(rest) > 0; {
				k := p.keys.pass(rest, time.Now())
				if k == 0 {
					// Beyond a human rate: the client waits, not the program.
					if !p.keys.wait(p.done) {
						return
					}
					continue
				}
				select {
				case <-p.done:
					return
				default:
				}
				// The decoder (Ultraviolet's, and the program's Send)
				// runs deep: on the pump's goroutine it would grow the
				// stack every idle session keeps to 4 KB, for good (a
				// stack is only halved while a quarter of it is in use).
				p.pending = rest[:k]
				remoteterm.OffStack(p.decodeFn)
				p.pending = nil
				rest = rest[k:]
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *inputPump) lastInput() time.Time { return time.Unix(0, p.last.Load()) }

// panicWitness wraps a session's model so that a panic in it, which
// Bubble Tea recovers from (restoring the terminal), still tells the
// player the session ended on an error and gives exit status 1.
type panicWitness struct {
	tea.Model
	gs *gameSession
}

func (w panicWitness) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	defer w.witness()
	m, cmd = w.Model.Update(msg)
	return panicWitness{Model: m, gs: w.gs}, cmd
}

func (w panicWitness) View() tea.View {
	defer w.witness()
	return w.Model.View()
}

// ViewLines is the client's (see remoteterm.Lined): its View, with nil
// lines, for a client that draws no lines.
func (w panicWitness) ViewLines() (tea.View, []string) {
	defer w.witness()
	return viewLines(w.Model)
}

// viewLines is m's view with its content as lines when m can draw them
// (remoteterm.Lined), else m's View and nil lines.
func viewLines(m tea.Model) (tea.View, []string) {
	if l, ok := m.(remoteterm.Lined); ok {
		return l.ViewLines()
	}
	return m.View(), nil
}

// Unchanged is the client's (see remoteterm.Unchanging): false for a
// client that cannot tell.
func (w panicWitness) Unchanged() bool {
	u, ok := w.Model.(remoteterm.Unchanging)
	return ok && u.Unchanged()
}

// witness records a panic in flight and lets it go on.
func (w panicWitness) witness() {
	if r := recover(); r != nil {
		w.gs.reason.CompareAndSwap(nil, "internal error")
		w.gs.srv.log.Error("session panic", "remote", w.gs.RemoteAddr().String(), "panic", fmt.Sprint(r))
		panic(r)
	}
}
