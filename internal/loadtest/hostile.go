package loadtest

import (
	"context"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// hostileWorkers is how many clients of each hostile kind run at once:
// enough to hurt a careless server, bounded so the test stays a test.
const hostileWorkers = 3

// hostileKinds are the misbehaving clients of the soak, each one attempt
// at a time; every attempt ends its own connection.
var hostileKinds = []struct {
	name string
	run  func(addr string, src net.IP) error
}{
	{"pre-shell window changes", preShellWindowChanges},
	{"input burst, abrupt close", burstThenClose},
	{"env flood without shell", envFlood},
	{"connect/close storm", connectClose},
}

// soak runs the hostile clients until ctx is done, plus a few clients that
// open a session and never read. It returns the attempts per kind.
func (lt *loadTest) soak(ctx context.Context) map[string]int64 {
	counts := make([]atomic.Int64, len(hostileKinds))
	var wg sync.WaitGroup
	for k, kind := range hostileKinds {
		for w := 0; w < hostileWorkers; w++ {
			wg.Add(1)
			go func(k, w int) {
				defer wg.Done()
				for i := 0; ctx.Err() == nil; i++ {
					_ = kind.run(lt.addr, hostileSource(k, w, i))
					counts[k].Add(1)
					time.Sleep(20 * time.Millisecond)
				}
			}(k, w)
		}
	}
	// Stalled readers: they open a big screen and never read it.
	for w := 0; w < hostileWorkers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			c, err := hostileSession(lt.addr, hostileSource(len(hostileKinds), w, 0), 300, 100)
			if err != nil {
				return
			}
			defer c.Close()
			<-ctx.Done()
		}(w)
	}
	wg.Wait()
	out := map[string]int64{}
	for k, kind := range hostileKinds {
		out[kind.name] = counts[k].Load()
	}
	return out
}

// hostileSource spreads the hostile clients over loopback addresses
// 127.66.0.0/16 where the system allows (Linux routes all of 127/8 to lo),
// so the per-source table sees many sources.
func hostileSource(kind, worker, i int) net.IP {
	if runtime.GOOS != "linux" {
		return nil
	}
	n := (kind*hostileWorkers+worker)*4096 + i%4096
	return net.IPv4(127, 66, byte(n>>8), byte(n))
}

func dialFrom(addr string, src net.IP) (net.Conn, error) {
	d := net.Dialer{Timeout: 10 * time.Second}
	if src != nil {
		d.LocalAddr = &net.TCPAddr{IP: src}
	}
	return d.Dial("tcp", addr)
}

// hostileClient logs in as a guest from src; every connection has a
// deadline so no attempt can hang the soak.
func hostileClient(addr string, src net.IP) (*gossh.Client, error) {
	c, err := dialFrom(addr, src)
	if err != nil {
		return nil, err
	}
	_ = c.SetDeadline(time.Now().Add(15 * time.Second))
	conn, chans, reqs, err := gossh.NewClientConn(c, addr, &gossh.ClientConfig{
		User: "hostile",
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		})},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	})
	if err != nil {
		c.Close()
		return nil, err
	}
	return gossh.NewClient(conn, chans, reqs), nil
}

// hostileSession opens a session with a terminal and a shell.
func hostileSession(addr string, src net.IP, w, h int) (*gossh.Client, error) {
	c, err := hostileClient(addr, src)
	if err != nil {
		return nil, err
	}
	s, err := c.NewSession()
	if err == nil {
		err = s.RequestPty("xterm", h, w, gossh.TerminalModes{})
	}
	if err == nil {
		err = s.Shell()
	}
	if err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func preShellWindowChanges(addr string, src net.IP) error {
	c, err := hostileClient(addr, src)
	if err != nil {
		return err
	}
	defer c.Close()
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		return err
	}
	go gossh.DiscardRequests(reqs)
	pty := struct {
		Term                         string
		Columns, Rows, Width, Height uint32
		Modes                        string
	}{"xterm", 80, 24, 0, 0, ""}
	if _, err := ch.SendRequest("pty-req", true, gossh.Marshal(pty)); err != nil {
		return err
	}
	for i := 0; i < 40; i++ {
		w := struct{ Columns, Rows, Width, Height uint32 }{uint32(60 + i), 20, 0, 0}
		if _, err := ch.SendRequest("window-change", false, gossh.Marshal(w)); err != nil {
			return err
		}
	}
	_, err = ch.SendRequest("shell", true, nil)
	return err
}

func burstThenClose(addr string, src net.IP) error {
	c, err := hostileClient(addr, src)
	if err != nil {
		return err
	}
	defer c.Close()
	s, err := c.NewSession()
	if err != nil {
		return err
	}
	in, _ := s.StdinPipe()
	go io.Copy(io.Discard, must(s.StdoutPipe()))
	if err := s.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
		return err
	}
	if err := s.Shell(); err != nil {
		return err
	}
	go io.WriteString(in, strings.Repeat("jk", 32<<10))
	time.Sleep(100 * time.Millisecond)
	return c.Conn.Close() // abrupt: no goodbye
}

func must(r io.Reader, _ error) io.Reader { return r }

func envFlood(addr string, src net.IP) error {
	c, err := hostileClient(addr, src)
	if err != nil {
		return err
	}
	defer c.Close()
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		return err
	}
	go gossh.DiscardRequests(reqs)
	for i := 0; i < 100; i++ {
		kv := struct{ Key, Value string }{fmt.Sprintf("K%d", i), strings.Repeat("v", 512)}
		if _, err := ch.SendRequest("env", false, gossh.Marshal(kv)); err != nil {
			return err
		}
	}
	return nil
}

func connectClose(addr string, src net.IP) error {
	for i := 0; i < 10; i++ {
		c, err := dialFrom(addr, src)
		if err != nil {
			return err
		}
		c.Close()
	}
	return nil
}
