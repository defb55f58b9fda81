package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// newInput returns a text input styled for the session. Clipboard paste
// is unbound: over SSH it would read the server's clipboard. (Bracketed
// paste from the user's terminal still arrives as typed text.)
func newInput(c *common, prompt string, limit int) textinput.Model {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.CharLimit = limit
	ti.PromptStyle = c.st.Muted
	ti.TextStyle = c.st.Text
	ti.PlaceholderStyle = c.st.Muted
	ti.Cursor.Style = c.st.Accent
	ti.Cursor.TextStyle = c.st.Text
	ti.Cursor.SetMode(cursor.CursorStatic)
	ti.KeyMap.Paste.Unbind()
	return ti
}

// seatKind is one choice for a seat in the setup screen.
type seatKind struct {
	label string
	human bool
	you   bool // room: the creator's own seat
	open  bool // room: waiting for someone to join
	level ai.Level
}

func localKinds() []seatKind {
	ks := []seatKind{{label: "Human", human: true}}
	for _, l := range ai.Levels {
		ks = append(ks, seatKind{label: "AI " + string(l), level: l})
	}
	return ks
}

func roomKinds() []seatKind {
	ks := []seatKind{{label: "You", you: true}, {label: "Open", open: true}}
	for _, l := range ai.Levels {
		ks = append(ks, seatKind{label: "AI " + string(l), level: l})
	}
	return ks
}

// setupScreen seats the players of a new game (or room).
type setupScreen struct {
	c      *common
	v      *game.Variant
	room   bool
	kinds  []seatKind
	choice []int
	names  []textinput.Model
	focus  int // 2i: kind of seat i, 2i+1: its name, 2n: Start
	status string
	help   help.Model
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
	for i := range n {
		s.names[i] = newInput(c, "", 16)
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
	return s
}

// newSetupFrom pre-fills the setup with the seats of the last game.
func newSetupFrom(c *common, v *game.Variant, seats []SeatConfig) *setupScreen {
	s := newSetup(c, v, false)
	for i, sc := range seats {
		if i >= len(s.choice) {
			break
		}
		s.choice[i] = 0
		if sc.AI {
			s.choice[i] = 1 + indexLevel(sc.level())
		}
		s.names[i].SetValue(sc.Name)
	}
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

func (s *setupScreen) seats() []SeatConfig {
	out := make([]SeatConfig, len(s.choice))
	for i, k := range s.choice {
		kind := s.kinds[k]
		out[i] = SeatConfig{AI: !kind.human, Level: kind.level, Name: strings.TrimSpace(s.names[i].Value())}
	}
	return out
}

var (
	keyTab      = bind([]string{"tab"}, "tab", "next field")
	keyShiftTab = bind([]string{"shift+tab"}, "shift+tab", "previous field")
	keyStart    = bind([]string{"enter"}, "enter", "start")
	keyChange   = bind([]string{"left", "right", "h", "l", "a", "d", " "}, "←/→", "human/AI level")
)

func (s *setupScreen) keys() keyHelp {
	k := []key.Binding{keyUp, keyDown, keyChange, keyTab, keyStart, keyBack}
	return keyHelp{short: k, full: [][]key.Binding{k}}
}

func (s *setupScreen) setFocus(f int) {
	n := 2*len(s.choice) + 1
	s.focus = (f%n + n) % n
	for i := range s.names {
		if s.focus == 2*i+1 {
			s.names[i].Focus()
		} else {
			s.names[i].Blur()
		}
	}
}

func (s *setupScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		if nm, ok := msg.(NoticeMsg); ok {
			s.status = string(nm)
		}
		return s, nil
	}
	n := len(s.choice)
	editing := s.focus%2 == 1 && s.focus < 2*n
	switch {
	case key.Matches(km, keyForceOut):
		return s, tea.Quit
	case km.String() == "esc":
		return newMenu(s.c, ""), nil
	case key.Matches(km, keyStart):
		return s.start()
	case key.Matches(km, keyTab):
		s.setFocus(s.focus + 1)
		return s, nil
	case key.Matches(km, keyShiftTab):
		s.setFocus(s.focus - 1)
		return s, nil
	case km.String() == "up" || !editing && key.Matches(km, keyUp):
		if s.focus == 2*n {
			s.setFocus(2*n - 2)
		} else if s.focus >= 2 {
			s.setFocus(s.focus - 2)
		}
		return s, nil
	case km.String() == "down" || !editing && key.Matches(km, keyDown):
		if s.focus+2 >= 2*n {
			s.setFocus(2 * n)
		} else {
			s.setFocus(s.focus + 2)
		}
		return s, nil
	}
	if editing {
		i := s.focus / 2
		var cmd tea.Cmd
		s.names[i], cmd = s.names[i].Update(km)
		return s, cmd
	}
	if s.focus < 2*n && key.Matches(km, keyChange) {
		i := s.focus / 2
		d := 1
		if k := km.String(); k == "left" || k == "h" || k == "a" {
			d = -1
		}
		s.choice[i] = (s.choice[i] + d + len(s.kinds)) % len(s.kinds)
	}
	return s, nil
}

func (s *setupScreen) start() (screen, tea.Cmd) {
	if s.room {
		spec := RoomSpec{Variant: s.v.Name, AfterHold: SeatAI}
		you := 0
		for _, k := range s.choice {
			kind := s.kinds[k]
			switch {
			case kind.you:
				you++
				spec.Seats = append(spec.Seats, SeatSpec{Kind: SeatPlayer})
			case kind.open:
				spec.Seats = append(spec.Seats, SeatSpec{Kind: SeatOpen})
			default:
				spec.Seats = append(spec.Seats, SeatSpec{Kind: SeatAI, Level: string(kind.level)})
			}
		}
		if you == 0 {
			s.status = "take at least one seat (You)"
			return s, nil
		}
		room, err := s.c.opts.Lobby.Create(s.c.opts.Player, spec)
		if err != nil {
			s.status = "create room: " + err.Error()
			return s, nil
		}
		return newRoomBoard(s.c, room), nil
	}
	b, err := newBoard(s.c, s.v, "", s.seats())
	if err != nil {
		s.status = err.Error()
		return s, nil
	}
	return b, nil
}

func (s *setupScreen) view() string {
	st := s.c.st
	var b strings.Builder
	title := "New game: " + s.v.Title
	if s.room {
		title = "New room: " + s.v.Title
	}
	b.WriteString(st.Title.Render(" "+title) + "\n")
	b.WriteString(st.Muted.Render(" "+truncate(s.v.Summary, s.c.width-2)) + "\n\n")
	for i, role := range s.v.Roles {
		kind := s.kinds[s.choice[i]].label
		kindCell := fmt.Sprintf("< %-9s >", kind)
		if s.focus == 2*i {
			kindCell = st.Cursor.Render(kindCell)
		} else {
			kindCell = st.Text.Render(kindCell)
		}
		marker := "  "
		if s.focus/2 == i && s.focus < 2*len(s.choice) {
			marker = st.Accent.Render("> ")
		}
		name := s.names[i].View()
		if s.focus != 2*i+1 {
			name = st.Text.Render(padRight(s.names[i].Value(), 1))
			if s.names[i].Value() == "" {
				name = st.Muted.Render("(name)")
			}
		}
		fmt.Fprintf(&b, " %s%s  %s  %s\n", marker, st.Role(role).Render(padRight(role, 7)), kindCell, name)
	}
	b.WriteString("\n")
	startBtn := "[ Start ]"
	if s.focus == 2*len(s.choice) {
		b.WriteString(" " + st.Accent.Render("> ") + st.Cursor.Render(startBtn) + "\n")
	} else {
		b.WriteString("   " + st.Text.Render(startBtn) + "\n")
	}
	b.WriteString("\n")
	if s.status != "" {
		b.WriteString(st.Error.Render(" "+s.status) + "\n")
	} else {
		b.WriteString(st.Muted.Render(" ←/→ human or AI level · tab to the name · enter starts") + "\n")
	}
	s.help.Width = s.c.width
	b.WriteString(" " + s.help.View(s.keys()))
	return b.String()
}

// variantPicker chooses the game of a new room.
type variantPicker struct {
	c    *common
	list list.Model
}

func newVariantPicker(c *common) *variantPicker {
	var items []list.Item
	for _, v := range game.Variants() {
		items = append(items, menuItem{title: v.Title, desc: v.Summary, action: actPlay, variant: v})
	}
	l := list.New(items, menuDelegate{c}, max(c.width-2, 10), max(c.height-5, 1))
	l.SetShowTitle(false)
	l.SetShowStatusBar(false)
	l.SetFilteringEnabled(false)
	l.SetShowHelp(false)
	l.DisableQuitKeybindings()
	l.KeyMap.CursorUp = keyUp
	l.KeyMap.CursorDown = keyDown
	return &variantPicker{c: c, list: l}
}

func (p *variantPicker) init() tea.Cmd { return nil }

func (p *variantPicker) update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.list.SetSize(max(p.c.width-2, 10), max(p.c.height-5, 1))
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, keyForceOut):
			return p, tea.Quit
		case msg.String() == "esc" || msg.String() == "q":
			return newMenu(p.c, ""), nil
		case key.Matches(msg, keyEnter):
			if it, ok := p.list.SelectedItem().(menuItem); ok {
				return newSetup(p.c, it.variant, true), nil
			}
		}
		var cmd tea.Cmd
		p.list, cmd = p.list.Update(msg)
		return p, cmd
	}
	return p, nil
}

func (p *variantPicker) view() string {
	st := p.c.st
	return st.Title.Render(" Create a room: choose the game") + "\n\n" +
		fitBlock(p.list.View(), p.c.width, max(p.c.height-5, 1)) + "\n\n" +
		st.Muted.Render(" enter choose · esc back")
}
