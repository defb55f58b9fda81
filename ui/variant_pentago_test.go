package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/game/pentago"
)

// Issue 12, defect 6: in Pentago's placement, 1-4 promises no rotation
// (a rotation key then would be refused): it says to place first.
func TestPentagoQuadrantKeyWhilePlacing(t *testing.T) {
	m, b := newTestClient(t, "pentago", 80, 24)
	m.Update(keyMsg("2"))
	if q, _ := pentagoChoice(b.vu, b.game(), b.cur); q != 0 || strings.Contains(b.status, "chosen") || !strings.Contains(b.status, "place") {
		t.Fatalf("2 while placing: quadrant %d, status %q", q, b.status)
	}
	for _, variant := range []string{"pentago", "pentago-split"} {
		m, b := newTestClient(t, variant, 80, 24)
		m.Update(keyMsg("1"))
		for _, k := range []string{"x", "z"} {
			sendKey(m, k)
			// Neither the cursor's quadrant (4) nor any other is named:
			// nothing was chosen.
			if strings.Contains(b.status, "rotate") || !strings.Contains(b.status, "time to place") {
				t.Errorf("%s: 1 then %s while placing: status %q", variant, k, b.status)
			}
		}
	}
	m.Update(keyMsg("enter")) // place; now 2 chooses and x turns it
	m.Update(keyMsg("2"))
	m.Update(keyMsg("x"))
	if b.isErr || lastQuad(b) != 2 {
		t.Fatalf("2 then x after placing should turn quadrant 2: status %q, turned %d", b.status, lastQuad(b))
	}
}

// Issue 12, defect 6: a rotation hint is shown on the board (its
// quadrant's handle marked with !), not only in the status line.
func TestPentagoRotationHintOnTheBoard(t *testing.T) {
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, AIDelay: -1, Seed: 2,
		Start: Start{Variant: "pentago", Seats: hotSeat(mustVariant(t, "pentago"))}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.cur.(*boardScreen)
	m.Update(keyMsg("enter"))
	drain(t, m, press(m, "H"))
	h, ok := b.hintMove()
	if !ok {
		t.Fatalf("no hint: %q", b.status)
	}
	q := 0
	if info := pentago.Decode(h); info.Kind == pentago.RotateQuadrant {
		q = info.Q
	}
	if want := fmt.Sprintf("!Q%d!", q); q == 0 || !strings.Contains(viewText(m), want) {
		t.Fatalf("the hint %s is not on the board (want %s):\n%s", b.game().ShortMove(h), want, viewText(m))
	}
}
