package board

import (
	"os"
	"path/filepath"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// Every line of every golden frame and of drawn boards in every colour
// profile measures the same.
func TestTextWidthOnFrames(t *testing.T) {
	var frames []string
	var files []string
	// The client's goldens (ui/testdata) and the board's own.
	for _, dir := range []string{filepath.Join("..", "testdata"), "testdata"} {
		some, _ := filepath.Glob(filepath.Join(dir, "*.golden"))
		more, _ := filepath.Glob(filepath.Join(dir, "*", "*.golden"))
		files = append(append(files, some...), more...)
	}
	for _, f := range files {
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
