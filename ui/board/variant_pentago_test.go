package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/game/pentago"
)

// Issue 12, defect 6: in Pentago's placement, 1-4 promises no rotation
// (a rotation key then would be refused): it says to place first.
func TestPentagoQuadrantKeyWhilePlacing(t *testing.T) {
	m, b := newTestClient(t, "pentago", 80, 24)
	m.Update(uitest.Key("2"))
	if q, _ := pentagoChoice(b.adapter, b.Game(), b.cursorCell); q != 0 || strings.Contains(b.Status, "chosen") || !strings.Contains(b.Status, "place") {
		t.Fatalf("2 while placing: quadrant %d, status %q", q, b.Status)
	}
	for _, variant := range []string{"pentago", "pentago-split"} {
		m, b := newTestClient(t, variant, 80, 24)
		m.Update(uitest.Key("1"))
		for _, k := range []string{"x", "z"} {
			uitest.Press(m, k)
			// Neither the cursor's quadrant (4) nor any other is named:
			// nothing was chosen.
			if strings.Contains(b.Status, "rotate") || !strings.Contains(b.Status, "time to place") {
				t.Errorf("%s: 1 then %s while placing: status %q", variant, k, b.Status)
			}
		}
	}
	m.Update(uitest.Key("enter")) // place; now 2 chooses and x turns it
	m.Update(uitest.Key("2"))
	m.Update(uitest.Key("x"))
	if b.IsErr || lastQuad(b) != 2 {
		t.Fatalf("2 then x after placing should turn quadrant 2: status %q, turned %d", b.Status, lastQuad(b))
	}
}

// Issue 12, defect 6: a rotation hint is shown on the board (its
// quadrant's handle marked with !), not only in the status line.
func TestPentagoRotationHintOnTheBoard(t *testing.T) {
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, AIDelay: -1, Seed: 2,
		Start: common.Start{Variant: "pentago", Seats: uitest.HotSeat(uitest.MustVariant(t, "pentago"))}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.Cur.(*BoardScreen)
	m.Update(uitest.Key("enter"))
	uitest.Drain(t, m, uitest.Press(m, "H"))
	h, ok := b.HintMove()
	if !ok {
		t.Fatalf("no hint: %q", b.Status)
	}
	q := 0
	if info := pentago.Decode(h); info.Kind == pentago.RotateQuadrant {
		q = info.Q
	}
	if want := fmt.Sprintf("!Q%d!", q); q == 0 || !strings.Contains(uitest.ViewText(m), want) {
		t.Fatalf("the hint %s is not on the board (want %s):\n%s", b.Game().ShortMove(h), want, uitest.ViewText(m))
	}
}
