// Package themes holds the colour palettes and glyph sets of the tabletop
// client. It holds styles only: no game logic and no global style state.
// A Theme is plain data and Styles its Lip Gloss styles, in full colour:
// each session's Bubble Tea program converts the colours to what its
// terminal shows when it draws (see NoColor for the one choice a session
// makes itself).
package themes

import (
	"image/color"
	"math"
	"reflect"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/lucasb-eyer/go-colorful"
)

// Theme is a named palette. Colours are hex strings ("" means the
// terminal's default), so a theme is comparable plain data.
type Theme struct {
	Name    string
	Summary string
	// Mono themes use no colour at all: every distinction is made by a
	// letter or a bracket, which the board draws in any theme.
	Mono bool

	Text, Muted, Accent, Error, Border string
	// Board cells: the ordinary cell, the alternate (border or
	// checkered) cell, and the background of missing cells.
	Cell, CellAlt, Missing string
	// Highlights drawn as cell backgrounds. Pieces keep their role's
	// colour on them (so these are dark on a dark theme, light on a
	// light one), except on Win, which is bright and draws the winning
	// pieces in WinText: the result must stand out most.
	Cursor, Target, Last, Win, Hint, Selected string
	WinText                                   string
	// Seats are the piece colours of the players by seat index: the
	// first player's, the second's, and so on. Any game gets distinct
	// colours from them without the theme knowing it.
	Seats []string
	// Named overrides Seats for roles named after a colour (red, black,
	// yellow, blue, green): a player called red has red pieces in
	// whatever seat it sits.
	Named map[string]string
}

// PieceColour returns the colour of the pieces of the role in seat seat
// called role: its named colour, else its seat's, else "" (the
// terminal's default).
func (t Theme) PieceColour(seat int, role string) string {
	if c, ok := t.Named[role]; ok {
		return c
	}
	if seat >= 0 && seat < len(t.Seats) {
		return t.Seats[seat]
	}
	return ""
}

// The built-in themes. Okabe–Ito is the colour-blind-safe palette of
// Okabe & Ito (2008): orange, sky blue, bluish green, yellow, blue,
// vermillion, reddish purple, black.
var (
	Default = Theme{
		Name: "default", Summary: "dark background, warm pieces",
		Text: "#E4E4E4", Muted: "#8A8A8A", Accent: "#5FAFFF", Error: "#FF5F5F", Border: "#5F5F87",
		Cell: "#303030", CellAlt: "#3A3A3A", Missing: "",
		Cursor: "#1F3F7F", Target: "#1F4F1F", Last: "#4F3A0F", Win: "#D7AF00", Hint: "#0F3F5F", Selected: "#5F1F5F",
		WinText: "#000000",
		Seats:   []string{"#FF8700", "#5FD7FF", "#5FD75F", "#FFD75F"},
		Named: map[string]string{
			"red": "#FF5F5F", "black": "#D0D0D0",
			"yellow": "#FFD75F", "blue": "#87AFFF", "green": "#5FD75F",
		},
	}
	Light = Theme{
		Name: "light", Summary: "light background",
		Text: "#1C1C1C", Muted: "#6C6C6C", Accent: "#005FAF", Error: "#AF0000", Border: "#8787AF",
		Cell: "#EEEEEE", CellAlt: "#DADADA", Missing: "",
		Cursor: "#D7D7FF", Target: "#D7FFD7", Last: "#FFE7C7", Win: "#5F3F00", Hint: "#D7EFFF", Selected: "#FFD7FF",
		WinText: "#FFFFFF",
		Seats:   []string{"#875000", "#005F87", "#006700", "#0000D7"},
		Named: map[string]string{
			"red": "#AF0000", "black": "#000000",
			"yellow": "#6F5A00", "blue": "#0000D7", "green": "#006700",
		},
	}
	HighContrast = Theme{
		Name: "high-contrast", Summary: "black and white with pure colours",
		Text: "#FFFFFF", Muted: "#FFFFFF", Accent: "#FFFF00", Error: "#FF0000", Border: "#FFFFFF",
		Cell: "#000000", CellAlt: "#262626", Missing: "",
		Cursor: "#00007F", Target: "#004000", Last: "#4F004F", Win: "#FFFF00", Hint: "#003F3F", Selected: "#5F005F",
		WinText: "#000000",
		Seats:   []string{"#FFFF00", "#00FFFF", "#00FF00", "#FF3F3F"},
		Named: map[string]string{
			"red": "#FF3F3F", "black": "#FFFFFF",
			"yellow": "#FFFF00", "blue": "#3FAFFF", "green": "#00FF00",
		},
	}
	OkabeIto = Theme{
		Name: "okabe-ito", Summary: "colour-blind-safe (Okabe–Ito palette)",
		Text: "#E4E4E4", Muted: "#9E9E9E", Accent: "#56B4E9", Error: "#D55E00", Border: "#6C6C6C",
		Cell: "#262626", CellAlt: "#333333", Missing: "",
		Cursor: "#0A2A4A", Target: "#00301F", Last: "#3A2600", Win: "#CC79A7", Hint: "#002A40", Selected: "#3F1A30",
		WinText: "#000000",
		// Okabe–Ito hues; vermillion and bluish green a shade lighter so
		// that they read on the dark cells.
		Seats: []string{"#E69F00", "#56B4E9", "#00B584", "#CC79A7"},
		Named: map[string]string{
			"red": "#E66A1A", "black": "#F0F0F0",
			"yellow": "#F0E442", "blue": "#56B4E9", "green": "#00B584",
		},
	}
	Mono = Theme{
		Name: "mono", Summary: "no colour: letters and brackets only", Mono: true,
	}
)

// All lists the selectable themes in the order the `t` key cycles them.
var All = []Theme{Default, Light, HighContrast, OkabeIto, Mono}

// Names returns the names of All.
func Names() []string {
	names := make([]string, len(All))
	for i, t := range All {
		names[i] = t.Name
	}
	return names
}

// Lookup returns the theme with the given name (case-insensitive).
func Lookup(name string) (Theme, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, t := range All {
		if t.Name == n {
			return t, true
		}
	}
	return Theme{}, false
}

// Next returns the theme after t in All, wrapping around.
func Next(t Theme) Theme {
	for i, k := range All {
		if k.Name == t.Name {
			return All[(i+1)%len(All)]
		}
	}
	return All[0]
}

// NoColor reports whether a terminal of colour profile p shows no colour
// (NO_COLOR in the terminal's own environment, a dumb terminal, no
// terminal at all): then only the monochrome theme tells pieces apart.
// Unknown is a profile not known yet, which is not taken for no colour.
func NoColor(p colorprofile.Profile) bool {
	return p != colorprofile.Unknown && p <= colorprofile.ASCII
}

// Glyphs are the characters of the board frame and markers. Every glyph
// is one terminal cell wide.
type Glyphs struct {
	// Box is the border of panels and the board frame.
	Box lipgloss.Border
	// Empty is drawn in an empty cell; Missing in a cell that is not on
	// the board (Quad's corners).
	Empty, Missing string
	// Dot marks an empty legal target.
	Dot string
}

// ASCIIGlyphs uses 7-bit characters only, for --ascii and dumb terminals.
var ASCIIGlyphs = Glyphs{
	Box: lipgloss.Border{
		Top: "-", Bottom: "-", Left: "|", Right: "|",
		TopLeft: "+", TopRight: "+", BottomLeft: "+", BottomRight: "+",
		MiddleLeft: "+", MiddleRight: "+", Middle: "+", MiddleTop: "+", MiddleBottom: "+",
	},
	Empty: ".", Missing: " ", Dot: "+",
}

// UnicodeGlyphs uses box-drawing characters and a middle dot, all of
// which are single-width in common terminals.
var UnicodeGlyphs = Glyphs{
	Box:   lipgloss.RoundedBorder(),
	Empty: "·", Missing: " ", Dot: "+",
}

// Styles are a theme's styles: every style the client draws.
type Styles struct {
	Theme  Theme
	Glyphs Glyphs

	Text, Muted, Accent, Error, Title, Key lipgloss.Style
	Panel                                  lipgloss.Style
	Cell, CellAlt, Missing                 lipgloss.Style
	Cursor, Target, Last, Win, Hint, Sel   lipgloss.Style

	base lipgloss.Style
	// basic: colours are the theme's picks of the 16 basic ones; p256:
	// they are already the nearest of the 256-colour palette.
	basic, p256 bool
}

// hex is the colour of hex string c for the styles' terminal.
func (s *Styles) hex(c string) color.Color {
	switch {
	case s.basic:
		return Basic16(c)
	case s.p256:
		// As the session's program would downsample it, once here
		// instead of in every line of every frame.
		return colorprofile.ANSI256.Convert(lipgloss.Color(c))
	}
	return lipgloss.Color(c)
}

// NewStyles returns the styles of t for a terminal of colour profile p.
// With ascii the glyphs are 7-bit. The colours stay as the theme gives
// them, and the session's program downsamples them for its terminal as
// it draws, except in a 16-colour terminal (p is colorprofile.ANSI):
// there each colour is the theme's own pick of the 16 (see Basic16),
// since the program's fixed table draws yellows and oranges red, and red
// and yellow pieces would look the same.
func NewStyles(t Theme, ascii bool, p colorprofile.Profile) Styles {
	g := UnicodeGlyphs
	if ascii {
		g = ASCIIGlyphs
	}
	st := Styles{Theme: t, Glyphs: g, basic: p == colorprofile.ANSI, p256: p == colorprofile.ANSI256}
	base := lipgloss.NewStyle()
	st.base = base
	hex := st.hex
	fg := func(c string) lipgloss.Style {
		if t.Mono || c == "" {
			return base
		}
		return base.Foreground(hex(c))
	}
	bg := func(s lipgloss.Style, c string) lipgloss.Style {
		if t.Mono || c == "" {
			return s
		}
		return s.Background(hex(c))
	}
	st.Text = fg(t.Text)
	st.Muted = fg(t.Muted)
	st.Accent = fg(t.Accent).Bold(true)
	st.Error = fg(t.Error).Bold(true)
	st.Title = fg(t.Accent).Bold(true)
	st.Key = fg(t.Accent)
	st.Panel = base.Border(g.Box).Padding(0, 1)
	if !t.Mono && t.Border != "" {
		st.Panel = st.Panel.BorderForeground(hex(t.Border))
	}
	st.Cell = bg(fg(t.Text), t.Cell)
	st.CellAlt = bg(fg(t.Text), t.CellAlt)
	st.Missing = bg(base, t.Missing)
	st.Cursor = bg(fg(t.Text), t.Cursor).Bold(true)
	st.Target = bg(fg(t.Text), t.Target)
	st.Last = bg(fg(t.Text), t.Last)
	st.Win = bg(fg(t.WinText), t.Win).Bold(true)
	st.Hint = bg(fg(t.Text), t.Hint)
	st.Sel = bg(fg(t.Text), t.Selected).Bold(true)
	if t.Mono {
		// Without colour the cursor still needs to stand out beyond its
		// brackets; reverse video works in every terminal.
		st.Cursor = base.Reverse(true)
	}
	return st
}

// sharedStyles keeps the styles of each built-in theme per glyph set and
// colour profile: every session with the same theme and terminal kind
// uses one Styles (11 KB) instead of its own.
var sharedStyles sync.Map // stylesKey → *Styles

type stylesKey struct {
	theme string
	ascii bool
	p     colorprofile.Profile
}

// SharedStyles returns the styles of t, ascii and p (as NewStyles makes
// them), shared with every caller asking for the same: they must not be
// changed. A theme that is not one of All's as it is there gets styles
// of its own.
//
// The styles are built by newStyles, not here: a Styles built in this
// function's frame made the frame about 12 KB on every call, kept or
// not, and every server session calls it at its start — which grew each
// session's goroutine stack to 32 KB until collections shrank it.
func SharedStyles(t Theme, ascii bool, p colorprofile.Profile) *Styles {
	builtIn, ok := Lookup(t.Name)
	if !ok || !reflect.DeepEqual(builtIn, t) {
		return newStyles(t, ascii, p)
	}
	k := stylesKey{t.Name, ascii, p}
	if st, ok := sharedStyles.Load(k); ok {
		return st.(*Styles)
	}
	shared, _ := sharedStyles.LoadOrStore(k, newStyles(t, ascii, p))
	return shared.(*Styles)
}

// newStyles is NewStyles on the heap, in a frame of its own (see
// SharedStyles).
//
//go:noinline
func newStyles(t Theme, ascii bool, p colorprofile.Profile) *Styles {
	st := NewStyles(t, ascii, p)
	return &st
}

// Piece returns the style of the pieces (and the name) of the role in
// seat seat called role; see Theme.PieceColour. A role of no seat
// (game.NoRole, -1), such as Quad's neutral blockers, is plain bold.
func (s *Styles) Piece(seat int, role string) lipgloss.Style {
	c := s.Theme.PieceColour(seat, role)
	if s.Theme.Mono || c == "" {
		return s.base.Bold(true)
	}
	return s.base.Foreground(s.hex(c)).Bold(true)
}

// Base returns an unstyled style.
func (s *Styles) Base() lipgloss.Style { return s.base }

// Basic16 is the colour of the 16 basic ANSI colours that stands for hex
// colour c in a 16-colour terminal: the one nearest, in HSLuv, to the
// colour of the 256-colour palette that c falls in. It is the pick of
// tabletop's first versions (termenv's), which kept every seat colour of
// every theme apart.
func Basic16(c string) ansi.BasicColor {
	col, err := colorful.Hex(c)
	if err != nil {
		return ansi.BasicColor(7)
	}
	near := palette256(col)
	best, bestDist := 0, math.MaxFloat64
	for i := range 16 {
		if d := near.DistanceHSLuv(basicRGB[i]); d < bestDist {
			best, bestDist = i, d
		}
	}
	return ansi.BasicColor(best)
}

// basicRGB are the 16 basic colours as xterm draws them.
var basicRGB = func() [16]colorful.Color {
	var out [16]colorful.Color
	for i, h := range []string{"#000000", "#800000", "#008000", "#808000", "#000080", "#800080", "#008080", "#c0c0c0",
		"#808080", "#ff0000", "#00ff00", "#ffff00", "#0000ff", "#ff00ff", "#00ffff", "#ffffff"} {
		out[i], _ = colorful.Hex(h)
	}
	return out
}()

// palette256 is the colour of the 6×6×6 cube or the darkest grey of the
// ramp that c falls in, whichever is nearer in HSLuv, as termenv chose
// it (its grey is always the darkest: it averaged the cube's indexes).
func palette256(c colorful.Color) colorful.Color {
	step := func(v float64) int {
		switch {
		case v < 48:
			return 0
		case v < 115:
			return 1
		}
		return int((v - 35) / 40)
	}
	levels := [6]float64{0, 0x5f, 0x87, 0xaf, 0xd7, 0xff}
	cube := colorful.Color{R: levels[step(c.R*255)] / 255, G: levels[step(c.G*255)] / 255, B: levels[step(c.B*255)] / 255}
	grey := colorful.Color{R: 8.0 / 255, G: 8.0 / 255, B: 8.0 / 255}
	if c.DistanceHSLuv(cube) <= c.DistanceHSLuv(grey) {
		return cube
	}
	return grey
}

// Palette names the colours the styles draw with: the theme's name, with
// "/16" when they are its 16-colour picks. Two Styles with the same
// palette and glyphs render the same bytes, so drawn text can be kept
// under it.
func (s *Styles) Palette() string {
	switch {
	case s.basic:
		return s.Theme.Name + "/16"
	case s.p256:
		return s.Theme.Name + "/256"
	}
	return s.Theme.Name
}
