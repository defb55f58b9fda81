package board

import (
	"testing"
	"unsafe"

	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// Two sessions showing the same game draw its side panel once: the
// second takes the first's (sharedPanels), and what it takes is the panel
// it would have drawn itself, through a game's moves, a prompt and a
// theme change.
func TestSessionsShareThePanelTheyWouldDraw(t *testing.T) {
	keys := []string{"right", "enter", "1", "z", ":", "x", "backspace", "esc", "down", "enter", "2", "x", "t", "left", "enter"}
	m1, b1 := newProfileClient(t, "pentago", colorprofile.ANSI256, 100, 40)
	m2, b2 := newProfileClient(t, "pentago", colorprofile.ANSI256, 100, 40)
	shared := 0
	for i, k := range keys {
		uitest.Press(m1, k)
		_ = uitest.Frame(m1)
		uitest.Press(m2, k)
		got := uitest.Frame(m2)
		_, p1, _ := b1.panelIn.Last()
		_, p2, _ := b2.panelIn.Last()
		if unsafe.StringData(p1) == unsafe.StringData(p2) {
			shared++
		}
		sharedPanels.Reset()
		b2.panelIn = common.LastDrawn[panelInputs, string]{}
		if want := uitest.Frame(m2); got != want {
			t.Fatalf("after key %d (%s) the shared panel's frame differs from the one drawn:\n%s\nwant\n%s", i, k, got, want)
		}
	}
	if shared < len(keys)/2 {
		t.Fatalf("the second session took the first's panel after %d keys of %d", shared, len(keys))
	}
}
