// Package textwidth measures text as a terminal shows it, exactly as
// lipgloss.Width and ansi.StringWidth do but faster on what a board-game
// client draws: the client measures its lines to lay them out, and the
// server's line renderer to cut them to the window.
package textwidth

import (
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Text is lipgloss.Width: the cells the widest line of s takes on the
// screen. It gives the same number, faster: a server measures every line
// of every frame several times, and most of a line is colour codes and
// plain ASCII, which need no grapheme segmentation.
func Text(s string) int {
	w := 0
	for more := true; more; {
		var line string
		line, s, more = strings.Cut(s, "\n")
		w = max(w, Line(line))
	}
	return w
}

// Line is ansi.StringWidth of one line. A grapheme cluster never
// spans an escape sequence, so the text between escape sequences can be
// measured run by run and the sequences count no cells. A run of
// printable ASCII and of the simple symbols the client draws (see
// simpleRune) counts one cell a character; any other run is measured by
// ansi.StringWidth. Anything unusual (control characters, invalid UTF-8,
// escape sequences other than complete CSI and OSC ones) is measured by
// ansi.StringWidth whole.
//
// Line makes one pass over a line made only of escape sequences and
// simple characters, which is nearly every line the client draws (the
// server measures each line of each frame); any other line is measured
// again by runs (byRuns).
func Line(s string) int {
	w, _ := LineClean(s)
	return w
}

// LineClean is Line(s), and whether s is clean: complete CSI and OSC
// sequences between valid UTF-8 text without control characters, as
// nearly every line the client draws is. The width of a clean line
// followed by more clean text is the sum of their widths, so a clean
// line padded with n spaces is n cells wider without being measured
// again (an unfinished sequence could take the spaces in).
func LineClean(s string) (int, bool) {
	f := LineFacts(s)
	return f.Width, f.Clean
}

// Facts are what one walk over a line finds of it: its width and
// whether it is clean (LineClean), whether it has escape sequences, and
// whether it may set a 24-bit colour (an SGR sequence with 38, 48 or 58
// followed by 2, as "8;2;" or "8:2:"). A terminal's renderer needs all
// four of each new row (the colours of one with 24-bit colour are
// converted for a 256-colour terminal), and they took three passes.
type Facts struct {
	Width                      int
	Clean, Escapes, TrueColour bool
}

// LineFacts is the Facts of the line s. For a line that is not clean the
// escapes and colours are looked for in the whole line, sequences or
// not (a line the walk cannot follow).
func LineFacts(s string) Facts {
	f := Facts{Clean: true}
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f:
			// The run of printable ASCII in one loop: the switch costs
			// more than a character does.
			j := i + 1
			for j < len(s) && s[j]-0x20 < 0x5f {
				j++
			}
			f.Width += j - i
			i = j
		case c == 0x1b:
			n := EscapeLen(s[i:])
			if n == 0 {
				return uncleanFacts(s, ansi.StringWidth(s), false)
			}
			// A 24-bit colour takes at least 13 bytes: ESC[38;2;0;0;0m.
			if n >= 13 && s[i+n-1] == 'm' && s[i+1] == '[' {
				f.TrueColour = f.TrueColour || sgrTrueColour(s[i:i+n])
			}
			f.Escapes = true
			i += n
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !simpleRune(r) {
				w, clean := byRuns(s)
				return uncleanFacts(s, w, clean)
			}
			f.Width++
			i += size
		default:
			w, clean := byRuns(s)
			return uncleanFacts(s, w, clean)
		}
	}
	return f
}

// uncleanFacts are the Facts of a line the walk gave up on, of width w.
func uncleanFacts(s string, w int, clean bool) Facts {
	return Facts{Width: w, Clean: clean, Escapes: strings.IndexByte(s, 0x1b) >= 0, TrueColour: sgrTrueColour(s)}
}

// sgrTrueColour reports whether s has "8;2;" or "8:2:" (see Facts).
func sgrTrueColour(s string) bool {
	return strings.Contains(s, "8;2;") || strings.IndexByte(s, ':') >= 0 && strings.Contains(s, "8:2:")
}

// byRuns is LineClean measured run by run between escape sequences.
func byRuns(s string) (int, bool) {
	w := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			n := EscapeLen(s[i:])
			if n == 0 {
				return ansi.StringWidth(s), false
			}
			i += n
			continue
		}
		k := RunEnd(s, i)
		run := s[i:k]
		n, simple := simpleWidth(run)
		if !simple {
			if !plainText(run) {
				return ansi.StringWidth(s), false
			}
			n = ansi.StringWidth(run)
		}
		w += n
		i = k
	}
	return w, true
}

// simpleWidth counts the characters of s when each is printable ASCII or
// a simple symbol; simple is false when one is not.
func simpleWidth(s string) (n int, simple bool) {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return 0, false
			}
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !simpleRune(r) {
			return 0, false
		}
		i += size
		n++
	}
	return n, true
}

// EdgesJoin reports whether s begins and ends with a character no
// grapheme cluster reaches across to what is beside it: an ASCII byte
// (a character or an escape sequence's) or a simple rune. Of two clean
// lines (LineClean) whose edges join, the width side by side is the sum
// of their widths.
func EdgesJoin(s string) bool {
	if s == "" {
		return true
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return (first < utf8.RuneSelf || simpleRune(first)) && (last < utf8.RuneSelf || simpleRune(last))
}

// simpleRune reports whether r is one cell wide and never part of a
// longer grapheme cluster: Latin-1 letters and signs (not the soft
// hyphen), dashes, quotes, bullets and ellipsis, arrows, box drawing and
// block elements. TestSimpleRunes checks each against ansi.StringWidth.
func simpleRune(r rune) bool {
	switch {
	case r >= 0xa0 && r <= 0xff:
		return r != 0xad
	case r >= 0x2010 && r <= 0x2027, r >= 0x2190 && r <= 0x21ff, r >= 0x2500 && r <= 0x259f:
		return true
	}
	return false
}

// RunEnd is where the text from i ends: at the next escape or the end.
func RunEnd(s string, i int) int {
	if k := strings.IndexByte(s[i:], 0x1b); k >= 0 {
		return i + k
	}
	return len(s)
}

// plainText reports whether s is valid UTF-8 without control characters
// (C0, DEL or C1, which a terminal parser may take for the start of a
// sequence).
func plainText(s string) bool {
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// EscapeLen is the length of the complete CSI or OSC sequence s starts
// with, or 0 for anything else.
func EscapeLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '[':
		// Parameter bytes (0x30-0x3f: digits, ';', ':' ...), looked at
		// eight at a time while eight are left, then intermediate bytes,
		// one final byte. The parameters of the colour sequences are
		// most of the bytes of a line the client draws, and each line is
		// walked for its width. A byte is a parameter byte iff its high
		// nibble is 3.
		i := 2
		for len(s)-i >= 8 {
			w := s[i : i+8]
			x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
			if m := x&0xf0f0f0f0f0f0f0f0 ^ 0x3030303030303030; m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
		for i < len(s) && s[i]&0xf0 == 0x30 {
			i++
		}
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			return i + 1
		}
	case ']':
		// Printable ASCII up to BEL or ESC \.
		for i := 2; i < len(s); i++ {
			switch c := s[i]; {
			case c == 0x07:
				return i + 1
			case c == 0x1b:
				if i+1 < len(s) && s[i+1] == '\\' {
					return i + 2
				}
				return 0
			case c < 0x20 || c >= 0x7f:
				return 0
			}
		}
	}
	return 0
}
