package pages

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/match"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
)

// newRoomBoard shows a shared room the client entered (see RoomMatch);
// a room it cannot show (a game this client does not know) is left, in
// the command, and the menu says why.
func newRoomBoard(c *common.Common, room roomapi.Room) (common.Screen, tea.Cmd) {
	rv := room.View()
	v, err := game.Lookup(rv.Variant)
	var b *board.BoardScreen
	if err == nil {
		b, err = board.NewBoardShell(c, v)
	}
	if err != nil {
		return newMenu(c, "room "+rv.Code+": "+err.Error()), common.LeaveRoom(room)
	}
	b.SetMatch(match.NewRoomMatch(v, room, b, b.SpinTick))
	b.CentreCursor()
	return b, nil
}

// startJoin is the first screen of a client started in a room (ssh
// host CODE): it joins the room in its command and shows the room's
// board, or the menu with why not.
type startJoin struct {
	c       *common.Common
	code    string
	joining *common.Entering
	join    tea.Cmd
}

// joinAtStart is the first screen of a client that starts in the room
// with the code (common.Start.Join).
func joinAtStart(c *common.Common, code string) common.Screen {
	s := &startJoin{c: c, code: code}
	s.joining, s.join = common.JoinRoom(c, code)
	return s
}

// Init is part of common.Screen: it sends the join.
func (s *startJoin) Init() tea.Cmd { return s.join }

// Update is part of common.Screen.
func (s *startJoin) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case common.EnteredMsg:
		room, err, mine := s.joining.Take(msg)
		switch {
		case !mine:
			return s, nil
		case err != nil:
			return newMenu(s.c, "join "+s.code+": "+err.Error()), nil
		}
		return newRoomBoard(s.c, room)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, joinKeys.ForceOut):
			return s, tea.Quit
		case key.Matches(msg, joinKeys.Back):
			// The join's answer, untaken, is left by the root model.
			return newMenu(s.c, ""), nil
		}
	}
	return s, nil
}

// View is part of common.Screen.
func (s *startJoin) View() string {
	st := s.c.Styles
	return st.Title.Render(" Join a room") + "\n\n" + s.joining.Line(s.c) + "\n" + st.Muted.Render(common.Footer(joinKeys.Back))
}

// joinScreen asks for a room code.
type joinScreen struct {
	c      *common.Common
	input  common.Field
	status string
	// joining is the join on its way to the lobby, nil when none is.
	joining *common.Entering
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

// Typing reports whether a text field has the keys (see common.Screen).
func (j *joinScreen) Typing() bool { return true }

// Update is part of common.Screen.
func (j *joinScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if em, ok := msg.(common.EnteredMsg); ok {
		room, err, mine := j.joining.Take(em)
		if !mine {
			return j, nil
		}
		j.joining = nil
		if err != nil {
			j.status = err.Error()
			return j, nil
		}
		return newRoomBoard(j.c, room)
	}
	if paste, ok := msg.(tea.PasteMsg); ok {
		// A code pasted from a friend's message goes in the field.
		j.input.Update(paste)
		return j, nil
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
		if j.joining != nil {
			return j, nil // one join at a time
		}
		var cmd tea.Cmd
		j.joining, cmd = common.JoinRoom(j.c, code)
		j.status = ""
		return j, cmd
	}
	j.input.Update(km)
	return j, nil
}

// View is part of common.Screen.
func (j *joinScreen) View() string {
	st := j.c.Styles
	s := st.Title.Render(" Join a room") + "\n\n " + j.input.View() + "\n\n" + j.joining.Line(j.c)
	if j.status != "" {
		s += st.Error.Render(" "+j.status) + "\n"
	}
	return s + st.Muted.Render(common.Footer(joinKeys.Join, joinKeys.Back))
}

// roomListScreen lists the host's rooms — the player's own games first,
// with whose move it is and the time left — or, with l, the live games
// by the players' ratings; v is TV: it watches the top live game and
// moves on to the next when it is over.
type roomListScreen struct {
	c      *common.Common
	rooms  []roomapi.RoomInfo
	i      int
	status string
	live   bool // the live games, not the room list
	// joining is the join on its way to the lobby, nil when none is;
	// watchTV says it is TV's (see tv).
	joining *common.Entering
	watchTV bool
}

// roomListKeys are the keys of the room list.
var roomListKeys = struct{ Join, Refresh, Live, TV, Bell, Back, Up, Down, ForceOut key.Binding }{
	Join:    common.Bind([]string{"enter"}, "enter", "join"),
	Refresh: common.Bind([]string{"r"}, "r", "refresh"),
	Live:    common.Bind([]string{"l"}, "l", "live games"),
	TV:      common.Bind([]string{"v"}, "v", "TV"),
	Bell:    common.Bind([]string{"b"}, "b", "bell"),
	Back:    common.Bind([]string{"esc", "q"}, "esc", "back"),
	Up:      common.KeyUp, Down: common.KeyDown, ForceOut: common.KeyForceOut,
}

func newRoomList(c *common.Common) *roomListScreen {
	r := &roomListScreen{c: c}
	r.load()
	return r
}

// games is the lobby's view of the games, nil where it has none.
func (r *roomListScreen) games() roomapi.Games {
	g, _ := r.c.Opts.Lobby.(roomapi.Games)
	return g
}

// load reads the list shown.
func (r *roomListScreen) load() {
	if g := r.games(); r.live && g != nil {
		r.rooms = g.LiveGames()
	} else {
		r.live = false
		r.rooms = r.c.Opts.Lobby.List()
	}
	r.i = min(r.i, max(len(r.rooms)-1, 0))
}

// Init is part of common.Screen.
func (r *roomListScreen) Init() tea.Cmd { return nil }

// Update is part of common.Screen.
func (r *roomListScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case common.NoticeMsg:
		r.status = string(msg) // e.g. a turn notice: the list changed too
		r.load()
		return r, nil
	case common.EnteredMsg:
		return r.entered(msg)
	case tea.KeyPressMsg:
		return r.key(msg)
	}
	return r, nil
}

// key takes a key of the room list.
func (r *roomListScreen) key(km tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	switch {
	case key.Matches(km, roomListKeys.ForceOut):
		return r, tea.Quit
	case key.Matches(km, roomListKeys.Back):
		return newMenu(r.c, ""), nil
	case key.Matches(km, roomListKeys.Refresh):
		r.load()
	case key.Matches(km, roomListKeys.Live):
		if r.games() == nil {
			r.status = "this server lists no live games"
			return r, nil
		}
		r.live, r.i, r.status = !r.live, 0, ""
		r.load()
	case key.Matches(km, roomListKeys.TV):
		return r.tv()
	case key.Matches(km, roomListKeys.Bell):
		r.c.Bell = !r.c.Bell
		r.status = "no bell when it becomes your move in another room"
		if r.c.Bell {
			r.status = "the bell rings when it becomes your move in another room"
		}
	case key.Matches(km, roomListKeys.Up):
		r.i = max(r.i-1, 0)
	case key.Matches(km, roomListKeys.Down):
		r.i = min(r.i+1, max(len(r.rooms)-1, 0))
	case key.Matches(km, roomListKeys.Join):
		if r.i >= len(r.rooms) {
			return r, nil
		}
		return r.join(r.rooms[r.i].Code)
	}
	return r, nil
}

// join enters the room with the code, in a command (see
// common.Entering); keys that would join again wait for its answer.
func (r *roomListScreen) join(code string) (common.Screen, tea.Cmd) {
	if r.joining != nil {
		return r, nil
	}
	var cmd tea.Cmd
	r.joining, cmd = common.JoinRoom(r.c, code)
	r.status = ""
	return r, cmd
}

// entered takes the lobby's answer to the join: the room's board, or
// the error as the status.
func (r *roomListScreen) entered(msg common.EnteredMsg) (common.Screen, tea.Cmd) {
	room, err, mine := r.joining.Take(msg)
	if !mine {
		return r, nil
	}
	r.joining = nil
	tv := r.watchTV
	r.watchTV = false
	if err != nil {
		r.status = err.Error()
		return r, nil
	}
	s, cmd := newRoomBoard(r.c, room)
	if b, ok := s.(*board.BoardScreen); ok && tv {
		b.WatchTV()
		b.SetStatus("TV: the top game; when it is over, the next", false)
	}
	return s, cmd
}

// tv watches the top live game as a TV (see board.WatchTV).
func (r *roomListScreen) tv() (common.Screen, tea.Cmd) {
	g := r.games()
	if g == nil {
		r.status = "this server lists no live games"
		return r, nil
	}
	live := g.LiveGames()
	if len(live) == 0 {
		r.status = "no game goes on now: TV has nothing to show"
		return r, nil
	}
	if r.joining != nil {
		return r, nil
	}
	r.watchTV = true
	return r.join(live[0].Code)
}

// View is part of common.Screen.
func (r *roomListScreen) View() string {
	st := r.c.Styles
	var b strings.Builder
	title, empty := " Rooms", " no rooms yet: create one from the menu"
	if r.live {
		title, empty = " Live games, highest rated first", " no game goes on now"
	}
	b.WriteString(st.Title.Render(title) + "\n\n")
	if len(r.rooms) == 0 {
		b.WriteString(st.Muted.Render(empty) + "\n")
	}
	for i, info := range r.rooms {
		line := roomLine(info)
		b.WriteString(listLine(st, line, i == r.i))
	}
	b.WriteString("\n" + r.joining.Line(r.c))
	if r.status != "" {
		b.WriteString(st.Error.Render(" "+r.status) + "\n")
	}
	keys := []key.Binding{roomListKeys.Join, roomListKeys.Refresh}
	if r.games() != nil {
		keys = append(keys, roomListKeys.Live, roomListKeys.TV, roomListKeys.Bell)
	}
	b.WriteString(st.Muted.Render(common.Footer(append(keys, roomListKeys.Back)...)))
	return b.String()
}

// roomLine is a room's line in the list: its code, game, seats (with
// their ratings), and for the player's own game whose move it is and the
// mover's time left, then its spectators — within 80 columns for two
// seats.
func roomLine(info roomapi.RoomInfo) string {
	var seats []string
	for _, s := range info.Seats {
		who := s.Name
		switch {
		case s.Kind == roomapi.SeatOpen:
			who = "open"
		case s.Rating > 0:
			who += fmt.Sprintf(" %d", s.Rating)
		}
		seats = append(seats, s.Role+":"+who)
	}
	line := fmt.Sprintf("%-5s %-10s %s", info.Code, info.Variant, strings.Join(seats, " "))
	switch {
	case info.Finished:
		line += " · finished"
	case info.Yours && info.YourTurn:
		line += " · your move"
	case info.Yours && info.ToMove >= 0 && info.ToMove < len(info.Seats):
		line += " · " + info.Seats[info.ToMove].Role + " to move"
	case info.Yours:
		line += " · yours"
	}
	if info.Yours && !info.Finished && info.TimeLeft > 0 {
		line += ", " + match.FormatClock(info.TimeLeft) + " left"
	}
	if info.Spectators > 0 {
		line += fmt.Sprintf(" · %d watching", info.Spectators)
	}
	return line
}

// listLine is one line of a list screen: the chosen one marked and in
// the accent colour, the others indented alike.
func listLine(st *themes.Styles, line string, chosen bool) string {
	if chosen {
		return st.Accent.Render(" > "+line) + "\n"
	}
	return st.Text.Render("   "+line) + "\n"
}
