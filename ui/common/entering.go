package common

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/roomapi"
)

// A room is joined or created through the lobby, which claims the seats
// in the server's store (a database over the network, on another node
// perhaps), so the call runs in a command, off the UI goroutine, and
// comes back as an EnteredMsg; meanwhile the screen says so ("joining
// room K7QX…") and starts no second one. Like a room's move
// (ui/match/room_send.go), nothing of it happens in Update.
//
// The answer reaches whatever screen is shown when it comes. The screen
// that asked takes it (Take); if that screen was left meanwhile, no
// screen takes it, and the root model leaves the room (Untaken), so that
// no seat stays claimed for a screen that is gone.

// Entering is a join or a create on its way to the lobby.
type Entering struct {
	// What is what the screen says meanwhile, e.g. "joining room K7QX…".
	What  string
	taken bool
}

// EnteredMsg is the lobby's answer to an Entering: the room entered, or
// why not.
type EnteredMsg struct {
	of   *Entering
	room roomapi.Room
	err  error
}

// Enter runs the lobby's call in a command; what is said meanwhile.
func Enter(what string, call func() (roomapi.Room, error)) (*Entering, tea.Cmd) {
	e := &Entering{What: what}
	return e, func() tea.Msg {
		room, err := call()
		return EnteredMsg{of: e, room: room, err: err}
	}
}

// JoinRoom enters the room with the code through the client's lobby.
func JoinRoom(c *Common, code string) (*Entering, tea.Cmd) {
	lobby, p := c.Opts.Lobby, c.Opts.Player
	return Enter("joining room "+code+"…", func() (roomapi.Room, error) { return lobby.Join(p, code) })
}

// Take is the screen's answer to its Entering e: the room entered or
// why not; ok is false when msg answers another (or e is nil).
func (e *Entering) Take(msg EnteredMsg) (room roomapi.Room, err error, ok bool) {
	if e == nil || msg.of != e {
		return nil, nil, false
	}
	e.taken = true
	return msg.room, msg.err, true
}

// Untaken is the command that leaves the room of an answer no screen
// took (its screen was left while it was out); nil otherwise.
func (msg EnteredMsg) Untaken() tea.Cmd {
	if msg.of == nil || msg.of.taken || msg.room == nil {
		return nil
	}
	return LeaveRoom(msg.room)
}

// LeaveRoom is the command that leaves room: the room writes the seats
// given up to the store, off the UI goroutine.
func LeaveRoom(room roomapi.Room) tea.Cmd {
	return func() tea.Msg {
		room.Leave()
		return nil
	}
}

// Line is the Entering's line on its screen; "" when e is nil.
func (e *Entering) Line(c *Common) string {
	if e == nil {
		return ""
	}
	return c.Styles.Text.Render(" "+e.What) + "\n"
}
