package remoteterm

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// BenchmarkScreenDraw is the writer's work for a 100×40 frame of styled
// lines of which one changed (a key typed at a board's prompt), to the
// bytes sent, for a 256-colour terminal.
func BenchmarkScreenDraw(b *testing.B) {
	var frames [2]string
	for i := range frames {
		lines := make([]string, 40)
		for y := range lines {
			lines[y] = strings.Repeat("\x1b[38;5;208;48;5;236m [·] \x1b[m│", 12) + fmt.Sprintf(" row %d", y)
		}
		lines[39] = fmt.Sprintf("\x1b[38;5;244m: a1 2cw%d\x1b[m", i)
		frames[i] = strings.Join(lines, "\n")
	}
	s := &screen{}
	var buf bytes.Buffer
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf.Reset()
		j := job{view: altView(frames[i%2]), hasView: true, width: 100, height: 40, syncd: true, profile: colorprofile.ANSI256}
		s.frame(&buf, &j)
	}
}
