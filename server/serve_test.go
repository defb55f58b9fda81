package server

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/ui"
)

// probeModel is a minimal client for tests that are about the server, not
// the game: it shows the sizes it was given and any notice, and reports
// what it saw.
type probeModel struct {
	sizes   chan<- tea.WindowSizeMsg
	w, h    int
	notice  string
	player  rooms.Player
	bigView bool
	tick    int
}

type tickMsg struct{}

func (m *probeModel) Init() tea.Cmd {
	if m.bigView {
		return tea.Tick(5*time.Millisecond, func(time.Time) tea.Msg { return tickMsg{} })
	}
	return nil
}

func (m *probeModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		if m.sizes != nil {
			select {
			case m.sizes <- msg:
			default:
			}
		}
	case ui.NoticeMsg:
		m.notice = string(msg)
	case tickMsg:
		m.tick++
		return m, tea.Tick(5*time.Millisecond, func(time.Time) tea.Msg { return tickMsg{} })
	case tea.KeyPressMsg:
		if msg.String() == "q" {
			return m, tea.Quit
		}
		if msg.String() == "P" {
			panic("probe told to panic")
		}
	}
	return m, nil
}

// View draws the probe on the alternate screen with the mouse captured,
// as the real client does, so that tests see both undone.
func (m *probeModel) View() tea.View {
	v := tea.NewView(m.text())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

func (m *probeModel) text() string {
	var b strings.Builder
	b.WriteString("probe " + m.player.Name + " size " + itoa(m.w) + "x" + itoa(m.h) + " notice[" + m.notice + "]\n")
	if m.bigView {
		// A screen full of changing text: every frame rewrites every line.
		line := strings.Repeat(string(rune('a'+m.tick%26)), 200)
		for i := 0; i < 150; i++ {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var d []byte
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	if neg {
		d = append([]byte{'-'}, d...)
	}
	return string(d)
}

func probeClient(sizes chan<- tea.WindowSizeMsg, big bool) ClientFactory {
	return func(o ClientOptions) tea.Model {
		return &probeModel{sizes: sizes, player: o.Player, bigView: big}
	}
}

func TestNoPTYGetsHintAndStatus1(t *testing.T) {
	s := startServer(t, func(c *Config) { c.NewClient = probeClient(nil, false) })
	tm := openTerm(t, s.addr, termOpts{user: "ana", noPTY: true})
	err := tm.waitEnd()
	var exit *gossh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Fatalf("exit: %v, want status 1", err)
	}
	_, port, _ := net.SplitHostPort(s.addr)
	if out := tm.stream(0); !strings.Contains(out, "ssh -t -p "+port+" host") || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Fatalf("want a one-line hint with ssh -t and the server's port %s, got %q", port, out)
	}
	// "join CODE" without -t is the common way to get here.
	tm = openTerm(t, s.addr, termOpts{user: "ana", noPTY: true, command: "join K7QX"})
	if err := tm.waitEnd(); !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Fatalf("join without pty: %v", err)
	}
}

func TestRefusedRequests(t *testing.T) {
	s := startServer(t, func(c *Config) { c.NewClient = probeClient(nil, false) })
	key := newKey(t)
	connect := func() *gossh.Client {
		c, err := dial(s.addr, "ana", key)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// The tools that copy files are refused at the protocol level.
	for _, cmd := range []string{"scp -t /tmp", "git-upload-pack '/x'", "rsync --server . /x", "/usr/lib/openssh/sftp-server"} {
		sess, err := connect().NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := sess.Start(cmd); err == nil {
			t.Errorf("exec %q accepted", cmd)
		}
		sess.Close()
	}
	// A mistyped join, or any other command, is accepted only to say why
	// it fails, with status 1 (OpenSSH shows no reason for a refused
	// command, only "exec request failed on channel 0"); the command is
	// quoted, never echoed raw.
	for _, cmd := range []string{"join", "join ZZ", "ls", "\x1b[2Jrm -rf", "sh -c id"} {
		sess, err := connect().NewSession()
		if err != nil {
			t.Fatal(err)
		}
		out, err := sess.CombinedOutput(cmd)
		var exit *gossh.ExitError
		if !errors.As(err, &exit) || exit.ExitStatus() != 1 || !strings.Contains(string(out), "join CODE") && !strings.Contains(string(out), "room code") || strings.Contains(string(out), "\x1b") {
			t.Errorf("exec %q: %v, %q; want exit status 1 and a reason", cmd, err, out)
		}
	}
	c := connect()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Error("sftp subsystem accepted")
	}
	sess.Close()
	if _, err := c.Dial("tcp", s.addr); err == nil {
		t.Error("local port forwarding (direct-tcpip) accepted")
	}
	if l, err := c.Listen("tcp", "127.0.0.1:0"); err == nil {
		l.Close()
		t.Error("remote port forwarding (tcpip-forward) accepted")
	}
	if logs := s.logs.String(); strings.Contains(logs, "\x1b") || !strings.Contains(logs, `command="\x1b[2Jrm -rf"`) {
		t.Errorf("a command was not logged escaped:\n%s", logs)
	}
}

func TestOneSessionPerConnection(t *testing.T) {
	s := startServer(t, func(c *Config) { c.NewClient = probeClient(nil, false) })
	c, err := dial(s.addr, "ana", newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	first, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if second, err := c.NewSession(); err == nil {
		second.Close()
		t.Fatal("second session on one connection accepted")
	}
}

func TestConnectionCapPerIP(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.MaxConnsPerIP = 3
	})
	var terms []*term
	for i := 0; i < 3; i++ {
		tm := openTerm(t, s.addr, termOpts{user: "ana"})
		tm.waitFor(0, "probe ana")
		terms = append(terms, tm)
	}
	if _, err := dial(s.addr, "ana", nil); err == nil {
		t.Fatal("connection 4 from one address accepted")
	}
	// Closing one frees a slot.
	terms[0].close()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := dial(s.addr, "ana", nil)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("slot never freed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestConnectionRatePerIP(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.ConnsPerMinute = 3
	})
	for i := 0; i < 3; i++ {
		c, err := dial(s.addr, "ana", nil)
		if err != nil {
			t.Fatalf("connection %d: %v", i+1, err)
		}
		c.Close()
	}
	if c, err := dial(s.addr, "ana", nil); err == nil {
		c.Close()
		t.Fatal("connection 4 within the minute accepted")
	}
}

func TestHandshakeDeadline(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.HandshakeTimeout = 100 * time.Millisecond
	})
	c, err := net.Dial("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	buf := make([]byte, 256)
	for {
		// The server sends its version line, then must hang up on a
		// client that never starts the handshake.
		if _, err := c.Read(buf); err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatal("server kept a silent connection open")
			}
			return
		}
	}
}

func TestGuestsCanBeRefused(t *testing.T) {
	no := false
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.AllowGuests = &no
	})
	if c, err := dial(s.addr, "ana", nil); err == nil {
		c.Close()
		t.Fatal("guest accepted")
	}
	c, err := dial(s.addr, "ana", newKey(t))
	if err != nil {
		t.Fatalf("key refused: %v", err)
	}
	c.Close()
}

func TestServerFull(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.MaxSessions = 2
	})
	for i := 0; i < 2; i++ {
		openTerm(t, s.addr, termOpts{user: "ana"}).waitFor(0, "probe")
	}
	tm := openTerm(t, s.addr, termOpts{user: "bob"})
	err := tm.waitEnd()
	var exit *gossh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Fatalf("exit %v", err)
	}
	if !strings.Contains(tm.text(0), "server full, try later") {
		t.Fatalf("got %q", tm.text(0))
	}
}

func TestWindowClamped(t *testing.T) {
	sizes := make(chan tea.WindowSizeMsg, 16)
	s := startServer(t, func(c *Config) { c.NewClient = probeClient(sizes, false) })
	tm := openTerm(t, s.addr, termOpts{user: "ana", width: 65535, height: 65535})
	got := <-sizes
	if got.Width != 500 || got.Height != 200 {
		t.Fatalf("first size %dx%d, want 500x200", got.Width, got.Height)
	}
	if err := tm.sess.WindowChange(65535, 65535); err != nil {
		t.Fatal(err)
	}
	if err := tm.sess.WindowChange(0, 0); err != nil {
		t.Fatal(err)
	}
	if err := tm.sess.WindowChange(30, 80); err != nil {
		t.Fatal(err)
	}
	for {
		select {
		case got = <-sizes:
		case <-time.After(20 * time.Second):
			t.Fatal("no resize arrived")
		}
		if got.Width > 500 || got.Height > 200 || got.Width < 1 || got.Height < 1 {
			t.Fatalf("model saw %dx%d", got.Width, got.Height)
		}
		if got.Width == 80 && got.Height == 30 {
			break
		}
	}
}

func TestWindowClampedWithRealClient(t *testing.T) {
	// The real client laid out at the clamp: the frame stays bounded.
	s := startServer(t, nil)
	tm := openTerm(t, s.addr, termOpts{user: "ana", width: 65535, height: 65535})
	tm.waitFor(0, "quit")
	if err := tm.sess.WindowChange(65535, 65535); err != nil {
		t.Fatal(err)
	}
	tm.send("q")
	tm.waitEnd()
	if n := len(tm.raw()); n > 4<<20 {
		t.Fatalf("client received %d bytes", n)
	}
}

func TestStalledClientIsDropped(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, true)
		c.WriteStall = 300 * time.Millisecond
	})
	slow := openTerm(t, s.addr, termOpts{user: "slow", width: 300, height: 200})
	other := openTerm(t, s.addr, termOpts{user: "other", width: 300, height: 200})
	slow.waitFor(0, "probe slow")
	slow.pause()
	// The stalled client fills its SSH window, its writes block, and the
	// server drops it; meanwhile the other keeps getting frames.
	if err := slow.waitEnd(); err == nil {
		t.Log("slow session ended cleanly")
	}
	m := other.mark()
	other.waitOutput(m)
	if !strings.Contains(s.logs.String(), "client stopped reading") {
		t.Fatalf("no drop logged:\n%s", s.logs.String())
	}
}

func TestShutdownTellsPlayers(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.ShutdownNotice = 300 * time.Millisecond
	})
	tm := openTerm(t, s.addr, termOpts{user: "ana"})
	tm.waitFor(0, "probe ana")
	m := tm.mark()
	done := make(chan error, 1)
	go func() {
		done <- s.Shutdown(t.Context())
	}()
	tm.waitFor(m, "notice[server stopping")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	tm.waitEnd()
	if _, err := dial(s.addr, "ana", nil); err == nil {
		t.Fatal("connection accepted after shutdown")
	}
}

func TestHostKeyPersistent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "keys", "host")
	k1, err := LoadOrCreateHostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	k2, err := LoadOrCreateHostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if gossh.FingerprintSHA256(k1.PublicKey()) != gossh.FingerprintSHA256(k2.PublicKey()) {
		t.Fatal("host key changed between starts")
	}
	if k1.PublicKey().Type() != gossh.KeyAlgoED25519 {
		t.Fatalf("key type %s", k1.PublicKey().Type())
	}
	fi, _ := os.Stat(path)
	di, _ := os.Stat(filepath.Dir(path))
	if fi.Mode().Perm() != 0o600 || di.Mode().Perm() != 0o700 {
		t.Fatalf("modes %v %v", fi.Mode().Perm(), di.Mode().Perm())
	}
	os.Chmod(path, 0o644)
	if _, err := LoadOrCreateHostKey(path); err == nil {
		t.Fatal("world-readable host key accepted")
	}
}

func TestAwayFromKeyboardEndsSession(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.AFKTimeout = 300 * time.Millisecond
	})
	tm := openTerm(t, s.addr, termOpts{user: "ana"})
	tm.waitFor(0, "probe ana")
	tm.waitFor(0, "notice[away from the keyboard")
	tm.waitEnd()
	if !strings.Contains(s.logs.String(), "away from keyboard") {
		t.Fatal("AFK end not logged")
	}
}

func TestMaxSessionTime(t *testing.T) {
	s := startServer(t, func(c *Config) {
		c.NewClient = probeClient(nil, false)
		c.MaxSessionTime = 300 * time.Millisecond
	})
	tm := openTerm(t, s.addr, termOpts{user: "ana"})
	tm.waitFor(0, "notice[maximum session time")
	tm.waitEnd()
}

func TestGuestSavesStayInMemoryAndKeySavesOnDisk(t *testing.T) {
	dir := t.TempDir()
	d, err := newSaveDir(dir, 100, 10)
	if err != nil {
		t.Fatal(err)
	}
	a, b := d.For("SHA256:a/../../etc"), d.For("SHA256:b")
	if err := a.Save([]byte("game a")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Load(); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("other player's slot: %v", err)
	}
	got, err := d.For("SHA256:a/../../etc").Load()
	if err != nil || string(got) != "game a" {
		t.Fatalf("load %q %v", got, err)
	}
	if err := a.Save(make([]byte, 101)); err == nil {
		t.Fatal("oversized save accepted")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "saves"))
	if len(entries) != 1 || strings.ContainsAny(entries[0].Name(), "/.:") && !strings.HasSuffix(entries[0].Name(), ".save") {
		t.Fatalf("save files %v", entries)
	}
	if err := a.Remove(); err != nil {
		t.Fatal(err)
	}
	g := &memorySave{max: 100}
	if _, err := g.Load(); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("empty guest slot: %v", err)
	}
	g.Save([]byte("x"))
	if got, _ := g.Load(); string(got) != "x" {
		t.Fatal("guest save lost")
	}
	// The UI warns a guest that quitting loses the game, and only a guest.
	type sessionOnly interface{ SessionOnly() bool }
	if k, ok := any(a).(sessionOnly); ok && k.SessionOnly() {
		t.Error("a keyed player's save says it ends with the session")
	}
	if k, ok := any(g).(sessionOnly); !ok || !k.SessionOnly() {
		t.Error("a guest's save does not say it ends with the session")
	}
}
