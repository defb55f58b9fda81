package match

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/common"
)

// A local match offers every action; a room none but resigning (its
// host decides), and the board's help shows only what the match offers.
// What a match offers is what it implements, asked once (CapsOf).
func TestMatchOffers(t *testing.T) {
	v, _ := game.Lookup("quad5")
	local := CapsOf(NewLocalMatch(&common.Common{Styles: &themes.Styles{}}, v, v.New(), "", make([]savefmt.SeatConfig, len(v.Roles))).AsMatch())
	room := CapsOf(&RoomMatch{variant: v, current: v.New()})
	acts := []struct {
		name        string
		local, room bool
	}{
		{"undo", local.Undo != nil, room.Undo != nil},
		{"hint", local.Hint != nil, room.Hint != nil},
		{"pause", local.AICtl != nil, room.AICtl != nil},
		{"new game and rematch", local.Rematch != nil, room.Rematch != nil},
		{"keeping the game", local.Keep != nil, room.Keep != nil},
		{"handing the keyboard over", local.HandOver != nil, room.HandOver != nil},
	}
	for _, a := range acts {
		if !a.local {
			t.Errorf("a local match does not offer %s", a.name)
		}
		if a.room {
			t.Errorf("a room offers %s", a.name)
		}
	}
	if local.Resign == nil || room.Resign == nil {
		t.Error("a match does not offer resigning")
	}
	if local.Save == nil || room.Save == nil {
		t.Error("a game cannot be saved as a file")
	}
}
