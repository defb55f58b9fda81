package common

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// LineWidth measures every line exactly as lipgloss.Width does.
func TestLineWidthMatchesLipgloss(t *testing.T) {
	if uitest.Race {
		t.Skip("exhaustive comparison of pure drawing code: made by the plain run")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			sb.WriteString(uitest.WidthPieces[rng.IntN(len(uitest.WidthPieces))])
		}
		s := sb.String()
		if got, want := LineWidth(s), lipgloss.Width(s); got != want {
			t.Fatalf("lineWidth(%q) = %d, lipgloss.Width says %d", s, got, want)
		}
	}
}

// joinTop joins blocks exactly as lipgloss.JoinHorizontal(Top) does.
func TestJoinTopMatchesLipgloss(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	block := func() string {
		lines := make([]string, rng.IntN(5))
		for i := range lines {
			for range rng.IntN(6) {
				lines[i] += uitest.WidthPieces[rng.IntN(len(uitest.WidthPieces))]
			}
		}
		return strings.Join(lines, "\n")
	}
	for range 20000 {
		blocks := make([]string, 2+rng.IntN(3))
		for i := range blocks {
			blocks[i] = block()
		}
		if got, want := joinTop(blocks...), lipgloss.JoinHorizontal(lipgloss.Top, blocks...); got != want {
			t.Fatalf("joinTop(%q):\n%q\nlipgloss:\n%q", blocks, got, want)
		}
	}
}

func FuzzLineWidth(f *testing.F) {
	for _, p := range uitest.WidthPieces {
		f.Add("ab" + p + "cd")
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := TextWidth(s), lipgloss.Width(s); got != want {
			t.Fatalf("textWidth(%q) = %d, lipgloss.Width = %d", s, got, want)
		}
	})
}

// cellStyles reads a line as a terminal does and returns each printed
// character with the colour sequences in force for it (since the last
// reset).
func cellStyles(s string) []string {
	var out []string
	state := ""
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			n := escapeLen(s[i:])
			seq := s[i : i+n]
			switch {
			case seq == "\x1b[0m" || seq == "\x1b[m":
				state = ""
			case strings.HasPrefix(seq, "\x1b[0;"):
				state = seq
			case seq[n-1] == 'm':
				state += seq
			}
			i += n
			continue
		}
		out = append(out, state+"|"+s[i:i+1])
		i++
	}
	return out
}

// MergeStyles shows every character of a line in the same colours,
// with fewer bytes when pieces repeat their colours.
func TestMergeStylesKeepsColours(t *testing.T) {
	seqs := []string{"\x1b[38;5;188;48;5;232m", "\x1b[1;38;5;203m", "\x1b[38;5;102m", "\x1b[0;1m", "\x1b[m", "\x1b[0m", "\x1b[K"}
	rng := rand.New(rand.NewPCG(7, 8))
	shorter := 0
	for range 50000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			switch rng.IntN(3) {
			case 0:
				sb.WriteString(seqs[rng.IntN(len(seqs))])
			default:
				// Lip Gloss v1 ended a piece with "\x1b[0m", v2 with "\x1b[m".
				st, reset := seqs[rng.IntN(3)], seqs[4+rng.IntN(2)]
				sb.WriteString(st + strings.Repeat("x", 1+rng.IntN(3)) + reset)
			}
		}
		s := sb.String()
		got := MergeStyles(s)
		if a, b := strings.Join(cellStyles(s), ","), strings.Join(cellStyles(got), ","); a != b {
			t.Fatalf("mergeStyles(%q) = %q: the colours changed:\n%s\n%s", s, got, a, b)
		}
		if LineWidth(got) != LineWidth(s) {
			t.Fatalf("mergeStyles(%q) = %q: the width changed", s, got)
		}
		if len(got) < len(s) {
			shorter++
		}
	}
	if shorter == 0 {
		t.Fatal("mergeStyles never merged anything")
	}
}

// MergeStyles merges the pieces Lip Gloss styles one by one in the same
// colours (v2 ends each with "\x1b[m"), and gives a line it cannot
// shorten back as it is.
func TestMergeStylesMergesLipGlossPieces(t *testing.T) {
	red := lipgloss.NewStyle().Foreground(lipgloss.Color("203"))
	bold := lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("203"))
	for _, tc := range []struct {
		name, line, want string
	}{
		{"same colours", red.Render("a") + red.Render(" b "), red.Render("a b ")},
		{"three pieces", red.Render("a") + red.Render("b") + red.Render("c"), red.Render("abc")},
		{"other colours", red.Render("a") + bold.Render("b"), red.Render("a") + bold.Render("b")},
		{"plain between", red.Render("a") + "b" + red.Render("c"), red.Render("a") + "b" + red.Render("c")},
		{"no colours", "abc", "abc"},
	} {
		if got := MergeStyles(tc.line); got != tc.want {
			t.Errorf("%s: MergeStyles(%q) = %q, want %q", tc.name, tc.line, got, tc.want)
		}
	}
}

// A screen's TopRows joins each frame's blocks as JoinTopLines does,
// frame after frame, whatever changed: a line, a block's width, the
// number of lines or of blocks; and keeps a row made of the same lines.
func TestTopRowsJoinAsJoinTopLines(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"", "a", "board ·", "\x1b[38;5;2mx\x1b[0m", "一二三", "  ", "panel line"}
	blocks := [][]string{{"  "}, {"r1", "r2", "r3"}, {" "}, {"p1", "p2"}}
	var rows, evenRows TopRows
	for step := range 500 {
		switch rng.IntN(8) {
		case 0: // a block more or less
			if len(blocks) > 1 && rng.IntN(2) == 0 {
				blocks = blocks[:len(blocks)-1]
			} else {
				blocks = append(blocks, []string{pieces[rng.IntN(len(pieces))]})
			}
		case 1: // a line more or less
			i := rng.IntN(len(blocks))
			if n := len(blocks[i]); n > 0 && rng.IntN(2) == 0 {
				blocks[i] = blocks[i][:n-1]
			} else {
				blocks[i] = append(blocks[i], pieces[rng.IntN(len(pieces))])
			}
		default: // lines changed
			for range 1 + rng.IntN(2) {
				i := rng.IntN(len(blocks))
				if len(blocks[i]) > 0 {
					blocks[i][rng.IntN(len(blocks[i]))] = pieces[rng.IntN(len(pieces))] + pieces[rng.IntN(len(pieces))]
				}
			}
		}
		// Each frame's blocks are new slices, as a screen's are.
		frame := make([][]string, len(blocks))
		for i := range blocks {
			frame[i] = slices.Clone(blocks[i])
		}
		got, gotW := rows.Join(frame...)
		want, wantW := JoinTopLines(frame...)
		if !slices.Equal(got, want) || !slices.Equal(gotW, wantW) {
			t.Fatalf("step %d, blocks %q: joined %q %v, want %q %v", step, frame, got, gotW, want, wantW)
		}
		// The same with the last block padded to one width, as a box,
		// and said to be so (JoinEven).
		last := slices.Clone(frame[len(frame)-1])
		w := 0
		for _, l := range last {
			w = max(w, LineWidth(l))
		}
		for j := range last {
			last[j] = PadRight(last[j], w)
		}
		frame[len(frame)-1] = last
		got, _ = evenRows.JoinEven(1<<(len(frame)-1), frame...)
		texts := make([]string, len(frame))
		for i, block := range frame {
			texts[i] = strings.Join(block, "\n")
		}
		if got, want := strings.Join(got, "\n"), lipgloss.JoinHorizontal(lipgloss.Top, texts...); got != want {
			t.Fatalf("step %d, even blocks %q: joined %q, want %q", step, frame, got, want)
		}
	}
}

// FitWidth makes a line exactly the width asked, cut or padded, its
// text kept where it fits.
func TestFitWidthIsExact(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abc", 3, "abc"},
		{"abcdef", 4, "abcd"},
		{"\x1b[1mab\x1b[m", 4, "\x1b[1mab\x1b[m  "},
		{"一二三", 4, "一二"},
		{"一二三", 5, "一二 "},
	} {
		got := FitWidth(tc.s, tc.w)
		if LineWidth(got) != tc.w || ansi.Strip(got) != ansi.Strip(tc.want) {
			t.Errorf("FitWidth(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
}
