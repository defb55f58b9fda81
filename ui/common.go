package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// common is the one value every screen shares: the terminal's colour
// profile, the theme's styles, the options and the window size. No style
// in ui is global, so each SSH session draws in its own theme.
type common struct {
	// profile is the terminal's colour profile (Unknown until known).
	profile colorprofile.Profile
	st      *themes.Styles // shared by the sessions of the same theme and terminal kind
	// cells keeps the board's drawn cells for st (see cellCache).
	cells  *cellCache
	theme  themes.Theme
	ascii  bool
	opts   Options
	store  savefmt.SaveStore
	width  int
	height int
	// mouse is whether mouse input is captured now (M toggles it).
	mouse bool
	// settingsStore keeps settings between runs (nil: none); settings
	// are the current ones, settingsErr why they could not be read.
	settingsStore savefmt.SettingsStore
	settings      savefmt.Settings
	settingsErr   string
	// menuChosen is the title of the menu item last chosen: the menu
	// comes back with its cursor there (Esc from the room list or the
	// ratings put it at the top).
	menuChosen string
	// aiTime is the AI's time per move now, 0 for each level's own.
	aiTime time.Duration
	// promptHistory is every move typed at a prompt this session,
	// oldest first, for ↑ at the prompt.
	promptHistory []string
	// library is the user's games folder (Options.SheetDir), nil when
	// there is none.
	library *sheetLibrary
	// io runs the client's writes off the UI goroutine, in order.
	io *ioQueue
	// frame counts the frames drawn; inView is set while one is drawn
	// (see frameMemo).
	frame  uint64
	inView bool
}

// settleWrites waits for the client's writes queued so far (see
// ioQueue), before the saves are read again.
func (c *common) settleWrites() {
	if c.io != nil {
		c.io.wait()
	}
}

// drawing marks the start of a frame (View), drawn marks its end.
func (c *common) drawing() { c.frame, c.inView = c.frame+1, true }
func (c *common) drawn()   { c.inView = false }

// setTheme makes t the theme, styled for the terminal's profile.
func (c *common) setTheme(t themes.Theme) {
	c.theme = t
	c.st = themes.SharedStyles(t, c.ascii, c.profile)
	c.cells = newCellCache()
}

// setProfile takes the terminal's colour profile as the program found
// it: a terminal without colour gets the monochrome theme, one whose
// colours were not known yet the remembered theme, and a change between
// 16 colours and more restyles the theme.
func (c *common) setProfile(p colorprofile.Profile) {
	if p == c.profile {
		return
	}
	was := c.profile
	c.profile = p
	switch {
	case c.noColor():
		c.setTheme(themes.Mono)
	case themes.NoColor(was) && !c.ascii:
		name := c.opts.Theme
		if name == "" {
			name = c.settings.Theme
		}
		t, ok := themes.Lookup(name)
		if !ok {
			t = themes.Default
		}
		c.setTheme(t)
	default:
		c.setTheme(c.theme)
	}
}

// nextTheme cycles to the next theme. In a terminal without colour only
// the monochrome theme makes sense, so it stays.
func (c *common) nextTheme() {
	if c.noColor() {
		c.setTheme(themes.Mono)
		return
	}
	c.setTheme(themes.Next(c.theme))
}

// cycleTheme moves to the next theme and remembers it; the text says so.
func (c *common) cycleTheme() string {
	c.nextTheme()
	text := "theme: " + c.theme.Name
	if c.ascii || c.noColor() {
		return text // the monochrome theme is forced, not chosen
	}
	if err := c.remember(func(s *savefmt.Settings) { s.Theme = c.theme.Name }); err != "" {
		text += " (" + err + ")"
	}
	return text
}

func (c *common) noColor() bool { return themes.NoColor(c.profile) }

// newHelp returns a help bubble styled for this session.
func (c *common) newHelp() help.Model {
	h := help.New()
	h.Styles = help.Styles{
		Ellipsis:       c.st.Muted,
		ShortKey:       c.st.Key,
		ShortDesc:      c.st.Muted,
		ShortSeparator: c.st.Muted,
		FullKey:        c.st.Key,
		FullDesc:       c.st.Muted,
		FullSeparator:  c.st.Muted,
	}
	if c.ascii {
		h.Ellipsis = "..."
		h.ShortSeparator = " | "
	}
	h.SetWidth(c.width)
	return h
}

// helpMemoKey names everything a help bar is drawn from: the enabled
// bindings' help texts, in their groups, the width, whether every key
// shows, and the theme (the help's styles).
func helpMemoKey(k keyHelp, width int, all bool, theme string, ascii bool) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(width))
	sb.WriteString(strconv.FormatBool(all))
	sb.WriteString(strconv.FormatBool(ascii))
	sb.WriteString(theme)
	add := func(bs []key.Binding) {
		sb.WriteByte(2)
		for _, b := range bs {
			if !b.Enabled() {
				continue
			}
			h := b.Help()
			sb.WriteByte(1)
			sb.WriteString(h.Key)
			sb.WriteByte(0)
			sb.WriteString(h.Desc)
		}
	}
	add(k.short)
	for _, group := range k.full {
		add(group)
	}
	return sb.String()
}

// keyHelp is a help.KeyMap made from fixed binding lists.
type keyHelp struct {
	short []key.Binding
	full  [][]key.Binding
}

func (k keyHelp) ShortHelp() []key.Binding  { return k.short }
func (k keyHelp) FullHelp() [][]key.Binding { return k.full }

func bind(keys []string, helpKey, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))
}

// Keys shared by every screen.
var (
	keyQuit     = bind([]string{"q", "ctrl+c"}, "q", "quit")
	keyForceOut = bind([]string{"ctrl+c"}, "ctrl+c", "quit")
	keyBack     = bind([]string{"esc"}, "esc", "back")
	keyUp       = bind([]string{"up", "k", "w"}, "↑/k/w", "up")
	keyDown     = bind([]string{"down", "j", "s"}, "↓/j/s", "down")
	keyLeft     = bind([]string{"left", "h", "a"}, "←/h/a", "left")
	keyRight    = bind([]string{"right", "l", "d"}, "→/l/d", "right")
	keyTheme    = bind([]string{"t"}, "t", "theme")
	keyHelpAll  = bind([]string{"?"}, "?", "more keys")
	// keyHelpFewer is ? as the expanded help lists it: it folds the list.
	keyHelpFewer = bind([]string{"?"}, "?", "fewer keys")
	keyMouse     = bind([]string{"M"}, "M", "mouse on/off")
	keySuspend   = bind([]string{"ctrl+z"}, "ctrl+z", "suspend")
)

// footer writes a one-line key help, " enter join · esc back", from
// bindings of a view's key map.
func footer(bs ...key.Binding) string {
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = b.Help().Key + " " + b.Help().Desc
	}
	return " " + strings.Join(parts, " · ")
}

// truncate cuts s to at most w cells (plain text only).
func truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if textWidth(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && textWidth(string(r)) > w {
		r = r[:len(r)-1]
	}
	return string(r)
}

// count writes n and the noun, singular for one: "1 move", "3 moves".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ellipsis cuts plain text s to at most w cells, ending in … when cut.
func ellipsis(s string, w int) string {
	if textWidth(s) <= w {
		return s
	}
	return truncate(s, w-1) + "…"
}

// wrapLines word-wraps s to lines of at most w cells, at most n of them;
// text that still does not fit ends in "…", so it reads as cut.
func wrapLines(s string, w, n int) []string {
	if w <= 0 || n <= 0 {
		return nil
	}
	lines := strings.Split(ansi.Wrap(s, w, ""), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(truncate(l, w), " ")
	}
	if len(lines) <= n {
		return lines
	}
	lines[n-1] = ellipsis(strings.Join(lines[n-1:], " "), w)
	return lines[:n]
}

// fitLines cuts or pads a block of text to exactly h lines, each cut to w
// cells, so a view never grows past the window (which would scroll the
// terminal and corrupt the screen).
func fitBlock(s string, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	if n, fits := linesFit(s, w, h); fits {
		// Most frames already fit: keep them without splitting.
		return s + strings.Repeat("\n", h-n)
	}
	lines := splitLines(s)
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if textWidth(l) > w {
			lines[i] = cutANSI(l, w)
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return joinLines(lines)
}

// joinPadded is parts joined, padded with empty lines to h lines as
// fitBlock pads: a frame built in one allocation, which fitBlock then
// keeps as it is when its lines fit, instead of copying it to pad it
// (each copy of a full frame is some 8 KB of garbage per keypress).
func joinPadded(h int, parts ...string) string {
	size, lines := 0, 1
	for _, p := range parts {
		size += len(p)
		lines += strings.Count(p, "\n")
	}
	pad := max(h-lines, 0)
	var b strings.Builder
	b.Grow(size + pad)
	for _, p := range parts {
		b.WriteString(p)
	}
	for range pad {
		b.WriteByte('\n')
	}
	return b.String()
}

// fitLines is fitBlock for lines whose widths are known: cut or padded
// to exactly h lines, each cut to w cells.
func fitLines(lines []string, widths []int, w, h int) []string {
	if h <= 0 || w <= 0 {
		return nil
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if widths[i] > w {
			lines[i] = cutANSI(l, w)
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// linesFit counts the lines of s and reports whether there are at most h
// of them, none wider than w cells.
func linesFit(s string, w, h int) (n int, fits bool) {
	for rest, more := s, true; more; n++ {
		var line string
		line, rest, more = strings.Cut(rest, "\n")
		// A line has no more cells than bytes.
		if n == h || (len(line) > w && lineWidth(line) > w) {
			return n, false
		}
	}
	return n, true
}

func splitLines(s string) []string { return strings.Split(s, "\n") }
func joinLines(l []string) string  { return strings.Join(l, "\n") }

// cutANSI truncates a styled line to w cells, keeping escape sequences
// intact. It needs no renderer, so no global style is involved.
func cutANSI(s string, w int) string {
	if !strings.Contains(s, "\n") {
		return cutLine(s, w)
	}
	lines := splitLines(s)
	for i, l := range lines {
		lines[i] = cutLine(l, w)
	}
	return joinLines(lines)
}

// cutLine is ansi.Truncate(s, w, ""), which returns a line that fits as
// it is: lineWidth, the same measure, finds that out faster.
func cutLine(s string, w int) string {
	if lineWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "")
}

// padRight pads a styled string with spaces to w cells.
func padRight(s string, w int) string {
	if d := w - textWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}
