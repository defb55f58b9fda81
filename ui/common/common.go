package common

import (
	"fmt"
	"hash/maphash"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/internal/textwidth"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// Common is the one value every screen shares: the terminal's colour
// profile, the theme's styles, the options and the window size. No style
// in ui is global, so each SSH session draws in its own theme.
type Common struct {
	// Profile is the terminal's colour profile (Unknown until known).
	Profile colorprofile.Profile
	Styles  *themes.Styles // shared by the sessions of the same theme and terminal kind
	// Cells keeps the board's drawn cells for st (see cellCache).
	Cells  *cellCache
	Theme  themes.Theme
	ASCII  bool
	Opts   Options
	Store  savefmt.SaveStore
	Width  int
	Height int
	// Mouse is whether mouse input is captured now (M toggles it).
	Mouse bool
	// Bell rings the terminal's bell with a turn notice (TurnNoticeMsg);
	// b on the room list toggles it.
	Bell bool
	// settingsStore keeps settings between runs (nil: none); settings
	// are the current ones, SettingsErr why they could not be read.
	settingsStore savefmt.SettingsStore
	settings      savefmt.Settings
	SettingsErr   string
	// MenuChosen is the title of the menu item last chosen: the menu
	// comes back with its cursor there (Esc from the room list or the
	// ratings put it at the top).
	MenuChosen string
	// AITime is the AI's time per move now, 0 for each level's own.
	AITime time.Duration
	// PromptHistory is every move typed at a prompt this session,
	// oldest first, for ↑ at the prompt.
	PromptHistory []string
	// Library is the user's games folder (Options.SheetDir), nil when
	// there is none.
	Library *SheetLibrary
	// IO runs the client's writes off the UI goroutine, in order.
	IO *ioQueue
	// Frame counts the frames drawn; InView is set while one is drawn
	// (see frameMemo). Updates counts the messages the client has
	// handled (Updated): what a frame worked out stays true of the model
	// until the next.
	Frame   uint64
	InView  bool
	Updates uint64
	// quiet is set by the screen that handled the last message when it
	// changed nothing a frame shows (see Quiet).
	quiet bool
}

// Drawing marks the start of a frame (View).
func (c *Common) Drawing() { c.Frame, c.InView = c.Frame+1, true }

// Drawn marks the end of the frame Drawing started.
func (c *Common) Drawn() { c.InView = false }

// Updated records that the client handled a message, which may have
// changed anything a frame was drawn from (Shell.Update calls it after
// every message but a quiet one).
func (c *Common) Updated() { c.Updates++ }

// Quiet says that the message being handled changed nothing a frame
// shows: the frame after it would be the last one again, which a host
// that draws frames itself (the server's line renderer) need not draw
// (see Shell.Unchanged). The screen that handled the message says it;
// the Shell forgets it before the next.
func (c *Common) Quiet() { c.quiet = true }

// SetTheme makes t the theme, styled for the terminal's profile.
func (c *Common) SetTheme(t themes.Theme) {
	c.Theme = t
	c.Styles = themes.SharedStyles(t, c.ASCII, c.Profile)
	c.Cells = cellCacheFor(t, c.Styles)
}

// setProfile takes the terminal's colour profile as the program found
// it: a terminal without colour gets the monochrome theme, one whose
// colours were not known yet the remembered theme, and a change between
// 16 colours and more restyles the theme.
func (c *Common) setProfile(p colorprofile.Profile) {
	if p == c.Profile {
		return
	}
	was := c.Profile
	c.Profile = p
	switch {
	case c.noColor():
		c.SetTheme(themes.Mono)
	case themes.NoColor(was) && !c.ASCII:
		name := c.Opts.Theme
		if name == "" {
			name = c.settings.Theme
		}
		t, ok := themes.Lookup(name)
		if !ok {
			t = themes.Default
		}
		c.SetTheme(t)
	default:
		c.SetTheme(c.Theme)
	}
}

// nextTheme cycles to the next theme. In a terminal without colour only
// the monochrome theme makes sense, so it stays.
func (c *Common) nextTheme() {
	if c.noColor() {
		c.SetTheme(themes.Mono)
		return
	}
	c.SetTheme(themes.Next(c.Theme))
}

// CycleTheme moves to the next theme and remembers it; the text says
// so, and the command writes the settings (see Remember).
func (c *Common) CycleTheme() (string, tea.Cmd) {
	c.nextTheme()
	text := "theme: " + c.Theme.Name
	if c.ASCII || c.noColor() {
		return text, nil // the monochrome theme is forced, not chosen
	}
	return text, c.Remember(func(s *savefmt.Settings) { s.Theme = c.Theme.Name })
}

// noColor reports whether the terminal shows no colour.
func (c *Common) noColor() bool { return themes.NoColor(c.Profile) }

// NewHelp returns a help bubble styled for this session.
func (c *Common) NewHelp() help.Model {
	h := help.New()
	h.Styles = help.Styles{
		Ellipsis:       c.Styles.Muted,
		ShortKey:       c.Styles.Key,
		ShortDesc:      c.Styles.Muted,
		ShortSeparator: c.Styles.Muted,
		FullKey:        c.Styles.Key,
		FullDesc:       c.Styles.Muted,
		FullSeparator:  c.Styles.Muted,
	}
	if c.ASCII {
		h.Ellipsis = "..."
		h.ShortSeparator = " | "
	}
	h.SetWidth(c.Width)
	return h
}

// HelpMemoKey names everything a help bar is drawn from: the enabled
// bindings' help texts (of the short help, and of its groups when every
// key shows), the width, whether every key shows, and the theme (the
// help's styles). It is a 64-bit hash of them,
// made without allocating (a bar is looked up on every frame), and two
// bars with one hash come once in 2⁶⁴ pairs, as the server's renderer
// already takes of two lines.
func HelpMemoKey(k KeyHelp, width int, all bool, theme string, ascii bool) uint64 {
	var h maphash.Hash
	h.SetSeed(helpSeed)
	var num [24]byte
	h.Write(strconv.AppendInt(num[:0], int64(width), 10))
	h.Write(strconv.AppendBool(num[:0], all))
	h.Write(strconv.AppendBool(num[:0], ascii))
	h.WriteString(theme)
	hashHelp(&h, k.Short)
	if all {
		// The bar of the short help is drawn from it alone: the groups
		// (several times as many bindings) name only the full help.
		for _, group := range k.Full {
			hashHelp(&h, group)
		}
	}
	return h.Sum64()
}

// hashHelp adds the help texts of the enabled bindings of one group to h.
func hashHelp(h *maphash.Hash, bs []key.Binding) {
	h.WriteByte(2)
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		help := b.Help()
		h.WriteByte(1)
		h.WriteString(help.Key)
		h.WriteByte(0)
		h.WriteString(help.Desc)
	}
}

// helpSeed is the process's seed of HelpMemoKey.
var helpSeed = maphash.MakeSeed()

// KeyHelp is a help.KeyMap made from fixed binding lists.
type KeyHelp struct {
	Short []key.Binding
	Full  [][]key.Binding
}

// ShortHelp is the one-line help (help.KeyMap).
func (k KeyHelp) ShortHelp() []key.Binding { return k.Short }

// FullHelp is the help of every key, in columns (help.KeyMap).
func (k KeyHelp) FullHelp() [][]key.Binding { return k.Full }

// Bind is a key binding of keys, shown in the help as helpKey and desc.
func Bind(keys []string, helpKey, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))
}

// Keys shared by every screen.
var (
	KeyQuit     = Bind([]string{"q", "ctrl+c"}, "q", "quit")
	KeyForceOut = Bind([]string{"ctrl+c"}, "ctrl+c", "quit")
	KeyBack     = Bind([]string{"esc"}, "esc", "back")
	KeyUp       = Bind([]string{"up", "k", "w"}, "↑/k/w", "up")
	KeyDown     = Bind([]string{"down", "j", "s"}, "↓/j/s", "down")
	keyLeft     = Bind([]string{"left", "h", "a"}, "←/h/a", "left")
	keyRight    = Bind([]string{"right", "l", "d"}, "→/l/d", "right")
	KeyTheme    = Bind([]string{"t"}, "t", "theme")
	KeyHelpAll  = Bind([]string{"?"}, "?", "more keys")
	// KeyHelpFewer is ? as the expanded help lists it: it folds the list.
	KeyHelpFewer = Bind([]string{"?"}, "?", "fewer keys")
	KeyMouse     = Bind([]string{"M"}, "M", "mouse on/off")
	keySuspend   = Bind([]string{"ctrl+z"}, "ctrl+z", "suspend")
)

// Footer writes a one-line key help, " enter join · esc back", from
// bindings of a view's key map.
func Footer(bs ...key.Binding) string {
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = b.Help().Key + " " + b.Help().Desc
	}
	return " " + strings.Join(parts, " · ")
}

// Truncate cuts s to at most w cells (plain text only).
func Truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if TextWidth(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && TextWidth(string(r)) > w {
		r = r[:len(r)-1]
	}
	return string(r)
}

// Count writes n and the noun, singular for one: "1 move", "3 moves".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Ellipsis cuts plain text s to at most w cells, ending in … when cut.
func Ellipsis(s string, w int) string {
	if TextWidth(s) <= w {
		return s
	}
	return Truncate(s, w-1) + "…"
}

// WrapLines word-wraps s to lines of at most w cells, at most n of them;
// text that still does not fit ends in "…", so it reads as cut.
func WrapLines(s string, w, n int) []string {
	if w <= 0 || n <= 0 {
		return nil
	}
	lines := strings.Split(ansi.Wrap(s, w, ""), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(Truncate(l, w), " ")
	}
	if len(lines) <= n {
		return lines
	}
	lines[n-1] = Ellipsis(strings.Join(lines[n-1:], " "), w)
	return lines[:n]
}

// FitBlock cuts or pads a block of text to exactly h lines, each cut to
// w cells, so a view never grows past the window (which would scroll the
// terminal and corrupt the screen).
func FitBlock(s string, w, h int) string { return fitBlock(s, w, h, nil) }

// fitMemo is FitBlock for one client's frames, one after another: it
// keeps, for each row, the hash of a line found to fit there in w cells,
// and a frame's line with that hash is not measured again. A frame is
// mostly the lines of the one before, and hashing a line costs a small
// part of measuring it (measuring every line of every frame was 5 % of
// the server's CPU with 2000 sessions pressing keys). Two lines with one
// hash come once in 2⁶⁴ comparisons, as for the server's line renderer.
type fitMemo struct {
	w    int
	rows []uint64
}

// block is FitBlock(s, w, h).
func (f *fitMemo) block(s string, w, h int) string { return fitBlock(s, w, h, f) }

// fits reports whether line, row n of a frame, is at most w cells wide,
// measuring it only when the row's hash is not that of a line found to
// fit before.
func (f *fitMemo) fits(n int, line string, w int) bool {
	if f.w != w {
		f.w = w
		clear(f.rows)
	}
	h := maphash.String(fitSeed, line)
	if n < len(f.rows) && f.rows[n] == h {
		return true
	}
	if LineWidth(line) > w {
		return false
	}
	if n >= len(f.rows) {
		f.rows = append(f.rows, make([]uint64, n+1-len(f.rows))...)
	}
	f.rows[n] = h
	return true
}

// fitLines is FitBlock for a frame given as its lines (which it may
// change) to a renderer that cuts every row it writes to the window's
// width (remoteterm's): cut or padded to h lines, not measured (a
// frame's rows are most of them wider in bytes than in cells, and each
// was hashed to be found fitting again, a frame's hashing twice over).
func fitLines(lines []string, h int) []string {
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// fitSeed is the process's seed of fitMemo's hashes.
var fitSeed = maphash.MakeSeed()

// fitBlock is FitBlock, measuring lines through memo when it is not nil.
func fitBlock(s string, w, h int, memo *fitMemo) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	if n, fits := linesFit(s, w, h, memo); fits {
		// Most frames already fit: keep them without splitting.
		return s + strings.Repeat("\n", h-n)
	}
	lines := SplitLines(s)
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if TextWidth(l) > w {
			lines[i] = CutANSI(l, w)
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return JoinLines(lines)
}

// JoinPadded is parts joined, padded with empty lines to h lines as
// FitBlock pads: a frame built in one allocation, which FitBlock then
// keeps as it is when its lines fit, instead of copying it to pad it
// (each copy of a full frame is some 8 KB of garbage per keypress).
func JoinPadded(h int, parts ...string) string {
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

// FitLines is FitBlock for lines whose widths are known: cut or padded
// to exactly h lines, each cut to w cells.
func FitLines(lines []string, widths []int, w, h int) []string {
	if h <= 0 || w <= 0 {
		return nil
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if widths[i] > w {
			lines[i] = CutANSI(l, w)
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// linesFit counts the lines of s and reports whether there are at most h
// of them, none wider than w cells (measured through memo when it is not
// nil).
func linesFit(s string, w, h int, memo *fitMemo) (n int, fits bool) {
	for rest, more := s, true; more; n++ {
		var line string
		line, rest, more = strings.Cut(rest, "\n")
		if n == h {
			return n, false
		}
		// A line has no more cells than bytes.
		if len(line) <= w {
			continue
		}
		if memo != nil && !memo.fits(n, line, w) || memo == nil && LineWidth(line) > w {
			return n, false
		}
	}
	return n, true
}

// SplitLines splits s into its lines.
func SplitLines(s string) []string { return strings.Split(s, "\n") }

// JoinLines joins lines with newlines.
func JoinLines(l []string) string { return strings.Join(l, "\n") }

// CutANSI truncates a styled line to w cells, keeping escape sequences
// intact. It needs no renderer, so no global style is involved.
func CutANSI(s string, w int) string {
	if !strings.Contains(s, "\n") {
		return cutLine(s, w)
	}
	lines := SplitLines(s)
	for i, l := range lines {
		lines[i] = cutLine(l, w)
	}
	return JoinLines(lines)
}

// cutLine is ansi.Truncate(s, w, ""), which returns a line that fits as
// it is: LineWidth, the same measure, finds that out faster.
func cutLine(s string, w int) string {
	if LineWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "")
}

// CutWidth is CutANSI(s, w) and its width (TextWidth of it): a line that
// fits is measured once, where cutting it and then padding it measured
// it twice.
func CutWidth(s string, w int) (string, int) {
	if strings.Contains(s, "\n") {
		s = CutANSI(s, w)
		return s, TextWidth(s)
	}
	n := LineWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "")
		n = LineWidth(s)
	}
	return s, n
}

// CutWidthClean is CutWidth(s, w), and whether the line it returns is
// clean (one line, see textwidth.LineClean): padded with n spaces it is
// then n cells wider, without being measured again.
func CutWidthClean(s string, w int) (string, int, bool) {
	if strings.Contains(s, "\n") {
		s, n := CutWidth(s, w)
		return s, n, false
	}
	n, clean := textwidth.LineClean(s)
	if n > w {
		s = ansi.Truncate(s, w, "")
		n, clean = textwidth.LineClean(s)
	}
	return s, n, clean
}

// FitWidth is the styled line s made exactly w cells wide: cut when it
// is wider (as CutWidth), padded with spaces when it is narrower.
func FitWidth(s string, w int) string {
	s, n := CutWidth(s, w)
	if n < w {
		return s + Spaces(w-n)
	}
	return s
}

// FitSized is FitWidth(s, w) for a line s of n cells when joins (see
// SizedText): measured only when it must be cut, or n is not known.
func FitSized(s string, n int, joins bool, w int) string {
	switch {
	case !joins || n > w:
		return FitWidth(s, w)
	case n < w:
		return s + Spaces(w-n)
	}
	return s
}

// PadRight pads a styled string with spaces to w cells.
func PadRight(s string, w int) string {
	if d := w - TextWidth(s); d > 0 {
		return s + Spaces(d)
	}
	return s
}

// spaces is the text Spaces cuts its runs of spaces from.
const spaces = "                                                                " +
	"                                                                " +
	"                                                                " +
	"                                                                "

// Spaces is strings.Repeat(" ", n) (n ≥ 0), without making a string for
// n up to 256: frames pad every line of their panels and blocks with
// spaces, once a line, and a run made and thrown away each time (or
// written a byte at a time) was a good part of what padding cost.
func Spaces(n int) string {
	if n <= len(spaces) {
		return spaces[:n]
	}
	return strings.Repeat(" ", n)
}
