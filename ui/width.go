package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// textWidth is lipgloss.Width: the cells the widest line of s takes on
// the screen. It gives the same number, faster: a server measures every
// line of every frame several times, and most of a line is colour codes
// and plain ASCII, which need no grapheme segmentation.
func textWidth(s string) int {
	w := 0
	for more := true; more; {
		var line string
		line, s, more = strings.Cut(s, "\n")
		w = max(w, lineWidth(line))
	}
	return w
}

// lineWidth is ansi.StringWidth of one line. A grapheme cluster never
// spans an escape sequence, so the text between escape sequences can be
// measured run by run and the sequences count no cells. A run of
// printable ASCII and of the simple symbols the client draws (see
// simpleRune) counts one cell a character; any other run is measured by
// ansi.StringWidth. Anything unusual (control characters, invalid UTF-8,
// escape sequences other than complete CSI and OSC ones) is measured by
// ansi.StringWidth whole.
func lineWidth(s string) int {
	w := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			n := escapeLen(s[i:])
			if n == 0 {
				return ansi.StringWidth(s)
			}
			i += n
			continue
		}
		k := runEnd(s, i)
		run := s[i:k]
		n, simple := simpleWidth(run)
		if !simple {
			if !plainText(run) {
				return ansi.StringWidth(s)
			}
			n = ansi.StringWidth(run)
		}
		w += n
		i = k
	}
	return w
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

// runEnd is where the text from i ends: at the next escape or the end.
func runEnd(s string, i int) int {
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

// escapeLen is the length of the complete CSI or OSC sequence s starts
// with, or 0 for anything else.
func escapeLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '[':
		// Parameter bytes, intermediate bytes, one final byte.
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

// joinTop is lipgloss.JoinHorizontal(lipgloss.Top, blocks...): the blocks
// side by side, each line padded to its block's width, the shorter
// blocks continued with blank lines. Like Lip Gloss it reads a tab as
// four spaces and CR LF as a line break.
func joinTop(blocks ...string) string {
	split := make([][]string, len(blocks))
	for i, s := range blocks {
		if strings.ContainsAny(s, "\t\r") {
			s = strings.ReplaceAll(strings.ReplaceAll(s, "\t", "    "), "\r\n", "\n")
		}
		split[i] = splitLines(s)
	}
	lines, _ := joinTopLines(split...)
	return joinLines(lines)
}

// joinTopLines is joinTop of blocks given as lines; it returns the lines
// with the width of each.
func joinTopLines(split ...[]string) (lines []string, widths []int) {
	lineW := make([][]int, len(split))
	blockW := make([]int, len(split))
	height := 0
	for i := range split {
		lineW[i] = make([]int, len(split[i]))
		for j, l := range split[i] {
			lineW[i][j] = lineWidth(l)
			blockW[i] = max(blockW[i], lineW[i][j])
		}
		height = max(height, len(split[i]))
	}
	total := 0
	for _, w := range blockW {
		total += w
	}
	lines, widths = make([]string, height), make([]int, height)
	var sb strings.Builder
	for row := range height {
		size := total
		for i := range split {
			if row < len(split[i]) {
				size += len(split[i][row]) - lineW[i][row]
			}
		}
		sb.Grow(size)
		for i := range split {
			w := 0
			if row < len(split[i]) {
				sb.WriteString(split[i][row])
				w = lineW[i][row]
			}
			for range blockW[i] - w {
				sb.WriteByte(' ')
			}
		}
		lines[row], widths[row] = sb.String(), total
		sb.Reset()
	}
	return lines, widths
}

// sgrReset is the sequence lipgloss ends each styled piece with.
const sgrReset = "\x1b[0m"

// mergeStyles drops each reset that is followed at once by the very
// colour sequence that was in force before it: lipgloss styles every
// piece of a line on its own ("\x1b[…m   \x1b[0m\x1b[…m·\x1b[0m…"), so a
// board line says the same colours once a cell. The terminal shows the
// line as before; it is about half as long to send, copy and compare.
// Only a state set by one sequence since the last reset is carried on.
func mergeStyles(s string) string {
	if !strings.Contains(s, sgrReset+"\x1b[") {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	open := "" // the one sequence in force since the last reset, if one
	many := false
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], sgrReset) {
			next := i + len(sgrReset)
			if open != "" && !many && strings.HasPrefix(s[next:], open) {
				i = next + len(open) // the same colours go on
				continue
			}
			sb.WriteString(sgrReset)
			open, many, i = "", false, next
			continue
		}
		if s[i] == 0x1b {
			n := escapeLen(s[i:])
			if n == 0 {
				return s // not one of ours: leave it as it is
			}
			switch seq := s[i : i+n]; {
			case seq[n-1] != 'm':
			case seq == "\x1b[m":
				open, many = "", false // a reset too
			case strings.HasPrefix(seq, "\x1b[0;"):
				open, many = seq, false // a reset, then colours
			default:
				many = many || open != ""
				open = seq
			}
			sb.WriteString(s[i : i+n])
			i += n
			continue
		}
		j := runEnd(s, i)
		sb.WriteString(s[i:j])
		i = j
	}
	return sb.String()
}
