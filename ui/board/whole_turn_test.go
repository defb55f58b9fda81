package board

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// A whole Pentago turn typed in one line, "133 3ccw" as the move list
// writes it, is played at once in a hot-seat game: the placement and the
// rotation, and then it is black's turn. A line that is no turn is
// refused with the game's own reason, and nothing is played.
func TestWholeTurnTypedAtHome(t *testing.T) {
	t.Parallel()
	m, b := newTestClient(t, "pentago", 80, 24)
	uitest.Send(m, uitest.TypeMove("133 3ccw")...)
	s := b.Game()
	if h := b.History(); len(h) != 2 || h[0].Text != "133" || h[1].Text != "3ccw" || b.IsErr {
		t.Fatalf("typed 133 3ccw: history %v, status %q (error %v)", h, b.Status, b.IsErr)
	}
	if got := s.Variant().RoleName(s.ToMove()); got != "black" {
		t.Fatalf("after a whole turn %s is to move, want black", got)
	}
	uitest.Send(m, uitest.TypeMove("122 122")...)
	if len(b.History()) != 2 || !b.IsErr {
		t.Fatalf("typed two placements: history %v, status %q (error %v)", b.History(), b.Status, b.IsErr)
	}
}

// A whole Pentago turn typed in one line, "133 3ccw" as the move list
// writes it, is played in a room as two moves: the placement is sent,
// the rotation waits for it as a premove and is sent once the room has
// taken the placement. (Before, the line was refused as not a move.)
func TestWholeTurnTypedInARoom(t *testing.T) {
	t.Parallel()
	v, err := game.Lookup("pentago")
	if err != nil {
		t.Fatal(err)
	}
	room := &fakeRoom{v: v}
	b := newRoomBoard(t, v, room)
	var cmd tea.Cmd
	for _, msg := range uitest.TypeMove("133 3ccw") {
		_, cmd = b.Update(msg)
	}
	if cmd == nil || b.Premove != "3ccw" {
		t.Fatalf("typed a whole turn: premove %q, status %q (error %v), sent %v", b.Premove, b.Status, b.IsErr, cmd != nil)
	}
	for i := 0; cmd != nil && i < 10; i++ {
		var next []tea.Cmd
		for _, msg := range uitest.Msgs(cmd) {
			_, c := b.Update(msg)
			next = append(next, c)
		}
		cmd = tea.Batch(next...)
	}
	if len(room.moves) != 2 || room.moves[1] != "(rotate 3 counterclockwise)" || b.Premove != "" || b.IsErr {
		t.Fatalf("the room took %v; premove %q, status %q (error %v)", room.moves, b.Premove, b.Status, b.IsErr)
	}
}
