package textwidth

import (
	"math/rand/v2"
	"strings"
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

// Line's one pass gives what measuring run by run gives, and what
// ansi.StringWidth gives, on lines of styled simple text with any other
// character, control or broken sequence mixed in.
func TestLineOnePassMatchesRuns(t *testing.T) {
	pieces := []string{"a", "Moves (12)", " ", "·", "─┼─", "→", "é", "\x1b[38;5;208m", "\x1b[48;2;48;48;48m", "\x1b[m",
		"\x1b]8;;http://x\x1b\\", "文字", "👍🏽", "e\u0301", "\t", "\x1b", "\x1b[", "\xff", "\u00ad", "\x1b(B", "\x7f", "\u0085"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(3) > 0 {
				p = pieces[rng.IntN(9)] // mostly the simple ones
			}
			sb.WriteString(p)
		}
		s := sb.String()
		got, clean := LineClean(s)
		runs, runsClean := byRuns(s)
		if want := ansi.StringWidth(s); got != runs || got != want || clean != runsClean {
			t.Fatalf("Line(%q) = %d (clean %t), by runs %d (clean %t), ansi.StringWidth %d", s, got, clean, runs, runsClean, want)
		}
		// A clean line padded with spaces is as many cells wider, which
		// a caller that pads lines counts on without measuring again.
		if padded := ansi.StringWidth(s + "   "); clean && padded != got+3 {
			t.Fatalf("clean line %q is %d cells, %d padded with 3 spaces", s, got, padded)
		}
	}
}

// A line is clean when it holds only complete sequences between text
// without control characters; anything else may take in what follows.
func TestLineClean(t *testing.T) {
	tests := []struct {
		name  string
		line  string
		width int
		clean bool
	}{
		{"empty", "", 0, true},
		{"styled", "\x1b[38;5;208m a·b \x1b[m", 5, true},
		{"wide and combining", "文字 e\u0301", 6, true},
		{"hyperlink", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", 4, true},
		{"unfinished CSI", "ab\x1b[38;5", 2, false},
		{"lone escape", "ab\x1b", 2, false},
		{"tab", "a\tb", 2, false},
		{"invalid UTF-8", "a\xffb", 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, clean := LineClean(tt.line)
			if w != ansi.StringWidth(tt.line) || w != tt.width || clean != tt.clean {
				t.Errorf("LineClean(%q) = %d, %t; want %d, %t", tt.line, w, clean, tt.width, tt.clean)
			}
		})
	}
}

// One walk finds a line's width, whether it is clean, whether it has
// escape sequences and whether an SGR sequence in it sets a 24-bit
// colour (a row a terminal of 256 colours must have converted).
func TestLineFacts(t *testing.T) {
	tests := []struct {
		name                       string
		line                       string
		width                      int
		clean, escapes, trueColour bool
	}{
		{"plain", "a·b", 3, true, false, false},
		{"256 colours", "\x1b[38;5;208;48;5;236m [·] \x1b[m", 5, true, true, false},
		{"24-bit foreground", "ab\x1b[38;2;255;0;0mc\x1b[m", 3, true, true, true},
		{"24-bit background after others", "\x1b[1;48;2;1;2;3m x \x1b[m", 3, true, true, true},
		{"24-bit underline, colons", "\x1b[58:2::1:2:3mx", 1, true, true, true},
		{"shortest 24-bit", "\x1b[38;2;0;0;0mx", 1, true, true, true},
		{"in the text, not a sequence", "8;2;1 \x1b[1mx", 7, true, true, false},
		{"in a hyperlink, not an SGR", "\x1b]8;;http://x/8;2;3\x1b\\link\x1b]8;;\x1b\\", 4, true, true, false},
		{"not clean: looked for anywhere", "a\tb\x1b[38;2;1;2;3m", 2, false, true, true},
		{"unfinished, no escape after", "ab", 2, true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := Facts{Width: tt.width, Clean: tt.clean, Escapes: tt.escapes, TrueColour: tt.trueColour}
			if got := LineFacts(tt.line); got != want || got.Width != ansi.StringWidth(tt.line) {
				t.Errorf("LineFacts(%q) = %+v; want %+v", tt.line, got, want)
			}
		})
	}
}

// escapeLenByBytes is EscapeLen's CSI case as the standard says it, a
// byte at a time: the reference EscapeLen's scan of the parameters
// eight bytes at a time must agree with.
func escapeLenByBytes(s string) int {
	if len(s) < 2 || s[0] != 0x1b || s[1] != '[' {
		return -1 // not a CSI: not what this reference is for
	}
	i := 2
	for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
		i++
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		return i + 1
	}
	return 0
}

// EscapeLen finds where a CSI sequence ends whatever the length of its
// parameters and whichever byte stops them, at every place in a word of
// eight: every run of 0 to 24 parameter bytes followed by each byte
// there is, then a final byte and more text (or nothing).
func TestEscapeLen(t *testing.T) {
	tests := []struct {
		name string
		seq  string
		want int
	}{
		{"reset", "\x1b[m", 3},
		{"256 colours, text after", "\x1b[38;5;208;48;5;236m [x]", 20},
		{"24-bit, 14 parameter bytes", "\x1b[38;2;255;128;0mab", 17},
		{"intermediate byte", "\x1b[2 qx", 5},
		{"unfinished", "\x1b[38;5;208", 0},
		{"control byte in the parameters", "\x1b[38;5\n;208m", 0},
		{"high byte in the parameters", "\x1b[38;5\xb0;208m", 0},
		{"OSC", "\x1b]8;;http://x\x1b\\", 15},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EscapeLen(tt.seq); got != tt.want {
				t.Errorf("EscapeLen(%q) = %d; want %d", tt.seq, got, tt.want)
			}
		})
	}
	params := "0123456789;:<=>?38;2;255;"
	for n := 0; n <= 24; n++ {
		for b := 0; b < 256; b++ {
			for _, tail := range []string{"", "m", "mabcdefgh"} {
				s := "\x1b[" + params[:n] + string([]byte{byte(b)}) + tail
				if got, want := EscapeLen(s), escapeLenByBytes(s); got != want {
					t.Fatalf("EscapeLen(%q) = %d; byte by byte %d", s, got, want)
				}
			}
		}
	}
}

// BenchmarkLine measures a styled board line, as a server does for every
// line of every frame: in one pass (Line) and run by run (as Line did
// before).
func BenchmarkLine(b *testing.B) {
	var sb strings.Builder
	for range 12 {
		sb.WriteString("\x1b[38;5;208;48;5;236m [·] \x1b[m\x1b[38;5;244m│")
	}
	s := sb.String()
	for _, f := range []struct {
		name string
		fn   func(string) int
	}{{"one-pass", Line}, {"by-runs", func(s string) int { w, _ := byRuns(s); return w }}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				if n := f.fn(s); n != 72 {
					b.Fatal(n)
				}
			}
		})
	}
}
