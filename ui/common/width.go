package common

import (
	"slices"
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
	var t TopRows
	return t.Join(split...)
}

// TopRows is JoinTopLines for the frames of one screen, one after
// another: it keeps the last call's blocks and rows, and a row made of
// the same lines as the last call's, in blocks of the same widths, is
// that row again, neither measured nor joined anew (a move changes a few
// rows of a board and of its panel; the body's other rows were joined
// again on every frame).
type TopRows struct {
	blocks [][]string // the last call's blocks
	lineW  [][]int    // the widths of their lines
	blockW []int
	rows   []string // the rows joined, and their widths
	rowW   []int
	// spareW and spareB are the widths of the call before the last,
	// whose arrays the next call fills (a call compares its widths with
	// the last call's, so it needs arrays of its own).
	spareW [][]int
	spareB []int
}

// Join is JoinTopLines(split...). The returned slices are the caller's;
// split is kept (as lines, not the slices) until the next call.
func (t *TopRows) Join(split ...[]string) (lines []string, widths []int) {
	return t.JoinEven(0, split...)
}

// JoinEven is Join of blocks of which those whose bit is set in even
// (bit i for split[i]) have all their lines one width: only the first
// line of such a block is measured. A box drawn by Lip Gloss (a border
// around lines padded to the widest, like the board's side panel) is
// such a block; measuring each of its lines was most of what joining a
// frame's body cost once a move had changed them.
func (t *TopRows) JoinEven(even uint64, split ...[]string) (lines []string, widths []int) {
	same := len(t.blocks) == len(split)
	lineW := slices.Grow(t.spareW[:0], len(split))[:len(split)]
	blockW := slices.Grow(t.spareB[:0], len(split))[:len(split)]
	clear(blockW)
	height := 0
	for i, block := range split {
		lineW[i] = slices.Grow(lineW[i][:0], len(block))[:len(block)]
		for j, l := range block {
			switch {
			case j > 0 && i < 64 && even&(1<<i) != 0:
				lineW[i][j] = lineW[i][0]
			case same && j < len(t.blocks[i]) && t.blocks[i][j] == l:
				lineW[i][j] = t.lineW[i][j]
			default:
				lineW[i][j] = LineWidth(l)
			}
			blockW[i] = max(blockW[i], lineW[i][j])
		}
		height = max(height, len(block))
	}
	same = same && slices.Equal(blockW, t.blockW)
	total := 0
	for _, w := range blockW {
		total += w
	}
	lines, widths = make([]string, height), make([]int, height)
	var sb strings.Builder
	for row := range height {
		if same && row < len(t.rows) && t.sameRow(split, row) {
			lines[row], widths[row] = t.rows[row], t.rowW[row]
			continue
		}
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
			sb.WriteString(Spaces(max(blockW[i]-w, 0)))
		}
		lines[row], widths[row] = sb.String(), total
		sb.Reset()
	}
	t.keep(split, lineW, blockW, lines, widths)
	return lines, widths
}

// sameRow reports whether row of split is made of the lines of the last
// call's row.
func (t *TopRows) sameRow(split [][]string, row int) bool {
	for i, block := range split {
		old := t.blocks[i]
		if (row < len(block)) != (row < len(old)) || row < len(block) && block[row] != old[row] {
			return false
		}
	}
	return true
}

// keep keeps a call's blocks and rows for the next.
func (t *TopRows) keep(split [][]string, lineW [][]int, blockW []int, rows []string, rowW []int) {
	t.blocks = slices.Grow(t.blocks[:0], len(split))[:len(split)]
	for i, block := range split {
		t.blocks[i] = append(t.blocks[i][:0], block...)
	}
	t.lineW, t.spareW = lineW, t.lineW
	t.blockW, t.spareB = blockW, t.blockW
	t.rows, t.rowW = append(t.rows[:0], rows...), append(t.rowW[:0], rowW...)
}

// sgrReset is the sequence Lip Gloss v1 ended each styled piece with;
// v2 ends them with sgrShortReset, which means the same.
const (
	sgrReset      = "\x1b[0m"
	sgrShortReset = "\x1b[m"
)

// resetLen is the length of the reset (either form) s starts with, 0 for
// none.
func resetLen(s string) int {
	switch {
	case strings.HasPrefix(s, sgrShortReset):
		return len(sgrShortReset)
	case strings.HasPrefix(s, sgrReset):
		return len(sgrReset)
	}
	return 0
}

// MergeStyles drops each reset that is followed at once by the very
// colour sequence that was in force before it: lipgloss styles every
// piece of a line on its own ("\x1b[…m   \x1b[m\x1b[…m·\x1b[m…"), so a
// board line says the same colours once a cell. The terminal shows the
// line as before; it is about half as long to send, copy and compare.
// Only a state set by one sequence since the last reset is carried on.
// A line with nothing to drop is given back as it is, without a copy.
func MergeStyles(s string) string {
	var sb strings.Builder
	done := 0  // s[:done] is in sb once something was dropped
	open := "" // the one sequence in force since the last reset, if one
	many := false
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], 0x1b)
		if j < 0 {
			break
		}
		i += j
		if r := resetLen(s[i:]); r > 0 {
			next := i + r
			if open != "" && !many && strings.HasPrefix(s[next:], open) {
				// The same colours go on: the reset and the sequence go.
				if done == 0 {
					sb.Grow(len(s))
				}
				sb.WriteString(s[done:i])
				i = next + len(open)
				done = i
				continue
			}
			open, many, i = "", false, next
			continue
		}
		n := escapeLen(s[i:])
		if n == 0 {
			return s // not one of ours: leave it as it is
		}
		switch seq := s[i : i+n]; {
		case seq[n-1] != 'm':
		case strings.HasPrefix(seq, "\x1b[0;"):
			open, many = seq, false // a reset, then colours
		default:
			many = many || open != ""
			open = seq
		}
		i += n
	}
	if done == 0 {
		return s
	}
	sb.WriteString(s[done:])
	return sb.String()
}
