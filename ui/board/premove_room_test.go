package board

import (
	"errors"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/table"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
	"github.com/tabletop/tabletop/ui/match"
)

// fakeRoom is a room where this client plays both seats of a
// two-player game. A refusing one refuses every move, as a conflict with
// another node refuses one; otherwise it takes each move.
type fakeRoom struct {
	v        *game.Variant
	refusing bool
	plays    int
	moves    []string
	// reply is a move the room plays after each one it takes, as if
	// another player answered at once.
	reply string
}

var errConflict = errors.New("the room changed on another node: try again")

func (r *fakeRoom) Code() string             { return "K7QX" }
func (r *fakeRoom) Updates() <-chan struct{} { return nil }
func (r *fakeRoom) Leave()                   {}
func (r *fakeRoom) Play(m game.Move) error {
	r.plays++
	if r.refusing {
		return errConflict
	}
	t, err := table.ReplayVariant(r.v.Name, "", r.moves)
	if err != nil {
		return err
	}
	r.moves = append(r.moves, t.Position().FormatMove(m))
	if r.reply != "" {
		r.moves = append(r.moves, r.reply)
	}
	return nil
}
func (r *fakeRoom) View() roomapi.RoomView {
	seats := []roomapi.SeatView{{Role: r.v.RoleName(0), Kind: roomapi.SeatPlayer, Name: "ana", Connected: true},
		{Role: r.v.RoleName(1), Kind: roomapi.SeatPlayer, Name: "ana", Connected: true}}
	position := ""
	if t, err := table.ReplayVariant(r.v.Name, "", r.moves); err == nil {
		position = t.Position().String()
	}
	return roomapi.RoomView{Code: "K7QX", Variant: r.v.Name, Start: r.v.New().String(), Seats: seats,
		Moves: r.moves, Position: position, You: []game.Role{0, 1}, Version: uint64(1 + len(r.moves)), Note: r.note()}
}

// note is the room's word on its last move, as a room writes it.
func (r *fakeRoom) note() string {
	if len(r.moves) == 0 {
		return ""
	}
	return "ana played " + r.moves[len(r.moves)-1]
}

// newRoomBoard is a board of variant v on room, sized 80×24.
func newRoomBoard(t *testing.T, v *game.Variant, room roomapi.Room) *BoardScreen {
	t.Helper()
	c := &common.Common{Profile: colorprofile.ASCII, Opts: common.Options{Remote: true}, IO: common.NewIOQueue(), Width: 80, Height: 24}
	c.SetTheme(themes.Mono)
	b, err := NewBoardShell(c, v)
	if err != nil {
		t.Fatal(err)
	}
	b.SetMatch(match.NewRoomMatch(v, room, b, b.SpinTick))
	b.CentreCursor()
	b.Init()
	return b
}

// A move typed while this client's last room move is on its way is kept
// as a premove; when the room refuses the move it followed, the premove
// is dropped (it was meant for a position that never came), and the
// room's refusal stays on the status line, saying so. (Before, the
// premove was played on the old position: its "sending" line took the
// refusal's place, and a move the player had not chosen there was sent.)
func TestPremoveBehindARefusedRoomMoveIsDropped(t *testing.T) {
	t.Parallel()
	v, err := game.Lookup("quad5")
	if err != nil {
		t.Fatal(err)
	}
	room := &fakeRoom{v: v, refusing: true}
	b := newRoomBoard(t, v, room)
	_, send := b.Update(tea.KeyPressMsg{Code: tea.KeyEnter}) // x marks r3c3: out to the room
	b.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	if _, cmd := b.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); cmd != nil || b.Premove == "" {
		t.Fatalf("the second move was not kept as a premove: %q (status %q)", b.Premove, b.Status)
	}
	var next tea.Cmd
	for _, msg := range uitest.Msgs(send) { // the room refuses r3c3
		_, next = b.Update(msg)
	}
	want := errConflict.Error() + " — premove r3c4 dropped"
	if b.Status != want || !b.IsErr || b.Premove != "" || next != nil || len(b.History()) != 0 || room.plays != 1 {
		t.Fatalf("after the refusal: status %q (error %v), want %q; premove %q, sent again %v, history %v, room asked %d times",
			b.Status, b.IsErr, want, b.Premove, next != nil, b.History(), room.plays)
	}
}
