package server

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/internal/termscreen"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// testServer runs a real server on 127.0.0.1:0 for one test.
type testServer struct {
	*Server
	addr string
	logs *syncBuffer
}

// syncBuffer collects a server's log.
type syncBuffer = roomstest.Buffer

// startServer starts a server with the limits relaxed for loopback tests;
// mod adjusts the configuration.
func startServer(t *testing.T, mod func(*Config)) *testServer {
	t.Helper()
	logs := &syncBuffer{}
	cfg := Config{
		Listen:          "127.0.0.1:0",
		DataDir:         t.TempDir(),
		MaxConnsPerIP:   -1,
		ConnsPerMinute:  -1,
		AIBudget:        20 * time.Millisecond,
		ShutdownNotice:  50 * time.Millisecond,
		JanitorInterval: 50 * time.Millisecond,
		Logger:          log.NewWithOptions(logs, log.Options{Level: log.DebugLevel}),
	}
	if mod != nil {
		mod(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := <-served; !errors.Is(err, ErrServerClosed) {
			t.Errorf("serve returned %v", err)
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return &testServer{Server: s, addr: l.Addr().String(), logs: logs}
}

func newKey(t testing.TB) gossh.Signer {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// dial connects as user with key, or as a guest when key is nil.
func dial(addr, user string, key gossh.Signer) (*gossh.Client, error) {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	return sshOver(conn, addr, user, key)
}

// sshOver logs in over conn as dial does.
func sshOver(conn net.Conn, addr, user string, key gossh.Signer) (*gossh.Client, error) {
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
		return nil, nil
	})}
	if key != nil {
		auth = []gossh.AuthMethod{gossh.PublicKeys(key)}
	}
	c, chans, reqs, err := gossh.NewClientConn(conn, addr, &gossh.ClientConfig{
		User:            user,
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         10 * time.Second,
	})
	if err != nil {
		conn.Close()
		return nil, err
	}
	return gossh.NewClient(c, chans, reqs), nil
}

// term is one SSH client with a PTY, reading the screen as a terminal
// would (answering the terminal queries the server sends): tests look for
// text in the output since a mark, or on the screen at any moment since
// (Bubble Tea v2 writes only the cells that change, so a line is rarely
// whole in the output).
type term struct {
	t       testing.TB
	client  *gossh.Client
	sess    *gossh.Session
	in      io.WriteCloser
	mu      sync.Mutex
	out     []byte
	scr     *termscreen.Screen
	shots   []shot // the screen after each chunk of output that changed it
	changed chan struct{}
	done    chan struct{}
	waitErr error
	paused  chan struct{} // closed to stop reading (a stalled client)
	pauseMu sync.Once
}

type termOpts struct {
	user    string
	key     gossh.Signer
	command string // "" = shell
	width   int
	height  int
	noPTY   bool
	from    string // local address to connect from ("": any)
}

func openTerm(t testing.TB, addr string, o termOpts) *term {
	t.Helper()
	tm, err := tryTerm(t, addr, o)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

func tryTerm(t testing.TB, addr string, o termOpts) (*term, error) {
	if o.width == 0 {
		o.width, o.height = 100, 40
	}
	var c *gossh.Client
	var err error
	if o.from != "" {
		c, err = sshOver(dialFrom(t, o.from, addr), addr, o.user, o.key)
	} else {
		c, err = dial(addr, o.user, o.key)
	}
	if err != nil {
		return nil, err
	}
	sess, err := c.NewSession()
	if err != nil {
		c.Close()
		return nil, err
	}
	tm := &term{t: t, client: c, sess: sess, changed: make(chan struct{}, 1), done: make(chan struct{}), paused: make(chan struct{}),
		// The server clamps a window far smaller than an absurd request.
		scr: termscreen.New(min(o.width, 1000), min(o.height, 500))}
	in, _ := sess.StdinPipe()
	tm.in = in
	out, _ := sess.StdoutPipe()
	errOut, _ := sess.StderrPipe()
	if !o.noPTY {
		if err := sess.RequestPty("xterm-256color", o.height, o.width, gossh.TerminalModes{}); err != nil {
			c.Close()
			return nil, err
		}
	}
	if o.command != "" {
		err = sess.Start(o.command)
	} else {
		err = sess.Shell()
	}
	if err != nil {
		c.Close()
		return nil, err
	}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() { defer readers.Done(); tm.read(out) }()
	go func() { defer readers.Done(); tm.read(errOut) }()
	go func() {
		err := sess.Wait()
		readers.Wait() // all output is in before done
		tm.waitErr = err
		close(tm.done)
	}()
	if t, ok := t.(*testing.T); ok {
		t.Cleanup(func() { tm.close() })
	}
	return tm, nil
}

func (tm *term) read(r io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		select {
		case <-tm.paused:
			return
		default:
		}
		n, err := r.Read(buf)
		if n > 0 {
			chunk := buf[:n]
			// Answer the background-colour and device-attribute queries
			// as a real terminal does.
			if bytes.Contains(chunk, []byte("\x1b]11;?")) {
				io.WriteString(tm.in, "\x1b]11;rgb:0000/0000/0000\x1b\\")
			}
			if bytes.Contains(chunk, []byte("\x1b[c")) {
				io.WriteString(tm.in, "\x1b[?62;22c")
			}
			tm.mu.Lock()
			tm.out = append(tm.out, chunk...)
			tm.scr.Write(chunk)
			if text := tm.scr.String(); len(tm.shots) == 0 || tm.shots[len(tm.shots)-1].text != text {
				tm.shots = append(tm.shots, shot{at: len(tm.out), text: text})
			}
			tm.mu.Unlock()
			select {
			case tm.changed <- struct{}{}:
			default:
			}
		}
		if err != nil {
			return
		}
	}
}

// pause stops reading the session's output, like a client that hangs.
func (tm *term) pause() { tm.pauseMu.Do(func() { close(tm.paused) }) }

func (tm *term) close() { tm.client.Close() }

// mark is a position in the output; waitFor looks after it.
func (tm *term) mark() int {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return len(tm.out)
}

func (tm *term) raw() []byte {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return append([]byte(nil), tm.out...)
}

// stream is the output since mark with escape sequences removed.
func (tm *term) stream(mark int) string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return stripANSI(string(tm.out[mark:]))
}

// shot is the screen's text after the output up to at.
type shot struct {
	at   int
	text string
}

// text is the output since mark with escape sequences removed, followed
// by every screen shown since.
func (tm *term) text(mark int) string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	var b strings.Builder
	b.WriteString(stripANSI(string(tm.out[mark:])))
	for _, s := range tm.shots {
		if s.at > mark {
			b.WriteString("\n")
			b.WriteString(s.text)
		}
	}
	return b.String()
}

// waitFor waits (at most 20 s) until the output since mark contains want.
func (tm *term) waitFor(mark int, want string) {
	tm.t.Helper()
	tm.waitIn(want, func() string { return tm.text(mark) })
}

// screen is the terminal's screen as the output so far left it.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.scr.String()
}

// waitScreen waits (at most 20 s) until the screen shows want now: text
// drawn before and replaced since (the last room's move count) does not
// count, as it does for waitFor.
func (tm *term) waitScreen(want string) {
	tm.t.Helper()
	tm.waitIn(want, tm.screen)
}

// waitIn waits (at most 20 s) until what shows want.
func (tm *term) waitIn(want string, what func() string) {
	tm.t.Helper()
	deadline := time.After(20 * time.Second)
	for !strings.Contains(what(), want) {
		select {
		case <-tm.changed:
		case <-tm.done:
			if !strings.Contains(what(), want) {
				tm.t.Fatalf("session ended (%v) before %q appeared; output:\n%s", tm.waitErr, want, tail(what()))
			}
			return
		case <-deadline:
			tm.t.Fatalf("timed out waiting for %q; output:\n%s", want, tail(what()))
		}
	}
}

// waitOutput waits for any output after mark.
func (tm *term) waitOutput(mark int) {
	tm.t.Helper()
	deadline := time.After(20 * time.Second)
	for tm.mark() == mark {
		select {
		case <-tm.changed:
		case <-tm.done:
			return
		case <-deadline:
			tm.t.Fatalf("timed out waiting for output; so far:\n%s", tail(tm.text(0)))
		}
	}
}

// waitEnd waits (at most 20 s) for the session to end and returns its error.
func (tm *term) waitEnd() error {
	tm.t.Helper()
	select {
	case <-tm.done:
		return tm.waitErr
	case <-time.After(20 * time.Second):
		tm.t.Fatal("session did not end")
		return nil
	}
}

func (tm *term) send(s string) {
	tm.t.Helper()
	if _, err := io.WriteString(tm.in, s); err != nil {
		tm.t.Fatalf("send %q: %v", s, err)
	}
}

// typeMove enters a move in the board's ":" prompt.
func (tm *term) typeMove(move string) {
	tm.t.Helper()
	m := tm.mark()
	tm.send(":")
	tm.waitOutput(m) // the prompt is open
	// The mark comes before the keys: their echo may be drawn before
	// send returns.
	m = tm.mark()
	tm.send(move)
	tm.waitOutput(m)
	tm.send("\r")
}

func tail(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
}

// stripANSI removes escape sequences (CSI, OSC, DCS and two-byte ESC
// sequences) and carriage returns from terminal output.
func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\r' {
			continue
		}
		if c != 0x1b {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(s) {
			break
		}
		switch s[i+1] {
		case '[':
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			// Cursor moves separate words on screen; colours do not.
			if j < len(s) && s[j] != 'm' {
				b.WriteByte(' ')
			}
			i = j
		case ']', 'P', '_', '^':
			j := i + 2
			for j < len(s) && s[j] != 0x07 && !(s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\') {
				j++
			}
			if j < len(s) && s[j] == 0x1b {
				j++
			}
			i = j
		default:
			i++
		}
	}
	return b.String()
}
