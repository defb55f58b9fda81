package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
)

// TestAnalysisBoardFromMenu: the menu's Analysis board takes a pasted
// position; one the game refuses is refused with the game's own words,
// a good one opens a board where the person plays every side, with the
// analysis of the position shown.
func TestAnalysisBoardFromMenu(t *testing.T) {
	t.Parallel()
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Seed: 1, AIDelay: -1, Analyst: uitest.FixedDepth(4)})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	uitest.Send(m, uitest.ToAnalysisBoard()...)
	a, ok := m.Cur.(*analysisSetup)
	if !ok || a.variants[a.chosen].Name != "quad5" {
		t.Fatalf("the menu's Analysis board opened %T", m.Cur)
	}
	bad := "-oo.-/.x.x./\n..... x 0 0"
	_, want := game.NewState("quad5", strings.Join(strings.Fields(bad), " "))
	uitest.Send(m, tea.PasteMsg{Content: bad}, uitest.Key("enter"))
	if want == nil || m.Cur != common.Screen(a) || a.status != want.Error() {
		t.Fatalf("a bad position: on %T, status %q, want the game's %v", m.Cur, a.status, want)
	}
	if v := uitest.ViewText(m); !strings.Contains(v, strings.Fields(want.Error())[0]) {
		t.Fatalf("the reason is not shown:\n%s", v)
	}
	a.input.SetValue("")
	uitest.Send(m, tea.PasteMsg{Content: uitest.ProvenQuad5})
	_, cmd := m.Update(uitest.Key("enter"))
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok || b.Game().String() != uitest.ProvenQuad5 || !b.Mine(0) || !b.Mine(1) || !b.Analysis.Enabled {
		t.Fatalf("a good position: on %T", m.Cur)
	}
	uitest.RunCmd(m, cmd) // the analysis, to its end
	if v := uitest.ViewText(m); !b.Analysis.Done() || !strings.Contains(v, "x 100 proven") || !strings.Contains(v, "1. r3c3") {
		t.Fatalf("the board does not show the proven analysis:\n%s", v)
	}
}

// TestAnalysisBoardFromABoard: A on a board opens the analysis board's
// setup on the game and the position shown.
func TestAnalysisBoardFromABoard(t *testing.T) {
	t.Parallel()
	m, b := newTestClient(t, "pentago", 80, 24)
	m.C.Opts.Analyst = uitest.FixedDepth(1)
	uitest.PlayTexts(t, b.Match, "(place 1 1 1)", "(rotate 1 cw)")
	shown := b.Game().String()
	uitest.Send(m, uitest.Key("A"))
	a, ok := m.Cur.(*analysisSetup)
	if !ok || a.variants[a.chosen].Name != "pentago" || a.input.Value() != shown {
		t.Fatalf("A opened %T", m.Cur)
	}
	uitest.Send(m, uitest.Key("enter"))
	if nb, ok := m.Cur.(*board.BoardScreen); !ok || nb.Game().String() != shown || !nb.Analysis.Enabled {
		t.Fatalf("enter opened %T", m.Cur)
	}
}
