package termscreen

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// boardFrame is what the server's line renderer writes for a frame of a
// board screen at w×h: each row positioned, styled cells, the rest of the
// row erased, inside synchronized output.
func boardFrame(w, h int) []byte {
	cell := lipgloss.NewStyle().Background(lipgloss.Color("#303030")).Foreground(lipgloss.Color("#FF8700"))
	var b strings.Builder
	b.WriteString("\x1b[?2026h")
	for y := range h {
		fmt.Fprintf(&b, "\x1b[%dH", y+1)
		for x := 0; x+5 <= w-20; x += 5 {
			b.WriteString(cell.Render(" [·] "))
		}
		b.WriteString(" Moves (12) ─→\x1b[m\x1b[K")
	}
	b.WriteString("\x1b[?2026l")
	return []byte(b.String())
}

// BenchmarkScreenWrite is a load-test client reading a 100×40 board frame
// and looking for the text it waits for, as the rooms' players do.
func BenchmarkScreenWrite(b *testing.B) {
	frame := boardFrame(100, 40)
	s := New(100, 40)
	b.ReportAllocs()
	b.SetBytes(int64(len(frame)))
	for b.Loop() {
		s.Write(frame)
		if s.Contains("Moves (13)") || !s.Contains("Moves (12)") {
			b.Fatal("the screen does not read as written")
		}
	}
}
