package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"
)

// rawSession is a session channel driven request by request, as a hostile
// client would, rather than through gossh.Session.
type rawSession struct {
	t      *testing.T
	client *gossh.Client
	ch     gossh.Channel
	mu     sync.Mutex
	out    bytes.Buffer
	closed chan struct{}
}

func openRawSession(t *testing.T, addr string) *rawSession {
	t.Helper()
	c, err := dial(addr, "raw", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		t.Fatal(err)
	}
	go gossh.DiscardRequests(reqs)
	rs := &rawSession{t: t, client: c, ch: ch, closed: make(chan struct{})}
	go func() {
		defer close(rs.closed)
		buf := make([]byte, 4096)
		for {
			n, err := ch.Read(buf)
			rs.mu.Lock()
			rs.out.Write(buf[:n])
			rs.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return rs
}

type ptyRequestMsg struct {
	Term                         string
	Columns, Rows, Width, Height uint32
	Modes                        string
}

type windowChangeMsg struct{ Columns, Rows, Width, Height uint32 }

// request sends a request and waits (at most 15 s) for its answer.
func (rs *rawSession) request(kind string, payload any) (bool, error) {
	rs.t.Helper()
	var data []byte
	if payload != nil {
		data = gossh.Marshal(payload)
	}
	type answer struct {
		ok  bool
		err error
	}
	got := make(chan answer, 1)
	go func() {
		ok, err := rs.ch.SendRequest(kind, true, data)
		got <- answer{ok, err}
	}()
	select {
	case a := <-got:
		return a.ok, a.err
	case <-time.After(15 * time.Second):
		rs.t.Fatalf("%s request never answered", kind)
		return false, nil
	}
}

func (rs *rawSession) output() string {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return stripANSI(rs.out.String())
}

// waitConnClosed waits (at most 20 s) for the server to close the connection.
func waitConnClosed(t *testing.T, c *gossh.Client, why string) {
	t.Helper()
	done := make(chan struct{})
	go func() { c.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("connection still open: %s", why)
	}
}

// waitUntil polls cond for at most 20 s.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// goroutinesIn counts the goroutines of this process whose stack mentions fn.
func goroutinesIn(fn string) int {
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
	n := 0
	for _, g := range strings.Split(b.String(), "\n\n") {
		if strings.Contains(g, fn) {
			n++
		}
	}
	return n
}

// Finding 1: window changes before the shell used to fill the library's
// one-slot window channel and stop the connection's request loop for good.
func TestRequestsBeforeShellDoNotDeadlock(t *testing.T) {
	for _, changes := range []int{1, 40} {
		t.Run(itoa(changes), func(t *testing.T) {
			s := startServer(t, func(c *Config) { c.NewClient = probeClient(nil, false) })
			rs := openRawSession(t, s.addr)
			if ok, err := rs.request("pty-req", ptyRequestMsg{Term: "xterm", Columns: 80, Rows: 24}); !ok || err != nil {
				t.Fatalf("pty-req: %v %v", ok, err)
			}
			for i := 0; i < changes; i++ {
				if _, err := rs.ch.SendRequest("window-change", false, gossh.Marshal(windowChangeMsg{Columns: uint32(60 + i), Rows: 20})); err != nil {
					t.Fatal(err)
				}
			}
			if ok, err := rs.request("shell", nil); !ok || err != nil {
				t.Fatalf("shell: %v %v", ok, err)
			}
			// The program starts with the last window the client announced.
			want := "size " + itoa(60+changes-1) + "x20"
			waitUntil(t, "the program shows "+want, func() bool { return strings.Contains(rs.output(), want) })
			rs.client.Close()
			waitUntil(t, "the connection is released", func() bool { return s.nConns.Load() == 0 })
		})
	}
}

// Finding 4: before the shell only the terminal requests are served; the
// connection lives under the handshake deadline.
func TestPreShellRequestsRefusedAndDeadline(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.HandshakeTimeout = 5 * time.Second
	})
	rs := openRawSession(t, s.addr)
	for _, r := range []struct {
		kind    string
		payload any
	}{
		{"env", struct{ Key, Value string }{"LANG", "C"}},
		{"auth-agent-req@openssh.com", nil},
		{"x11-req", struct {
			Single        bool
			Proto, Cookie string
			Screen        uint32
		}{false, "MIT-MAGIC-COOKIE-1", "00", 0}},
		{"nonsense@example.org", nil},
	} {
		if ok, err := rs.request(r.kind, r.payload); ok || err != nil {
			t.Errorf("%s: answered %v (%v), want refused", r.kind, ok, err)
		}
	}
	// No shell: the handshake deadline closes the connection.
	waitConnClosed(t, rs.client, "a session channel without a shell outlived the handshake deadline")
	logs := s.logs.String()
	for _, want := range []string{"env", "auth-agent-req@openssh.com", "nonsense@example.org"} {
		if !strings.Contains(logs, want) {
			t.Errorf("refused %s not logged", want)
		}
	}
}

// Finding 4: the number of requests before the shell is capped.
func TestPreShellRequestCountCapped(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.HandshakeTimeout = time.Minute
	})
	rs := openRawSession(t, s.addr)
	go func() {
		for i := 0; i < 1000; i++ {
			if _, err := rs.ch.SendRequest("env", false, gossh.Marshal(struct{ Key, Value string }{"K", strings.Repeat("v", 1000)})); err != nil {
				return
			}
		}
	}()
	waitConnClosed(t, rs.client, "1000 requests before the shell were all served")
}

// Finding 2: a burst of input followed by an abrupt close must not leave
// the input pump blocked.
func TestInputBurstThenCloseLeaksNothing(t *testing.T) {
	s := startServer(t, func(c *Config) { c.NewClient = probeClient(nil, false) })
	burst := strings.Repeat("x", 64<<10)
	for i := 0; i < 10; i++ {
		tm := openTerm(t, s.addr, termOpts{user: "ana"})
		tm.waitFor(0, "probe ana")
		go io.WriteString(tm.in, burst)
		time.Sleep(50 * time.Millisecond)
		tm.close()
	}
	waitUntil(t, "every connection released", func() bool { return s.nConns.Load() == 0 })
	waitUntil(t, "no input pump left", func() bool { return goroutinesIn("(*inputPump).run") == 0 })
	waitUntil(t, "no goroutine of a closed connection left", func() bool {
		st := s.Stats()
		return st.Strays == 0 && st.ConnTracked == 0
	})
}

// Finding 6: a session the server ends leaves the client's terminal as it
// found it and gets an exit status and a reason.
func TestServerEndRestoresTerminal(t *testing.T) {
	// With the keyboard enhancements Bubble Tea v2 asks for: modifyOtherKeys
	// reset and the kitty keyboard flags popped.
	restore := []string{"\x1b[?1049l", "\x1b[?25h", "\x1b[?1002l", "\x1b[?1003l", "\x1b[?2004l", "\x1b[>4m", "\x1b[<"}
	cases := []struct {
		name   string
		mod    func(*Config)
		reason string
	}{
		{"afk", func(c *Config) { c.AFKTimeout = 300 * time.Millisecond }, "away from the keyboard"},
		{"max-session", func(c *Config) { c.MaxSessionTime = 300 * time.Millisecond }, "maximum session time"},
		{"stop", nil, "server stopping"},
		{"panic", nil, "internal error"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := startServer(t, func(c *Config) {
				c.NewClient = probeClient(nil, false)
				if tc.mod != nil {
					tc.mod(c)
				}
			})
			tm := openTerm(t, s.addr, termOpts{user: "ana"})
			tm.waitFor(0, "probe ana")
			m := tm.mark()
			stopped := make(chan error, 1)
			switch tc.name {
			case "stop":
				// Not t.Context(): it is cancelled when the test ends, which
				// could be before the shutdown is over (a flaky failure).
				go func() { stopped <- s.Shutdown(context.Background()) }()
				defer func() {
					if err := <-stopped; err != nil {
						t.Errorf("shutdown: %v", err)
					}
				}()
			case "panic":
				tm.send("P")
			}
			err := tm.waitEnd()
			// nil is exit status 0; ExitMissingError is what the bug gave.
			var exit *gossh.ExitError
			if err != nil && !errors.As(err, &exit) {
				t.Errorf("no exit status: %v", err)
			}
			raw := string(tm.raw()[m:])
			last := raw[max(0, strings.LastIndex(raw, "\x1b[?1049h")):]
			for _, seq := range restore {
				if !strings.Contains(last, seq) {
					t.Errorf("the last bytes lack %q: %q", seq, tail(last))
				}
			}
			if !strings.Contains(tm.text(m), tc.reason) {
				t.Errorf("no reason %q on screen: %q", tc.reason, tail(tm.text(m)))
			}
		})
	}
}

// Finding 7: a refused connection is told why, and a flood of refusals
// does not flood the log.
func TestRefusalsSayWhy(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.ConnsPerMinute = 1
	})
	c, err := dial(s.addr, "ana", nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	for i := 0; i < 200; i++ {
		nc, err := net.Dial("tcp", s.addr)
		if err != nil {
			t.Fatal(err)
		}
		nc.SetReadDeadline(time.Now().Add(20 * time.Second))
		got, _ := io.ReadAll(nc)
		nc.Close()
		if i == 0 && !strings.Contains(string(got), "connecting too often") {
			t.Fatalf("refused connection read %q, want a reason", got)
		}
	}
	if n := strings.Count(s.logs.String(), "connection refused"); n == 0 || n > 50 {
		t.Fatalf("%d refusal log lines for 200 refusals", n)
	}
}

// Finding 7: a mistyped join says why on stderr, with exit status 1, and
// a refused command writes its reason before the refusal.
func TestRefusedJoinSaysWhy(t *testing.T) {
	s := startServer(t, func(c *Config) { c.NewClient = probeClient(nil, false) })
	out, err := execOutput(t, s.addr, "join ZZZZ")
	var exit *gossh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 || !strings.Contains(out, "ZZZZ") {
		t.Fatalf("join ZZZZ: %v, %q; want exit status 1 and the reason", err, out)
	}
	c2, err := dial(s.addr, "ana", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	sess, err := c2.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	// The pipe, not sess.Stderr: gossh copies to sess.Stderr only after a
	// command was accepted.
	var stderr syncBuffer
	pipe, err := sess.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(&stderr, pipe)
	// A file tool's command is refused outright (any other is explained,
	// see TestRefusedRequests), its reason written first.
	if err := sess.Start("scp -t /x"); err == nil {
		t.Fatal("scp accepted")
	}
	waitUntil(t, "a reason on stderr", func() bool { return strings.Contains(stderr.String(), "no files here") })
}

// Finding 9: the server-full box is drawn straight.
func TestServerFullBoxAligned(t *testing.T) {
	lines := strings.Split(strings.Trim(fullMessage(true), "\r\n"), "\r\n")
	w := -1
	for _, l := range lines {
		n := len([]rune(l))
		if w >= 0 && n != w {
			t.Fatalf("box lines of widths %d and %d:\n%s", w, n, strings.Join(lines, "\n"))
		}
		w = n
	}
}

// Finding 9: a data directory others can read is narrowed, with a warning.
func TestOpenDataDirNarrowed(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s := startServer(t, func(c *Config) { c.DataDir = dir })
	fi, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o700 {
		t.Fatalf("data directory left at %04o", fi.Mode().Perm())
	}
	if runtime.GOOS != "windows" && !strings.Contains(s.logs.String(), "data directory was open") {
		t.Fatal("no warning")
	}
}

// dialFrom opens a TCP connection from a given loopback source address
// (Linux routes all of 127.0.0.0/8 to lo).
func dialFrom(t testing.TB, src, addr string) net.Conn {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("needs the whole 127.0.0.0/8 on loopback")
	}
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sshFrom tries an SSH login as a guest from src.
func sshFrom(t *testing.T, src, addr string) error {
	t.Helper()
	c, err := sshOver(dialFrom(t, src, addr), addr, "ana", nil)
	if err != nil {
		return err
	}
	c.Close()
	return nil
}

// refusedWith reads what the server says to a connection from src.
func refusedWith(t *testing.T, src, addr string) string {
	t.Helper()
	c := dialFrom(t, src, addr)
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	buf := make([]byte, 256)
	n, _ := io.ReadAtLeast(c, buf, 1)
	return string(buf[:n])
}

// Finding 3: a flood of connections from distinct addresses cannot fill
// the per-source table and lock newcomers out.
func TestSourceTableFloodLocksNobodyOut(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.ConnsPerMinute = 2
		c.MaxSources = 50
	})
	for i := 0; i < 300; i++ {
		dialFrom(t, "127.1."+itoa(i/250)+"."+itoa(1+i%250), s.addr).Close()
	}
	if err := sshFrom(t, "127.2.0.1", s.addr); err != nil {
		t.Fatalf("a newcomer after the flood: %v", err)
	}
	if _, buckets := s.sources.size(); buckets > 50 {
		t.Fatalf("%d buckets, cap 50", buckets)
	}
}

// Finding 3: sources are network blocks, and offenders are slowed, not
// their neighbours.
func TestSourcesGroupedAndOffendersPenalised(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.MaxConnsPerIP = 2
		c.ConnsPerMinute = 5
		c.NetBlockV4 = 24
		c.HandshakeTimeout = 300 * time.Millisecond
	})
	// Two connections held from one /24: a third address in it is refused,
	// another /24 is not.
	a, b := dialFrom(t, "127.4.0.1", s.addr), dialFrom(t, "127.4.0.2", s.addr)
	waitUntil(t, "both admitted", func() bool { return s.Stats().Conns == 2 })
	if got := refusedWith(t, "127.4.0.3", s.addr); !strings.Contains(got, refuseConns) {
		t.Fatalf("third connection from the /24 got %q", got)
	}
	if err := sshFrom(t, "127.5.0.1", s.addr); err != nil {
		t.Fatalf("another /24: %v", err)
	}
	// Both time out in the handshake: two offences on top of three
	// connections use up the /24's five a minute.
	waitConnClosedRaw(t, a)
	waitConnClosedRaw(t, b)
	if got := refusedWith(t, "127.4.0.9", s.addr); !strings.Contains(got, refuseRate) {
		t.Fatalf("offending /24 got %q, want refused as connecting too often", got)
	}
	if err := sshFrom(t, "127.5.0.2", s.addr); err != nil {
		t.Fatalf("the other /24 after the offences: %v", err)
	}
}

func waitConnClosedRaw(t *testing.T, c net.Conn) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.Copy(io.Discard, c); err != nil {
		t.Fatalf("connection not closed by the server: %v", err)
	}
	c.Close()
}

// Finding 3: beyond the MaxStartups threshold, connections that have not
// started a session yet crowd out new ones only until they go.
func TestStartupsCapped(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.StartupsBegin, c.StartupsRate, c.StartupsFull = 2, 100, 2
		c.HandshakeTimeout = time.Minute
	})
	a, b := dialFrom(t, "127.6.0.1", s.addr), dialFrom(t, "127.6.0.2", s.addr)
	waitUntil(t, "both admitted", func() bool { return s.Stats().Startups == 2 })
	if got := refusedWith(t, "127.6.0.3", s.addr); !strings.Contains(got, refuseStartups) {
		t.Fatalf("third half-open connection got %q", got)
	}
	a.Close()
	b.Close()
	waitUntil(t, "the half-open connections are gone", func() bool { return s.Stats().Startups == 0 })
	tm := openTerm(t, s.addr, termOpts{user: "ana"})
	tm.waitFor(0, "probe ana")
	if st := s.Stats(); st.Startups != 0 {
		t.Fatalf("a started session still counts as a startup: %+v", st)
	}
}

// Finding 5: one address's sessions share one AI slot; another address
// still finds one free.
func TestAISlotsFairPerSource(t *testing.T) {
	opts := make(chan ClientOptions, 4)
	s := startServer(t, func(c *Config) {
		c.AIConcurrency = 2
		c.NewClient = func(o ClientOptions) tea.Model {
			opts <- o
			return probeClient(nil, false)(o)
		}
	})
	from := func(src string) ClientOptions {
		c := dialFrom(t, src, s.addr)
		conn, chans, reqs, err := gossh.NewClientConn(c, s.addr, &gossh.ClientConfig{
			User: "ana",
			Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
				return nil, nil
			})},
			HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		})
		if err != nil {
			t.Fatal(err)
		}
		client := gossh.NewClient(conn, chans, reqs)
		t.Cleanup(func() { client.Close() })
		sess, err := client.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		if err := sess.Shell(); err != nil {
			t.Fatal(err)
		}
		select {
		case o := <-opts:
			return o
		case <-time.After(20 * time.Second):
			t.Fatal("no session")
			return ClientOptions{}
		}
	}
	a1, a2, b := from("127.7.0.1"), from("127.7.0.1"), from("127.7.0.2")
	if !a1.AISlots.TryAcquire() {
		t.Fatal("first search of an address refused")
	}
	if a2.AISlots.TryAcquire() {
		t.Fatal("a second search from the same address took the last slot")
	}
	if !b.AISlots.TryAcquire() {
		t.Fatal("another address found no slot")
	}
}

// Finding 6: a client dropped for not reading still gets an exit status
// (requests are not held back by the full channel window).
func TestStalledClientGetsExitStatus(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, true)
		c.WriteStall = 300 * time.Millisecond
	})
	slow := openTerm(t, s.addr, termOpts{user: "slow", width: 300, height: 200})
	slow.waitFor(0, "probe slow")
	slow.pause()
	err := slow.waitEnd()
	var exit *gossh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Fatalf("stalled client ended with %v, want exit status 1", err)
	}
}

// Finding 9: a 100 KB "join" command was held until the handshake
// deadline and then got a bare EOF — splitting it like a shell took the
// server seconds of CPU. It is answered as a short one is, with the
// reason, well within a deadline of a few seconds (the input's rate
// limit off, so that reading it takes no time).
func TestLongJoinCommandSaysWhy(t *testing.T) {
	t.Parallel()
	s := startServer(t, func(c *Config) { c.HandshakeTimeout, c.InputRate = 3*time.Second, -1 })
	out, err := execOutput(t, s.addr, "join "+strings.Repeat("A", 100<<10))
	var exit *gossh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 || !strings.Contains(out, "a room code is 4 characters") {
		t.Fatalf("a 100 KB join: %v, %q; want exit status 1 and the reason", err, out)
	}
}

// execOutput runs command in a session of a guest's connection and
// returns what it wrote (stdout and stderr) and how it ended.
func execOutput(t *testing.T, addr, command string) (string, error) {
	t.Helper()
	c, err := dial(addr, "ana", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.CombinedOutput(command)
	return string(out), err
}
