package server

import (
	"time"

	"golang.org/x/time/rate"
)

// keyGate paces one session's input to a human rate of events: a key (a
// character, a control key, an escape sequence such as an arrow key or a
// mouse report) is one event, and so is a whole bracketed paste, however
// long. A person types a few keys a second, a held key repeats some
// thirty times a second; a client sending thousands a second only makes
// the program do that much work for nobody. Events beyond the rate are
// not dropped but held back — the session's input pump stops reading, so
// the SSH window and TCP push back on the client — and no escape sequence
// or paste is ever split by the wait: it happens between events only. It
// sits before the program, in the bytes, so it is the same whatever the
// program's input parser makes of them.
type keyGate struct {
	lim     *rate.Limiter // nil: no limit
	prepaid bool          // wait paid for the next event
	state   keyState
	left    int    // bytes still to come of a UTF-8 rune or an X10 mouse report
	csi     []byte // a CSI sequence's parameters so far (bounded)
	long    int    // bytes of an OSC, DCS, APC or PM string so far
	paste   int    // how much of pasteEnd has been seen inside a paste
	// held, when set, is called the first time the gate holds keys back:
	// the operator hears of a flooding client once per session.
	held func()
}

// keyState is where the gate is in the input's events.
type keyState uint8

const (
	keyBetween   keyState = iota // the next byte starts an event
	keyRune                      // in a UTF-8 rune (left bytes to come)
	keyEsc                       // after ESC
	keyCSI                       // in a CSI sequence
	keySS3                       // after ESC O: one more byte
	keyString                    // in an OSC, DCS, APC or PM string
	keyStringEsc                 // ESC inside such a string
	keyX10                       // an X10 mouse report's raw bytes (left)
	keyPaste                     // inside a bracketed paste
)

const (
	pasteStart = "200~"      // CSI parameters that open a bracketed paste
	pasteEnd   = "\x1b[201~" // what closes it
	// A sequence longer than these is no key a terminal sends: it ends
	// there, and what follows is charged as new events.
	maxCSI    = 64
	maxString = 4096
)

// newKeyGate returns a gate of perSecond events a second with bursts of
// burst; perSecond < 0 lets everything through.
func newKeyGate(perSecond, burst int) *keyGate {
	g := &keyGate{}
	if perSecond >= 0 {
		g.lim = rate.NewLimiter(rate.Limit(perSecond), max(burst, 1))
	}
	return g
}

// pass returns how many bytes at the start of b may go to the program
// now: whole events, each paying for itself, up to the first event that
// finds no token (0: wait first). A sequence begun in an earlier b was
// paid for then.
func (g *keyGate) pass(b []byte, now time.Time) int {
	if g.lim == nil {
		return len(b)
	}
	for i, c := range b {
		if g.starts(c) {
			switch {
			case g.prepaid:
				g.prepaid = false
			case !g.lim.AllowN(now, 1):
				return i
			}
		}
		g.step(c)
	}
	return len(b)
}

// starts reports whether byte c begins an event: after a whole one, or
// ESC after a lone ESC (the Escape key) — a run of them is a run of keys.
func (g *keyGate) starts(c byte) bool {
	return g.state == keyBetween || (g.state == keyEsc && c == 0x1b)
}

// wait blocks until the next event's token is due, and pays for it; it
// returns false if done closes first.
func (g *keyGate) wait(done <-chan struct{}) bool {
	if g.held != nil {
		g.held()
		g.held = nil
	}
	r := g.lim.Reserve()
	t := time.NewTimer(r.Delay())
	defer t.Stop()
	select {
	case <-t.C:
		g.prepaid = true
		return true
	case <-done:
		r.Cancel()
		return false
	}
}

// step moves the gate past byte c.
func (g *keyGate) step(c byte) {
	switch g.state {
	case keyBetween:
		g.begin(c)
	case keyRune, keyX10:
		if g.left--; g.left == 0 {
			g.state = keyBetween
		}
	case keyEsc:
		g.afterEsc(c)
	case keyCSI:
		g.inCSI(c)
	case keySS3:
		g.state = keyBetween
	case keyString:
		g.long++
		switch {
		case c == 0x07 || g.long > maxString:
			g.state = keyBetween
		case c == 0x1b:
			g.state = keyStringEsc
		}
	case keyStringEsc:
		g.state = keyString
		if c == '\\' {
			g.state = keyBetween
		}
	case keyPaste:
		g.inPaste(c)
	}
}

// begin starts an event with byte c.
func (g *keyGate) begin(c byte) {
	switch {
	case c == 0x1b:
		g.state = keyEsc
	case c >= 0xf0:
		g.state, g.left = keyRune, 3
	case c >= 0xe0:
		g.state, g.left = keyRune, 2
	case c >= 0xc0:
		g.state, g.left = keyRune, 1
	}
	// ASCII and stray continuation bytes are events of one byte.
}

// afterEsc reads the byte after ESC: a sequence's kind, or Alt+key.
func (g *keyGate) afterEsc(c byte) {
	switch c {
	case '[':
		g.state, g.csi = keyCSI, g.csi[:0]
	case 'O':
		g.state = keySS3
	case ']', 'P', '_', '^':
		g.state, g.long = keyString, 0
	case 0x1b:
		// The Escape key, and this ESC begins another event (charged: see
		// starts).
	default:
		g.state = keyBetween
	}
}

// inCSI reads a CSI sequence up to its final byte: a paste's start opens
// the paste, an X10 mouse report's three raw bytes follow its final M.
func (g *keyGate) inCSI(c byte) {
	if c < 0x40 || c > 0x7e {
		if g.csi = append(g.csi, c); len(g.csi) > maxCSI {
			g.state = keyBetween
		}
		return
	}
	switch {
	case c == '~' && string(g.csi) == pasteStart[:len(pasteStart)-1]:
		g.state, g.paste = keyPaste, 0
	case c == 'M' && len(g.csi) == 0:
		g.state, g.left = keyX10, 3
	default:
		g.state = keyBetween
	}
}

// inPaste looks for the end of a paste; everything up to it is part of
// the one event.
func (g *keyGate) inPaste(c byte) {
	switch {
	case c == pasteEnd[g.paste]:
		if g.paste++; g.paste == len(pasteEnd) {
			g.state = keyBetween
		}
	case c == pasteEnd[0]:
		g.paste = 1
	default:
		g.paste = 0
	}
}
