package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/savefmt"
)

// Issue 12, defect 7: the panel names every seat whole when there is
// room, and marks a name it has to cut with "…".
func TestPanelNamesSeats(t *testing.T) {
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, AIDelay: -1,
		Start: common.Start{Variant: "quad7", Seats: map[string]savefmt.SeatConfig{"x": {Name: "ana"}, "o": {AI: true, Level: ai.Max, Name: "deep"}}}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := uitest.ViewText(m); strings.Count(v, "deep (AI max)") < 1 || strings.Contains(v, "deep (AI m ") {
		t.Fatalf("the panel cuts a seat's name:\n%s", v)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	long := savefmt.SeatConfig{Name: "a very long player name indeed"}
	lm(m.Cur.(*BoardScreen)).Seats[0] = long
	for _, line := range strings.Split(uitest.ViewText(m), "\n") {
		if strings.Contains(line, "a very long") && !strings.Contains(line, long.Name) && !strings.Contains(line, "…") {
			t.Fatalf("a cut name should end in …: %q", line)
		}
	}
}
