package board

import (
	"errors"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/match"
)

// refusingRoom is a room where this client plays both seats of a
// Quad 5×5 game and every move is refused, as a conflict with another
// node refuses one.
type refusingRoom struct {
	v     *game.Variant
	plays int
}

var errConflict = errors.New("the room changed on another node: try again")

func (r *refusingRoom) Code() string             { return "K7QX" }
func (r *refusingRoom) Updates() <-chan struct{} { return nil }
func (r *refusingRoom) Leave()                   {}
func (r *refusingRoom) Play(game.Move) error     { r.plays++; return errConflict }
func (r *refusingRoom) View() roomapi.RoomView {
	seats := []roomapi.SeatView{{Role: "x", Kind: roomapi.SeatPlayer, Name: "ana", Connected: true},
		{Role: "o", Kind: roomapi.SeatPlayer, Name: "ana", Connected: true}}
	return roomapi.RoomView{Code: "K7QX", Variant: r.v.Name, Start: r.v.New().String(), Seats: seats,
		You: []game.Role{0, 1}, Version: 1}
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
	c := &common.Common{Profile: colorprofile.ASCII, Opts: common.Options{Remote: true}, IO: common.NewIOQueue(), Width: 80, Height: 24}
	c.SetTheme(themes.Mono)
	b, err := NewBoardShell(c, v)
	if err != nil {
		t.Fatal(err)
	}
	room := &refusingRoom{v: v}
	b.SetMatch(match.NewRoomMatch(v, room, b, b.SpinTick))
	b.CentreCursor()
	b.Init()
	_, send := b.Update(tea.KeyPressMsg{Code: tea.KeyEnter}) // x marks r3c3: out to the room
	b.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	if _, cmd := b.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); cmd != nil || b.Premove == "" {
		t.Fatalf("the second move was not kept as a premove: %q (status %q)", b.Premove, b.Status)
	}
	_, next := b.Update(send()) // the room refuses r3c3
	want := errConflict.Error() + " — premove r3c4 dropped"
	if b.Status != want || !b.IsErr || b.Premove != "" || next != nil || len(b.History()) != 0 || room.plays != 1 {
		t.Fatalf("after the refusal: status %q (error %v), want %q; premove %q, sent again %v, history %v, room asked %d times",
			b.Status, b.IsErr, want, b.Premove, next != nil, b.History(), room.plays)
	}
}

// The client's frame after a move sent to the room waits for the room's
// answer (common.Shell.HoldFor, which the server's renderer asks): the
// answer's frame shows the move played, and a frame of it "sending"
// before would be drawn for nothing.
func TestRoomMoveHoldsTheFrameForTheAnswer(t *testing.T) {
	t.Parallel()
	v, err := game.Lookup("quad5")
	if err != nil {
		t.Fatal(err)
	}
	c := &common.Common{Profile: colorprofile.ASCII, Opts: common.Options{Remote: true}, IO: common.NewIOQueue(), Width: 80, Height: 24}
	c.SetTheme(themes.Mono)
	b, err := NewBoardShell(c, v)
	if err != nil {
		t.Fatal(err)
	}
	b.SetMatch(match.NewRoomMatch(v, &refusingRoom{v: v}, b, b.SpinTick))
	b.CentreCursor()
	b.Init()
	shell := common.NewShell(c, b)
	if d := shell.HoldFor(); d != 0 {
		t.Fatalf("before the move the frame waits %v", d)
	}
	_, send := shell.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if d := shell.HoldFor(); d <= 0 {
		t.Fatalf("with the move on its way the frame does not wait (%v)", d)
	}
	shell.Update(send())
	if d := shell.HoldFor(); d != 0 {
		t.Fatalf("after the room's answer the frame waits %v", d)
	}
}
