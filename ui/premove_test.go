package ui

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ai"
)

// Issue 12, defect 1: while the AI thinks, : opens the prompt; the move
// typed there is kept and played when the turn comes if still legal.
func TestPremoveWhileTheAIThinks(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := press(m, "enter") // x plays the centre; o's search is in pending
	if lm(b).job == nil {
		t.Fatal("the AI should be thinking")
	}
	for _, k := range []string{":", "r", "2", "c", "2"} {
		sendKey(m, k)
	}
	if b.ended() {
		t.Fatalf("typing a move while the AI thinks ended the game: %s", b.m.result())
	}
	if !b.prompt || b.input.Value() != "r2c2" {
		t.Fatalf("the prompt should hold r2c2: prompt %v value %q", b.prompt, b.input.Value())
	}
	m.Update(keyMsg("enter"))
	if b.premove != "r2c2" || !strings.Contains(b.status, "r2c2") {
		t.Fatalf("the move should be kept for x's turn: premove %q status %q", b.premove, b.status)
	}
	drain(t, m, pending) // o moves; x's premove is played
	played := false
	for _, pm := range b.history() {
		played = played || (pm.mover == "x" && pm.text == "r2c2")
	}
	if !played {
		t.Fatalf("the premove r2c2 was not played: %v (status %q)", b.history(), b.status)
	}
	if b.premove != "" {
		t.Fatalf("the premove should be used up: %q", b.premove)
	}
}

// A premove that is no longer legal when the turn comes is refused with
// the reason, and nothing is played.
func TestPremoveRefusedWhenIllegal(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := press(m, "enter") // x takes r4c4
	for _, k := range []string{":", "r", "4", "c", "4", "enter"} {
		sendKey(m, k)
	}
	drain(t, m, pending)
	if b.game().ToMove() != 0 || b.history()[len(b.history())-1].mover == "x" {
		t.Fatalf("the illegal premove must not be played: %v", b.history())
	}
	if !b.isErr || !strings.Contains(b.status, "r4c4") {
		t.Fatalf("the refusal should name the move and say why: %q", b.status)
	}
}

// A premove goes with undo (it was typed for a position that is gone)
// and an empty prompt cancels it.
func TestPremoveCancelled(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := press(m, "enter")
	for _, k := range []string{":", "r2c2", "enter"} {
		sendKey(m, k)
	}
	m.Update(keyMsg(":"))
	m.Update(keyMsg("enter"))
	if b.premove != "" || b.status != "premove cancelled" {
		t.Fatalf("an empty prompt should cancel the premove: %q, status %q", b.premove, b.status)
	}
	for _, k := range []string{":", "r2c2", "enter"} {
		sendKey(m, k)
	}
	drain(t, m, press(m, "u"))
	drain(t, m, pending)
	if b.premove != "" || len(lm(b).moves) != 0 {
		t.Fatalf("undo should drop the premove: %q, %d moves", b.premove, len(lm(b).moves))
	}
}
