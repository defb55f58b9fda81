package server

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// events counts the events the gate sees in the pieces, fed one after the
// other: the tokens they take from a bucket that never refills.
func events(t *testing.T, pieces ...string) int {
	t.Helper()
	const plenty = 1 << 20
	g := newKeyGate(0, plenty)
	now := time.Now()
	for _, p := range pieces {
		if n := g.pass([]byte(p), now); n != len(p) {
			t.Fatalf("%q: %d bytes passed, want all", p, n)
		}
	}
	return plenty - int(g.lim.TokensAt(now))
}

// A key is one event, whatever its bytes; a paste is one however long; a
// sequence split between reads is one.
func TestKeyGateCountsEvents(t *testing.T) {
	paste := "\x1b[200~" + strings.Repeat("pasted text, \x1b[A escapes and all\r\n", 10000) + "\x1b[201~"
	for _, tc := range []struct {
		name   string
		pieces []string
		want   int
	}{
		{"letters", []string{"abc"}, 3},
		{"enter and ctrl+c", []string{"\r\x03"}, 2},
		{"arrow keys", []string{"\x1b[A\x1b[B\x1bOC"}, 3},
		{"a UTF-8 letter", []string{"é€𝄞"}, 3},
		{"escape, escape", []string{"\x1b\x1b"}, 2},
		{"alt+x", []string{"\x1bx"}, 1},
		{"SGR mouse", []string{"\x1b[<0;12;6M\x1b[<0;12;6m"}, 2},
		{"X10 mouse", []string{"\x1b[M !!x"}, 2},
		{"a terminal's colour answer", []string{"\x1b]11;rgb:0000/0000/0000\x1b\\"}, 1},
		{"a 370 KB paste, then a key", []string{paste, "q"}, 2},
		{"split between reads", []string{"\x1b", "[", "1;5", "C", "\x1b[200~ab", "c\x1b[20", "1~", "x"}, 3},
		{"a CSI sequence that never ends", []string{"\x1b[" + strings.Repeat("1;", 100)}, 1 + 200 - maxCSI - 1},
	} {
		if got := events(t, tc.pieces...); got != tc.want {
			t.Errorf("%s: %d events, want %d", tc.name, got, tc.want)
		}
	}
}

// Beyond the burst the gate lets through whole events only, and a wait
// pays for the next; a paste passes whole on one token.
func TestKeyGatePacesWholeEvents(t *testing.T) {
	g := newKeyGate(1, 2)
	now := time.Now()
	in := []byte("\x1b[C\x1b[D\x1b[C")
	if n := g.pass(in, now); n != 6 {
		t.Fatalf("%d bytes passed with a burst of 2 arrow keys, want 6", n)
	}
	if n := g.pass(in[6:], now); n != 0 {
		t.Fatalf("%d bytes passed with no token left", n)
	}
	g.lim.SetLimitAt(now, rate.Inf) // the wait is due at once
	if !g.wait(make(chan struct{})) {
		t.Fatal("wait failed")
	}
	g.lim.SetLimitAt(now, 0)
	if n := g.pass(in[6:], now); n != 3 {
		t.Fatalf("%d bytes passed after the wait paid for a key, want 3", n)
	}
	paste := []byte("\x1b[200~" + strings.Repeat("x", 300<<10) + "\x1b[201~")
	g = newKeyGate(0, 1)
	if n := g.pass(paste, now); n != len(paste) {
		t.Fatalf("a paste passed %d of its %d bytes on one token", n, len(paste))
	}
	done := make(chan struct{})
	close(done)
	if g.wait(done) {
		t.Fatal("wait with the session over and no token due returned true")
	}
	if n := newKeyGate(-1, 0).pass(in, now); n != len(in) {
		t.Fatalf("no limit: %d bytes passed", n)
	}
}

// A session's input pump gives its program a paste whole and keys up to
// the burst, then holds the rest back (here for good: the bucket never
// refills) without losing or splitting any.
func TestInputPumpHoldsAFloodBack(t *testing.T) {
	paste := "\x1b[200~" + strings.Repeat("x", 100<<10) + "\x1b[201~"
	flood := strings.Repeat("\x1b[C", 1000)
	keys := newKeyGate(0, 4)
	var held atomic.Int32
	keys.held = func() { held.Add(1) }
	var got syncBuffer
	p := newInputPump(strings.NewReader(paste+flood), keys, &got)
	go p.run()
	defer p.close()
	want := paste + flood[:3*len("\x1b[C")] // the paste and three keys: four events
	deadline := time.Now().Add(20 * time.Second)
	for len(got.String()) < len(want) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // nothing more may come
	if got.String() != want {
		t.Fatalf("the program got %d bytes, want the %d of the paste and three keys", len(got.String()), len(want))
	}
	waitUntil(t, "the operator told that keys are held back", func() bool { return held.Load() == 1 })
}
