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
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// Start asks the client to skip the menu.
type Start struct {
	// Variant opens the board of this variant directly ("" = menu).
	Variant string
	// Seats by role name; roles not given get the defaults (the first
	// role human, the others AI hard).
	Seats map[string]savefmt.SeatConfig
	// Position is a position string to start from ("" = the start).
	Position string
	// Load opens a saved game file (ignored when Options.Remote).
	Load string
	// Sheet opens the game of this rule sheet file, with Seats and
	// Position as for Variant; it loads with a progress line (ignored
	// when Options.Remote).
	Sheet string
	// Game opens this game in review at its last move, finished or not:
	// a game read from another format, such as a GGP match record
	// (ignored when Options.Remote).
	Game *savefmt.SavedGame
	// Join enters the room with this code (needs Options.Lobby).
	Join string
}

// Options configures one client.
type Options struct {
	// ColorProfile is the terminal's colour profile when it is known
	// before the program starts (over SSH, from the session's
	// environment); the program's tea.ColorProfileMsg sets it otherwise.
	// It picks the monochrome theme for a terminal without colour.
	ColorProfile colorprofile.Profile
	// Store keeps the saved game; nil uses a file in
	// os.UserConfigDir()/tabletop (see savefmt.NewFileStore).
	Store savefmt.SaveStore
	// Lobby, when set, adds Create room / Join room / Room list.
	Lobby roomapi.Lobby
	// Standings, when set, adds Ratings: leaderboards and the player's page.
	Standings Standings
	// QuickMatch, when set with a Lobby and the player has a key, adds
	// Play anyone: a queue per game.
	QuickMatch QuickMatch
	// Player is the person at this client.
	Player roomapi.Player
	// Mouse enables mouse input (cell motion); off leaves the terminal's
	// own text selection working.
	Mouse bool
	// ASCII draws 7-bit glyphs only and no colour.
	ASCII bool
	// Theme is the initial theme name (see themes.Names); "" = default.
	Theme string
	// Remote disables everything local-only: --load paths and the local
	// file store default. Over SSH set it.
	Remote bool
	// Start skips the menu.
	Start Start
	// AIDelay is the pause before an AI move that follows another AI
	// move, so AI-vs-AI games can be watched; 0 means 600ms, negative none.
	AIDelay time.Duration
	// Seed seeds the AI's deliberate imperfection (0 = from the clock).
	Seed uint64
	// AISlots, when set, bounds the AI searches running at once across
	// every client sharing it: a search waits for a free slot (the board
	// says so and stays responsive). A server sets one for all sessions.
	AISlots *ai.Slots
	// AIThreads caps the worker goroutines of each search (0 = the
	// level's choice). A server hosting many players sets 1.
	AIThreads int
	// Context ends with the client (a server's session): the AI searches
	// the client started, running or waiting for a slot, end with it.
	// nil never ends.
	Context context.Context
	// OnFinished, when set, keeps a local game that has ended (a game
	// record) and says where, e.g. a file name; only once it did is the
	// game's save removed. nil keeps nothing.
	OnFinished func(savefmt.FinishedGame) (where string, err error)
	// Settings keeps the theme, mouse, AI time and last seats between
	// runs; nil uses a file in os.UserConfigDir()/tabletop unless Remote.
	Settings savefmt.SettingsStore
	// AIBudget is the AI's time per move (0: the remembered setting, else
	// each level's own), e.g. from play --budget.
	AIBudget time.Duration
	// GGPStartClock and GGPPlayClock are the clocks of GGP players at
	// the table (0: 10 s and 5 s).
	GGPStartClock, GGPPlayClock time.Duration
	// SheetDir is the folder of the user's own rule sheets: they load in
	// the background, and the menu lists each, a broken one with its
	// error (ignored when Remote).
	SheetDir string
	// NoAIOnlyGames refuses local games without a person at the keyboard
	// (every seat the AI or a GGP player): they would spend the host's
	// CPU with nobody playing. A server sets it for guests.
	NoAIOnlyGames bool
	// Analyst is the evaluation of review's per-move values and of the
	// analysis board (nil: an ai.Analyzer of the client's own, the
	// service `tabletop analyze` uses).
	Analyst Analyst
}

// noAIOnlyGame is the word when Options.NoAIOnlyGames refuses a game.
const noAIOnlyGame = "games of the AI against itself are not offered here: make one seat Human"

// aiOnly reports whether no seat is a person at this keyboard.
func aiOnly(seats []savefmt.SeatConfig) bool {
	for _, sc := range seats {
		if !sc.AI && sc.GGP == "" {
			return false
		}
	}
	return true
}

// screen is one child of the root model. update may return another
// screen, which replaces it.
type screen interface {
	init() tea.Cmd
	update(msg tea.Msg) (screen, tea.Cmd)
	view() string
}

// Model is the root model: it owns one screen and swaps it, passing the
// window size on.
type Model struct {
	c   *common
	cur screen
}

// New returns the client for one terminal.
func New(opts Options) tea.Model {
	c := &common{profile: opts.ColorProfile, opts: opts, store: opts.Store, ascii: opts.ASCII, mouse: opts.Mouse,
		settingsStore: opts.Settings, aiTime: opts.AIBudget, io: newIOQueue()}
	if c.store == nil && !opts.Remote {
		c.store = savefmt.NewFileStore("")
	}
	if c.settingsStore == nil && !opts.Remote {
		fs := savefmt.NewFileSettings("")
		fs.KnownTheme = themeKnown
		c.settingsStore = fs
	}
	c.loadSettings()
	if opts.Theme == "" {
		opts.Theme = c.settings.Theme
	}
	if opts.Seed == 0 {
		c.opts.Seed = uint64(time.Now().UnixNano())
	}
	t, ok := themes.Lookup(opts.Theme)
	if !ok {
		t = themes.Default
	}
	if opts.ASCII || c.noColor() {
		t = themes.Mono
	}
	c.setTheme(t)
	if opts.SheetDir != "" && !opts.Remote {
		c.library = newSheetLibrary(opts.SheetDir)
	}
	m := &Model{c: c}
	m.cur = m.firstScreen()
	return m
}

// firstScreen honours Options.Start; any problem lands on the menu with
// the error shown.
func (m *Model) firstScreen() screen {
	c := m.c
	st := c.opts.Start
	switch {
	case st.Join != "":
		if c.opts.Lobby == nil {
			return newMenu(c, "no server: cannot join room "+st.Join)
		}
		room, err := c.opts.Lobby.Join(c.opts.Player, st.Join)
		if err != nil {
			return newMenu(c, "join "+st.Join+": "+err.Error())
		}
		return newRoomBoard(c, room)
	case st.Load != "":
		if c.opts.Remote {
			return newMenu(c, "loading files is not available here")
		}
		data, err := os.ReadFile(st.Load)
		if err != nil {
			return newMenu(c, "load: "+err.Error())
		}
		sv, err := savefmt.ParseSave(data)
		if errors.Is(err, savefmt.ErrSheetNotLoaded) {
			return loadSaveSheet(c, st.Load, sv.Sheet, data)
		}
		if err != nil {
			return newMenu(c, "load "+filepath.Base(st.Load)+": "+err.Error())
		}
		b, err := boardFromSave(c, sv)
		if err != nil {
			return newMenu(c, "load "+filepath.Base(st.Load)+": "+err.Error())
		}
		return b
	case st.Game != nil:
		if c.opts.Remote {
			return newMenu(c, "loading files is not available here")
		}
		b, err := boardFromSave(c, *st.Game)
		if err != nil {
			return newMenu(c, "open: "+err.Error())
		}
		if !b.reviewing() {
			// A match that stopped early is a record to look at first;
			// esc goes on with it.
			b.showReview(len(b.history()))
		}
		return b
	case st.Sheet != "" && !c.opts.Remote:
		return newSheetLoad(c, st.Sheet, "", func(v *game.Variant) (screen, error) { return startBoard(c, v, st) })
	case st.Variant != "":
		v, err := game.Lookup(st.Variant)
		if err != nil {
			return newMenu(c, err.Error())
		}
		b, err := startBoard(c, v, st)
		if err != nil {
			return newMenu(c, err.Error())
		}
		return b
	}
	return newMenu(c, "")
}

// startBoard opens a new game of v with the seats and position st asks
// for.
func startBoard(c *common, v *game.Variant, st Start) (screen, error) {
	seats := defaultSeats(c, v)
	for role, sc := range st.Seats {
		i := v.RoleIndexFold(role)
		if i == game.NoRole {
			return nil, fmt.Errorf("%s has no role %q (roles: %s)", v.Name, role, strings.Join(v.Roles, ", "))
		}
		seats[i] = sc
	}
	if c.opts.NoAIOnlyGames && aiOnly(seats) {
		return nil, errors.New(noAIOnlyGame)
	}
	return newBoard(c, v, st.Position, seats)
}

// Init starts the first screen and the loading of the user's sheets.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.cur.init(), m.c.library.start())
}

// Update routes messages to the current screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.width, m.c.height = max(msg.Width, 0), max(msg.Height, 0)
	case tea.ColorProfileMsg:
		m.c.setProfile(msg.Profile)
		return m, nil
	case tea.KeyPressMsg:
		if key.Matches(msg, keyMouse) && !isTyping(m.cur) {
			return m, m.toggleMouse()
		}
		if key.Matches(msg, keySuspend) && !m.c.opts.Remote {
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
	libCmd, _ := m.c.library.handle(msg)
	next, cmd := m.cur.update(msg)
	cmd = tea.Batch(libCmd, cmd)
	if next != m.cur {
		m.cur = next
		return m, tea.Batch(cmd, next.init())
	}
	return m, cmd
}

// View draws the current screen on the alternate screen, cut to the
// window so that it never scrolls the terminal, with the mouse captured
// while it is on and the terminal's cursor where a prompt takes text.
func (m *Model) View() tea.View {
	m.c.drawing()
	defer m.c.drawn()
	v := tea.NewView(m.content())
	v.AltScreen = true
	if m.c.mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	if v.Content != "" && !m.hidden() {
		v.Cursor = textCursor(m.cur)
	}
	return v
}

// content is the screen's text, cut or padded to the window.
func (m *Model) content() string {
	w, h := m.c.width, m.c.height
	if w == 0 || h == 0 {
		return ""
	}
	if mw, mh := minSize(m.cur); w < mw || h < mh {
		return fitBlock(tooSmall(w, h, mw, mh), w, h)
	}
	v := m.cur.view()
	if m.c.ascii {
		v = asciiText(v)
	}
	return fitBlock(v, w, h)
}

// hidden reports whether the window is too small to show the screen:
// then only resizing, quitting and the help may act, since a player
// cannot see what any other key would do.
func (m *Model) hidden() bool {
	w, h := m.c.width, m.c.height
	if w == 0 && h == 0 {
		return false // no size yet: nothing is hidden, it is not drawn
	}
	mw, mh := minSize(m.cur)
	return w < mw || h < mh
}

// reachesHidden reports whether msg may act on a hidden screen: every
// message but keys and clicks, and of keys only quit and help.
func reachesHidden(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.MouseMsg, tea.PasteMsg:
		return false
	case tea.KeyPressMsg:
		return key.Matches(msg, keyQuit) || key.Matches(msg, keyForceOut) || key.Matches(msg, keyHelpAll)
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

// typist is implemented by screens with a text field: while it has the
// keys, single letters are text, not shortcuts.
type typist interface{ typing() bool }

func isTyping(s screen) bool {
	t, ok := s.(typist)
	return ok && t.typing()
}

// toggleMouse turns mouse capture off (so the terminal's own text
// selection works) or back on (View says which), and tells the current
// screen.
func (m *Model) toggleMouse() tea.Cmd {
	m.c.mouse = !m.c.mouse
	text := "mouse off: the terminal's text selection works; M turns the mouse back on"
	if m.c.mouse {
		text = "mouse on: click to play; M turns it off for text selection"
	}
	if err := m.c.remember(func(s *savefmt.Settings) { s.NoMouse = !m.c.mouse }); err != "" {
		text += " (" + err + ")"
	}
	_, cmd := m.cur.update(NoticeMsg(text))
	return cmd
}

// behind is implemented by a screen that another may be shown in front
// of (the rules over a game): the screen in front passes it the messages
// it does not take, of which it keeps what it must not miss, and has it
// left when the client quits from there.
type behind interface {
	updateBehind(msg tea.Msg) tea.Cmd
	leave() tea.Cmd
}

// sizer is implemented by screens that need more than the default room.
type sizer interface{ minSize() (int, int) }

func minSize(s screen) (int, int) {
	if z, ok := s.(sizer); ok {
		return z.minSize()
	}
	return 40, 12
}

func tooSmall(w, h, mw, mh int) string {
	return fmt.Sprintf("Terminal too small:\n%d×%d, need %d×%d.\nEnlarge the window to go on.", w, h, mw, mh)
}

// defaultSeats is you against the AI at hard: the first role human.
func defaultSeats(c *common, v *game.Variant) []savefmt.SeatConfig {
	seats := make([]savefmt.SeatConfig, len(v.Roles))
	for i := range seats {
		if i == 0 {
			seats[i] = savefmt.SeatConfig{Name: c.opts.Player.Name}
		} else {
			seats[i] = savefmt.SeatConfig{AI: true, Level: ai.Hard}
		}
	}
	return seats
}

// cursorScreen is implemented by screens with a text field: where the
// terminal's cursor goes while it takes text, nil when it does not.
type cursorScreen interface{ cursor() *tea.Cursor }

// textCursor is the current screen's cursor, if it shows one.
func textCursor(s screen) *tea.Cursor {
	if cs, ok := s.(cursorScreen); ok {
		return cs.cursor()
	}
	return nil
}
