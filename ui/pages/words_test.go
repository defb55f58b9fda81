package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// Issue 12, defect 7: the words a player reads.
func TestWords(t *testing.T) {
	sv := savefmt.SavedGame{Variant: "quad7", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: ai.Max, Name: "deep"}}, Moves: []string{"(mark r2 c2)"}}
	if got, want := sv.Summary(), "quad7, 1 move: ana vs deep (AI max)"; got != want {
		t.Errorf("save summary %q, want %q", got, want)
	}
	data := sv.Marshal([]string{"x", "o"})
	store := &uitest.MemStore{Data: data}
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: store, AIDelay: -1})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(uitest.Key("enter")) // Continue
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok || b.Status != "resumed after 1 move" {
		t.Fatalf("continue: %T status %q", m.Cur, b.Status)
	}
	b.Match.Leave() // the AI stops
	if v := uitest.ViewText(m); !strings.Contains(v, "deep (AI max)") {
		t.Errorf("a named AI seat hides its level:\n%s", v)
	}
	split, _ := game.Lookup("pentago-split")
	if strings.Contains(split.Summary, "seed") {
		t.Errorf("pentago-split summary %q speaks of the seed", split.Summary)
	}
}
