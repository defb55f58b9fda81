// Package loadtest is an SSH load-test client for a tabletop server on
// this machine: many simulated players with terminals, their latency, and
// the server's memory and goroutines; or many rooms played over SSH by
// pairs of players (Config.Rooms).
package loadtest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/internal/procstat"
	"github.com/tabletop/tabletop/internal/termscreen"
	"github.com/tabletop/tabletop/server"
)

// Bounds of the load test: it is for this machine, not for attacking one.
const (
	MaxSessions = 5000
	MaxDuration = 10 * time.Minute
	MaxChurn    = 10000
)

// Config is one load test.
type Config struct {
	Sessions      int           // concurrent sessions
	Duration      time.Duration // how long the sessions press keys
	Churn         int           // then open and abruptly drop this many sessions
	Addr          string        // a running server on loopback; "" starts one
	KeysPerSecond float64       // keypresses per second per session
	Ramp          int           // new sessions per second while opening
	// Hostile adds, while the sessions press keys, bounded numbers of
	// misbehaving clients (see soak) and checks that the normal sessions
	// were all served and the server returned to its baseline.
	Hostile bool

	// Rooms, when positive, plays that many two-player rooms at once over
	// SSH instead (see runRooms); Duration is how long they play.
	Rooms   int
	Store   string        // rooms: a postgres:// DSN; "" is a fresh SQLite file
	Nodes   int           // rooms: servers sharing the store (2 needs PostgreSQL)
	MoveGap time.Duration // rooms: about this long between a room's moves

	// ProfileDir, when set, is where the server's profiles go: serve runs
	// with --pprof on loopback, and the load test takes a CPU profile of
	// the keys (or the moves), their allocations, and the heap with the
	// sessions idle (see profiler).
	ProfileDir string
}

// Validate reports the first setting out of bounds, naming its flag.
func (c Config) Validate() error {
	switch {
	case c.Sessions < 1 || c.Sessions > MaxSessions:
		return fmt.Errorf("--sessions must be 1..%d", MaxSessions)
	case c.Duration <= 0 || c.Duration > MaxDuration:
		return fmt.Errorf("--duration must be positive and at most %s", MaxDuration)
	case c.Churn < 0 || c.Churn > MaxChurn:
		return fmt.Errorf("--churn must be 0..%d", MaxChurn)
	case c.Addr != "" && !server.IsLoopback(c.Addr):
		return fmt.Errorf("%q is not a loopback address; the load test only runs against this machine", c.Addr)
	case c.KeysPerSecond <= 0 || c.KeysPerSecond > 50 || c.Ramp < 1:
		return errors.New("--keys must be in (0, 50] and --ramp at least 1")
	}
	return c.validateRooms()
}

// validateRooms checks the rooms mode's settings.
func (c Config) validateRooms() error {
	if c.Rooms == 0 {
		return nil
	}
	switch {
	case c.Rooms < 0 || c.Rooms > MaxRooms:
		return fmt.Errorf("--rooms must be 1..%d", MaxRooms)
	case c.Addr != "" || c.Hostile || c.Churn > 0:
		return errors.New("--rooms starts its own nodes: no --addr, --hostile or --churn with it")
	case c.Nodes < 1 || c.Nodes > 2:
		return errors.New("--nodes must be 1 or 2")
	case c.Nodes == 2 && !server.SharedDSN(c.Store):
		return errors.New("--nodes 2 needs --store postgres://… (SQLite is one node's)")
	case c.Store != "" && !server.SharedDSN(c.Store):
		return errors.New("--store must be a postgres:// DSN (without it a fresh SQLite file is used)")
	case c.Store != "" && !loopbackDSN(c.Store):
		return errors.New("--store must name a PostgreSQL server on this machine")
	case c.MoveGap < 10*time.Millisecond:
		return errors.New("--move-gap must be at least 10ms")
	}
	return nil
}

// Run measures a tabletop SSH server on this machine and writes progress
// and the results to out; ok is false when a target is missed.
//
// Without cfg.Addr it starts its own server (this executable's "serve",
// in a child process so that the server's memory can be measured apart
// from the clients'), opens the sessions, which press keys, and reports
// keypress-to-frame latency, accept time and server RSS per session;
// with cfg.Churn it then opens and abruptly drops that many sessions and
// checks that the server's goroutines return to their baseline.
func Run(cfg Config, out io.Writer) (ok bool, err error) {
	if err := cfg.Validate(); err != nil {
		return false, err
	}
	if cfg.Rooms > 0 {
		return runRooms(cfg, out)
	}
	lt := &loadTest{out: out, addr: cfg.Addr, profileDir: cfg.ProfileDir}
	if lt.addr == "" {
		if err := lt.startServer(cfg.Sessions); err != nil {
			return false, err
		}
		defer lt.stopServer()
	}
	fmt.Fprintf(out, "server %s\n", lt.addr)
	if cfg.Hostile {
		return lt.runHostile(cfg.Sessions, cfg.Duration, cfg.KeysPerSecond, cfg.Ramp)
	}
	return lt.run(cfg.Sessions, cfg.Duration, cfg.KeysPerSecond, cfg.Ramp, cfg.Churn)
}

type loadTest struct {
	out        io.Writer
	addr       string
	child      *serveChild
	dir        string
	profileDir string
}

// startServer runs "tabletop serve" on a free loopback port with the
// per-address limits lifted (every client comes from 127.0.0.1).
func (lt *loadTest) startServer(sessions int) error {
	var err error
	lt.dir, err = os.MkdirTemp("", "tabletop-loadtest-")
	if err != nil {
		return err
	}
	lt.child, err = startServeChild(lt.out, lt.dir, lt.profileDir != "", "--max-sessions", strconv.Itoa(sessions+100))
	if err != nil {
		return err
	}
	lt.addr = lt.child.addr
	return nil
}

// profiler is the child server's, when the run takes profiles.
func (lt *loadTest) profiler() (profiler, bool) {
	if lt.profileDir == "" || lt.child == nil || lt.child.pprof == "" {
		return profiler{}, false
	}
	return profiler{dir: lt.profileDir, addr: lt.child.pprof}, true
}

func (lt *loadTest) stopServer() {
	if lt.child != nil {
		lt.child.stop(lt.out)
	}
	if lt.dir != "" {
		os.RemoveAll(lt.dir)
	}
}

// serveChild is this executable's "serve" in a child process, so that
// the server's memory and goroutines are measured apart from the
// clients' and the clients' garbage is not collected with the server's.
type serveChild struct {
	cmd   *exec.Cmd
	addr  string
	pprof string // its profiles' address, with --pprof
	stats chan map[string]int64
}

// startServeChild starts "serve" on a free loopback port with its data in
// dir, the per-address limits lifted and the extra flags, and its
// profiles served on loopback when profiled; the server's errors are
// copied to out.
func startServeChild(out io.Writer, dir string, profiled bool, extra ...string) (*serveChild, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	args := append([]string{"serve",
		"--listen", "127.0.0.1:0",
		"--data", dir,
		"--max-conns-per-ip", "-1",
		"--conns-per-minute", "-1",
		// Every client comes from one address and many set up at once:
		// the per-source limits and the set-up cap would measure
		// themselves, not the server.
		"--max-startups", "0",
	}, extra...)
	if profiled {
		args = append(args, "--pprof", "127.0.0.1:0")
	}
	c := &serveChild{cmd: exec.Command(exe, args...), stats: make(chan map[string]int64, 4)}
	pipe, err := c.cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := c.cmd.Start(); err != nil {
		return nil, err
	}
	addrCh := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.Contains(line, " pprof ") {
				if m := regexp.MustCompile(`addr=(\S+)`).FindStringSubmatch(line); m != nil {
					c.pprof = m[1] // before "serving", so before addrCh
				}
			}
			if strings.Contains(line, " serving ") {
				if m := regexp.MustCompile(`addr=(\S+)`).FindStringSubmatch(line); m != nil {
					addrCh <- m[1]
				}
			}
			if strings.Contains(line, " stats ") {
				c.stats <- parseKV(line)
			}
			if strings.Contains(line, "ERRO") || strings.Contains(line, "panic") {
				fmt.Fprintln(out, "server:", line)
			}
		}
	}()
	select {
	case c.addr = <-addrCh:
		return c, nil
	case <-time.After(10 * time.Second):
		c.cmd.Process.Kill()
		c.cmd.Wait()
		return nil, errors.New("the server did not start")
	}
}

// stop asks the server to shut down and waits for it, killing it after
// 12 s.
func (c *serveChild) stop(out io.Writer) {
	stopChild(c.cmd.Process)
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(12 * time.Second):
		c.cmd.Process.Kill()
		fmt.Fprintln(out, "server did not stop within 12 s after SIGTERM")
	}
}

// serverStats asks the server for its figures (SIGUSR1); nil when it
// cannot be asked (Windows has no SIGUSR1).
func (c *serveChild) serverStats() map[string]int64 {
	if err := requestStats(c.cmd.Process); err != nil {
		return nil
	}
	select {
	case s := <-c.stats:
		return s
	case <-time.After(5 * time.Second):
		return nil
	}
}

var kvRe = regexp.MustCompile(`(\w+)=(-?\d+)`)

func parseKV(line string) map[string]int64 {
	out := map[string]int64{}
	for _, m := range kvRe.FindAllStringSubmatch(line, -1) {
		n, _ := strconv.ParseInt(m[2], 10, 64)
		out[m[1]] = n
	}
	return out
}

// serverStats asks the child server for its figures; nil when the
// server is not ours or cannot be asked.
func (lt *loadTest) serverStats() map[string]int64 {
	if lt.child == nil {
		return nil
	}
	return lt.child.serverStats()
}

// waitSessions waits until the server reports at most n sessions.
func (lt *loadTest) waitSessions(n int64, within time.Duration) map[string]int64 {
	deadline := time.Now().Add(within)
	for {
		s := lt.serverStats()
		if s == nil || s["sessions"] <= n || time.Now().After(deadline) {
			return s
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// The load test's terminals are 100×30.
const ptyWidth, ptyHeight = 100, 30

// loadClient is one simulated player with a terminal.
type loadClient struct {
	client *gossh.Client
	sess   *gossh.Session
	in     io.WriteCloser
	frames chan time.Time // arrival time of output chunks
	// received counts the bytes of output after the first screen.
	received atomic.Int64
	ready    chan struct{} // closed when the first full screen arrived
	once     sync.Once
}

func openLoadClient(addr, user string) (c *loadClient, accept time.Duration, err error) {
	start := time.Now()
	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: user,
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		})},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         30 * time.Second,
	})
	if err != nil {
		return nil, 0, err
	}
	accept = time.Since(start)
	sess, err := client.NewSession()
	if err != nil {
		client.Close()
		return nil, 0, err
	}
	c = &loadClient{client: client, sess: sess, frames: make(chan time.Time, 64), ready: make(chan struct{})}
	c.in, _ = sess.StdinPipe()
	out, _ := sess.StdoutPipe()
	if err := sess.RequestPty("xterm-256color", ptyHeight, ptyWidth, gossh.TerminalModes{}); err != nil {
		client.Close()
		return nil, 0, err
	}
	if err := sess.Shell(); err != nil {
		client.Close()
		return nil, 0, err
	}
	go c.read(out)
	return c, accept, nil
}

func (c *loadClient) read(r io.Reader) {
	buf := make([]byte, 16<<10)
	scr := termscreen.New(ptyWidth, ptyHeight)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			now := time.Now()
			chunk := buf[:n]
			select {
			case <-c.ready:
				// The terminal's queries came before the menu (see
				// roomClient.up).
				c.received.Add(int64(n))
				select {
				case c.frames <- now:
				default:
				}
			default:
				answerQueries(chunk, c.in)
				// Until the menu is up the client keeps what its terminal
				// shows (frames come as changed cells); then only when
				// output arrives.
				scr.Write(chunk)
				if scr.Contains("q quit") { // the menu's help line
					c.once.Do(func() { close(c.ready) })
					scr = nil
				}
			}
		}
		if err != nil {
			c.once.Do(func() { close(c.ready) })
			return
		}
	}
}

// press sends a key and returns the time until the next output.
func (c *loadClient) press(k string) (time.Duration, bool) {
	// Forget frames from before this key.
	for len(c.frames) > 0 {
		<-c.frames
	}
	start := time.Now()
	if _, err := io.WriteString(c.in, k); err != nil {
		return 0, false
	}
	select {
	case t := <-c.frames:
		return t.Sub(start), true
	case <-time.After(5 * time.Second):
		return 5 * time.Second, true
	}
}

func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(p * float64(len(s)-1))
	return s[i]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// verdicts tells whether every target was met.
type verdicts struct{ missed bool }

// check notes one target and returns its word for the report.
func (v *verdicts) check(pass bool) string {
	if pass {
		return "ok"
	}
	v.missed = true
	return "MISSED"
}

// sessionTimes are the open sessions with their accept and first-screen
// times.
type sessionTimes struct {
	open   []*loadClient
	accept []time.Duration
	first  []time.Duration
	failed int
}

func (lt *loadTest) run(n int, duration time.Duration, keyRate float64, ramp, churn int) (bool, error) {
	var v verdicts
	base := lt.serverStats()
	st := lt.openSessions(n, ramp)
	fmt.Fprintf(lt.out, "sessions open: %d of %d\n", len(st.open), n)
	if len(st.open) == 0 {
		return false, errors.New("no session could be opened")
	}

	time.Sleep(2 * time.Second)
	fig := serverFigures{base: base, idle: lt.serverStats()}
	// A few seconds of nothing: what idle sessions cost the server's CPU.
	time.Sleep(idleWindow)
	fig.idleEnd = lt.serverStats()
	var lat []time.Duration
	received := receivedBytes(st.open)
	if prof, ok := lt.profiler(); ok {
		if err := prof.heap("server-idle"); err != nil {
			fmt.Fprintln(lt.out, "server profile:", err)
		}
		if err := prof.goroutines("server-idle"); err != nil {
			fmt.Fprintln(lt.out, "server profile:", err)
		}
		fig.profiled = true
		prof.during(lt.out, "server", duration, func() { fig.clients.measure(func() { lat = lt.pressKeys(st.open, duration, keyRate) }) })
		fmt.Fprintf(lt.out, "profiles            server-idle-heap.pprof, server-idle-goroutines.txt, server-cpu.pprof, server-allocs.pprof in %s\n", prof.dir)
	} else {
		fig.clients.measure(func() { lat = lt.pressKeys(st.open, duration, keyRate) })
	}
	fig.active = lt.serverStats()
	fig.bytes = receivedBytes(st.open) - received
	for _, c := range st.open {
		c.client.Close()
	}
	lt.report(&v, st, lat, fig)
	if churn > 0 {
		if err := lt.churn(&v, churn); err != nil {
			return !v.missed, err
		}
	}
	return !v.missed, nil
}

// runHostile is the soak: normal sessions press keys while hostile
// clients run; then everything closes and the server must come back to
// the goroutines it had before.
func (lt *loadTest) runHostile(n int, duration time.Duration, keyRate float64, ramp int) (bool, error) {
	var v verdicts
	base := lt.serverStats()
	st := lt.openSessions(n, ramp)
	fmt.Fprintf(lt.out, "sessions open: %d of %d\n", len(st.open), n)
	if len(st.open) == 0 {
		return false, errors.New("no session could be opened")
	}
	ctx, cancel := context.WithCancel(context.Background())
	attempts := make(chan map[string]int64, 1)
	go func() { attempts <- lt.soak(ctx) }()
	fmt.Fprintln(lt.out, "hostile clients running")
	lat := lt.pressKeys(st.open, duration, keyRate)
	during := lt.serverStats()
	cancel()
	counts := <-attempts
	for _, c := range st.open {
		c.client.Close()
	}
	fmt.Fprintln(lt.out)
	for _, k := range hostileKinds {
		fmt.Fprintf(lt.out, "hostile             %-26s %d attempts\n", k.name, counts[k.name])
	}
	fmt.Fprintf(lt.out, "sessions            %d open, %d refused   target none refused: %s\n", len(st.open), st.failed, v.check(st.failed == 0))
	fmt.Fprintf(lt.out, "keypress→frame      p50 %s  p95 %s  p99 %s  (%d keys)\n",
		ms(percentile(lat, .5)), ms(percentile(lat, .95)), ms(percentile(lat, .99)), len(lat))
	if base == nil {
		fmt.Fprintln(lt.out, "server figures not measurable against --addr")
		return !v.missed, nil
	}
	after := lt.waitSessions(0, 30*time.Second)
	deadline := time.Now().Add(30 * time.Second)
	for after != nil && ownGoroutines(after) > ownGoroutines(base)+2 && time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		after = lt.serverStats()
	}
	if after == nil || during == nil {
		return false, errors.New("no statistics from the server")
	}
	grow := ownGoroutines(after) - ownGoroutines(base)
	fmt.Fprintf(lt.out, "goroutines          %d before, %d during, %d after (%+d beside %d idle renderer workers; strays %d)   target back to baseline: %s\n",
		base["goroutines"], during["goroutines"], after["goroutines"], grow, after["idle_workers"], after["stray_goroutines"], v.check(grow <= 2 && after["stray_goroutines"] == 0))
	fmt.Fprintf(lt.out, "server RSS          %d KB before, %d KB during, %d KB after\n", base["rss_kb"], during["rss_kb"], after["rss_kb"])
	return !v.missed, nil
}

// openSessions opens n sessions at ramp per second.
func (lt *loadTest) openSessions(n, ramp int) sessionTimes {
	fmt.Fprintf(lt.out, "opening %d sessions at %d/s\n", n, ramp)
	clients := make([]*loadClient, n)
	accepts := make([]time.Duration, n)
	firstFrames := make([]time.Duration, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / time.Duration(ramp))
	for i := 0; i < n; i++ {
		<-tick.C
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			start := time.Now()
			c, acc, err := openLoadClient(lt.addr, fmt.Sprintf("load%d", i))
			if err != nil {
				errs[i] = err
				return
			}
			select {
			case <-c.ready:
			case <-time.After(30 * time.Second):
			}
			clients[i], accepts[i], firstFrames[i] = c, acc, time.Since(start)
		}(i)
	}
	tick.Stop()
	wg.Wait()
	var st sessionTimes
	for i, c := range clients {
		if c == nil {
			st.failed++
			if st.failed <= 3 {
				fmt.Fprintf(lt.out, "session %d failed: %v\n", i, errs[i])
			}
			continue
		}
		st.open = append(st.open, c)
		st.accept = append(st.accept, accepts[i])
		st.first = append(st.first, firstFrames[i])
	}
	return st
}

// pressKeys has every session press keys for duration, down and up in
// the menu, each redrawing it, and returns the keypress-to-frame times.
func (lt *loadTest) pressKeys(open []*loadClient, duration time.Duration, keyRate float64) []time.Duration {
	fmt.Fprintf(lt.out, "pressing keys for %s (%.1f/s per session)\n", duration, keyRate)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var lat []time.Duration
	stop := time.Now().Add(duration)
	for i, c := range open {
		wg.Add(1)
		go func(i int, c *loadClient) {
			defer wg.Done()
			gap := time.Duration(float64(time.Second) / keyRate)
			time.Sleep(time.Duration(rand.Int64N(int64(gap))))
			keys := []string{"j", "k"}
			for k := 0; time.Now().Before(stop); k++ {
				d, sent := c.press(keys[k%2])
				if !sent {
					return
				}
				mu.Lock()
				lat = append(lat, d)
				mu.Unlock()
				time.Sleep(gap - min(d, gap))
			}
		}(i, c)
	}
	wg.Wait()
	return lat
}

// idleWindow is how long the load test leaves the sessions idle to
// measure what they cost the server's CPU.
const idleWindow = 3 * time.Second

// serverFigures are the server's statistics around a run: empty, with
// the sessions idle (at the start and the end of idleWindow), and after
// the keys; bytes is the output the clients received while pressing
// them. profiled: the server was profiled (its CPU figures include the
// profiler's).
type serverFigures struct {
	base, idle, idleEnd, active map[string]int64
	bytes                       int64
	profiled                    bool
	clients                     clientCPU
}

// clientCPU is the CPU time the load test's own process (the clients:
// SSH, and a terminal emulator each) spent on a part of the run, which
// the server competes with for the same cores.
type clientCPU struct {
	used time.Duration
	ok   bool
}

// measure runs work and records the process's CPU time meanwhile.
func (c *clientCPU) measure(work func()) { c.measureWith(procstat.CPUTime, work) }

// measureWith runs work and records the CPU time read reads meanwhile.
func (c *clientCPU) measureWith(read func() (time.Duration, bool), work func()) {
	before, ok := read()
	work()
	after, ok2 := read()
	c.used, c.ok = after-before, ok && ok2
}

// report prints the clients' CPU per unit of work (a key, a move).
func (c clientCPU) report(out io.Writer, units int, unit string) {
	if !c.ok {
		return
	}
	fmt.Fprintf(out, "clients CPU         %.3f ms per %s (%.2f s; the load test's own process, on the same cores)\n",
		float64(c.used.Microseconds())/1000/float64(max(units, 1)), unit, c.used.Seconds())
}

// receivedBytes is the output the clients have received since their
// first screens.
func receivedBytes(open []*loadClient) int64 {
	var n int64
	for _, c := range open {
		n += c.received.Load()
	}
	return n
}

// report prints the figures of the sessions against the targets; the
// server's figures only when it is ours.
func (lt *loadTest) report(v *verdicts, st sessionTimes, lat []time.Duration, fig serverFigures) {
	acc, first, open := st.accept, st.first, st.open
	fmt.Fprintln(lt.out)
	fmt.Fprintf(lt.out, "sessions            %d open, %d failed\n", len(open), st.failed)
	fmt.Fprintf(lt.out, "accept (handshake)  p50 %s  p95 %s  p99 %s   target p95 < 100 ms: %s\n",
		ms(percentile(acc, .5)), ms(percentile(acc, .95)), ms(percentile(acc, .99)), v.check(percentile(acc, .95) < 100*time.Millisecond))
	fmt.Fprintf(lt.out, "first screen        p50 %s  p95 %s  p99 %s\n", ms(percentile(first, .5)), ms(percentile(first, .95)), ms(percentile(first, .99)))
	fmt.Fprintf(lt.out, "keypress→frame      p50 %s  p95 %s  p99 %s  (%d keys)   target p95 < 50 ms: %s\n",
		ms(percentile(lat, .5)), ms(percentile(lat, .95)), ms(percentile(lat, .99)), len(lat), v.check(percentile(lat, .95) < 50*time.Millisecond))
	if len(lat) > 0 {
		fmt.Fprintf(lt.out, "output per key      %.0f bytes\n", float64(fig.bytes)/float64(len(lat)))
	}
	base, idle, idleEnd, active := fig.base, fig.idle, fig.idleEnd, fig.active
	if base == nil || idle == nil || idleEnd == nil || active == nil {
		return
	}
	n := int64(len(open))
	per := (idle["rss_kb"] - base["rss_kb"]) / n
	perActive := (active["rss_kb"] - base["rss_kb"]) / n
	fmt.Fprintf(lt.out, "server RSS          %d KB empty, %d KB with %d idle sessions, %d KB after pressing keys\n",
		base["rss_kb"], idle["rss_kb"], len(open), active["rss_kb"])
	fmt.Fprintf(lt.out, "RSS per session     %d KB idle, %d KB after keys   target <= 100 KB idle: %s\n", per, perActive, v.check(per <= 100))
	fmt.Fprintf(lt.out, "idle session holds  %.1f KB live heap (at the last collection), %.1f KB of stacks; %d KB heap with garbage\n",
		float64(idleEnd["live_heap_kb"]-base["live_heap_kb"])/float64(n), float64(idleEnd["stack_kb"]-base["stack_kb"])/float64(n),
		(idleEnd["heap_kb"]-base["heap_kb"])/n)
	// After the keys the collector has seen the sessions busy: what they
	// keep live then is what a memory limit must leave room for.
	fmt.Fprintf(lt.out, "after keys          %.1f KB live heap, %.1f KB of stacks per session; %d collections while pressing keys\n",
		float64(active["live_heap_kb"]-base["live_heap_kb"])/float64(n), float64(active["stack_kb"]-base["stack_kb"])/float64(n),
		active["gcs"]-idleEnd["gcs"])
	fmt.Fprintf(lt.out, "goroutines          %d empty, %d with sessions (%d per session)\n",
		base["goroutines"], idle["goroutines"], (idle["goroutines"]-base["goroutines"])/n)
	lt.reportCPU(fig, n, len(lat))
}

// reportCPU prints the server's CPU time per idle session-second and
// per key: figures of the work, which the machine's load changes far
// less than it changes latencies.
func (lt *loadTest) reportCPU(fig serverFigures, sessions int64, keys int) {
	idleMS := fig.idleEnd["cpu_ms"] - fig.idle["cpu_ms"]
	keysMS := fig.active["cpu_ms"] - fig.idleEnd["cpu_ms"]
	note := ""
	if fig.profiled {
		note = " (profiler on)"
	}
	fmt.Fprintf(lt.out, "server CPU          %.1f µs per idle session-second (%d ms in %s); %.3f ms per key (%.2f s for %d keys)%s\n",
		float64(idleMS)*1000/(idleWindow.Seconds()*float64(sessions)), idleMS, idleWindow,
		float64(keysMS)/float64(max(keys, 1)), float64(keysMS)/1000, keys, note)
	perKey := func(k string) float64 { return float64(fig.active[k]-fig.idleEnd[k]) / float64(max(keys, 1)) }
	fmt.Fprintf(lt.out, "server frames       %.2f views, %.2f frames, %.0f bytes per key\n", perKey("views"), perKey("frames"), perKey("frame_bytes"))
	fig.clients.report(lt.out, keys, "key")
}

// churn opens and abruptly drops n sessions, then checks that the
// server's goroutines return to their baseline.
func (lt *loadTest) churn(v *verdicts, n int) error {
	before := lt.waitSessions(0, 30*time.Second)
	fmt.Fprintf(lt.out, "\nchurn: %d sessions opened and dropped without goodbye\n", n)
	var cwg sync.WaitGroup
	sem := make(chan struct{}, 8)
	var cfail int
	var cmu sync.Mutex
	for i := 0; i < n; i++ {
		sem <- struct{}{}
		cwg.Add(1)
		go func(i int) {
			defer cwg.Done()
			defer func() { <-sem }()
			c, _, err := openLoadClient(lt.addr, fmt.Sprintf("churn%d", i))
			if err != nil {
				cmu.Lock()
				cfail++
				cmu.Unlock()
				return
			}
			select {
			case <-c.ready:
			case <-time.After(30 * time.Second):
			}
			// Abrupt: the TCP connection just goes away.
			c.client.Conn.Close()
		}(i)
	}
	cwg.Wait()
	if before == nil {
		fmt.Fprintf(lt.out, "churn failures      %d of %d (goroutines not measurable against --addr)\n", cfail, n)
		return nil
	}
	// Sessions end when the server notices the dropped connections; then
	// the goroutines must be back to baseline (a few seconds for the
	// post-session timers).
	after := lt.waitSessions(0, 30*time.Second)
	deadline := time.Now().Add(30 * time.Second)
	for after != nil && ownGoroutines(after) > ownGoroutines(before)+2 && time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		after = lt.serverStats()
	}
	if after == nil {
		return errors.New("no statistics from the server after churn")
	}
	grow := ownGoroutines(after) - ownGoroutines(before)
	fmt.Fprintf(lt.out, "churn failures      %d of %d\n", cfail, n)
	fmt.Fprintf(lt.out, "goroutines          %d before churn, %d after (%+d beside %d idle renderer workers)   target no growth: %s\n",
		before["goroutines"], after["goroutines"], grow, after["idle_workers"], v.check(grow <= 2))
	fmt.Fprintf(lt.out, "server RSS          %d KB before churn, %d KB after\n", before["rss_kb"], after["rss_kb"])
	return nil
}

// ownGoroutines is the server's goroutines in the statistics st but its
// idle renderer workers, which it keeps on purpose for the next calls
// (at most a few per core): the count that must come back to its
// baseline when the sessions end.
func ownGoroutines(st map[string]int64) int64 {
	return st["goroutines"] - st["idle_workers"]
}
