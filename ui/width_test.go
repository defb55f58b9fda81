package ui

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// widthPieces are what random lines are made of: plain and wide text,
// marks that join the letter before them, colour codes, hyperlinks,
// control characters and broken escape sequences.
var widthPieces = []string{
	"a", "Z", " ", "~", "abc def", "│", "─", "·", "…", "×", "→", "▀", "\u00ad", "\u2028", "\u25b6", "\u25b6\ufe0f", "│\u0301", "·\u200d", "é", "e\u0301", "\u0301", "\u200d", "\ufe0f",
	"中", "文字", "👍", "👨\u200d👩\u200d👧", "🇫🇷", "\t", "\r", "\x00", "\x7f", "\u0085", "\x9b",
	"\x1b[0m", "\x1b[38;5;203m", "\x1b[1;4;48;2;10;20;30m", "\x1b[?25l", "\x1b[ q", "\x1b[", "\x1b[12",
	"\x1b]8;;https://example.org\x07", "\x1b]8;;\x1b\\", "\x1b]11;?", "\x1b]0;é\x07", "\x1b(B", "\x1bM", "\x1b",
	"\xff", "\xe4\xb8",
}

// LineWidth measures every line exactly as lipgloss.Width does.
func TestLineWidthMatchesLipgloss(t *testing.T) {
	if uitest.Race {
		t.Skip("exhaustive comparison of pure drawing code: made by the plain run")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			sb.WriteString(widthPieces[rng.IntN(len(widthPieces))])
		}
		s := sb.String()
		if got, want := common.LineWidth(s), lipgloss.Width(s); got != want {
			t.Fatalf("lineWidth(%q) = %d, lipgloss.Width says %d", s, got, want)
		}
	}
}

// Every line of every golden frame and of drawn boards in every colour
// profile measures the same.
func TestTextWidthOnFrames(t *testing.T) {
	var frames []string
	files, _ := filepath.Glob(filepath.Join("testdata", "*.golden"))
	more, _ := filepath.Glob(filepath.Join("testdata", "*", "*.golden"))
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		frames = append(frames, string(b))
	}
	for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.TrueColor, colorprofile.ASCII} {
		for _, variant := range []string{"pentago", "quad7", "tictacchess"} {
			m, _ := newProfileClient(t, variant, p, 100, 40)
			frames = append(frames, uitest.ViewText(m))
		}
	}
	if len(frames) < 10 {
		t.Fatalf("only %d frames to measure", len(frames))
	}
	for _, f := range frames {
		if got, want := common.TextWidth(f), lipgloss.Width(f); got != want {
			t.Fatalf("textWidth = %d, lipgloss.Width = %d", got, want)
		}
		for _, l := range common.SplitLines(f) {
			if got, want := common.LineWidth(l), lipgloss.Width(l); got != want {
				t.Fatalf("lineWidth(%q) = %d, lipgloss.Width = %d", l, got, want)
			}
		}
	}
}

// JoinTop joins blocks exactly as lipgloss.JoinHorizontal(Top) does.
func TestJoinTopMatchesLipgloss(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	block := func() string {
		lines := make([]string, rng.IntN(5))
		for i := range lines {
			for range rng.IntN(6) {
				lines[i] += widthPieces[rng.IntN(len(widthPieces))]
			}
		}
		return strings.Join(lines, "\n")
	}
	for range 20000 {
		blocks := make([]string, 2+rng.IntN(3))
		for i := range blocks {
			blocks[i] = block()
		}
		if got, want := common.JoinTop(blocks...), lipgloss.JoinHorizontal(lipgloss.Top, blocks...); got != want {
			t.Fatalf("joinTop(%q):\n%q\nlipgloss:\n%q", blocks, got, want)
		}
	}
}

func FuzzLineWidth(f *testing.F) {
	for _, p := range widthPieces {
		f.Add("ab" + p + "cd")
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := common.TextWidth(s), lipgloss.Width(s); got != want {
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
			n := common.EscapeLen(s[i:])
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
				st := seqs[rng.IntN(3)]
				sb.WriteString(st + strings.Repeat("x", 1+rng.IntN(3)) + "\x1b[0m")
			}
		}
		s := sb.String()
		got := common.MergeStyles(s)
		if a, b := strings.Join(cellStyles(s), ","), strings.Join(cellStyles(got), ","); a != b {
			t.Fatalf("mergeStyles(%q) = %q: the colours changed:\n%s\n%s", s, got, a, b)
		}
		if common.LineWidth(got) != common.LineWidth(s) {
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
