package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
)

// newRoomBoard shows a shared room (see roomMatch).
func newRoomBoard(c *common, room roomapi.Room) screen {
	rv := room.View()
	v, err := game.Lookup(rv.Variant)
	var b *boardScreen
	if err == nil {
		b, err = newBoardShell(c, v)
	}
	if err != nil {
		room.Leave()
		return newMenu(c, "room "+rv.Code+": "+err.Error())
	}
	b.setMatch(newRoomMatch(v, room, b, b.spinTick))
	b.centreCursor()
	return b
}

// joinScreen asks for a room code.
type joinScreen struct {
	c      *common
	input  textinput.Model
	status string
}

// joinKeys are the keys of the join screen (every other key types).
var joinKeys = struct{ Join, Back, ForceOut key.Binding }{
	Join:     bind([]string{"enter"}, "enter", "join"),
	Back:     bind([]string{"esc"}, "esc", "back"),
	ForceOut: keyForceOut,
}

func newJoinScreen(c *common) *joinScreen {
	in := newInput(c, "room code: ", 12)
	in.Focus()
	return &joinScreen{c: c, input: in}
}

func (j *joinScreen) init() tea.Cmd { return nil }

func (j *joinScreen) typing() bool { return true }

func (j *joinScreen) update(msg tea.Msg) (screen, tea.Cmd) {
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
		return newMenu(j.c, ""), nil
	case key.Matches(km, joinKeys.Join):
		code := strings.ToUpper(strings.TrimSpace(j.input.Value()))
		if code == "" {
			j.status = "type the code of the room"
			return j, nil
		}
		room, err := j.c.opts.Lobby.Join(j.c.opts.Player, code)
		if err != nil {
			j.status = err.Error()
			return j, nil
		}
		return newRoomBoard(j.c, room), nil
	}
	var cmd tea.Cmd
	j.input, cmd = j.input.Update(km)
	return j, cmd
}

func (j *joinScreen) view() string {
	st := j.c.st
	s := st.Title.Render(" Join a room") + "\n\n " + j.input.View() + "\n\n"
	if j.status != "" {
		s += st.Error.Render(" "+j.status) + "\n"
	}
	return s + st.Muted.Render(footer(joinKeys.Join, joinKeys.Back))
}

// roomListScreen lists the host's rooms.
type roomListScreen struct {
	c      *common
	rooms  []roomapi.RoomInfo
	i      int
	status string
}

// roomListKeys are the keys of the room list.
var roomListKeys = struct{ Join, Refresh, Back, Up, Down, ForceOut key.Binding }{
	Join:    bind([]string{"enter"}, "enter", "join"),
	Refresh: bind([]string{"r"}, "r", "refresh"),
	Back:    bind([]string{"esc", "q"}, "esc", "back"),
	Up:      keyUp, Down: keyDown, ForceOut: keyForceOut,
}

func newRoomList(c *common) *roomListScreen {
	r := &roomListScreen{c: c}
	r.rooms = c.opts.Lobby.List()
	return r
}

func (r *roomListScreen) init() tea.Cmd { return nil }

func (r *roomListScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return r, nil
	}
	switch {
	case key.Matches(km, roomListKeys.ForceOut):
		return r, tea.Quit
	case key.Matches(km, roomListKeys.Back):
		return newMenu(r.c, ""), nil
	case key.Matches(km, roomListKeys.Refresh):
		r.rooms = r.c.opts.Lobby.List()
		r.i = min(r.i, max(len(r.rooms)-1, 0))
	case key.Matches(km, roomListKeys.Up):
		r.i = max(r.i-1, 0)
	case key.Matches(km, roomListKeys.Down):
		r.i = min(r.i+1, max(len(r.rooms)-1, 0))
	case key.Matches(km, roomListKeys.Join):
		if r.i >= len(r.rooms) {
			return r, nil
		}
		room, err := r.c.opts.Lobby.Join(r.c.opts.Player, r.rooms[r.i].Code)
		if err != nil {
			r.status = err.Error()
			return r, nil
		}
		return newRoomBoard(r.c, room), nil
	}
	return r, nil
}

func (r *roomListScreen) view() string {
	st := r.c.st
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
	b.WriteString(st.Muted.Render(footer(roomListKeys.Join, roomListKeys.Refresh, roomListKeys.Back)))
	return b.String()
}
