package pages

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// The rotation a room's opponent made is the last move the board marks.
func TestPentagoRotationIsTheLastMoveInARoom(t *testing.T) {
	room := newFakeRoom("pentago", 1)
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true, Start: common.Start{Join: "K7QX"}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	startIn(m)
	room.remote("(place 1 1 1)")
	room.remote("(rotate 2 counterclockwise)")
	b := m.Cur.(*board.BoardScreen)
	rm(b).Refresh()
	if lastQuad(b) != 2 || !strings.Contains(uitest.ViewText(m), "(Q2)") {
		t.Fatalf("room: turned quadrant %d not shown:\n%s", lastQuad(b), uitest.ViewText(m))
	}
}

// A spectator reviews a room's game while it goes on: the room is not
// touched, and the board follows the room again on esc.
func TestReviewInARoom(t *testing.T) {
	room := newFakeRoom("quad5") // a spectator: no seat
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}, Analyst: uitest.FixedDepth(2)})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	wait := startIn(m)
	b := m.Cur.(*board.BoardScreen)
	room.remote("r2c2")
	_, wait = m.Update(wait())
	room.remote("r1c2")
	_, wait = m.Update(wait())
	_, cmd := m.Update(uitest.Key("v"))
	uitest.RunCmd(m, cmd)
	m.Update(uitest.Key("left"))
	if got, want := b.Game().String(), uitest.PositionAfter(t, "quad5", "r2c2"); got != want {
		t.Fatalf("reviewing move 1: %q, want %q", got, want)
	}
	room.remote("r2c4") // the game goes on meanwhile
	m.Update(wait())
	if !b.Reviewing() || b.Review.Turn != 1 || !strings.Contains(uitest.ViewText(m), "reviewing move 1 of 3") {
		t.Fatalf("the room's move moved the review: at %d\n%s", b.Review.Turn, uitest.ViewText(m))
	}
	m.Update(uitest.Key("enter"))
	if len(room.moves) != 3 {
		t.Fatalf("review changed the room: %v", room.moves)
	}
	m.Update(uitest.Key("esc"))
	if b.Game().String() != room.s.String() {
		t.Fatalf("esc: %q, want the room's %q", b.Game().String(), room.s.String())
	}
}

// TestNoAnalysisInARoomGame: a room's game is not analysed while it
// goes on, where the engine would play for a person.
func TestNoAnalysisInARoomGame(t *testing.T) {
	t.Parallel()
	room := newFakeRoom("quad5")
	h := uitest.NewHeldAnalyst()
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}, Analyst: h})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	startIn(m)
	b := m.Cur.(*board.BoardScreen)
	// The keys are not offered to be refused: neither the key bar nor the
	// full help names them while the game goes on.
	uitest.Send(m, uitest.Key("?"))
	if v := uitest.ViewText(m); strings.Contains(v, "analysis") {
		t.Fatalf("a room's game in play offers the analysis:\n%s", v)
	}
	uitest.Send(m, uitest.Key("?"))
	for _, k := range []string{"e", "A"} {
		uitest.Send(m, uitest.Key(k))
		if b.Analysis.Enabled || b.Analysis.Job != nil || m.Cur != common.Screen(b) || !strings.Contains(b.Status, "no analysis while the room's game goes on") {
			t.Fatalf("%s in a room: analysis %v, on %T, status %q", k, b.Analysis.Enabled, m.Cur, b.Status)
		}
	}
	// Review's values there are the game's own estimate, not the engine's.
	_, cmd := m.Update(uitest.Key("v"))
	uitest.RunOnce(m, cmd)
	if len(h.Started) > 0 || h.Reviewed.Load() > 0 || b.Review.Evals[0] != board.Estimate(b.Game(), make([]int, 2)) {
		t.Fatalf("review in a room's game asked the engine: values %v", b.Review.Evals)
	}
}
