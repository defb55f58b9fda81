package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
)

// specLobby records the spec of the room created.
type specLobby struct {
	fakeLobby
	spec rooms.RoomSpec
}

func (l *specLobby) Create(p rooms.Player, spec rooms.RoomSpec) (rooms.Room, error) {
	l.spec = spec
	return l.room, nil
}

// A room's creator picks a clock, its pause, a rated game and whether
// spectators chat on the setup screen, and the room is created with them.
func TestRoomSetupOptions(t *testing.T) {
	for _, c := range []struct {
		name  string
		keys  []string
		guest bool
		want  rooms.RoomSpec
		line  string
	}{
		{"defaults", nil, false, rooms.RoomSpec{}, "clock: none · unrated"},
		{"blitz rated", []string{"c", "p", "r"}, false, rooms.RoomSpec{Rated: true, Clock: rooms.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second, PauseOnHold: true}}, "clock: 5 min + 3 s, paused during a hold · rated"},
		{"correspondence", []string{"c", "c", "c"}, false, rooms.RoomSpec{Clock: rooms.TimeControl{PerMove: 24 * time.Hour}}, "clock: 1 day a move · unrated"},
		{"pause needs a clock, rated a key", []string{"p", "r"}, true, rooms.RoomSpec{}, "clock: none · unrated"},
		{"spectators chat", []string{"o"}, false, rooms.RoomSpec{SpectatorChat: true}, "clock: none · unrated · spectators chat"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lobby := &specLobby{fakeLobby: fakeLobby{newFakeRoom("pentago", 0)}}
			p := rooms.Player{ID: "SHA256:ana", Name: "ana"}
			if c.guest {
				p.ID = ""
			}
			m := New(common.Options{ColorProfile: colorprofile.ASCII, Remote: true, Lobby: lobby, Player: p}).(*Model)
			m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
			v, _ := game.Lookup("pentago")
			m.cur = pages.NewSetup(m.c, v, true)
			for _, k := range c.keys {
				sendKey(m, k)
			}
			if view := viewText(m); !strings.Contains(view, c.line) {
				t.Fatalf("setup shows no %q:\n%s", c.line, view)
			}
			for s := m.cur.(*pages.SetupScreen); s.Row < len(s.Choice); {
				m.Update(keyMsg("enter")) // on to Start
			}
			_, create := m.Update(keyMsg("enter"))
			m.Update(create()) // the lobby's answer
			if _, ok := m.cur.(*board.BoardScreen); !ok {
				t.Fatalf("no room board after Start: %T\n%s", m.cur, viewText(m))
			}
			got := lobby.spec
			if got.Rated != c.want.Rated || got.Clock != c.want.Clock || got.SpectatorChat != c.want.SpectatorChat {
				t.Fatalf("room created with rated %v clock %+v spectators chat %v, want %v %+v %v", got.Rated, got.Clock, got.SpectatorChat, c.want.Rated, c.want.Clock, c.want.SpectatorChat)
			}
		})
	}
}
