package common

import (
	"math/rand/v2"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// A client's frames fitted through its fitMemo are what FitBlock makes of
// each: lines that fit, lines too wide, a row whose line changes, more
// lines than the window, and the window's width changing between frames.
func TestFitMemoMatchesFitBlock(t *testing.T) {
	t.Parallel()
	accent := lipgloss.NewStyle().Foreground(lipgloss.Color("#FF8700"))
	pool := []string{"", "short", "a line of twenty-two.", "文字文字文字文字文字文字", accent.Render("styled, twelve"),
		accent.Render(strings.Repeat("x", 30)), strings.Repeat("─", 18) + "┤", "tab\there", accent.Render("·") + strings.Repeat(" ", 25)}
	rng := rand.New(rand.NewPCG(3, 4))
	var memo fitMemo
	var lines []string
	w, h := 20, 6
	for i := range 5000 {
		if rng.IntN(50) == 0 {
			w = []int{8, 20, 24, 40}[rng.IntN(4)]
		}
		if rng.IntN(50) == 0 {
			h = 3 + rng.IntN(6)
		}
		for len(lines) < 1+rng.IntN(9) {
			lines = append(lines, pool[rng.IntN(len(pool))])
		}
		lines = lines[:1+rng.IntN(len(lines))]
		lines[rng.IntN(len(lines))] = pool[rng.IntN(len(pool))]
		s := strings.Join(lines, "\n")
		if got, want := memo.block(s, w, h), FitBlock(s, w, h); got != want {
			t.Fatalf("frame %d at %d×%d: %q\nfitted through the memo: %q\nby FitBlock: %q", i, w, h, s, got, want)
		}
	}
}
