package server

import (
	"bytes"
	"errors"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// watchedWriter is a session's output: the frames of its renderer. It
// records when a write started, so the janitor can drop a session whose
// client has stopped reading (its writes block on the SSH window) without
// the writer ever having to time out by itself; and it sends each write
// to the connection in one system call (see batch).
type watchedWriter struct {
	w       io.Writer
	batch   writeBatcher // the connection under w; nil when unknown
	pending atomic.Int64 // unix nanoseconds when the blocked write began; 0 if none
	written atomic.Int64
	large   atomic.Int64 // writes longer than maxWrite so far
}

// writeBatcher gathers what is written to a connection between hold and
// flush and writes it at once: the SSH library writes every packet with
// a system call of its own, and a frame is several packets (pieces of
// maxWrite), which on loopback was one write(2) and one wake-up of the
// client per piece.
type writeBatcher interface {
	hold()
	flush() error
}

// maxWrite bounds one write to the SSH channel. The SSH library keeps,
// for the life of the connection, a packet buffer and a cipher buffer as
// large as the largest packet it sent: a whole frame (10–20 KB for a full
// screen) in one write would pin that much twice per idle session. Frames
// in pieces of maxWrite cost a few more packets and nothing that stays
// (the connection sends a frame's packets together, see writeBatcher).
const maxWrite = 2 << 10

// A session that keeps drawing large frames (a board in play: two frames
// of 4–8 KB a move) writes them in pieces of maxBusyWrite once it has
// written busyFrames of them: a packet is a round through the client's
// SSH reader, its decryption and its goroutines, and the buffers the
// library keeps at that size are then in use, not idle. A session at the
// menu, which draws one large frame and then small ones, stays at
// maxWrite. (OpenSSH and x/crypto take packets of 32 KB.)
const (
	maxBusyWrite = 16 << 10
	busyFrames   = 16
)

func (w *watchedWriter) Write(p []byte) (written int, err error) {
	defer w.pending.Store(0)
	if w.batch != nil && len(p) > maxWrite {
		w.batch.hold()
		defer func() {
			if ferr := w.batch.flush(); err == nil && ferr != nil {
				err = ferr
			}
		}()
	}
	size := maxWrite
	if len(p) > maxWrite && w.large.Add(1) > busyFrames {
		size = maxBusyWrite
	}
	for written < len(p) {
		piece := p[written:min(len(p), written+size)]
		w.pending.Store(time.Now().UnixNano()) // a client still reading is not stalled
		n, err := w.w.Write(piece)
		written += n
		w.written.Add(int64(n))
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = os.ErrClosed
			}
			return written, err
		}
	}
	return written, nil
}

// stalledFor says how long the current write has been blocked.
func (w *watchedWriter) stalledFor(now time.Time) time.Duration {
	start := w.pending.Load()
	if start == 0 {
		return 0
	}
	return now.Sub(time.Unix(0, start))
}

// ptyOut is a session's output. charm.land/ssh's session writes through
// its emulated PTY, which turns each \n into \r\n by copying the whole
// write twice whether or not it holds one (7 % of what the server
// allocated in the 1000-room run); the line renderer's frames hold none.
// So a write without a line feed goes straight to the session's channel
// (the same bytes the PTY would pass on), and any other through the
// session.
type ptyOut struct {
	sess io.Writer // the session: \n becomes \r\n
	raw  io.Writer // its channel, unchanged; nil when unknown
}

func (w ptyOut) Write(p []byte) (int, error) {
	if w.raw == nil || bytes.IndexByte(p, '\n') >= 0 {
		return w.sess.Write(p)
	}
	return w.raw.Write(p)
}

// maxHeld bounds what a connection keeps back while held: past it, what
// was kept is written. It stays far below an SSH channel's window (2 MB
// in OpenSSH and x/crypto, which send their window adjustments after
// about 96 KB read), so a write waiting for the window never waits for
// bytes kept back here.
const maxHeld = 64 << 10

// heldBufs are the buffers of held connections: one is taken for a frame
// and given back when it is sent, so an idle connection keeps none.
var heldBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxHold bounds how long a connection keeps writes back: a frame's
// pieces take microseconds, unless the channel's window is full (a client
// that stopped reading), and then what others wrote meanwhile — the exit
// status of the session ended for it, a keepalive — must not wait for it.
const maxHold = 20 * time.Millisecond

// connWrites is the write side of a connection (limitedConn's): while
// held, writes are kept in a pooled buffer and written by flush in one
// call. Writes from other goroutines meanwhile (the SSH library's replies,
// window adjustments) are kept too, in order, so the stream's bytes stay
// in the order the library wrote them; a hold longer than maxHold is let
// go (release).
type connWrites struct {
	mu       sync.Mutex // held across the connection's Write: order is the stream's
	held     int
	released bool          // the hold outlasted maxHold: writes go out at once
	buf      *bytes.Buffer // what is kept; nil when nothing is
	timer    *time.Timer   // releases a hold after maxHold
	// holdFor, when set, replaces maxHold: tests that count the writes
	// of a frame lengthen it, so that a slow machine (the race pass at
	// load 14) does not release a hold in the middle of a frame.
	holdFor time.Duration
}

// hold keeps what w is given from now until flush.
func (c *connWrites) hold(w io.Writer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.held++
	if c.held > 1 {
		return
	}
	d := maxHold
	if c.holdFor > 0 {
		d = c.holdFor
	}
	if c.timer == nil {
		c.timer = time.AfterFunc(d, func() { c.release(w) })
		return
	}
	c.timer.Reset(d)
}

// write writes p to w, or keeps it while the connection is held.
func (c *connWrites) write(w io.Writer, p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.buf != nil && c.buf.Len()+len(p) > maxHeld {
		if err := c.sendLocked(w); err != nil {
			return 0, err
		}
	}
	if c.held == 0 || c.released || len(p) > maxHeld {
		return w.Write(p)
	}
	if c.buf == nil {
		c.buf = heldBufs.Get().(*bytes.Buffer)
	}
	c.buf.Write(p)
	return len(p), nil
}

// flush ends one hold; the last sends what was kept.
func (c *connWrites) flush(w io.Writer) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held > 0 {
		c.held--
	}
	if c.held > 0 {
		return nil
	}
	c.released = false
	c.timer.Stop()
	return c.sendLocked(w)
}

// release lets a hold that lasted maxHold go: what was kept is sent, and
// what comes next goes out at once until the hold ends.
func (c *connWrites) release(w io.Writer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held == 0 {
		return
	}
	c.released = true
	_ = c.sendLocked(w) // a failed write fails the next one too
}

// sendLocked writes what was kept and gives its buffer back. Called with
// mu held.
func (c *connWrites) sendLocked(w io.Writer) error {
	if c.buf == nil {
		return nil
	}
	b := c.buf
	c.buf = nil
	var err error
	if b.Len() > 0 {
		_, err = w.Write(b.Bytes())
	}
	b.Reset()
	if b.Cap() <= maxHeld {
		heldBufs.Put(b)
	}
	return err
}
