package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/internal/uitest"

	"github.com/tabletop/tabletop/game"
)

func TestReviewStepsWithoutTouchingTheGame(t *testing.T) {
	m, b := newTestClient(t, "quad7", 120, 40)
	m.C.Opts.Analyst = uitest.FixedDepth(2)
	moves := []string{"r3c4", "r4c4", "r3c3", "r5c5"}
	uitest.PlayTexts(t, b.Match, moves...)
	live := b.Match.Position().String()
	step := func(k string) {
		_, cmd := m.Update(uitest.Key(k))
		uitest.RunCmd(m, cmd)
	}
	step("v")
	if !b.Reviewing() || b.Game().String() != live {
		t.Fatalf("v: reviewing %v at %q, want the live position", b.Reviewing(), b.Game().String())
	}
	step("left")
	step("left")
	if got, want := b.Game().String(), uitest.PositionAfter(t, "quad7", moves[:2]...); got != want {
		t.Fatalf("two steps back shows %q, want %q", got, want)
	}
	if !strings.Contains(uitest.ViewText(m), "reviewing move 2 of 4 (o r4c4)") {
		t.Fatalf("status does not say what is reviewed:\n%s", uitest.ViewText(m))
	}
	// Keys that would play do nothing to the game.
	step("enter")
	step(" ")
	step("u")
	if b.Match.Position().String() != live || len(lm(b).Moves()) != 4 {
		t.Fatalf("review changed the game: %q, %d moves", b.Match.Position().String(), len(lm(b).Moves()))
	}
	step("home")
	if b.Game().String() != uitest.PositionAfter(t, "quad7") {
		t.Fatalf("home shows %q, want the start", b.Game().String())
	}
	step("right")
	if b.Review.Turn != 1 {
		t.Fatalf("right: at %d, want 1", b.Review.Turn)
	}
	step("end")
	if b.Game().String() != live {
		t.Fatal("end does not show the live position")
	}
	step("left")
	step("esc")
	if b.Reviewing() || b.Game().String() != live {
		t.Fatalf("esc: reviewing %v, shows %q", b.Reviewing(), b.Game().String())
	}
	// The evaluations came back (runCmd ran them): one per position.
	if len(b.Review.Evals) != len(moves)+1 {
		t.Fatalf("%d evaluations, want %d", len(b.Review.Evals), len(moves)+1)
	}
}

func TestReviewByClickOnTheMoveList(t *testing.T) {
	m, b := newTestClient(t, "quad7", 120, 40)
	m.C.Opts.Analyst = uitest.FixedDepth(2)
	moves := []string{"r3c4", "r4c4", "r3c3", "r5c5", "r2c2"}
	uitest.PlayTexts(t, b.Match, moves...)
	l := b.Layout()
	// The list ends with the last move; move 3 is two lines above it.
	y := l.listY + min(len(moves), l.listH) - 3
	_, cmd := m.Update(uitest.Click(l.panelX+4, y))
	uitest.RunCmd(m, cmd)
	if !b.Reviewing() || b.Review.Turn != 3 {
		t.Fatalf("click on move 3: reviewing %v at %d", b.Reviewing(), b.Review.Turn)
	}
	if got, want := b.Game().String(), uitest.PositionAfter(t, "quad7", moves[:3]...); got != want {
		t.Fatalf("shows %q, want %q", got, want)
	}
	// A click on the board does not play in review.
	c := clicksForMove(b, mustParse(t, b.Match.Position(), "r6c6"))
	for _, click := range c {
		m.Update(click)
	}
	if len(lm(b).Moves()) != len(moves) {
		t.Fatal("a click in review played a move")
	}
}

func mustParse(t *testing.T, s game.State, text string) game.Move {
	t.Helper()
	mv, err := s.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return mv
}

func TestSparkline(t *testing.T) {
	tests := []struct {
		evals            []int
		at, width        int
		before, cur, aft string
	}{
		{[]int{0, 5000, 10000}, 1, 10, "▁", "▄", "█"},
		{[]int{0, 5000, 10000}, 0, 10, "", "▁", "▄█"},
		{[]int{0, 0, 0, 0, 10000, 10000}, 5, 3, "▁█", "█", ""},
		{[]int{0, 10000, 0, 10000}, 0, 2, "", "▁", "█"},
		{nil, 0, 5, "", "", ""},
	}
	for _, tt := range tests {
		b, c, a := sparkline(tt.evals, tt.at, tt.width, false)
		if b != tt.before || c != tt.cur || a != tt.aft {
			t.Errorf("sparkline(%v, %d, %d) = %q %q %q, want %q %q %q", tt.evals, tt.at, tt.width, b, c, a, tt.before, tt.cur, tt.aft)
		}
	}
}
