package server

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// ipTable enforces the per-address connection limits before the SSH
// handshake starts, so a flood costs the server no cryptography: at most
// maxConns open connections per IP, and new connections at most at the
// given rate (with an equal burst).
type ipTable struct {
	mu       sync.Mutex
	maxConns int
	perMin   int
	maxIPs   int
	entries  map[string]*ipEntry
}

type ipEntry struct {
	conns    int
	limiter  *rate.Limiter
	lastSeen time.Time
}

func newIPTable(maxConns, perMinute int) *ipTable {
	return &ipTable{maxConns: maxConns, perMin: perMinute, maxIPs: 100000, entries: map[string]*ipEntry{}}
}

// refusal reasons, for the log.
const (
	refuseConns = "too many connections from this address"
	refuseRate  = "connecting too often"
	refuseTable = "address table full"
)

// acquire admits a new connection from ip, or says why not.
func (t *ipTable) acquire(ip string, now time.Time) (ok bool, reason string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := t.entries[ip]
	if e == nil {
		if len(t.entries) >= t.maxIPs {
			return false, refuseTable
		}
		e = &ipEntry{}
		if t.perMin > 0 {
			e.limiter = rate.NewLimiter(rate.Every(time.Minute/time.Duration(t.perMin)), t.perMin)
		}
		t.entries[ip] = e
	}
	e.lastSeen = now
	if t.maxConns > 0 && e.conns >= t.maxConns {
		return false, refuseConns
	}
	if e.limiter != nil && !e.limiter.AllowN(now, 1) {
		return false, refuseRate
	}
	e.conns++
	return true, ""
}

// release records that a connection from ip closed.
func (t *ipTable) release(ip string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e := t.entries[ip]; e != nil && e.conns > 0 {
		e.conns--
	}
}

// sweep forgets addresses with no connection whose rate bucket has had
// time to refill, so the table does not grow without bound.
func (t *ipTable) sweep(now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for ip, e := range t.entries {
		if e.conns == 0 && now.Sub(e.lastSeen) > 2*time.Minute {
			delete(t.entries, ip)
		}
	}
}

func (t *ipTable) size() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.entries)
}

// hostOf returns the IP part of a remote address.
func hostOf(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok {
		return tcp.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
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
