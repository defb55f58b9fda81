package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// Issue 12, defect 1: while the AI thinks, : opens the prompt; the move
// typed there is kept and played when the turn comes if still legal.
func TestPremoveWhileTheAIThinks(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := uitest.Press(m, "enter") // x plays the centre; o's search is in pending
	if lm(b).Job == nil {
		t.Fatal("the AI should be thinking")
	}
	for _, k := range []string{":", "r", "2", "c", "2"} {
		uitest.Press(m, k)
	}
	if b.Ended() {
		t.Fatalf("typing a move while the AI thinks ended the game: %s", b.Match.Result())
	}
	if !b.prompt || b.Input.Value() != "r2c2" {
		t.Fatalf("the prompt should hold r2c2: prompt %v value %q", b.prompt, b.Input.Value())
	}
	m.Update(uitest.Key("enter"))
	if b.Premove != "r2c2" || !strings.Contains(b.Status, "r2c2") {
		t.Fatalf("the move should be kept for x's turn: premove %q status %q", b.Premove, b.Status)
	}
	uitest.Drain(t, m, pending) // o moves; x's premove is played
	played := false
	for _, pm := range b.History() {
		played = played || (pm.Mover == "x" && pm.Text == "r2c2")
	}
	if !played {
		t.Fatalf("the premove r2c2 was not played: %v (status %q)", b.History(), b.Status)
	}
	if b.Premove != "" {
		t.Fatalf("the premove should be used up: %q", b.Premove)
	}
}

// A premove that is no longer legal when the turn comes is refused with
// the reason, and nothing is played.
func TestPremoveRefusedWhenIllegal(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := uitest.Press(m, "enter") // x takes r4c4
	for _, k := range []string{":", "r", "4", "c", "4", "enter"} {
		uitest.Press(m, k)
	}
	uitest.Drain(t, m, pending)
	if b.Game().ToMove() != 0 || b.History()[len(b.History())-1].Mover == "x" {
		t.Fatalf("the illegal premove must not be played: %v", b.History())
	}
	if !b.IsErr || !strings.Contains(b.Status, "r4c4") {
		t.Fatalf("the refusal should name the move and say why: %q", b.Status)
	}
}

// A premove goes with undo (it was typed for a position that is gone)
// and an empty prompt cancels it.
func TestPremoveCancelled(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := uitest.Press(m, "enter")
	for _, k := range []string{":", "r2c2", "enter"} {
		uitest.Press(m, k)
	}
	m.Update(uitest.Key(":"))
	m.Update(uitest.Key("enter"))
	if b.Premove != "" || b.Status != "premove cancelled" {
		t.Fatalf("an empty prompt should cancel the premove: %q, status %q", b.Premove, b.Status)
	}
	for _, k := range []string{":", "r2c2", "enter"} {
		uitest.Press(m, k)
	}
	uitest.Drain(t, m, uitest.Press(m, "u"))
	uitest.Drain(t, m, pending)
	if b.Premove != "" || len(lm(b).Moves()) != 0 {
		t.Fatalf("undo should drop the premove: %q, %d moves", b.Premove, len(lm(b).Moves()))
	}
}
