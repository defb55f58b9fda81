package server

import (
	"bytes"
	"testing"

	"charm.land/ssh"
)

// A session's output reaches the client exactly as through the session's
// emulated PTY (\n as \r\n), and a frame without a line feed — every frame
// the line renderer draws — is written without the PTY's two copies of it.
func TestPTYOutputSkipsCopiesOfFramesWithoutLineFeeds(t *testing.T) {
	// Not parallel: AllocsPerRun counts the whole process's allocations.
	writes := []string{
		"\x1b[?1049h\x1b[H\x1b[2Jmenu\x1b[2;1Hline two\r\x1b[K",
		"goodbye\n",
		"a\r\nb\nc\r\r\n",
		"",
	}
	for _, w := range writes {
		var viaPTY, sess, raw bytes.Buffer
		if _, err := ssh.NewPtyWriter(&viaPTY).Write([]byte(w)); err != nil {
			t.Fatal(err)
		}
		out := ptyOut{sess: ssh.NewPtyWriter(&sess), raw: &raw}
		if n, err := out.Write([]byte(w)); n != len(w) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", w, n, err)
		}
		if got := sess.String() + raw.String(); got != viaPTY.String() {
			t.Errorf("Write(%q) sent %q, the PTY %q", w, got, viaPTY.String())
		}
	}
	frame := []byte(writes[0])
	out := ptyOut{sess: ssh.NewPtyWriter(discard{}), raw: discard{}}
	if n := testing.AllocsPerRun(100, func() { _, _ = out.Write(frame) }); n != 0 {
		t.Errorf("a frame without a line feed cost %.0f allocations, want 0", n)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
