package server

import (
	"bytes"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// callConn is a connection that records each Write call.
type callConn struct {
	net.Conn
	mu    sync.Mutex
	calls []int
	data  bytes.Buffer
}

func (c *callConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = append(c.calls, len(p))
	c.data.Write(p)
	return len(p), nil
}

// packets stands for the SSH channel: it writes each piece it is given as
// packets of at most size bytes, each with a header, one Write each, as
// x/crypto's transport does; when block is set, it says so on waiting
// and waits for it before each piece but the first (a channel waiting
// for its window).
type packets struct {
	conn    *limitedConn
	size    int
	block   chan struct{}
	waiting chan struct{}
	n       *int
}

func (p packets) Write(b []byte) (int, error) {
	if p.block != nil {
		if *p.n > 0 {
			p.waiting <- struct{}{}
			<-p.block
		}
		*p.n++
	}
	for rest := b; len(rest) > 0; {
		n := min(len(rest), p.size)
		if _, err := p.conn.Write(append([]byte("HDR"), rest[:n]...)); err != nil {
			return len(b) - len(rest), err
		}
		rest = rest[n:]
	}
	return len(b), nil
}

// unpack is what packets wrote for b, given in pieces of maxWrite.
func unpack(b []byte, size int) []byte {
	var out []byte
	for len(b) > 0 {
		piece := b[:min(len(b), maxWrite)]
		b = b[len(piece):]
		for len(piece) > 0 {
			n := min(len(piece), size)
			out = append(append(out, "HDR"...), piece[:n]...)
			piece = piece[n:]
		}
	}
	return out
}

// A frame's packets reach the connection in one write (one system call,
// one wake-up of the client), whatever the number of packets, and the
// connection keeps no buffer once the frame is sent. A frame larger than
// maxHeld is sent as it is kept, so nothing waits long behind the hold.
func TestFrameReachesConnectionInOneWrite(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 700, maxWrite, 5*maxWrite + 7, 3 * maxHeld} {
		conn := &callConn{}
		lc := &limitedConn{Conn: conn}
		lc.writes.holdFor = time.Hour // what is counted is the hold, not the machine's speed
		w := &watchedWriter{w: packets{conn: lc, size: maxWrite}, batch: lc}
		frame := bytes.Repeat([]byte("0123456789"), n/10+1)[:n]
		if got, err := w.Write(frame); got != n || err != nil {
			t.Fatalf("%d bytes: Write = %d, %v", n, got, err)
		}
		if !bytes.Equal(conn.data.Bytes(), unpack(frame, maxWrite)) {
			t.Fatalf("%d bytes: the connection got other bytes", n)
		}
		want := 1
		if n > maxHeld {
			want = conn.data.Len()/maxHeld + 1
		}
		if len(conn.calls) > want {
			t.Errorf("%d bytes in %d packets: %d writes to the connection, want at most %d", n, (n+maxWrite-1)/maxWrite, len(conn.calls), want)
		}
		if lc.writes.buf != nil || lc.writes.held != 0 {
			t.Errorf("%d bytes: the connection still holds a buffer (%v) or a hold (%d)", n, lc.writes.buf != nil, lc.writes.held)
		}
	}
}

// Writes of other goroutines during a held frame (the SSH library's
// replies) reach the connection whole and in the order they were made,
// and nothing is kept once the writers are done.
func TestHeldConnectionKeepsOtherWritesInOrder(t *testing.T) {
	t.Parallel()
	conn := &callConn{}
	lc := &limitedConn{Conn: conn}
	w := &watchedWriter{w: packets{conn: lc, size: 300}, batch: lc}
	var wg sync.WaitGroup
	const replies = 200
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range replies {
			if _, err := lc.Write(fmt.Appendf(nil, "<reply %d>", i)); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	frame := []byte(strings.Repeat("f", 3000))
	for range 50 {
		if _, err := w.Write(frame); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	got := conn.data.String()
	last := -1
	for i := range replies {
		at := strings.Index(got, fmt.Sprintf("<reply %d>", i))
		if at < 0 || at < last {
			t.Fatalf("reply %d at %d, after the one before at %d", i, at, last)
		}
		last = at
	}
	if n := strings.Count(got, "f"); n != 50*len(frame) {
		t.Errorf("%d bytes of frames reached the connection, want %d", n, 50*len(frame))
	}
	if lc.writes.buf != nil || lc.writes.held != 0 {
		t.Error("the connection still holds a buffer or a hold")
	}
}

// A frame whose channel write waits (the client stopped reading, its
// window is full) keeps nothing else back for long: the exit status of
// the session ended for it reaches the client.
func TestStalledFrameLetsOtherWritesGo(t *testing.T) {
	t.Parallel()
	conn := &callConn{}
	lc := &limitedConn{Conn: conn}
	block, waiting := make(chan struct{}), make(chan struct{}, 3)
	var pieces int
	w := &watchedWriter{w: packets{conn: lc, size: maxWrite, block: block, waiting: waiting, n: &pieces}, batch: lc}
	done := make(chan error, 1)
	go func() {
		_, err := w.Write(make([]byte, 3*maxWrite))
		done <- err
	}()
	<-waiting // the first piece is kept, the second waits
	if _, err := lc.Write([]byte("exit-status")); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		conn.mu.Lock()
		sent := strings.Contains(conn.data.String(), "exit-status")
		conn.mu.Unlock()
		if sent {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a write made while a frame waited for its window was kept back for 10 s")
		}
	}
	close(block)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := conn.data.Len(); got != 3*maxWrite+3*len("HDR")+len("exit-status") {
		t.Errorf("%d bytes reached the connection", got)
	}
}

// A session that keeps drawing large frames writes them in pieces of
// maxBusyWrite (fewer packets for its client to read); one whose large
// frames are few (the menu's first) keeps pieces of maxWrite, and so the
// SSH library's buffers of that size.
func TestBusySessionWritesLargerPieces(t *testing.T) {
	t.Parallel()
	rec := &pieceRecorder{}
	w := &watchedWriter{w: rec}
	largest := func() int {
		n := slices.Max(rec.sizes)
		rec.sizes = rec.sizes[:0]
		return n
	}
	frame := make([]byte, 6<<10)
	for i := range busyFrames {
		if _, err := w.Write(frame); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(make([]byte, 100)); err != nil {
			t.Fatal(err)
		}
		if n := largest(); n > maxWrite {
			t.Fatalf("large frame %d went in a piece of %d, want at most %d", i+1, n, maxWrite)
		}
	}
	if _, err := w.Write(frame); err != nil {
		t.Fatal(err)
	}
	if n := largest(); n != len(frame) {
		t.Errorf("after %d large frames, one of %d bytes went in pieces of at most %d", busyFrames, len(frame), n)
	}
	if _, err := w.Write(make([]byte, 40<<10)); err != nil {
		t.Fatal(err)
	}
	if n := largest(); n != maxBusyWrite {
		t.Errorf("a frame of 40 KB went in pieces of at most %d, want %d", n, maxBusyWrite)
	}
}
