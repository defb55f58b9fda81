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
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
)

// seatKind is one choice for a seat in the setup screen.
type seatKind struct {
	Label string
	Human bool
	you   bool // room: the creator's own seat
	open  bool // room: waiting for someone to join
	GGP   bool // a GGP player at the address typed in the name field
	level ai.Level
}

func localKinds() []seatKind {
	ks := []seatKind{{Label: "Human", Human: true}}
	for _, l := range ai.Levels {
		ks = append(ks, seatKind{Label: "AI " + string(l), level: l})
	}
	return append(ks, seatKind{Label: "GGP", GGP: true})
}

// Limits of the seat's text field: a name, or a GGP player's address.
const (
	nameLimit = 16
	urlLimit  = 200
)

// fitField makes seat i's text field a name or an address, as its kind
// wants.
func (s *SetupScreen) fitField(i int) {
	if s.Kinds[s.Choice[i]].GGP {
		s.Names[i].CharLimit, s.Names[i].Placeholder = urlLimit, "http://127.0.0.1:9147"
		return
	}
	s.Names[i].CharLimit, s.Names[i].Placeholder = nameLimit, "name"
	if len(s.Names[i].Value()) > nameLimit {
		s.Names[i].SetValue(s.Names[i].Value()[:nameLimit])
	}
}

// ggpKind is the index of the GGP player's kind, or -1.
func (s *SetupScreen) ggpKind() int {
	for i, k := range s.Kinds {
		if k.GGP {
			return i
		}
	}
	return -1
}

func roomKinds() []seatKind {
	ks := []seatKind{{Label: "You", you: true}, {Label: "Open", open: true}}
	for _, l := range ai.Levels {
		ks = append(ks, seatKind{Label: "AI " + string(l), level: l})
	}
	return ks
}

// SetupScreen seats the players of a new game (or room): one row per
// seat, then the Start button. On a row ←/→ change who plays the seat
// and tab or enter edit its name; ↑/↓ move between the rows and Start.
type SetupScreen struct {
	c      *common.Common
	v      *game.Variant
	room   bool
	Kinds  []seatKind
	Choice []int
	Names  []textinput.Model
	// typed is, per seat, what was typed in the field for the other use
	// of it (an address while the seat is a person's, a name while it is
	// a GGP player): a seat switched back gets its own text again, never
	// the other's ("Bob" typed, GGP chosen, an address, Human again).
	typed   []string
	Row     int  // the seat row with the focus; len(choice) is Start
	Editing bool // the name of row is being typed
	Status  string
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

// NewSetup opens the setup of a new game of v, or of a new room when room
// is set.
func NewSetup(c *common.Common, v *game.Variant, room bool) *SetupScreen {
	s := &SetupScreen{c: c, v: v, room: room, help: c.NewHelp()}
	n := len(v.Roles)
	s.Kinds = localKinds()
	if room {
		s.Kinds = roomKinds()
	}
	s.Choice = make([]int, n)
	s.Names = make([]textinput.Model, n)
	s.typed = make([]string, n)
	for i := range n {
		s.Names[i] = common.NewInput(c, "", nameLimit)
		s.Names[i].Placeholder = "name"
		switch {
		case room && i == 0:
			s.Choice[i] = 0
		case room:
			s.Choice[i] = 1
		case i == 0:
			s.Choice[i] = 0
			s.Names[i].SetValue(c.Opts.Player.Name)
		default:
			s.Choice[i] = 1 + indexLevel(ai.Hard)
		}
	}
	if last, ok := c.LastSeats(v.Name, n); ok && !room {
		s.fill(last)
	}
	// The defaults are ready to play: Start has the focus, so enter
	// starts at once.
	s.Row = n
	return s
}

// fill sets the seat rows to seats.
func (s *SetupScreen) fill(seats []savefmt.SeatConfig) {
	for i, sc := range seats {
		if i >= len(s.Choice) {
			break
		}
		s.Choice[i] = 0
		if sc.AI {
			s.Choice[i] = 1 + indexLevel(sc.AILevel())
		}
		name := sc.Name
		if g := s.ggpKind(); sc.GGP != "" && g >= 0 {
			s.Choice[i], name = g, sc.GGP
		}
		s.fitField(i)
		s.Names[i].SetValue(name)
	}
}

// newSetupFrom pre-fills the setup with the seats of the last game.
func newSetupFrom(c *common.Common, v *game.Variant, seats []savefmt.SeatConfig) *SetupScreen {
	s := NewSetup(c, v, false)
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
func (s *SetupScreen) Init() tea.Cmd { return nil }

// Typing reports whether keys go to a text field (so that single-letter
// shortcuts such as M must not be taken).
func (s *SetupScreen) Typing() bool { return s.Editing }

// Seats are the seats as set up now.
func (s *SetupScreen) Seats() []savefmt.SeatConfig {
	out := make([]savefmt.SeatConfig, len(s.Choice))
	for i, k := range s.Choice {
		kind := s.Kinds[k]
		text := strings.TrimSpace(s.Names[i].Value())
		if kind.GGP {
			out[i] = savefmt.SeatConfig{GGP: text}
			continue
		}
		out[i] = savefmt.SeatConfig{AI: !kind.Human, Level: kind.level, Name: text}
	}
	return out
}

// checkGGP says what is wrong with a GGP seat's address, or "".
func (s *SetupScreen) checkGGP(seats []savefmt.SeatConfig) string {
	for i, sc := range seats {
		if !s.Kinds[s.Choice[i]].GGP {
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
	Tab, ShiftTab, Start, Next, EditName, Change, ChangeBack key.Binding
	DoneName, NameNext, NameStop, RowUp, RowDown             key.Binding
	Up, Down, Back, ForceOut, AITime, LessAITime             key.Binding
}

var setupKeys = setupKeyMap{
	Tab:      common.Bind([]string{"tab"}, "tab", "next field"),
	ShiftTab: common.Bind([]string{"shift+tab"}, "shift+tab", "previous field"),
	Start:    common.Bind([]string{"enter"}, "enter", "start"),
	// A room's seats have no names to type: enter goes to the next.
	Next:       common.Bind([]string{"enter"}, "enter", "next seat"),
	EditName:   common.Bind([]string{"tab", "enter"}, "tab/enter", "edit the name"),
	Change:     common.Bind([]string{"left", "right", "h", "l", "a", "d", "space"}, "←/→", "human/AI level"),
	ChangeBack: common.Bind([]string{"left", "h", "a"}, "←", "previous choice"),
	DoneName:   common.Bind([]string{"enter", "tab", "esc"}, "enter/tab/esc", "done"),
	NameNext:   common.Bind([]string{"enter", "tab"}, "enter/tab", "next seat"),
	NameStop:   common.Bind([]string{"shift+tab", "esc"}, "esc", "done"),
	RowUp:      common.Bind([]string{"up"}, "↑", "previous seat"),
	RowDown:    common.Bind([]string{"down"}, "↓", "next seat"),
	Up:         common.KeyUp, Down: common.KeyDown, Back: common.KeyBack, ForceOut: common.KeyForceOut,
	AITime: common.Bind([]string{"+", "=", "-", "_"}, "+/-", "AI time"),
	// LessAITime is the shorter half of AITime: without it - lengthened.
	LessAITime: common.Bind([]string{"-", "_"}, "-", "less AI time"),
}

func (s *SetupScreen) keys() common.KeyHelp {
	var k []key.Binding
	sk := setupKeys
	switch {
	case s.Editing:
		k = []key.Binding{sk.DoneName, sk.RowUp, sk.RowDown}
	case s.Row == len(s.Choice):
		k = []key.Binding{sk.Start, sk.Up, sk.Down, sk.Back}
	case s.room:
		k = []key.Binding{sk.Change, sk.Up, sk.Down, sk.Back}
	default:
		k = []key.Binding{sk.Change, sk.EditName, sk.Up, sk.Down, sk.Back}
	}
	if !s.Editing && !s.room {
		k = append(k, sk.AITime)
	}
	return common.KeyHelp{Short: k, Full: [][]key.Binding{k}}
}

// SetRow moves the focus to row r (len(choice) is Start), wrapping
// around, and stops editing.
func (s *SetupScreen) SetRow(r int) {
	n := len(s.Choice) + 1
	s.Row = (r%n + n) % n
	s.setEditing(false)
}

func (s *SetupScreen) setEditing(on bool) {
	s.Editing = on && s.Row < len(s.Choice)
	for i := range s.Names {
		if s.Editing && i == s.Row {
			s.Names[i].Focus()
			s.Names[i].CursorEnd()
		} else {
			s.Names[i].Blur()
		}
	}
}

// leaveGame leaves the game this setup was opened from, if any: it is
// saved for Continue as leaving it for the menu would; the command
// reports when it is saved.
func (s *SetupScreen) leaveGame() tea.Cmd {
	if s.game == nil {
		return nil
	}
	cmd := s.game.Leave()
	s.game = nil
	return cmd
}

// Update is part of common.Screen.
func (s *SetupScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case match.SeatEventMsg:
		// The game behind keeps its seats' events for its return.
		if s.game != nil {
			cmd, _ := s.game.Match.Update(msg)
			return s, cmd
		}
	case common.NoticeMsg:
		s.Status = string(msg)
		return s, nil
	case common.EnteredMsg:
		return s.entered(msg)
	case tea.MouseClickMsg:
		return s.mouse(msg.Mouse())
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.PasteMsg:
		if s.Editing {
			var cmd tea.Cmd
			s.Names[s.Row], cmd = s.Names[s.Row].Update(msg)
			return s, cmd
		}
	}
	return s, nil
}

func (s *SetupScreen) key(km tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	n := len(s.Choice)
	sk := setupKeys
	if key.Matches(km, sk.ForceOut) {
		return s, tea.Sequence(s.leaveGame(), tea.Quit)
	}
	if s.Editing {
		switch {
		case key.Matches(km, sk.NameNext):
			// Done with this name: on to the next seat (or Start).
			s.SetRow(s.Row + 1)
		case key.Matches(km, sk.NameStop):
			s.setEditing(false)
		case key.Matches(km, sk.RowUp):
			s.SetRow(s.Row - 1)
		case key.Matches(km, sk.RowDown):
			s.SetRow(s.Row + 1)
		default:
			var cmd tea.Cmd
			before := s.Names[s.Row].Value()
			s.Names[s.Row], cmd = s.Names[s.Row].Update(km)
			s.Status = ""
			if km.Text != "" && s.Names[s.Row].Value() == before {
				// The field is full: say so rather than drop the key.
				s.Status = fmt.Sprintf("a name has at most %d characters", s.Names[s.Row].CharLimit)
				if s.Kinds[s.Choice[s.Row]].GGP {
					s.Status = fmt.Sprintf("an address has at most %d characters", s.Names[s.Row].CharLimit)
				}
			}
			return s, cmd
		}
		return s, nil
	}
	if s.room {
		matches := func(b key.Binding) bool { return key.Matches(km, b) }
		if status, ok := s.options.optionKey(matches, s.c.Opts.Player.ID == ""); ok {
			s.Status = status
			return s, nil
		}
	}
	switch {
	case key.Matches(km, sk.Back):
		if s.game != nil {
			return s.game, nil
		}
		return NewMenu(s.c, ""), nil
	case !s.room && key.Matches(km, roomOptionKeys.Clock):
		s.clock = (s.clock + 1) % len(localClocks)
		return s, nil
	case !s.room && key.Matches(km, sk.AITime):
		return s, s.stepAITime(key.Matches(km, sk.LessAITime))
	case s.Row == n && key.Matches(km, sk.Start):
		return s.start()
	case s.room && s.Row < n && key.Matches(km, sk.Tab):
		s.SetRow(s.Row + 1)
	case s.room && s.Row < n && key.Matches(km, sk.Next):
		// A room's seats have no names to type (players bring theirs):
		// enter goes on towards Start.
		s.SetRow(s.Row + 1)
	case key.Matches(km, sk.EditName) && s.Row < n:
		s.setEditing(true)
	case key.Matches(km, sk.ShiftTab):
		s.SetRow(s.Row - 1)
		if s.Row < n && !s.room {
			s.setEditing(true)
		}
	case key.Matches(km, sk.Tab): // on Start: round to the first seat
		s.SetRow(s.Row + 1)
	case key.Matches(km, sk.Up):
		s.SetRow(s.Row - 1)
	case key.Matches(km, sk.Down):
		s.SetRow(s.Row + 1)
	case s.Row < n && key.Matches(km, sk.Change):
		s.change(s.Row, key.Matches(km, sk.ChangeBack))
	case s.Row < n && len(km.String()) == 1:
		s.Status = "←/→ choose who plays " + s.v.Roles[s.Row] + "; tab or enter to type a name"
	}
	return s, nil
}

// change steps seat i's kind forward or back.
func (s *SetupScreen) change(i int, back bool) {
	d := 1
	if back {
		d = -1
	}
	was := s.Kinds[s.Choice[i]].GGP
	s.Choice[i] = (s.Choice[i] + d + len(s.Kinds)) % len(s.Kinds)
	if s.Kinds[s.Choice[i]].GGP != was {
		text := s.Names[i].Value()
		s.fitField(i) // the limit first: an address is longer than a name
		s.Names[i].SetValue(s.typed[i])
		s.typed[i] = text
	}
	s.fitField(i)
	s.Status = ""
}

// setupTop is the first screen line of the seat rows (title, summary,
// blank line above them).
const setupTop = 3

// Columns returns where a seat row draws the "< Human >" choice and
// the name: after " > ", the role padded to roleW, and two spaces.
func (s *SetupScreen) Columns() (roleW, kindX, nameX int) {
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
func (s *SetupScreen) mouse(msg tea.Mouse) (common.Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft && msg.Button != tea.MouseRight {
		return s, nil
	}
	n := len(s.Choice)
	_, kindX, nameX := s.Columns()
	row := msg.Y - setupTop
	switch {
	case row >= 0 && row < n:
		s.SetRow(row)
		switch {
		case msg.X >= kindX && msg.X < kindX+kindW:
			s.change(row, msg.Button == tea.MouseRight || msg.X < kindX+2)
		case msg.X >= nameX && !s.room:
			s.setEditing(true)
		}
	case row == n+1 && msg.X >= 3 && msg.X < 3+len(StartLabel):
		return s.start()
	}
	return s, nil
}

func (s *SetupScreen) start() (common.Screen, tea.Cmd) {
	if s.room {
		spec := roomapi.RoomSpec{Variant: s.v.Name, AfterHold: roomapi.SeatAI}
		you := 0
		for _, k := range s.Choice {
			kind := s.Kinds[k]
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
			s.Status = "take at least one seat (You)"
			return s, nil
		}
		s.options.apply(&spec)
		return s, s.create(spec)
	}
	seats := s.Seats()
	leave := s.leaveGame() // written whatever comes next; the command only reports
	if s.c.Opts.NoAIOnlyGames && common.AIOnly(seats) {
		s.Status = common.NoAIOnlyGame
		return s, nil
	}
	if problem := s.checkGGP(seats); problem != "" {
		s.Status = problem
		return s, nil
	}
	b, err := board.NewBoard(s.c, s.v, "", seats)
	if err != nil {
		s.Status = err.Error()
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
func (s *SetupScreen) create(spec roomapi.RoomSpec) tea.Cmd {
	if s.creating != nil {
		return nil
	}
	lobby, p := s.c.Opts.Lobby, s.c.Opts.Player
	var cmd tea.Cmd
	s.creating, cmd = common.Enter("creating the room…", func() (roomapi.Room, error) { return lobby.Create(p, spec) })
	s.Status = ""
	return cmd
}

// entered takes the lobby's answer to create: the room's board, or why
// not as the status.
func (s *SetupScreen) entered(msg common.EnteredMsg) (common.Screen, tea.Cmd) {
	room, err, mine := s.creating.Take(msg)
	if !mine {
		return s, nil
	}
	s.creating = nil
	if err != nil {
		s.Status = "create room: " + err.Error()
		return s, nil
	}
	return NewRoomBoard(s.c, room)
}

// aiTimes are the AI's times per move the setup steps through; 0 is
// each level's own.
var aiTimes = []time.Duration{0, time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second, time.Minute}

// stepAITime changes the AI's time per move to the next (or previous)
// step and remembers it; the command writes the settings.
func (s *SetupScreen) stepAITime(back bool) tea.Cmd {
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
	s.Status = ""
	return s.c.Remember(func(st *savefmt.Settings) { st.AITime = s.c.AITime })
}

// aiTimeText says the AI's time per move.
func aiTimeText(d time.Duration) string {
	if d <= 0 {
		return "each level's own (easy 0.3s … max 10s)"
	}
	return d.String()
}

// StartLabel is the setup's start button.
const StartLabel = "[ Start ]"

// View is part of common.Screen.
func (s *SetupScreen) View() string {
	st := s.c.Styles
	var b strings.Builder
	title := "New game: " + s.v.Title
	if s.room {
		title = "New room: " + s.v.Title
	}
	n := len(s.Choice)
	roleW, _, _ := s.Columns()
	b.WriteString(st.Title.Render(" "+title) + "\n")
	for _, l := range common.WrapLines(s.v.Summary, s.c.Width-2, 2) {
		b.WriteString(st.Muted.Render(" "+l) + "\n")
	}
	b.WriteString("\n")
	for i, role := range s.v.Roles {
		focused := s.Row == i
		kind := s.Kinds[s.Choice[i]].Label
		kindCell := fmt.Sprintf("< %-9s >", kind)
		switch {
		case focused && !s.Editing:
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
		case focused && s.Editing:
			name = s.Names[i].View()
		case s.Names[i].Value() == "" && s.Kinds[s.Choice[i]].GGP:
			name = st.Muted.Render("(address: tab to type it)")
		case s.Names[i].Value() == "":
			name = st.Muted.Render("(name)")
		default:
			name = st.Text.Render(s.Names[i].Value())
		}
		fmt.Fprintf(&b, " %s%s  %s  %s\n", marker, st.Piece(i, role).Render(common.PadRight(role, roleW)), kindCell, name)
	}
	b.WriteString("\n")
	if s.Row == n {
		b.WriteString(" " + st.Accent.Render("> ") + st.Cursor.Render(StartLabel) + "\n")
	} else {
		b.WriteString("   " + st.Text.Render(StartLabel) + "\n")
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
func (s *SetupScreen) hintLine() string {
	st, n := s.c.Styles, len(s.Choice)
	switch {
	case s.creating != nil:
		return s.creating.Line(s.c)
	case s.Status != "":
		return st.Error.Render(" "+common.Truncate(s.Status, s.c.Width-2)) + "\n"
	case s.Editing && s.Kinds[s.Choice[s.Row]].GGP:
		return st.Muted.Render(" type the GGP player's address · enter or tab when done") + "\n"
	case s.Editing:
		return st.Muted.Render(" type the name · enter or tab when done") + "\n"
	case s.Row < n && s.Kinds[s.Choice[s.Row]].GGP:
		return st.Muted.Render(" a GGP player: tab/enter to type its address · ←/→ other kinds · ↑/↓ seats") + "\n"
	case s.Row == n:
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
	list ItemList
}

func newVariantPicker(c *common.Common) *variantPicker {
	var items []MenuItem
	for _, v := range game.Variants() {
		items = append(items, MenuItem{Title: v.Title, Desc: v.Summary, action: actPlay, variant: v})
	}
	l := NewItemList(items, MenuDelegate{c}, max(c.Width-2, 10), max(c.Height-5, 1))
	l.Keys.Up, l.Keys.Down = pickerKeys.Up, pickerKeys.Down
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
		p.list.SetSize(max(p.c.Width-2, 10), max(p.c.Height-5, 1))
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, pickerKeys.ForceOut):
			return p, tea.Quit
		case key.Matches(msg, pickerKeys.Back):
			return NewMenu(p.c, ""), nil
		case key.Matches(msg, pickerKeys.Choose):
			if it, ok := p.list.Selected(); ok {
				return NewSetup(p.c, it.variant, true), nil
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
