package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/log/v2"
	"github.com/hashicorp/golang-lru/v2/simplelru"
	"golang.org/x/time/rate"
)

// sourceTable enforces the per-source connection limits before the SSH
// handshake starts, so a flood costs the server no cryptography. Sources
// are network blocks (an IPv4 /32 and an IPv6 /64 by default, like
// OpenSSH's PerSourceNetBlockSize), so one host cannot dodge the limits by
// hopping through its own /64. Two kinds of state, both bounded:
//   - open connections per block, kept only while a block has one (so at
//     most one entry per open connection);
//   - a rate bucket per block, in a least-recently-used table of fixed
//     size. A full table evicts the block seen longest ago instead of
//     refusing newcomers, and a bucket that has refilled is forgotten, so
//     no flood of addresses can lock anyone out. Offences (failed
//     handshakes, handshake timeouts, refused requests) take extra tokens
//     from the offender's own bucket, so offenders are slowed, not
//     everyone.
type sourceTable struct {
	mu       sync.Mutex
	maxConns int
	perMin   int
	v4Bits   int
	v6Bits   int
	open     map[netip.Prefix]int
	buckets  *simplelru.LRU[netip.Prefix, *rate.Limiter]
}

// offencePenalty is how many connections' worth of rate an offence costs.
const offencePenalty = 2

func newSourceTable(maxConns, perMinute, maxSources, v4Bits, v6Bits int) *sourceTable {
	buckets, _ := simplelru.NewLRU[netip.Prefix, *rate.Limiter](max(maxSources, 1), nil)
	return &sourceTable{
		maxConns: maxConns, perMin: perMinute, v4Bits: v4Bits, v6Bits: v6Bits,
		open: map[netip.Prefix]int{}, buckets: buckets,
	}
}

// refusal reasons, for the log and for the refused client.
const (
	refuseConns    = "too many connections from your network"
	refuseRate     = "connecting too often"
	refuseStartups = "too many connections being set up, try again in a moment"
	refuseStopping = "the server is stopping"
)

// block is the network block a source address belongs to.
func (t *sourceTable) block(a netip.Addr) netip.Prefix {
	a = a.Unmap()
	bits := t.v6Bits
	if a.Is4() {
		bits = t.v4Bits
	}
	p, err := a.Prefix(bits)
	if err != nil {
		return netip.PrefixFrom(a, a.BitLen())
	}
	return p
}

// acquire admits a new connection from block, or says why not.
func (t *sourceTable) acquire(b netip.Prefix, now time.Time) (ok bool, reason string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.maxConns > 0 && t.open[b] >= t.maxConns {
		return false, refuseConns
	}
	if lim := t.bucket(b); lim != nil && !lim.AllowN(now, 1) {
		return false, refuseRate
	}
	t.open[b]++
	return true, ""
}

// bucket returns block's rate bucket, creating it (and perhaps evicting the
// least recently seen one); nil when there is no rate limit.
func (t *sourceTable) bucket(b netip.Prefix) *rate.Limiter {
	if t.perMin <= 0 {
		return nil
	}
	lim, ok := t.buckets.Get(b)
	if !ok {
		lim = rate.NewLimiter(rate.Every(time.Minute/time.Duration(t.perMin)), t.perMin)
		t.buckets.Add(b, lim)
	}
	return lim
}

// release records that a connection from block closed.
func (t *sourceTable) release(b netip.Prefix) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if n := t.open[b]; n > 1 {
		t.open[b] = n - 1
	} else {
		delete(t.open, b)
	}
}

// offence charges block for misbehaving: its next connections come later.
func (t *sourceTable) offence(b netip.Prefix, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if lim := t.bucket(b); lim != nil {
		lim.ReserveN(now, min(offencePenalty, lim.Burst()))
	}
}

// sweep forgets the buckets that have refilled: such a block is no
// different from one never seen.
func (t *sourceTable) sweep(now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, b := range t.buckets.Keys() {
		if lim, ok := t.buckets.Peek(b); ok && lim.TokensAt(now) >= float64(lim.Burst()) {
			t.buckets.Remove(b)
		}
	}
}

// size is the number of blocks the table holds state for.
func (t *sourceTable) size() (open, buckets int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.open), t.buckets.Len()
}

// startupGate is a global cap on connections that have not started their
// session yet, like OpenSSH's MaxStartups start:rate:full: beyond start of
// them a new one is dropped with probability rate %, rising linearly to
// 100 % at full. A flood of half-open handshakes then costs the server a
// bounded amount of work, and legitimate clients still get through at
// random rather than never.
type startupGate struct {
	start, rate, full int64
	n                 atomic.Int64
}

// admit counts a new pre-session connection in, or refuses it.
func (g *startupGate) admit() bool {
	if g.full <= 0 {
		g.n.Add(1)
		return true
	}
	n := g.n.Add(1)
	if n > g.full || (n > g.start && rand.Int64N(100) < g.dropPercent(n-1)) {
		g.n.Add(-1)
		return false
	}
	return true
}

func (g *startupGate) dropPercent(n int64) int64 {
	if n < g.start {
		return 0
	}
	if g.full <= g.start {
		return 100
	}
	return g.rate + (100-g.rate)*(n-g.start)/(g.full-g.start)
}

// done counts a connection out (its session started, or it closed).
func (g *startupGate) done() { g.n.Add(-1) }

// ParseStartups reads "start:rate:full" (or a single number, meaning
// start=full and rate 100); "0" or "-1" turns the cap off.
func ParseStartups(s string) (start, rate, full int, err error) {
	parts := strings.Split(s, ":")
	nums := make([]int, len(parts))
	for i, p := range parts {
		if nums[i], err = strconv.Atoi(strings.TrimSpace(p)); err != nil {
			return 0, 0, 0, fmt.Errorf("max-startups %q: want start:rate:full", s)
		}
	}
	switch {
	case len(nums) == 1 && nums[0] <= 0:
		return 0, 0, 0, nil
	case len(nums) == 1:
		return nums[0], 100, nums[0], nil
	case len(nums) == 3 && nums[0] > 0 && nums[1] >= 0 && nums[1] <= 100 && nums[2] >= nums[0]:
		return nums[0], nums[1], nums[2], nil
	}
	return 0, 0, 0, fmt.Errorf("max-startups %q: want start:rate:full with 0 < start <= full and rate 0..100", s)
}

// ParseNetBlock reads "v4bits:v6bits" (or "v4bits"), like OpenSSH's
// PerSourceNetBlockSize.
func ParseNetBlock(s string) (v4, v6 int, err error) {
	parts := strings.Split(s, ":")
	v4, err = strconv.Atoi(strings.TrimSpace(parts[0]))
	v6 = 64
	if err == nil && len(parts) == 2 {
		v6, err = strconv.Atoi(strings.TrimSpace(parts[1]))
	}
	if err != nil || len(parts) > 2 || v4 < 1 || v4 > 32 || v6 < 1 || v6 > 128 {
		return 0, 0, fmt.Errorf("per-source-netblock %q: want v4bits:v6bits, e.g. 32:64", s)
	}
	return v4, v6, nil
}

// addrOf returns the IP of a remote address.
func addrOf(a net.Addr) netip.Addr {
	if tcp, ok := a.(*net.TCPAddr); ok {
		return tcp.AddrPort().Addr().Unmap()
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.IPv6Unspecified()
	}
	return ap.Addr().Unmap()
}

// limitedConn is the server side of one TCP connection. It caps the rate
// of bytes read from the client (so no session can make the server parse
// more than its share: keystrokes, window changes, environment requests
// all arrive through here), and gives its address slot back on Close.
type limitedConn struct {
	net.Conn
	limiter *rate.Limiter
	burst   int
	onClose func()
	once    sync.Once
	closed  atomic.Bool
	ctx     context.Context
	cancel  context.CancelFunc
	writes  connWrites // a frame's packets in one write (see watchedWriter)
	// deadline is the deadline last set (unix nanoseconds; 0: none), see
	// SetDeadline.
	deadline atomic.Int64
}

func newLimitedConn(c net.Conn, bytesPerSec, burst int, onClose func()) *limitedConn {
	lc := &limitedConn{Conn: c, onClose: onClose, burst: burst}
	if bytesPerSec > 0 && burst > 0 {
		lc.limiter = rate.NewLimiter(rate.Limit(bytesPerSec), burst)
	}
	lc.ctx, lc.cancel = context.WithCancel(context.Background())
	return lc
}

func (c *limitedConn) Read(b []byte) (int, error) {
	if c.limiter != nil && len(b) > c.burst {
		b = b[:c.burst]
	}
	n, err := c.Conn.Read(b)
	if n > 0 && c.limiter != nil {
		// Pay after reading: the client waits before its next bytes are
		// taken off the socket, so TCP flow control pushes back on it.
		if werr := c.limiter.WaitN(c.ctx, n); werr != nil && err == nil {
			err = net.ErrClosed
		}
	}
	return n, err
}

func (c *limitedConn) Write(b []byte) (int, error) { return c.writes.write(c.Conn, b) }

// deadlineSlack is the share of the time left to a deadline by which a
// later one may be left unset (see SetDeadline).
const deadlineSlack = 100

// SetDeadline sets the connection's deadline, unless it only moves the
// one set later by less than a hundredth of the time left to it: the SSH
// library moves the deadline to now+IdleTimeout at every read and write
// of the connection (several a move, each changing two of the runtime's
// timers), and an idle connection dropped 1.2 s early on a two-minute
// timeout is the same. An earlier deadline, or none, is always set.
func (c *limitedConn) SetDeadline(t time.Time) error {
	var next int64
	if !t.IsZero() {
		next = t.UnixNano()
	}
	last := c.deadline.Load()
	if next == last || (last != 0 && next > last && next-last < int64(time.Until(t))/deadlineSlack) {
		return nil
	}
	c.deadline.Store(next)
	return c.Conn.SetDeadline(t)
}

// hold keeps what is written until flush (see connWrites).
func (c *limitedConn) hold() { c.writes.hold(c.Conn) }

// flush writes what was kept since hold, in one call.
func (c *limitedConn) flush() error { return c.writes.flush(c.Conn) }

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.closed.Store(true)
		c.cancel()
		if c.onClose != nil {
			c.onClose()
		}
	})
	return err
}

// logThrottle keeps a flood of refusals from filling the log: a burst of
// 10 lines, then 2 a second; the lines left out are counted in the next.
type logThrottle struct {
	lim     *rate.Limiter
	skipped atomic.Int64
}

func newLogThrottle() *logThrottle { return &logThrottle{lim: rate.NewLimiter(2, 10)} }

func (t *logThrottle) warn(l *log.Logger, msg string, kv ...any) {
	if !t.lim.Allow() {
		t.skipped.Add(1)
		return
	}
	if n := t.skipped.Swap(0); n > 0 {
		kv = append(kv, "not-logged-since", n)
	}
	l.Warn(msg, kv...)
}
