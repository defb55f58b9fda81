package pages

import (
	"testing"
	"time"

	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/ui/common"
)

// A room's line in the list names the seats with their ratings and, for
// the player's own game, whose move it is and the mover's time left, in
// 80 columns.
func TestRoomLineSaysWhoseMoveAndTheTimeLeft(t *testing.T) {
	seats := []roomapi.SeatView{{Role: "x", Kind: roomapi.SeatPlayer, Name: "ana", Rating: 1512}, {Role: "o", Kind: roomapi.SeatHeld, Name: "bob"}}
	for _, tc := range []struct {
		info roomapi.RoomInfo
		want string
	}{
		{roomapi.RoomInfo{Code: "K7QX", Variant: "quad5", Seats: seats, Yours: true, ToMove: 1, YourTurn: true, TimeLeft: 50 * time.Hour},
			"K7QX  quad5      x:ana 1512 o:bob · your move, 2d 02h left"},
		{roomapi.RoomInfo{Code: "K7QX", Variant: "quad5", Seats: seats, Yours: true, ToMove: 0},
			"K7QX  quad5      x:ana 1512 o:bob · x to move"},
		{roomapi.RoomInfo{Code: "K7QX", Variant: "quad5", Seats: seats, Yours: true, ToMove: -1, Finished: true, Spectators: 2},
			"K7QX  quad5      x:ana 1512 o:bob · finished · 2 watching"},
		{roomapi.RoomInfo{Code: "K7QX", Variant: "quad5", Seats: seats, ToMove: 0, TimeLeft: time.Minute},
			"K7QX  quad5      x:ana 1512 o:bob"},
	} {
		if got := roomLine(tc.info); got != tc.want {
			t.Errorf("line\n got %q\nwant %q", got, tc.want)
		}
		if w := common.TextWidth(roomLine(tc.info)); w > 80-3 {
			t.Errorf("line of %d columns: wider than the list at 80", w)
		}
	}
}
