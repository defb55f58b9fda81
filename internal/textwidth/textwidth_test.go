package textwidth

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Every simple rune is one cell alone, after a letter and before one.
func TestSimpleRunes(t *testing.T) {
	n := 0
	for r := rune(0); r <= 0x2fff; r++ {
		if !simpleRune(r) {
			continue
		}
		n++
		for _, s := range []string{string(r), "a" + string(r), string(r) + "a", "\x1b[1m" + string(r) + string(r) + "\x1b[0m"} {
			if got, want := Line(s), ansi.StringWidth(s); got != want {
				t.Fatalf("Line(%q) = %d, ansi.StringWidth says %d", s, got, want)
			}
		}
	}
	if n < 300 {
		t.Fatalf("only %d simple runes", n)
	}
}
