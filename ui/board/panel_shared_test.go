package board

import (
	"strings"
	"testing"
	"unsafe"

	tea "charm.land/bubbletea/v2"
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

// Every line of the side panel is one width (the frame's body measures
// only its first, see body), whatever it shows: the start, a game under
// way, the analysis, the end with its buttons; in colour and ASCII, at
// sizes the board fits.
func TestPanelLinesAreOneWidth(t *testing.T) {
	t.Parallel()
	for _, variant := range []string{"pentago", "quad7", "tictacchess"} {
		for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ASCII} {
			for _, sz := range [][2]int{{80, 24}, {100, 40}, {160, 50}} {
				m, bs := newProfileClient(t, variant, p, sz[0], sz[1])
				check := func(when string) {
					t.Helper()
					l := bs.Layout()
					if !l.Fits {
						return
					}
					lines := common.SplitLines(bs.panel().panelView(l))
					for i, line := range lines {
						if w, w0 := common.LineWidth(line), common.LineWidth(lines[0]); w != w0 {
							t.Fatalf("%s %v %v %s: panel line %d is %d wide, the first %d:\n%s", variant, p, sz, when, i, w, w0, strings.Join(lines, "\n"))
						}
					}
				}
				check("at the start")
				typeMoves(m, bs, 9, 5)
				check("under way")
				m.Update(uitest.Key("e")) // the analysis
				check("with the analysis")
				m.Update(uitest.Key("e"))
				for range 200 {
					if bs.Ended() {
						break
					}
					typeMoves(m, bs, 1, 3)
				}
				if !bs.Ended() {
					t.Fatalf("%s: no end after 200 moves", variant)
				}
				check("at the end")
			}
		}
	}
}

// Two sessions showing the same board and panel join the frame's body
// once (sharedBodies), and the body taken is the one the second would
// have joined itself, through a game's moves, a prompt and a resize.
func TestSessionsShareTheBodyTheyWouldJoin(t *testing.T) {
	keys := []string{"right", "enter", "1", "z", ":", "x", "backspace", "esc", "down", "enter", "2", "resize", "x", "t", "left", "enter"}
	m1, b1 := newProfileClient(t, "pentago", colorprofile.ANSI256, 100, 40)
	m2, b2 := newProfileClient(t, "pentago", colorprofile.ANSI256, 100, 40)
	shared := 0
	for i, k := range keys {
		for _, m := range []*common.Shell{m1, m2} {
			if k == "resize" {
				m.Update(tea.WindowSizeMsg{Width: 110, Height: 42})
			} else {
				uitest.Press(m, k)
			}
		}
		_ = uitest.Frame(m1)
		got := uitest.Frame(m2)
		_, l1, _ := b1.bodyMemo.Last()
		_, l2, _ := b2.bodyMemo.Last()
		if len(l1) > 0 && len(l2) > 0 && &l1[0] == &l2[0] {
			shared++
		}
		sharedBodies.Reset()
		b2.bodyMemo = common.LastDrawn[bodyKey, []string]{}
		if want := uitest.Frame(m2); got != want {
			t.Fatalf("after key %d (%s) the shared body's frame differs from the one joined:\n%s\nwant\n%s", i, k, got, want)
		}
	}
	if shared < len(keys)/2 {
		t.Fatalf("the second session took the first's body after %d keys of %d", shared, len(keys))
	}
}
