package ui

import (
	"fmt"
	"strings"
	"time"

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
	c      *common
	v      *game.Variant
	room   bool
	kinds  []seatKind
	choice []int
	names  []textinput.Model
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
	// game is the game in progress this setup was opened from (n on the
	// board): Esc goes back to it, and it is left (saved for Continue)
	// only when the new game starts or the program quits.
	game *boardScreen
}

func newSetup(c *common, v *game.Variant, room bool) *setupScreen {
	s := &setupScreen{c: c, v: v, room: room, help: c.newHelp()}
	n := len(v.Roles)
	s.kinds = localKinds()
	if room {
		s.kinds = roomKinds()
	}
	s.choice = make([]int, n)
	s.names = make([]textinput.Model, n)
	s.typed = make([]string, n)
	for i := range n {
		s.names[i] = newInput(c, "", nameLimit)
		s.names[i].Placeholder = "name"
		switch {
		case room && i == 0:
			s.choice[i] = 0
		case room:
			s.choice[i] = 1
		case i == 0:
			s.choice[i] = 0
			s.names[i].SetValue(c.opts.Player.Name)
		default:
			s.choice[i] = 1 + indexLevel(ai.Hard)
		}
	}
	if last, ok := c.lastSeats(v.Name, n); ok && !room {
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
func newSetupFrom(c *common, v *game.Variant, seats []savefmt.SeatConfig) *setupScreen {
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

func (s *setupScreen) init() tea.Cmd { return nil }

// typing reports whether keys go to a text field (so that single-letter
// shortcuts such as M must not be taken).
func (s *setupScreen) typing() bool { return s.editing }

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
		if _, ok := rulesOf(s.v); !ok {
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
	Tab:      bind([]string{"tab"}, "tab", "next field"),
	ShiftTab: bind([]string{"shift+tab"}, "shift+tab", "previous field"),
	Start:    bind([]string{"enter"}, "enter", "start"),
	// A room's seats have no names to type: enter goes to the next.
	Next:       bind([]string{"enter"}, "enter", "next seat"),
	EditName:   bind([]string{"tab", "enter"}, "tab/enter", "edit the name"),
	Change:     bind([]string{"left", "right", "h", "l", "a", "d", "space"}, "←/→", "human/AI level"),
	ChangeBack: bind([]string{"left", "h", "a"}, "←", "previous choice"),
	DoneName:   bind([]string{"enter", "tab", "esc"}, "enter/tab/esc", "done"),
	NameNext:   bind([]string{"enter", "tab"}, "enter/tab", "next seat"),
	NameStop:   bind([]string{"shift+tab", "esc"}, "esc", "done"),
	RowUp:      bind([]string{"up"}, "↑", "previous seat"),
	RowDown:    bind([]string{"down"}, "↓", "next seat"),
	Up:         keyUp, Down: keyDown, Back: keyBack, ForceOut: keyForceOut,
	AITime: bind([]string{"+", "=", "-", "_"}, "+/-", "AI time"),
	// LessAITime is the shorter half of AITime: without it - lengthened.
	LessAITime: bind([]string{"-", "_"}, "-", "less AI time"),
}

func (s *setupScreen) keys() keyHelp {
	var k []key.Binding
	sk := setupKeys
	switch {
	case s.editing:
		k = []key.Binding{sk.DoneName, sk.RowUp, sk.RowDown}
	case s.row == len(s.choice):
		k = []key.Binding{sk.Start, sk.Up, sk.Down, sk.Back}
	case s.room:
		k = []key.Binding{sk.Change, sk.Up, sk.Down, sk.Back}
	default:
		k = []key.Binding{sk.Change, sk.EditName, sk.Up, sk.Down, sk.Back}
	}
	if !s.editing && !s.room {
		k = append(k, sk.AITime)
	}
	return keyHelp{short: k, full: [][]key.Binding{k}}
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
	cmd := s.game.leave()
	s.game = nil
	return cmd
}

func (s *setupScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case ggpEventMsg:
		// The game behind keeps its GGP players' replies for its return.
		if s.game != nil {
			cmd, _ := s.game.m.update(msg)
			return s, cmd
		}
	case NoticeMsg:
		s.status = string(msg)
		return s, nil
	case tea.MouseClickMsg:
		return s.mouse(msg.Mouse())
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.PasteMsg:
		if s.editing {
			var cmd tea.Cmd
			s.names[s.row], cmd = s.names[s.row].Update(msg)
			return s, cmd
		}
	}
	return s, nil
}

func (s *setupScreen) key(km tea.KeyPressMsg) (screen, tea.Cmd) {
	n := len(s.choice)
	sk := setupKeys
	if key.Matches(km, sk.ForceOut) {
		return s, tea.Sequence(s.leaveGame(), tea.Quit)
	}
	if s.editing {
		switch {
		case key.Matches(km, sk.NameNext):
			// Done with this name: on to the next seat (or Start).
			s.setRow(s.row + 1)
		case key.Matches(km, sk.NameStop):
			s.setEditing(false)
		case key.Matches(km, sk.RowUp):
			s.setRow(s.row - 1)
		case key.Matches(km, sk.RowDown):
			s.setRow(s.row + 1)
		default:
			var cmd tea.Cmd
			before := s.names[s.row].Value()
			s.names[s.row], cmd = s.names[s.row].Update(km)
			s.status = ""
			if km.Text != "" && s.names[s.row].Value() == before {
				// The field is full: say so rather than drop the key.
				s.status = fmt.Sprintf("a name has at most %d characters", s.names[s.row].CharLimit)
				if s.kinds[s.choice[s.row]].ggp {
					s.status = fmt.Sprintf("an address has at most %d characters", s.names[s.row].CharLimit)
				}
			}
			return s, cmd
		}
		return s, nil
	}
	if s.room {
		matches := func(b key.Binding) bool { return key.Matches(km, b) }
		if status, ok := s.options.optionKey(matches, s.c.opts.Player.ID == ""); ok {
			s.status = status
			return s, nil
		}
	}
	switch {
	case key.Matches(km, sk.Back):
		if s.game != nil {
			return s.game, nil
		}
		return newMenu(s.c, ""), nil
	case !s.room && key.Matches(km, sk.AITime):
		s.stepAITime(key.Matches(km, sk.LessAITime))
	case s.row == n && key.Matches(km, sk.Start):
		return s.start()
	case s.room && s.row < n && key.Matches(km, sk.Tab):
		s.setRow(s.row + 1)
	case s.room && s.row < n && key.Matches(km, sk.Next):
		// A room's seats have no names to type (players bring theirs):
		// enter goes on towards Start.
		s.setRow(s.row + 1)
	case key.Matches(km, sk.EditName) && s.row < n:
		s.setEditing(true)
	case key.Matches(km, sk.ShiftTab):
		s.setRow(s.row - 1)
		if s.row < n && !s.room {
			s.setEditing(true)
		}
	case key.Matches(km, sk.Tab): // on Start: round to the first seat
		s.setRow(s.row + 1)
	case key.Matches(km, sk.Up):
		s.setRow(s.row - 1)
	case key.Matches(km, sk.Down):
		s.setRow(s.row + 1)
	case s.row < n && key.Matches(km, sk.Change):
		s.change(s.row, key.Matches(km, sk.ChangeBack))
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

// columns returns where a seat row draws the "< Human >" choice and
// the name: after " > ", the role padded to roleW, and two spaces.
func (s *setupScreen) columns() (roleW, kindX, nameX int) {
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
func (s *setupScreen) mouse(msg tea.Mouse) (screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft && msg.Button != tea.MouseRight {
		return s, nil
	}
	n := len(s.choice)
	_, kindX, nameX := s.columns()
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

func (s *setupScreen) start() (screen, tea.Cmd) {
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
		room, err := s.c.opts.Lobby.Create(s.c.opts.Player, spec)
		if err != nil {
			s.status = "create room: " + err.Error()
			return s, nil
		}
		return newRoomBoard(s.c, room), nil
	}
	seats := s.seats()
	leave := s.leaveGame() // written whatever comes next; the command only reports
	if s.c.opts.NoAIOnlyGames && aiOnly(seats) {
		s.status = noAIOnlyGame
		return s, nil
	}
	if problem := s.checkGGP(seats); problem != "" {
		s.status = problem
		return s, nil
	}
	b, err := newBoard(s.c, s.v, "", seats)
	if err != nil {
		s.status = err.Error()
		return s, nil
	}
	if msg := s.c.remember(func(st *savefmt.Settings) {
		if st.Seats == nil {
			st.Seats = map[string][]savefmt.SeatConfig{}
		}
		st.Seats[s.v.Name] = seats
	}); msg != "" {
		b.setStatus("seats "+msg, true)
	}
	return b, leave
}

// aiTimes are the AI's times per move the setup steps through; 0 is
// each level's own.
var aiTimes = []time.Duration{0, time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second, time.Minute}

// stepAITime changes the AI's time per move to the next (or previous)
// step and remembers it.
func (s *setupScreen) stepAITime(back bool) {
	i := 0
	for j, d := range aiTimes {
		if d <= s.c.aiTime {
			i = j
		}
	}
	if back {
		i = max(i-1, 0)
	} else {
		i = min(i+1, len(aiTimes)-1)
	}
	s.c.aiTime = aiTimes[i]
	s.status = s.c.remember(func(st *savefmt.Settings) { st.AITime = s.c.aiTime })
}

// aiTimeText says the AI's time per move.
func aiTimeText(d time.Duration) string {
	if d <= 0 {
		return "each level's own (easy 0.3s … max 10s)"
	}
	return d.String()
}

const startLabel = "[ Start ]"

func (s *setupScreen) view() string {
	st := s.c.st
	var b strings.Builder
	title := "New game: " + s.v.Title
	if s.room {
		title = "New room: " + s.v.Title
	}
	n := len(s.choice)
	roleW, _, _ := s.columns()
	b.WriteString(st.Title.Render(" "+title) + "\n")
	for _, l := range wrapLines(s.v.Summary, s.c.width-2, 2) {
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
		fmt.Fprintf(&b, " %s%s  %s  %s\n", marker, st.Piece(i, role).Render(padRight(role, roleW)), kindCell, name)
	}
	b.WriteString("\n")
	if s.row == n {
		b.WriteString(" " + st.Accent.Render("> ") + st.Cursor.Render(startLabel) + "\n")
	} else {
		b.WriteString("   " + st.Text.Render(startLabel) + "\n")
	}
	if !s.room {
		b.WriteString(st.Muted.Render(" AI time per move: ") + st.Text.Render(aiTimeText(s.c.aiTime)) + st.Muted.Render(" (+/- to change)"))
	} else {
		b.WriteString(" " + st.Text.Render(s.options.line()) + st.Muted.Render(" (c clock, p pause, r rated)"))
	}
	b.WriteString("\n")
	switch {
	case s.status != "":
		b.WriteString(st.Error.Render(" "+truncate(s.status, s.c.width-2)) + "\n")
	case s.editing && s.kinds[s.choice[s.row]].ggp:
		b.WriteString(st.Muted.Render(" type the GGP player's address · enter or tab when done") + "\n")
	case s.editing:
		b.WriteString(st.Muted.Render(" type the name · enter or tab when done") + "\n")
	case s.row < n && s.kinds[s.choice[s.row]].ggp:
		b.WriteString(st.Muted.Render(" a GGP player: tab/enter to type its address · ←/→ other kinds · ↑/↓ seats") + "\n")
	case s.row == n:
		b.WriteString(st.Muted.Render(" enter starts · ↑ to change the seats") + "\n")
	case s.room:
		b.WriteString(st.Muted.Render(" ←/→ you, open for another player, or AI level · ↑/↓ seats and Start") + "\n")
	default:
		b.WriteString(st.Muted.Render(" ←/→ human or AI level · tab/enter to type the name · ↑/↓ seats and Start") + "\n")
	}
	s.help.SetWidth(s.c.width)
	b.WriteString(" " + s.help.View(s.keys()))
	return b.String()
}

// variantPicker chooses the game of a new room.
type variantPicker struct {
	c    *common
	list itemList
}

func newVariantPicker(c *common) *variantPicker {
	var items []menuItem
	for _, v := range game.Variants() {
		items = append(items, menuItem{title: v.Title, desc: v.Summary, action: actPlay, variant: v})
	}
	l := newItemList(items, menuDelegate{c}, max(c.width-2, 10), max(c.height-5, 1))
	l.keys.Up, l.keys.Down = pickerKeys.Up, pickerKeys.Down
	return &variantPicker{c: c, list: l}
}

// pickerKeys are the keys of the room's game picker.
var pickerKeys = struct{ Choose, Back, Up, Down, ForceOut key.Binding }{
	Choose: bind([]string{"enter"}, "enter", "choose"),
	Back:   bind([]string{"esc", "q"}, "esc", "back"),
	Up:     keyUp, Down: keyDown, ForceOut: keyForceOut,
}

func (p *variantPicker) init() tea.Cmd { return nil }

func (p *variantPicker) update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.list.SetSize(max(p.c.width-2, 10), max(p.c.height-5, 1))
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, pickerKeys.ForceOut):
			return p, tea.Quit
		case key.Matches(msg, pickerKeys.Back):
			return newMenu(p.c, ""), nil
		case key.Matches(msg, pickerKeys.Choose):
			if it, ok := p.list.Selected(); ok {
				return newSetup(p.c, it.variant, true), nil
			}
		}
		p.list.Update(msg)
		return p, nil
	}
	return p, nil
}

func (p *variantPicker) view() string {
	st := p.c.st
	return st.Title.Render(" Create a room: choose the game") + "\n\n" +
		fitBlock(p.list.View(), p.c.width, max(p.c.height-5, 1)) + "\n\n" +
		st.Muted.Render(footer(pickerKeys.Choose, pickerKeys.Back))
}
