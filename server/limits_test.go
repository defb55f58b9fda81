package server

import (
	"net"
	"net/netip"
	"testing"
	"time"
)

func TestParseStartups(t *testing.T) {
	for _, tc := range []struct {
		in                string
		start, rate, full int
		bad               bool
	}{
		{"10:30:100", 10, 30, 100, false},
		{"20", 20, 100, 20, false},
		{"0", 0, 0, 0, false},
		{"-1", 0, 0, 0, false},
		{"10:30", 0, 0, 0, true},
		{"10:130:100", 0, 0, 0, true},
		{"100:30:10", 0, 0, 0, true},
		{"a:b:c", 0, 0, 0, true},
	} {
		start, rate, full, err := ParseStartups(tc.in)
		if (err != nil) != tc.bad || start != tc.start || rate != tc.rate || full != tc.full {
			t.Errorf("%q: %d:%d:%d %v", tc.in, start, rate, full, err)
		}
	}
}

func TestStartupDropPercent(t *testing.T) {
	g := &startupGate{start: 10, rate: 30, full: 100}
	for _, tc := range []struct{ n, want int64 }{{0, 0}, {9, 0}, {10, 30}, {55, 65}, {100, 100}} {
		if got := g.dropPercent(tc.n); got != tc.want {
			t.Errorf("%d pending: drop %d %%, want %d %%", tc.n, got, tc.want)
		}
	}
}

func TestNetBlocks(t *testing.T) {
	for _, tc := range []struct {
		spec, addr, want string
	}{
		{"32:64", "192.0.2.7", "192.0.2.7/32"},
		{"24:64", "192.0.2.7", "192.0.2.0/24"},
		{"32:64", "2001:db8::1:2", "2001:db8::/64"},
		{"32:128", "2001:db8::1:2", "2001:db8::1:2/128"},
		{"32:64", "::ffff:192.0.2.7", "192.0.2.7/32"},
	} {
		v4, v6, err := ParseNetBlock(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		tab := newSourceTable(1, 1, 10, v4, v6)
		if got := tab.block(netip.MustParseAddr(tc.addr)).String(); got != tc.want {
			t.Errorf("%s in %s: %s, want %s", tc.addr, tc.spec, got, tc.want)
		}
	}
	for _, bad := range []string{"0:64", "33", "32:129", "x"} {
		if _, _, err := ParseNetBlock(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// deadlineConn records the deadlines set on it.
type deadlineConn struct {
	net.Conn
	set []time.Time
}

func (c *deadlineConn) SetDeadline(t time.Time) error {
	c.set = append(c.set, t)
	return nil
}

// A connection's deadline is moved later only by steps of a hundredth
// of the time left to it (the SSH library moves it at every read and
// write); an earlier deadline, or none, is always set.
func TestDeadlineMovesInSteps(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		name string
		at   []time.Time // the deadlines asked for, in turn
		set  int         // how many reach the connection
	}{
		{"idle timeout of two minutes, reads within a second", []time.Time{
			now.Add(2 * time.Minute), now.Add(2*time.Minute + 100*time.Millisecond), now.Add(2*time.Minute + 500*time.Millisecond),
			now.Add(2*time.Minute + 900*time.Millisecond), now.Add(2*time.Minute + 1300*time.Millisecond)}, 2},
		{"a short timeout moves at every read", []time.Time{
			now.Add(500 * time.Millisecond), now.Add(510 * time.Millisecond), now.Add(520 * time.Millisecond)}, 3},
		{"an earlier deadline", []time.Time{now.Add(2 * time.Minute), now.Add(time.Minute)}, 2},
		{"no deadline", []time.Time{now.Add(2 * time.Minute), {}, {}, now.Add(2 * time.Minute)}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn := &deadlineConn{}
			lc := &limitedConn{Conn: conn}
			for _, at := range tc.at {
				if err := lc.SetDeadline(at); err != nil {
					t.Fatal(err)
				}
			}
			if len(conn.set) != tc.set {
				t.Errorf("%d deadlines set of %d asked, want %d: %v", len(conn.set), len(tc.at), tc.set, conn.set)
			}
			if last := tc.at[len(tc.at)-1]; len(conn.set) > 0 && conn.set[len(conn.set)-1].After(last) {
				t.Errorf("the deadline set, %v, is later than the one asked last, %v", conn.set[len(conn.set)-1], last)
			}
		})
	}
}
