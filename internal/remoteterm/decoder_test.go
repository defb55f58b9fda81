package remoteterm

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// received collects what a decoder hands over.
type received struct {
	mu   sync.Mutex
	msgs []tea.Msg
}

func (r *received) send(m tea.Msg) {
	r.mu.Lock()
	r.msgs = append(r.msgs, m)
	r.mu.Unlock()
}

func (r *received) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var parts []string
	for _, m := range r.msgs {
		switch m := m.(type) {
		case burstKey:
			// A key with more of its input after it (no frame of its own).
			parts = append(parts, "key:"+m.msg().(tea.KeyPressMsg).String()+"+")
		case uv.KeyPressEvent:
			parts = append(parts, "key:"+m.String())
		case uv.PasteEvent:
			parts = append(parts, fmt.Sprintf("paste:%d:%.10s", len(m.Content), m.Content))
		default:
			parts = append(parts, fmt.Sprintf("%T", m))
		}
	}
	return strings.Join(parts, " ")
}

// The client's bytes become the messages Bubble Tea's own reader makes
// of them, however the bytes are split between writes.
func TestDecoderMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"keys", []string{"jk\r"}, "key:j+ key:k+ key:enter"},
		{"keys one by one", []string{"j", "k", "\r"}, "key:j key:k key:enter"},
		{"arrow split", []string{"\x1b[", "A", "x"}, "key:up key:x"},
		{"shift+tab and ctrl", []string{"\x1b[Z\x03"}, "key:shift+tab+ key:ctrl+c"},
		{"key before a mouse event", []string{"j\x1b[<0;12;6M"}, "key:j+ uv.MouseClickEvent"},
		{"kitty key", []string{"\x1b[97;5u"}, "key:ctrl+a"},
		{"mouse", []string{"\x1b[<0;12;6M"}, "uv.MouseClickEvent"},
		{"mode report", []string{"\x1b[?2026;2$y"}, "uv.ModeReportEvent"},
		{"paste", []string{"\x1b[200~hello\x1b", "[201~q"}, "uv.PasteStartEvent paste:5:hello uv.PasteEndEvent key:q"},
		{"key before a paste", []string{"x\x1b[200~y\x1b[201~"}, "key:x+ uv.PasteStartEvent paste:1:y uv.PasteEndEvent"},
		{"paste with keys inside", []string{"\x1b[200~a\x1b[Ab\r\x1b[201~"}, "uv.PasteStartEvent paste:6:a\x1b[Ab\r uv.PasteEndEvent"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got received
			d := NewDecoder(got.send)
			for _, w := range tt.writes {
				d.Write([]byte(w))
			}
			if got.String() != tt.want {
				t.Fatalf("got %q, want %q", got.String(), tt.want)
			}
			d.Close()
		})
	}
}

// A lone ESC is the Escape key once EscTimeout has passed without more
// bytes; ESC and a key within it is Alt and the key.
func TestDecoderEscapeTimeout(t *testing.T) {
	t.Parallel()
	var got received
	d := NewDecoder(got.send)
	defer d.Close()
	d.Write([]byte{ansi.ESC})
	if got.String() != "" {
		t.Fatalf("a lone ESC was taken at once: %q", got.String())
	}
	deadline := time.Now().Add(5 * time.Second)
	for got.String() == "" && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if got.String() != "key:esc" {
		t.Fatalf("after the timeout: %q, want key:esc", got.String())
	}
	got.mu.Lock()
	got.msgs = nil
	got.mu.Unlock()
	d.Write([]byte("\x1bx"))
	time.Sleep(2 * EscTimeout)
	if got.String() != "key:alt+x" {
		t.Fatalf("ESC x: %q, want key:alt+x", got.String())
	}
}

// A paste longer than MaxPaste is cut to it; what follows its end is
// read as keys again.
func TestDecoderBoundsPaste(t *testing.T) {
	t.Parallel()
	var got received
	d := NewDecoder(got.send)
	defer d.Close()
	d.Write([]byte("\x1b[200~"))
	for range 100 {
		d.Write([]byte(strings.Repeat("x", 4096)))
	}
	d.Write([]byte("\x1b[201~j"))
	want := fmt.Sprintf("uv.PasteStartEvent paste:%d:xxxxxxxxxx uv.PasteEndEvent key:j", MaxPaste)
	if got.String() != want {
		t.Fatalf("got %q, want %q", got.String(), want)
	}
}
