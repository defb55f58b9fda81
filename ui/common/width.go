package common

import (
	"strings"

	"github.com/tabletop/tabletop/internal/textwidth"
)

// TextWidth is lipgloss.Width: the cells the widest line of s takes on
// the screen (see textwidth.Text).
func TextWidth(s string) int { return textwidth.Text(s) }

// LineWidth is ansi.StringWidth of one line (see textwidth.Line).
func LineWidth(s string) int { return textwidth.Line(s) }

// escapeLen is the length of the complete CSI or OSC sequence s starts
// with, or 0 for anything else.
func escapeLen(s string) int { return textwidth.EscapeLen(s) }

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
		split[i] = SplitLines(s)
	}
	lines, _ := JoinTopLines(split...)
	return JoinLines(lines)
}

// JoinTopLines is joinTop of blocks given as lines; it returns the lines
// with the width of each.
func JoinTopLines(split ...[]string) (lines []string, widths []int) {
	lineW := make([][]int, len(split))
	blockW := make([]int, len(split))
	height := 0
	for i := range split {
		lineW[i] = make([]int, len(split[i]))
		for j, l := range split[i] {
			lineW[i][j] = LineWidth(l)
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

// MergeStyles drops each reset that is followed at once by the very
// colour sequence that was in force before it: lipgloss styles every
// piece of a line on its own ("\x1b[…m   \x1b[0m\x1b[…m·\x1b[0m…"), so a
// board line says the same colours once a cell. The terminal shows the
// line as before; it is about half as long to send, copy and compare.
// Only a state set by one sequence since the last reset is carried on.
func MergeStyles(s string) string {
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
		j := textwidth.RunEnd(s, i)
		sb.WriteString(s[i:j])
		i = j
	}
	return sb.String()
}
