package board

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// A result too long for the panel ("game over: shared by yellow and
// green" in a 38-column panel) keeps the names whole: "game over: " goes
// first, and what still does not fit ends in "…", never in a cut word.
func TestPanelResultKeepsTheNames(t *testing.T) {
	for _, tc := range []struct {
		width int
		want  string
	}{
		{80, "│ shared by yellow and green"},
		{120, "│ game over: shared by yellow and green"},
	} {
		m := openFile(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, AIDelay: -1}, "testdata/tictacchess-shared.txt")
		m.Init()
		m.Update(tea.WindowSizeMsg{Width: tc.width, Height: 24})
		frame := ansi.Strip(m.View().Content)
		if !strings.Contains(frame, tc.want) {
			t.Errorf("at %d columns the panel's first line is not %q:\n%s", tc.width, tc.want, frame)
		}
	}
}
