package pages

import (
	"strings"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"

	"github.com/tabletop/tabletop/roomapi"
)

// A new room's options beside its seats: a clock, whether it pauses
// during a seat hold, whether the game is rated, and whether spectators
// may write in the chat. The server keeps
// them; the room list and board show them.

// roomClocks are the time controls offered, the first none.
var roomClocks = []struct {
	label string
	tc    roomapi.TimeControl
}{
	{"none", roomapi.TimeControl{}},
	{"5 min + 3 s", roomapi.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}},
	{"15 min + 10 s", roomapi.TimeControl{Initial: 15 * time.Minute, Increment: 10 * time.Second}},
	{"1 day a move", roomapi.TimeControl{PerMove: 24 * time.Hour}},
	{"3 days a move", roomapi.TimeControl{PerMove: 72 * time.Hour}},
}

// localClocks are the clocks offered for a game at this keyboard, the
// first none: the same clocks as a room's, without the days-long ones.
var localClocks = roomClocks[:3]

// roomOptions are the choices on a room's setup screen.
type roomOptions struct {
	clock int // index in roomClocks
	pause bool
	rated bool
	chat  bool // spectators chat too
}

var roomOptionKeys = struct{ Clock, Pause, Rated, Chat key.Binding }{
	Clock: common.Bind([]string{"c"}, "c", "clock"),
	Pause: common.Bind([]string{"p"}, "p", "pause during a hold"),
	Rated: common.Bind([]string{"r"}, "r", "rated"),
	Chat:  common.Bind([]string{"o"}, "o", "spectators chat"),
}

// optionKey changes a room option for km, if it is an option's key.
func (o *roomOptions) optionKey(km keyMsgMatcher, guest bool) (status string, ok bool) {
	switch {
	case km(roomOptionKeys.Clock):
		o.clock = (o.clock + 1) % len(roomClocks)
	case km(roomOptionKeys.Pause):
		if o.clock == 0 {
			return "choose a clock first (c)", true
		}
		o.pause = !o.pause
	case km(roomOptionKeys.Rated):
		if guest {
			return "rated games are for players with an SSH key", true
		}
		o.rated = !o.rated
	case km(roomOptionKeys.Chat):
		o.chat = !o.chat
	default:
		return "", false
	}
	return "", true
}

// keyMsgMatcher reports whether the key pressed matches a binding.
type keyMsgMatcher func(key.Binding) bool

// apply puts the options into spec.
func (o roomOptions) apply(spec *roomapi.RoomSpec) {
	spec.Clock = roomClocks[o.clock].tc
	spec.Clock.PauseOnHold = o.pause && o.clock != 0
	spec.Rated = o.rated
	spec.SpectatorChat = o.chat
}

// line describes the options for the setup screen.
func (o roomOptions) line() string {
	parts := []string{"clock: " + roomClocks[o.clock].label}
	if o.clock != 0 && o.pause {
		parts[0] += ", paused during a hold"
	}
	if o.rated {
		parts = append(parts, "rated")
	} else {
		parts = append(parts, "unrated")
	}
	if o.chat {
		parts = append(parts, "spectators chat")
	}
	return strings.Join(parts, " · ")
}
