package common

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// Shell shows one screen at a time in a terminal: it routes messages to
// the screen shown, swaps it for the one Update returns and draws it cut
// to the window. The client's root model (package ui) is a Shell on the
// first screen its options ask for; the client packages' tests drive
// their screens in one, as the client does.
type Shell struct {
	// C is what the screens share; Cur the screen shown.
	C   *Common
	Cur Screen
	// fit keeps which lines of the frames Drawn fit the window: most of
	// a frame's lines are those of the last (see FitMemo).
	fit fitMemo
}

// NewShell shows first, a screen of c.
func NewShell(c *Common, first Screen) *Shell { return &Shell{C: c, Cur: first} }

// NewCommon is what the screens of one terminal share, from opts: the
// saves and settings (files unless opts are a remote session's), the
// settings read, the theme, the user's games folder.
func NewCommon(opts Options) *Common {
	c := &Common{Profile: opts.ColorProfile, Opts: opts, Store: opts.Store, ASCII: opts.ASCII, Mouse: opts.Mouse,
		settingsStore: opts.Settings, AITime: opts.AIBudget, IO: NewIOQueue()}
	if c.Store == nil && !opts.Remote {
		c.Store = savefmt.NewFileStore("")
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
		c.Opts.Seed = uint64(time.Now().UnixNano())
	}
	t, ok := themes.Lookup(opts.Theme)
	if !ok {
		t = themes.Default
	}
	if opts.ASCII || c.noColor() {
		t = themes.Mono
	}
	c.SetTheme(t)
	if opts.SheetDir != "" && !opts.Remote {
		c.Library = newSheetLibrary(opts.SheetDir)
	}
	return c
}

// Init starts the first screen and the loading of the user's sheets.
func (m *Shell) Init() tea.Cmd {
	return tea.Batch(m.Cur.Init(), m.C.Library.Start())
}

// Update routes messages to the current screen.
func (m *Shell) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// After the message, whatever it changed: the size check below still
	// asks of the model the last frame was drawn from. A message that
	// changed nothing a frame shows (Quiet) leaves what the last frame
	// worked out good: the next key's size check takes it, not the
	// layout and key bar worked out again (a room's answer to the
	// player's move comes between the move and the next key).
	defer func() {
		if !m.C.quiet {
			m.C.Updated()
		}
	}()
	m.C.quiet = false
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.C.Width, m.C.Height = max(msg.Width, 0), max(msg.Height, 0)
	case tea.ColorProfileMsg:
		m.C.setProfile(msg.Profile)
		return m, nil
	case tea.KeyPressMsg:
		if key.Matches(msg, KeyMouse) && !isTyping(m.Cur) {
			return m, m.toggleMouse()
		}
		if key.Matches(msg, keySuspend) && !m.C.Opts.Remote {
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
	if tn, ok := msg.(TurnNoticeMsg); ok {
		return m, m.turnNotice(string(tn))
	}
	libCmd, took := m.C.Library.Handle(msg)
	next, cmd := m.Cur.Update(msg)
	cmd = tea.Batch(libCmd, cmd)
	if took || next != m.Cur {
		m.C.quiet = false
	}
	if em, ok := msg.(EnteredMsg); ok {
		// A room entered for a screen that was left meanwhile: no
		// screen took it, so it is left (see Entering).
		cmd = tea.Batch(cmd, em.untaken())
	}
	if next != m.Cur {
		m.Cur = next
		return m, tea.Batch(cmd, next.Init())
	}
	return m, cmd
}

// Unchanged reports whether the last message changed nothing the frame
// shows, as the screen that handled it said (Common.Quiet): the server's
// line renderer then draws no frame for it (remoteterm's Unchanged).
func (m *Shell) Unchanged() bool { return m.C.quiet }

// View draws the current screen on the alternate screen, cut to the
// window so that it never scrolls the terminal, with the mouse captured
// while it is on and the terminal's cursor where a prompt takes text.
func (m *Shell) View() tea.View {
	v, _ := m.frame(false)
	return v
}

// ViewLines is View with the content as the frame's lines, which the
// caller keeps (the server's renderer: remoteterm's Lined), when the
// screen shown draws its frame as lines (LinesScreen); else it is View,
// with nil lines. The lines are View's content cut at its newlines,
// except that a line wider than the window is not cut: the renderer
// cuts every row it writes.
func (m *Shell) ViewLines() (tea.View, []string) { return m.frame(true) }

// frame is View, with the content as lines when asLines is set and the
// screen can draw them.
func (m *Shell) frame(asLines bool) (tea.View, []string) {
	m.C.Drawing()
	defer m.C.Drawn()
	var v tea.View
	var lines []string
	w, h := m.C.Width, m.C.Height
	// ASCII frames are turned to ASCII whole (asciiText); a hidden screen
	// shows a notice of its own.
	if ls, ok := m.Cur.(LinesScreen); asLines && ok && !m.C.ASCII && w > 0 && h > 0 && !m.hidden() {
		lines = fitLines(ls.ViewLines(make([]string, 0, h)), h)
	} else {
		v.Content = m.content()
	}
	v.AltScreen = true
	if m.C.Mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	if (lines != nil || v.Content != "") && !m.hidden() {
		v.Cursor = textCursor(m.Cur)
	}
	return v, lines
}

// content is the screen's text, cut or padded to the window.
func (m *Shell) content() string {
	w, h := m.C.Width, m.C.Height
	if w == 0 || h == 0 {
		return ""
	}
	if mw, mh := minSize(m.Cur); w < mw || h < mh {
		return FitBlock(TooSmall(w, h, mw, mh), w, h)
	}
	v := m.Cur.View()
	if m.C.ASCII {
		v = asciiText(v)
	}
	return m.fit.block(v, w, h)
}

// hidden reports whether the window is too small to show the screen:
// then only resizing, quitting and the help may act, since a player
// cannot see what any other key would do.
func (m *Shell) hidden() bool {
	w, h := m.C.Width, m.C.Height
	if w == 0 && h == 0 {
		return false // no size yet: nothing is hidden, it is not Drawn
	}
	mw, mh := minSize(m.Cur)
	return w < mw || h < mh
}

// reachesHidden reports whether msg may act on a hidden screen: every
// message but keys and clicks, and of keys only quit and help.
func reachesHidden(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.MouseMsg, tea.PasteMsg:
		return false
	case tea.KeyPressMsg:
		return key.Matches(msg, KeyQuit) || key.Matches(msg, KeyForceOut) || key.Matches(msg, KeyHelpAll)
	case tea.KeyReleaseMsg:
		return false
	}
	return true
}

// toggleMouse turns mouse capture off (so the terminal's own text
// selection works) or back on (View says which), and tells the current
// screen.
func (m *Shell) toggleMouse() tea.Cmd {
	m.C.Mouse = !m.C.Mouse
	text := "mouse off: the terminal's text selection works; M turns the mouse back on"
	if m.C.Mouse {
		text = "mouse on: click to play; M turns it off for text selection"
	}
	write := m.C.Remember(func(s *savefmt.Settings) { s.NoMouse = !m.C.Mouse })
	_, cmd := m.Cur.Update(NoticeMsg(text))
	return tea.Batch(cmd, write)
}

// turnNotice shows the host's turn notice on the screen shown, with the
// bell if the player asked for it.
func (m *Shell) turnNotice(text string) tea.Cmd {
	_, cmd := m.Cur.Update(NoticeMsg(text))
	if m.C.Bell {
		cmd = tea.Batch(cmd, tea.Raw("\a"))
	}
	return cmd
}
