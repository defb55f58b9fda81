package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	"github.com/tabletop/tabletop/game"
)

// Pentago's chosen quadrant is the adapter's: a key chooses it, a new
// position clears it, and each board has its own adapter.
func TestPentagoChoiceBelongsToAdapter(t *testing.T) {
	v, _ := game.Lookup("pentago")
	vu, other := adapters.NewVariantUI(v), adapters.NewVariantUI(v)
	s, err := v.ParsePosition("r...../....../....../....../....../...... red rotate")
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := adapters.AdapterCapsOf(vu).KeyOf(s, uitest.Key("3"), adapters.Pos{Row: 0, Col: 0}, nil); !ok || r.IsError {
		t.Fatalf("key 3: %+v, %v", r, ok)
	}
	if got, _ := pentagoChoice(vu, s, adapters.Pos{Row: 0, Col: 0}); got != 3 {
		t.Errorf("chosen quadrant %d, want 3", got)
	}
	if got, _ := pentagoChoice(other, s, adapters.Pos{Row: 0, Col: 0}); got != 0 {
		t.Errorf("another board's adapter has quadrant %d chosen", got)
	}
	if _, got := pentagoChoice(vu, s, adapters.Pos{Row: 0, Col: 0}); got != 3 {
		t.Errorf("a rotation turns quadrant %d, want the chosen 3", got)
	}
	adapters.AdapterCapsOf(vu).ClearChoice()
	if _, got := pentagoChoice(vu, s, adapters.Pos{Row: 0, Col: 0}); got != 2 {
		t.Errorf("after clearing, a rotation turns quadrant %d, want the cursor's 2", got)
	}
}

// A move the game refuses is said in the game's words, and what the
// player had picked stays picked: Tic-Tac-Chess's piece stays selected
// after a target it cannot reach.
func TestRefusedMoveKeepsTheSelection(t *testing.T) {
	m, b := newTestClient(t, "tictacchess", 80, 24)
	for _, k := range []string{"left", "left", "left", "enter"} { // red's piece on (1 4)
		uitest.Press(m, k)
	}
	if b.Selected == nil {
		t.Fatalf("red's piece not selected: %q", b.Status)
	}
	sel := *b.Selected
	for _, k := range []string{"right", "right", "right", "right", "enter"} { // (5 4): out of reach
		uitest.Press(m, k)
	}
	if !b.IsErr || !strings.Contains(b.Status, "not a knight move") {
		t.Errorf("an unreachable target: status %q", b.Status)
	}
	if b.Selected == nil || *b.Selected != sel || len(lm(b).Moves()) != 0 {
		t.Errorf("after a refused target the selection is %v (was %v), %d moves", b.Selected, sel, len(lm(b).Moves()))
	}
}
