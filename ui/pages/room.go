package pages

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/match"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
)

// NewRoomBoard shows a shared room (see RoomMatch).
func NewRoomBoard(c *common.Common, room roomapi.Room) common.Screen {
	rv := room.View()
	v, err := game.Lookup(rv.Variant)
	var b *board.BoardScreen
	if err == nil {
		b, err = board.NewBoardShell(c, v)
	}
	if err != nil {
		room.Leave()
		return NewMenu(c, "room "+rv.Code+": "+err.Error())
	}
	b.SetMatch(match.NewRoomMatch(v, room, b, b.SpinTick))
	b.CentreCursor()
	return b
}

// joinScreen asks for a room code.
type joinScreen struct {
	c      *common.Common
	input  textinput.Model
	status string
}

// joinKeys are the keys of the join screen (every other key types).
var joinKeys = struct{ Join, Back, ForceOut key.Binding }{
	Join:     common.Bind([]string{"enter"}, "enter", "join"),
	Back:     common.Bind([]string{"esc"}, "esc", "back"),
	ForceOut: common.KeyForceOut,
}

func newJoinScreen(c *common.Common) *joinScreen {
	in := common.NewInput(c, "room code: ", 12)
	in.Focus()
	return &joinScreen{c: c, input: in}
}

// Init is part of common.Screen.
func (j *joinScreen) Init() tea.Cmd { return nil }

// Typing reports whether a text field has the keys (see common.IsTyping).
func (j *joinScreen) Typing() bool { return true }

// Update is part of common.Screen.
func (j *joinScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if paste, ok := msg.(tea.PasteMsg); ok {
		// A code pasted from a friend's message goes in the field.
		var cmd tea.Cmd
		j.input, cmd = j.input.Update(paste)
		return j, cmd
	}
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return j, nil
	}
	switch {
	case key.Matches(km, joinKeys.ForceOut):
		return j, tea.Quit
	case key.Matches(km, joinKeys.Back):
		return NewMenu(j.c, ""), nil
	case key.Matches(km, joinKeys.Join):
		code := strings.ToUpper(strings.TrimSpace(j.input.Value()))
		if code == "" {
			j.status = "type the code of the room"
			return j, nil
		}
		room, err := j.c.Opts.Lobby.Join(j.c.Opts.Player, code)
		if err != nil {
			j.status = err.Error()
			return j, nil
		}
		return NewRoomBoard(j.c, room), nil
	}
	var cmd tea.Cmd
	j.input, cmd = j.input.Update(km)
	return j, cmd
}

// View is part of common.Screen.
func (j *joinScreen) View() string {
	st := j.c.Styles
	s := st.Title.Render(" Join a room") + "\n\n " + j.input.View() + "\n\n"
	if j.status != "" {
		s += st.Error.Render(" "+j.status) + "\n"
	}
	return s + st.Muted.Render(common.Footer(joinKeys.Join, joinKeys.Back))
}

// roomListScreen lists the host's rooms.
type roomListScreen struct {
	c      *common.Common
	rooms  []roomapi.RoomInfo
	i      int
	status string
}

// roomListKeys are the keys of the room list.
var roomListKeys = struct{ Join, Refresh, Back, Up, Down, ForceOut key.Binding }{
	Join:    common.Bind([]string{"enter"}, "enter", "join"),
	Refresh: common.Bind([]string{"r"}, "r", "refresh"),
	Back:    common.Bind([]string{"esc", "q"}, "esc", "back"),
	Up:      common.KeyUp, Down: common.KeyDown, ForceOut: common.KeyForceOut,
}

func newRoomList(c *common.Common) *roomListScreen {
	r := &roomListScreen{c: c}
	r.rooms = c.Opts.Lobby.List()
	return r
}

// Init is part of common.Screen.
func (r *roomListScreen) Init() tea.Cmd { return nil }

// Update is part of common.Screen.
func (r *roomListScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return r, nil
	}
	switch {
	case key.Matches(km, roomListKeys.ForceOut):
		return r, tea.Quit
	case key.Matches(km, roomListKeys.Back):
		return NewMenu(r.c, ""), nil
	case key.Matches(km, roomListKeys.Refresh):
		r.rooms = r.c.Opts.Lobby.List()
		r.i = min(r.i, max(len(r.rooms)-1, 0))
	case key.Matches(km, roomListKeys.Up):
		r.i = max(r.i-1, 0)
	case key.Matches(km, roomListKeys.Down):
		r.i = min(r.i+1, max(len(r.rooms)-1, 0))
	case key.Matches(km, roomListKeys.Join):
		if r.i >= len(r.rooms) {
			return r, nil
		}
		room, err := r.c.Opts.Lobby.Join(r.c.Opts.Player, r.rooms[r.i].Code)
		if err != nil {
			r.status = err.Error()
			return r, nil
		}
		return NewRoomBoard(r.c, room), nil
	}
	return r, nil
}

// View is part of common.Screen.
func (r *roomListScreen) View() string {
	st := r.c.Styles
	var b strings.Builder
	b.WriteString(st.Title.Render(" Rooms") + "\n\n")
	if len(r.rooms) == 0 {
		b.WriteString(st.Muted.Render(" no rooms yet: create one from the menu") + "\n")
	}
	for i, info := range r.rooms {
		var seats []string
		for _, s := range info.Seats {
			who := s.Name
			if s.Kind == roomapi.SeatOpen {
				who = "open"
			}
			seats = append(seats, s.Role+":"+who)
		}
		state := ""
		if info.Finished {
			state = " (finished)"
		}
		if info.Yours {
			state += " (your game)"
		}
		line := fmt.Sprintf("%-6s %-12s %s  %d watching%s", info.Code, info.Variant, strings.Join(seats, " "), info.Spectators, state)
		if i == r.i {
			b.WriteString(st.Accent.Render(" > "+line) + "\n")
		} else {
			b.WriteString(st.Text.Render("   "+line) + "\n")
		}
	}
	b.WriteString("\n")
	if r.status != "" {
		b.WriteString(st.Error.Render(" "+r.status) + "\n")
	}
	b.WriteString(st.Muted.Render(common.Footer(roomListKeys.Join, roomListKeys.Refresh, roomListKeys.Back)))
	return b.String()
}
