// Package ui is the Bubble Tea client of tabletop: the menu, match setup,
// the board screens of every game, rules, saving, and shared rooms.
//
// ui never decides a rule: legality, targets and results come from the
// game package, moves from the ai package. No style is global: each
// client draws in its own theme, in full colour, and its Bubble Tea
// program downsamples the colours for its terminal, so one process can
// serve many terminals.
package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// Model is the root model: it owns one screen and swaps it, passing the
// window size on.
type Model struct {
	c   *common.Common
	cur common.Screen
	// fit keeps which lines of the frames drawn fit the window: most of
	// a frame's lines are those of the last (see common.FitMemo).
	fit common.FitMemo
}

// New returns the client for one terminal.
func New(opts common.Options) tea.Model {
	c := &common.Common{Profile: opts.ColorProfile, Opts: opts, Store: opts.Store, ASCII: opts.ASCII, Mouse: opts.Mouse,
		SettingsStore: opts.Settings, AITime: opts.AIBudget, IO: common.NewIOQueue()}
	if c.Store == nil && !opts.Remote {
		c.Store = savefmt.NewFileStore("")
	}
	if c.SettingsStore == nil && !opts.Remote {
		fs := savefmt.NewFileSettings("")
		fs.KnownTheme = common.ThemeKnown
		c.SettingsStore = fs
	}
	c.LoadSettings()
	if opts.Theme == "" {
		opts.Theme = c.Settings.Theme
	}
	if opts.Seed == 0 {
		c.Opts.Seed = uint64(time.Now().UnixNano())
	}
	t, ok := themes.Lookup(opts.Theme)
	if !ok {
		t = themes.Default
	}
	if opts.ASCII || c.NoColor() {
		t = themes.Mono
	}
	c.SetTheme(t)
	if opts.SheetDir != "" && !opts.Remote {
		c.Library = common.NewSheetLibrary(opts.SheetDir)
	}
	m := &Model{c: c}
	m.cur = m.firstScreen()
	if menu, ok := m.cur.(*pages.MenuScreen); ok {
		menu.ReadSavesNow() // not in Update: the program does not run yet
	}
	return m
}

// firstScreen honours Options.Start; any problem lands on the menu with
// the error shown.
func (m *Model) firstScreen() common.Screen {
	c := m.c
	st := c.Opts.Start
	switch {
	case st.Join != "":
		if c.Opts.Lobby == nil {
			return pages.NewMenu(c, "no server: cannot join room "+st.Join)
		}
		return pages.JoinAtStart(c, st.Join)
	case st.Load != "":
		if c.Opts.Remote {
			return pages.NewMenu(c, "loading files is not available here")
		}
		data, err := os.ReadFile(st.Load)
		if err != nil {
			return pages.NewMenu(c, "load: "+err.Error())
		}
		sv, err := savefmt.ParseSave(data)
		if errors.Is(err, savefmt.ErrSheetNotLoaded) {
			return pages.LoadSaveSheet(c, st.Load, sv.Sheet, data)
		}
		if err != nil {
			return pages.NewMenu(c, "load "+filepath.Base(st.Load)+": "+err.Error())
		}
		b, err := board.BoardFromSave(c, sv)
		if err != nil {
			return pages.NewMenu(c, "load "+filepath.Base(st.Load)+": "+err.Error())
		}
		return b
	case st.Game != nil:
		if c.Opts.Remote {
			return pages.NewMenu(c, "loading files is not available here")
		}
		b, err := board.BoardFromSave(c, *st.Game)
		if err != nil {
			return pages.NewMenu(c, "open: "+err.Error())
		}
		if !b.Reviewing() {
			// A match that stopped early is a record to look at first;
			// esc goes on with it.
			b.ShowReview(len(b.History()))
		}
		return b
	case st.Sheet != "" && !c.Opts.Remote:
		return pages.NewSheetLoad(c, st.Sheet, "", func(v *game.Variant) (common.Screen, error) { return startBoard(c, v, st) })
	case st.Variant != "":
		v, err := game.Lookup(st.Variant)
		if err != nil {
			return pages.NewMenu(c, err.Error())
		}
		b, err := startBoard(c, v, st)
		if err != nil {
			return pages.NewMenu(c, err.Error())
		}
		return b
	}
	return pages.NewMenu(c, "")
}

// startBoard opens a new game of v with the seats and position st asks
// for.
func startBoard(c *common.Common, v *game.Variant, st common.Start) (common.Screen, error) {
	seats := common.DefaultSeats(c, v)
	for role, sc := range st.Seats {
		i := v.RoleIndexFold(role)
		if i == game.NoRole {
			return nil, fmt.Errorf("%s has no role %q (roles: %s)", v.Name, role, strings.Join(v.Roles, ", "))
		}
		seats[i] = sc
	}
	if c.Opts.NoAIOnlyGames && common.AIOnly(seats) {
		return nil, errors.New(common.NoAIOnlyGame)
	}
	return board.NewBoard(c, v, st.Position, seats)
}

// Init starts the first screen and the loading of the user's sheets.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.cur.Init(), m.c.Library.Start())
}

// Update routes messages to the current screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// After the message, whatever it changed: the size check below still
	// asks of the model the last frame was drawn from.
	defer m.c.Updated()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.Width, m.c.Height = max(msg.Width, 0), max(msg.Height, 0)
	case tea.ColorProfileMsg:
		m.c.SetProfile(msg.Profile)
		return m, nil
	case tea.KeyPressMsg:
		if key.Matches(msg, common.KeyMouse) && !common.IsTyping(m.cur) {
			return m, m.toggleMouse()
		}
		if key.Matches(msg, common.KeySuspend) && !m.c.Opts.Remote {
			// Back to the shell (fg resumes, with the screen redrawn);
			// over SSH there is no shell of ours to go back to.
			return m, tea.Suspend
		}
	}
	// reachesHidden first: most messages (a room's update, a clock's
	// tick) reach any screen, and hidden lays the screen out to know.
	if !reachesHidden(msg) && m.hidden() {
		return m, nil
	}
	if tn, ok := msg.(common.TurnNoticeMsg); ok {
		return m, m.turnNotice(string(tn))
	}
	libCmd, _ := m.c.Library.Handle(msg)
	next, cmd := m.cur.Update(msg)
	cmd = tea.Batch(libCmd, cmd)
	if em, ok := msg.(common.EnteredMsg); ok {
		// A room entered for a screen that was left meanwhile: no
		// screen took it, so it is left (see common.Entering).
		cmd = tea.Batch(cmd, em.Untaken())
	}
	if next != m.cur {
		m.cur = next
		return m, tea.Batch(cmd, next.Init())
	}
	return m, cmd
}

// View draws the current screen on the alternate screen, cut to the
// window so that it never scrolls the terminal, with the mouse captured
// while it is on and the terminal's cursor where a prompt takes text.
func (m *Model) View() tea.View {
	m.c.Drawing()
	defer m.c.Drawn()
	v := tea.NewView(m.content())
	v.AltScreen = true
	if m.c.Mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	if v.Content != "" && !m.hidden() {
		v.Cursor = common.TextCursor(m.cur)
	}
	return v
}

// content is the screen's text, cut or padded to the window.
func (m *Model) content() string {
	w, h := m.c.Width, m.c.Height
	if w == 0 || h == 0 {
		return ""
	}
	if mw, mh := common.MinSize(m.cur); w < mw || h < mh {
		return common.FitBlock(common.TooSmall(w, h, mw, mh), w, h)
	}
	v := m.cur.View()
	if m.c.ASCII {
		v = asciiText(v)
	}
	return m.fit.Block(v, w, h)
}

// hidden reports whether the window is too small to show the screen:
// then only resizing, quitting and the help may act, since a player
// cannot see what any other key would do.
func (m *Model) hidden() bool {
	w, h := m.c.Width, m.c.Height
	if w == 0 && h == 0 {
		return false // no size yet: nothing is hidden, it is not drawn
	}
	mw, mh := common.MinSize(m.cur)
	return w < mw || h < mh
}

// reachesHidden reports whether msg may act on a hidden screen: every
// message but keys and clicks, and of keys only quit and help.
func reachesHidden(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.MouseMsg, tea.PasteMsg:
		return false
	case tea.KeyPressMsg:
		return key.Matches(msg, common.KeyQuit) || key.Matches(msg, common.KeyForceOut) || key.Matches(msg, common.KeyHelpAll)
	case tea.KeyReleaseMsg:
		return false
	}
	return true
}

// asciiSpelling spells the few non-ASCII characters the client draws
// (arrows in the help, dots, the × of board sizes, dashes) in 7-bit
// ASCII, for --ascii.
var asciiSpelling = map[rune]string{
	'←': "<", '→': ">", '↑': "^", '↓': "v", '×': "x", '·': ".", '•': "|",
	'…': "...", '–': "-", '—': "-", '−': "-", '±': "+/-", '½': "1/2", '²': "^2", '≠': "!=", '¹': "^1", '⁻': "-",
}

// asciiText is v in 7-bit ASCII (see asciiSpelling), each line as wide as
// it was where it can be: a character spelled with more than one (… as
// ...) takes the room of the spaces the layout padded it with, past any
// escape sequence, so that a panel's border stays in its column.
func asciiText(v string) string {
	var b strings.Builder
	b.Grow(len(v))
	for i := 0; i < len(v); {
		r, size := utf8.DecodeRuneInString(v[i:])
		i += size
		spelled, ok := asciiSpelling[r]
		if !ok {
			b.WriteString(v[i-size : i])
			continue
		}
		b.WriteString(spelled)
		extra := len(spelled) - 1
		if extra == 0 || paddingAt(v, i) < extra {
			continue // no room: the line is wider (a word's space is kept)
		}
		for extra > 0 {
			if v[i] == ' ' {
				extra--
				i++
				continue
			}
			end := escapeEnd(v, i)
			b.WriteString(v[i:end])
			i = end
		}
	}
	return b.String()
}

// paddingAt counts the spaces at v[i:], past escape sequences.
func paddingAt(v string, i int) int {
	n := 0
	for i < len(v) {
		switch v[i] {
		case ' ':
			n++
			i++
		case 0x1b:
			i = escapeEnd(v, i)
		default:
			return n
		}
	}
	return n
}

// escapeEnd is where the escape sequence at v[i] ends: a CSI sequence
// ends at its final byte, any other escape after the next byte.
func escapeEnd(v string, i int) int {
	if i+1 < len(v) && v[i+1] == '[' {
		for j := i + 2; j < len(v); j++ {
			if v[j] >= 0x40 && v[j] <= 0x7e {
				return j + 1
			}
		}
		return len(v)
	}
	return min(i+2, len(v))
}

// toggleMouse turns mouse capture off (so the terminal's own text
// selection works) or back on (View says which), and tells the current
// screen.
func (m *Model) toggleMouse() tea.Cmd {
	m.c.Mouse = !m.c.Mouse
	text := "mouse off: the terminal's text selection works; M turns the mouse back on"
	if m.c.Mouse {
		text = "mouse on: click to play; M turns it off for text selection"
	}
	write := m.c.Remember(func(s *savefmt.Settings) { s.NoMouse = !m.c.Mouse })
	_, cmd := m.cur.Update(common.NoticeMsg(text))
	return tea.Batch(cmd, write)
}

// turnNotice shows the host's turn notice on the screen shown, with the
// bell if the player asked for it.
func (m *Model) turnNotice(text string) tea.Cmd {
	_, cmd := m.cur.Update(common.NoticeMsg(text))
	if m.c.Bell {
		cmd = tea.Batch(cmd, tea.Raw("\a"))
	}
	return cmd
}
