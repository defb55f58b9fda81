package remoteterm

import (
	"bytes"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// EscTimeout is how long an escape sequence's first bytes wait for the
// rest before they are taken as they are (a lone ESC is the Escape key),
// as Bubble Tea waits.
const EscTimeout = uv.DefaultEscTimeout

// MaxPaste bounds a bracketed paste: what a client pastes beyond it is
// dropped (a move or a name is a few bytes; a paste that never ends
// must not grow without end).
const MaxPaste = 64 << 10

// pasteEnd closes a bracketed paste.
const pasteEnd = "\x1b[201~"

// Decoder turns a terminal's input into Bubble Tea's messages and hands
// each to send (a program's Send), in order, from the goroutine that
// writes the input to it, or from its escape timer. It decodes with
// Ultraviolet's EventDecoder, which Bubble Tea's own input reader uses,
// and like that reader it gathers a bracketed paste into one message
// and waits EscTimeout for the rest of a sequence that came in part.
//
// Bubble Tea's reader also looks sequences up in a table of legacy keys
// (rxvt's modified arrows and function keys) built for every program,
// about 135 KB; here such a sequence reaches the program as an unknown
// event. tabletop binds none of those keys.
type Decoder struct {
	send func(tea.Msg)

	mu      sync.Mutex // the input and its timer, and the order of send
	dec     uv.EventDecoder
	buf     []byte // bytes of a sequence not complete yet
	pasting bool
	paste   []byte
	timer   *time.Timer
	armed   uint64 // which wait the timer is for
	closed  bool
	held    uv.Event // the last key decoded, sent when what follows is known
}

// NewDecoder returns a decoder handing its messages to send.
func NewDecoder(send func(tea.Msg)) *Decoder { return &Decoder{send: send} }

// Write decodes p; it returns when every message p completes was
// handed over (send may wait for the program).
func (d *Decoder) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return len(p), nil
	}
	d.armed++ // new bytes: a timer already running is for an older wait
	d.buf = append(d.buf, p...)
	d.scan(false)
	d.flush()
	d.wait()
	return len(p), nil
}

// Close hands over what is left as it is and stops the timer.
func (d *Decoder) Close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return
	}
	d.scan(true)
	d.flush()
	d.closed = true
	d.armed++
	if d.timer != nil {
		d.timer.Stop()
	}
}

// wait arms the escape timer for the bytes left over, if any. Called
// with mu held.
func (d *Decoder) wait() {
	if len(d.buf) == 0 {
		d.buf = nil // let a large input's array go
	}
	if len(d.buf) == 0 || d.pasting {
		return // a paste waits for its end however long it takes
	}
	gen := d.armed
	if d.timer != nil {
		d.timer.Stop()
	}
	d.timer = time.AfterFunc(EscTimeout, func() { d.expire(gen) })
}

// expire takes what waited EscTimeout for more bytes as it is.
func (d *Decoder) expire(gen uint64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if gen != d.armed || d.closed {
		return // more input came meanwhile: its own wait decides
	}
	d.scan(true)
	d.flush()
	if len(d.buf) == 0 {
		d.buf = nil
	}
}

// scan hands over every message the buffer completes; with expired,
// also what is left of an incomplete sequence. Called with mu held.
func (d *Decoder) scan(expired bool) {
	for len(d.buf) > 0 {
		if d.pasting {
			if !d.scanPaste() {
				return
			}
			continue
		}
		n, ev := d.dec.Decode(d.buf)
		if n == 0 {
			return
		}
		_, unknown := ev.(uv.UnknownEvent)
		if !expired && (unknown || d.buf[0] == ansi.ESC && n <= 2) {
			// Maybe the start of a longer sequence, or ESC before a key
			// (Alt): wait for more.
			return
		}
		d.buf = d.buf[n:]
		d.deliver(ev)
	}
}

// deliver hands ev over, a multiple event as its parts.
func (d *Decoder) deliver(ev uv.Event) {
	switch ev := ev.(type) {
	case nil:
	case uv.MultiEvent:
		for _, e := range ev {
			d.deliver(e)
		}
	case uv.PasteStartEvent:
		d.pasting, d.paste = true, d.paste[:0]
		d.emit(ev)
	default:
		d.emit(ev)
	}
}

// emit hands ev over in order. A key is held until what follows it is
// known: a key followed by more of the same input goes as a burstKey, so
// that the program draws one frame for a burst of keys (a paste of keys,
// a move typed in one packet), not one per key.
func (d *Decoder) emit(ev uv.Event) {
	if d.held != nil {
		d.send(burstKey{d.held})
		d.held = nil
	}
	switch ev.(type) {
	case uv.KeyPressEvent, uv.KeyReleaseEvent:
		d.held = ev
	default:
		d.send(ev)
	}
}

// flush hands over the key held, the last of its input.
func (d *Decoder) flush() {
	if d.held != nil {
		d.send(d.held)
		d.held = nil
	}
}

// burstKey is a key with more input decoded after it: Model passes it to
// the model as the key it is and draws no frame after it, since a
// message follows at once whose frame shows the key's effect too.
type burstKey struct{ ev uv.Event }

// msg is the key as Bubble Tea gives it to a model.
func (k burstKey) msg() tea.Msg {
	switch e := k.ev.(type) {
	case uv.KeyPressEvent:
		return tea.KeyPressMsg(e)
	case uv.KeyReleaseEvent:
		return tea.KeyReleaseMsg(e)
	}
	return k.ev
}

// scanPaste gathers a bracketed paste's bytes up to its end, then hands
// over the paste and its end; false while the end has not come.
func (d *Decoder) scanPaste() bool {
	i := bytes.Index(d.buf, []byte(pasteEnd))
	if i < 0 {
		// Keep what may be the start of the end marker.
		keep := partialSuffix(d.buf, pasteEnd)
		d.appendPaste(d.buf[:len(d.buf)-keep])
		d.buf = append(d.buf[:0], d.buf[len(d.buf)-keep:]...)
		return false
	}
	d.appendPaste(d.buf[:i])
	d.buf = d.buf[i+len(pasteEnd):]
	content := strings.ToValidUTF8(string(d.paste), "")
	d.pasting, d.paste = false, nil
	d.emit(uv.PasteEvent{Content: content})
	d.emit(uv.PasteEndEvent{})
	return true
}

func (d *Decoder) appendPaste(p []byte) {
	if room := MaxPaste - len(d.paste); room > 0 {
		d.paste = append(d.paste, p[:min(len(p), room)]...)
	}
}

// partialSuffix is the length of the longest end of b that begins
// marker.
func partialSuffix(b []byte, marker string) int {
	for n := min(len(b), len(marker)-1); n > 0; n-- {
		if string(b[len(b)-n:]) == marker[:n] {
			return n
		}
	}
	return 0
}
