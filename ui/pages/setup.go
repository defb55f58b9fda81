package pages

import (
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/match"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
)

// seatKind is one choice for a seat in the setup screen.
type seatKind struct {
	label string
	human bool
	you   bool // room: the creator's own seat
	open  bool // room: waiting for someone to join
	ggp   bool // a GGP player at the address typed in the name field
	level ai.Level
}

func localKinds() []seatKind {
	ks := []seatKind{{label: "Human", human: true}}
	for _, l := range ai.Levels {
		ks = append(ks, seatKind{label: "AI " + string(l), level: l})
	}
	return append(ks, seatKind{label: "GGP", ggp: true})
}

// Limits of the seat's text field: a name, or a GGP player's address.
const (
	nameLimit = 16
	urlLimit  = 200
)

// fitField makes seat i's text field a name or an address, as its kind
// wants.
func (s *setupScreen) fitField(i int) {
	if s.kinds[s.choice[i]].ggp {
		s.names[i].CharLimit, s.names[i].Placeholder = urlLimit, "http://127.0.0.1:9147"
		return
	}
	s.names[i].CharLimit, s.names[i].Placeholder = nameLimit, "name"
	if len(s.names[i].Value()) > nameLimit {
		s.names[i].SetValue(s.names[i].Value()[:nameLimit])
	}
}

// ggpKind is the index of the GGP player's kind, or -1.
func (s *setupScreen) ggpKind() int {
	for i, k := range s.kinds {
		if k.ggp {
			return i
		}
	}
	return -1
}

func roomKinds() []seatKind {
	ks := []seatKind{{label: "You", you: true}, {label: "Open", open: true}}
	for _, l := range ai.Levels {
		ks = append(ks, seatKind{label: "AI " + string(l), level: l})
	}
	return ks
}

// setupScreen seats the players of a new game (or room): one row per
// seat, then the Start button. On a row ←/→ change who plays the seat
// and tab or enter edit its name; ↑/↓ move between the rows and Start.
type setupScreen struct {
	c      *common.Common
	v      *game.Variant
	room   bool
	kinds  []seatKind
	choice []int
	names  []common.Field
	// typed is, per seat, what was typed in the field for the other use
	// of it (an address while the seat is a person's, a name while it is
	// a GGP player): a seat switched back gets its own text again, never
	// the other's ("Bob" typed, GGP chosen, an address, Human again).
	typed   []string
	row     int  // the seat row with the focus; len(choice) is Start
	editing bool // the name of row is being typed
	status  string
	help    help.Model
	options roomOptions // a room's clock and rating (setup_room.go)
	clock   int         // a local game's clock, an index in localClocks
	// game is the game in progress this setup was opened from (n on the
	// board): Esc goes back to it, and it is left (saved for Continue)
	// only when the new game starts or the program quits.
	game *board.BoardScreen
	// creating is the room's creation on its way to the lobby, nil when
	// none is (see create).
	creating *common.Entering
}

// newSetup opens the setup of a new game of v, or of a new room when room
// is set.
func newSetup(c *common.Common, v *game.Variant, room bool) *setupScreen {
	s := &setupScreen{c: c, v: v, room: room, help: c.NewHelp()}
	n := len(v.Roles)
	s.kinds = localKinds()
	if room {
		s.kinds = roomKinds()
	}
	s.choice = make([]int, n)
	s.names = make([]common.Field, n)
	s.typed = make([]string, n)
	for i := range n {
		s.names[i] = common.NewInput(c, "", nameLimit)
		s.names[i].Placeholder = "name"
		switch {
		case room && i == 0:
			s.choice[i] = 0
		case room:
			s.choice[i] = 1
		case i == 0:
			s.choice[i] = 0
			s.names[i].SetValue(c.Opts.Player.Name)
		default:
			s.choice[i] = 1 + indexLevel(ai.Hard)
		}
	}
	if last, ok := c.LastSeats(v.Name, n); ok && !room {
		s.fill(last)
	}
	// The defaults are ready to play: Start has the focus, so enter
	// starts at once.
	s.row = n
	return s
}

// fill sets the seat rows to seats.
func (s *setupScreen) fill(seats []savefmt.SeatConfig) {
	for i, sc := range seats {
		if i >= len(s.choice) {
			break
		}
		s.choice[i] = 0
		if sc.AI {
			s.choice[i] = 1 + indexLevel(sc.AILevel())
		}
		name := sc.Name
		if g := s.ggpKind(); sc.GGP != "" && g >= 0 {
			s.choice[i], name = g, sc.GGP
		}
		s.fitField(i)
		s.names[i].SetValue(name)
	}
}

// newSetupFrom pre-fills the setup with the seats of the last game.
func newSetupFrom(c *common.Common, v *game.Variant, seats []savefmt.SeatConfig) *setupScreen {
	s := newSetup(c, v, false)
	s.fill(seats)
	return s
}

func indexLevel(l ai.Level) int {
	for i, k := range ai.Levels {
		if k == l {
			return i
		}
	}
	return 2
}

// Init is part of common.Screen.
func (s *setupScreen) Init() tea.Cmd { return nil }

// Typing reports whether keys go to a text field (so that single-letter
// shortcuts such as M must not be taken).
func (s *setupScreen) Typing() bool { return s.editing }

// seats are the seats as set up now.
func (s *setupScreen) seats() []savefmt.SeatConfig {
	out := make([]savefmt.SeatConfig, len(s.choice))
	for i, k := range s.choice {
		kind := s.kinds[k]
		text := strings.TrimSpace(s.names[i].Value())
		if kind.ggp {
			out[i] = savefmt.SeatConfig{GGP: text}
			continue
		}
		out[i] = savefmt.SeatConfig{AI: !kind.human, Level: kind.level, Name: text}
	}
	return out
}

// checkGGP says what is wrong with a GGP seat's address, or "".
func (s *setupScreen) checkGGP(seats []savefmt.SeatConfig) string {
	for i, sc := range seats {
		if !s.kinds[s.choice[i]].ggp {
			continue
		}
		if _, err := ggp.ParseRemoteURL(sc.GGP); err != nil || sc.GGP == "" {
			return "type the GGP player's address for " + s.v.Roles[i] + ", e.g. http://127.0.0.1:9147"
		}
		if _, ok := match.RulesOf(s.v); !ok {
			return s.v.Title + " has no GDL description to send to a GGP player"
		}
	}
	return ""
}

// setupKeyMap is the setup screen's keys. While a name is typed only
// the Name* keys and RowUp/RowDown act (DoneName is their help line).
type setupKeyMap struct {
	tab, shiftTab, start, next, editName, change, changeBack key.Binding
	doneName, nameNext, nameStop, rowUp, rowDown             key.Binding
	up, down, back, forceOut, aiTime, lessAITime             key.Binding
}

var setupKeys = setupKeyMap{
	tab:      common.Bind([]string{"tab"}, "tab", "next field"),
	shiftTab: common.Bind([]string{"shift+tab"}, "shift+tab", "previous field"),
	start:    common.Bind([]string{"enter"}, "enter", "start"),
	// A room's seats have no names to type: enter goes to the next.
	next:       common.Bind([]string{"enter"}, "enter", "next seat"),
	editName:   common.Bind([]string{"tab", "enter"}, "tab/enter", "edit the name"),
	change:     common.Bind([]string{"left", "right", "h", "l", "a", "d", "space"}, "←/→", "human/AI level"),
	changeBack: common.Bind([]string{"left", "h", "a"}, "←", "previous choice"),
	doneName:   common.Bind([]string{"enter", "tab", "esc"}, "enter/tab/esc", "done"),
	nameNext:   common.Bind([]string{"enter", "tab"}, "enter/tab", "next seat"),
	nameStop:   common.Bind([]string{"shift+tab", "esc"}, "esc", "done"),
	rowUp:      common.Bind([]string{"up"}, "↑", "previous seat"),
	rowDown:    common.Bind([]string{"down"}, "↓", "next seat"),
	up:         common.KeyUp, down: common.KeyDown, back: common.KeyBack, forceOut: common.KeyForceOut,
	aiTime: common.Bind([]string{"+", "=", "-", "_"}, "+/-", "AI time"),
	// lessAITime is the shorter half of AITime: without it - lengthened.
	lessAITime: common.Bind([]string{"-", "_"}, "-", "less AI time"),
}

func (s *setupScreen) keys() common.KeyHelp {
	var k []key.Binding
	sk := setupKeys
	switch {
	case s.editing:
		k = []key.Binding{sk.doneName, sk.rowUp, sk.rowDown}
	case s.row == len(s.choice):
		k = []key.Binding{sk.start, sk.up, sk.down, sk.back}
	case s.room:
		k = []key.Binding{sk.change, sk.up, sk.down, sk.back}
	default:
		k = []key.Binding{sk.change, sk.editName, sk.up, sk.down, sk.back}
	}
	if !s.editing && !s.room {
		k = append(k, sk.aiTime)
	}
	return common.KeyHelp{Short: k, Full: [][]key.Binding{k}}
}

// setRow moves the focus to row r (len(choice) is Start), wrapping
// around, and stops editing.
func (s *setupScreen) setRow(r int) {
	n := len(s.choice) + 1
	s.row = (r%n + n) % n
	s.setEditing(false)
}

func (s *setupScreen) setEditing(on bool) {
	s.editing = on && s.row < len(s.choice)
	for i := range s.names {
		if s.editing && i == s.row {
			s.names[i].Focus()
			s.names[i].CursorEnd()
		} else {
			s.names[i].Blur()
		}
	}
}

// leaveGame leaves the game this setup was opened from, if any: it is
// saved for Continue as leaving it for the menu would; the command
// reports when it is saved.
func (s *setupScreen) leaveGame() tea.Cmd {
	if s.game == nil {
		return nil
	}
	cmd := s.game.Leave()
	s.game = nil
	return cmd
}

// Update is part of common.Screen.
func (s *setupScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case match.SeatEventMsg:
		// The game behind keeps its seats' events for its return.
		if s.game != nil {
			cmd, _ := s.game.Match.Update(msg)
			return s, cmd
		}
	case common.NoticeMsg:
		s.status = string(msg)
		return s, nil
	case common.EnteredMsg:
		return s.entered(msg)
	case tea.MouseClickMsg:
		return s.mouse(msg.Mouse())
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.PasteMsg:
		if s.editing {
			s.names[s.row].Update(msg)
			return s, nil
		}
	}
	return s, nil
}

func (s *setupScreen) key(km tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	n := len(s.choice)
	sk := setupKeys
	if key.Matches(km, sk.forceOut) {
		return s, tea.Sequence(s.leaveGame(), tea.Quit)
	}
	if s.editing {
		switch {
		case key.Matches(km, sk.nameNext):
			// Done with this name: on to the next seat (or Start).
			s.setRow(s.row + 1)
		case key.Matches(km, sk.nameStop):
			s.setEditing(false)
		case key.Matches(km, sk.rowUp):
			s.setRow(s.row - 1)
		case key.Matches(km, sk.rowDown):
			s.setRow(s.row + 1)
		default:
			before := s.names[s.row].Value()
			s.names[s.row].Update(km)
			s.status = ""
			if km.Text != "" && s.names[s.row].Value() == before {
				// The field is full: say so rather than drop the key.
				s.status = fmt.Sprintf("a name has at most %d characters", s.names[s.row].CharLimit)
				if s.kinds[s.choice[s.row]].ggp {
					s.status = fmt.Sprintf("an address has at most %d characters", s.names[s.row].CharLimit)
				}
			}
			return s, nil
		}
		return s, nil
	}
	if s.room {
		matches := func(b key.Binding) bool { return key.Matches(km, b) }
		if status, ok := s.options.optionKey(matches, s.c.Opts.Player.ID == ""); ok {
			s.status = status
			return s, nil
		}
	}
	switch {
	case key.Matches(km, sk.back):
		if s.game != nil {
			return s.game, nil
		}
		return newMenu(s.c, ""), nil
	case !s.room && key.Matches(km, roomOptionKeys.Clock):
		s.clock = (s.clock + 1) % len(localClocks)
		return s, nil
	case !s.room && key.Matches(km, sk.aiTime):
		return s, s.stepAITime(key.Matches(km, sk.lessAITime))
	case s.row == n && key.Matches(km, sk.start):
		return s.start()
	case s.room && s.row < n && key.Matches(km, sk.tab):
		s.setRow(s.row + 1)
	case s.room && s.row < n && key.Matches(km, sk.next):
		// A room's seats have no names to type (players bring theirs):
		// enter goes on towards Start.
		s.setRow(s.row + 1)
	case key.Matches(km, sk.editName) && s.row < n:
		s.setEditing(true)
	case key.Matches(km, sk.shiftTab):
		s.setRow(s.row - 1)
		if s.row < n && !s.room {
			s.setEditing(true)
		}
	case key.Matches(km, sk.tab): // on Start: round to the first seat
		s.setRow(s.row + 1)
	case key.Matches(km, sk.up):
		s.setRow(s.row - 1)
	case key.Matches(km, sk.down):
		s.setRow(s.row + 1)
	case s.row < n && key.Matches(km, sk.change):
		s.change(s.row, key.Matches(km, sk.changeBack))
	case s.row < n && len(km.String()) == 1:
		s.status = "←/→ choose who plays " + s.v.Roles[s.row] + "; tab or enter to type a name"
	}
	return s, nil
}

// change steps seat i's kind forward or back.
func (s *setupScreen) change(i int, back bool) {
	d := 1
	if back {
		d = -1
	}
	was := s.kinds[s.choice[i]].ggp
	s.choice[i] = (s.choice[i] + d + len(s.kinds)) % len(s.kinds)
	if s.kinds[s.choice[i]].ggp != was {
		text := s.names[i].Value()
		s.fitField(i) // the limit first: an address is longer than a name
		s.names[i].SetValue(s.typed[i])
		s.typed[i] = text
	}
	s.fitField(i)
	s.status = ""
}

// setupTop is the first screen line of the seat rows (title, summary,
// blank line above them).
const setupTop = 3

// Columns returns where a seat row draws the "< Human >" choice and
// the name: after " > ", the role padded to roleW, and two spaces.
func (s *setupScreen) Columns() (roleW, kindX, nameX int) {
	roleW = 7
	for _, r := range s.v.Roles {
		roleW = max(roleW, len(r))
	}
	kindX = 3 + roleW + 2
	return roleW, kindX, kindX + kindW + 2
}

// kindW is the width of the "< Human     >" choice.
const kindW = 13

// mouse: a click on a seat's choice steps it (right-click steps back), on
// its name edits it, on Start starts.
func (s *setupScreen) mouse(msg tea.Mouse) (common.Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft && msg.Button != tea.MouseRight {
		return s, nil
	}
	n := len(s.choice)
	_, kindX, nameX := s.Columns()
	row := msg.Y - setupTop
	switch {
	case row >= 0 && row < n:
		s.setRow(row)
		switch {
		case msg.X >= kindX && msg.X < kindX+kindW:
			s.change(row, msg.Button == tea.MouseRight || msg.X < kindX+2)
		case msg.X >= nameX && !s.room:
			s.setEditing(true)
		}
	case row == n+1 && msg.X >= 3 && msg.X < 3+len(startLabel):
		return s.start()
	}
	return s, nil
}

func (s *setupScreen) start() (common.Screen, tea.Cmd) {
	if s.room {
		spec := roomapi.RoomSpec{Variant: s.v.Name, AfterHold: roomapi.SeatAI}
		you := 0
		for _, k := range s.choice {
			kind := s.kinds[k]
			switch {
			case kind.you:
				you++
				spec.Seats = append(spec.Seats, roomapi.SeatSpec{Kind: roomapi.SeatPlayer})
			case kind.open:
				spec.Seats = append(spec.Seats, roomapi.SeatSpec{Kind: roomapi.SeatOpen})
			default:
				spec.Seats = append(spec.Seats, roomapi.SeatSpec{Kind: roomapi.SeatAI, Level: string(kind.level)})
			}
		}
		if you == 0 {
			s.status = "take at least one seat (You)"
			return s, nil
		}
		s.options.apply(&spec)
		return s, s.create(spec)
	}
	seats := s.seats()
	leave := s.leaveGame() // written whatever comes next; the command only reports
	if s.c.Opts.NoAIOnlyGames && common.AIOnly(seats) {
		s.status = common.NoAIOnlyGame
		return s, nil
	}
	if problem := s.checkGGP(seats); problem != "" {
		s.status = problem
		return s, nil
	}
	b, err := board.NewBoard(s.c, s.v, "", seats)
	if err != nil {
		s.status = err.Error()
		return s, nil
	}
	b.SetClock(localClocks[s.clock].tc)
	write := s.c.Remember(func(st *savefmt.Settings) {
		if st.Seats == nil {
			st.Seats = map[string][]savefmt.SeatConfig{}
		}
		st.Seats[s.v.Name] = seats
	})
	return b, tea.Batch(leave, write)
}

// create asks the lobby for the room in a command (see
// common.Entering); entered shows it. Start again waits for the answer.
func (s *setupScreen) create(spec roomapi.RoomSpec) tea.Cmd {
	if s.creating != nil {
		return nil
	}
	lobby, p := s.c.Opts.Lobby, s.c.Opts.Player
	var cmd tea.Cmd
	s.creating, cmd = common.Enter("creating the room…", func() (roomapi.Room, error) { return lobby.Create(p, spec) })
	s.status = ""
	return cmd
}

// entered takes the lobby's answer to create: the room's board, or why
// not as the status.
func (s *setupScreen) entered(msg common.EnteredMsg) (common.Screen, tea.Cmd) {
	room, err, mine := s.creating.Take(msg)
	if !mine {
		return s, nil
	}
	s.creating = nil
	if err != nil {
		s.status = "create room: " + err.Error()
		return s, nil
	}
	return newRoomBoard(s.c, room)
}

// aiTimes are the AI's times per move the setup steps through; 0 is
// each level's own.
var aiTimes = []time.Duration{0, time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second, time.Minute}

// stepAITime changes the AI's time per move to the next (or previous)
// step and remembers it; the command writes the settings.
func (s *setupScreen) stepAITime(back bool) tea.Cmd {
	i := 0
	for j, d := range aiTimes {
		if d <= s.c.AITime {
			i = j
		}
	}
	if back {
		i = max(i-1, 0)
	} else {
		i = min(i+1, len(aiTimes)-1)
	}
	s.c.AITime = aiTimes[i]
	s.status = ""
	return s.c.Remember(func(st *savefmt.Settings) { st.AITime = s.c.AITime })
}

// aiTimeText says the AI's time per move.
func aiTimeText(d time.Duration) string {
	if d <= 0 {
		return "each level's own (easy 0.3s … max 10s)"
	}
	return d.String()
}

// startLabel is the setup's start button.
const startLabel = "[ Start ]"

// View is part of common.Screen.
func (s *setupScreen) View() string {
	st := s.c.Styles
	var b strings.Builder
	title := "New game: " + s.v.Title
	if s.room {
		title = "New room: " + s.v.Title
	}
	n := len(s.choice)
	roleW, _, _ := s.Columns()
	b.WriteString(st.Title.Render(" "+title) + "\n")
	for _, l := range common.WrapLines(s.v.Summary, s.c.Width-2, 2) {
		b.WriteString(st.Muted.Render(" "+l) + "\n")
	}
	b.WriteString("\n")
	for i, role := range s.v.Roles {
		focused := s.row == i
		kind := s.kinds[s.choice[i]].label
		kindCell := fmt.Sprintf("< %-9s >", kind)
		switch {
		case focused && !s.editing:
			kindCell = st.Cursor.Render(kindCell)
		default:
			kindCell = st.Text.Render(kindCell)
		}
		marker := "  "
		if focused {
			marker = st.Accent.Render("> ")
		}
		var name string
		switch {
		case s.room:
			// Players in a room bring their own names.
		case focused && s.editing:
			name = s.names[i].View()
		case s.names[i].Value() == "" && s.kinds[s.choice[i]].ggp:
			name = st.Muted.Render("(address: tab to type it)")
		case s.names[i].Value() == "":
			name = st.Muted.Render("(name)")
		default:
			name = st.Text.Render(s.names[i].Value())
		}
		fmt.Fprintf(&b, " %s%s  %s  %s\n", marker, st.Piece(i, role).Render(common.PadRight(role, roleW)), kindCell, name)
	}
	b.WriteString("\n")
	if s.row == n {
		b.WriteString(" " + st.Accent.Render("> ") + st.Cursor.Render(startLabel) + "\n")
	} else {
		b.WriteString("   " + st.Text.Render(startLabel) + "\n")
	}
	if !s.room {
		b.WriteString(st.Muted.Render(" AI time per move: ") + st.Text.Render(aiTimeText(s.c.AITime)) + st.Muted.Render(" (+/- to change)") + "\n")
		b.WriteString(st.Muted.Render(" clock: ") + st.Text.Render(localClocks[s.clock].label) + st.Muted.Render(" (c to change)"))
	} else {
		line, keys := " "+s.options.line(), " (c clock, p pause, r rated, o spectators chat)"
		if common.TextWidth(line+keys) > s.c.Width {
			keys = "\n" + keys // on a line of their own rather than cut
		}
		b.WriteString(st.Text.Render(line) + st.Muted.Render(keys))
	}
	b.WriteString("\n")
	b.WriteString(s.hintLine())
	s.help.SetWidth(s.c.Width)
	b.WriteString(" " + s.help.View(s.keys()))
	return b.String()
}

// hintLine is the line under the seats: the room being created, the
// status, or what the keys do on the row with the focus.
func (s *setupScreen) hintLine() string {
	st, n := s.c.Styles, len(s.choice)
	switch {
	case s.creating != nil:
		return s.creating.Line(s.c)
	case s.status != "":
		return st.Error.Render(" "+common.Truncate(s.status, s.c.Width-2)) + "\n"
	case s.editing && s.kinds[s.choice[s.row]].ggp:
		return st.Muted.Render(" type the GGP player's address · enter or tab when done") + "\n"
	case s.editing:
		return st.Muted.Render(" type the name · enter or tab when done") + "\n"
	case s.row < n && s.kinds[s.choice[s.row]].ggp:
		return st.Muted.Render(" a GGP player: tab/enter to type its address · ←/→ other kinds · ↑/↓ seats") + "\n"
	case s.row == n:
		return st.Muted.Render(" enter starts · ↑ to change the seats") + "\n"
	case s.room:
		return st.Muted.Render(" ←/→ you, open for another player, or AI level · ↑/↓ seats and Start") + "\n"
	default:
		return st.Muted.Render(" ←/→ human or AI level · tab/enter to type the name · ↑/↓ seats and Start") + "\n"
	}
}

// variantPicker chooses the game of a new room.
type variantPicker struct {
	c    *common.Common
	list itemList
}

func newVariantPicker(c *common.Common) *variantPicker {
	var items []MenuItem
	for _, v := range game.Variants() {
		items = append(items, MenuItem{title: v.Title, desc: v.Summary, action: actPlay, variant: v})
	}
	l := newItemList(items, menuDelegate{c}, max(c.Width-2, 10), max(c.Height-5, 1))
	l.keys.up, l.keys.down = pickerKeys.Up, pickerKeys.Down
	return &variantPicker{c: c, list: l}
}

// pickerKeys are the keys of the room's game picker.
var pickerKeys = struct{ Choose, Back, Up, Down, ForceOut key.Binding }{
	Choose: common.Bind([]string{"enter"}, "enter", "choose"),
	Back:   common.Bind([]string{"esc", "q"}, "esc", "back"),
	Up:     common.KeyUp, Down: common.KeyDown, ForceOut: common.KeyForceOut,
}

// Init is part of common.Screen.
func (p *variantPicker) Init() tea.Cmd { return nil }

// Update is part of common.Screen.
func (p *variantPicker) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.list.setSize(max(p.c.Width-2, 10), max(p.c.Height-5, 1))
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, pickerKeys.ForceOut):
			return p, tea.Quit
		case key.Matches(msg, pickerKeys.Back):
			return newMenu(p.c, ""), nil
		case key.Matches(msg, pickerKeys.Choose):
			if it, ok := p.list.selected(); ok {
				return newSetup(p.c, it.variant, true), nil
			}
		}
		p.list.Update(msg)
		return p, nil
	}
	return p, nil
}

// View is part of common.Screen.
func (p *variantPicker) View() string {
	st := p.c.Styles
	return st.Title.Render(" Create a room: choose the game") + "\n\n" +
		common.FitBlock(p.list.View(), p.c.Width, max(p.c.Height-5, 1)) + "\n\n" +
		st.Muted.Render(common.Footer(pickerKeys.Choose, pickerKeys.Back))
}
