package themes

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Every theme gives every seat a colour of its own, and every colour a
// role may be named after a colour of its own, so colour adds to the
// letters instead of confusing them. Which games use which seats is the
// UI's business (its test checks every registered game).
func TestPieceColoursDistinct(t *testing.T) {
	for _, th := range All {
		if th.Mono {
			continue
		}
		if len(th.Seats) < 4 {
			t.Errorf("%s: %d seat colours, want at least 4", th.Name, len(th.Seats))
		}
		for what, colours := range map[string]map[string]string{"seat": seatMap(th.Seats), "named": th.Named} {
			seen := map[string]string{}
			for key, c := range colours {
				if c == "" {
					t.Errorf("%s: %s colour %s is empty", th.Name, what, key)
				}
				if other, dup := seen[c]; dup {
					t.Errorf("%s: %s colours %s and %s are both %s", th.Name, what, other, key, c)
				}
				seen[c] = key
			}
		}
		for name, c := range map[string]string{"cursor": th.Cursor, "target": th.Target, "last": th.Last, "win": th.Win, "cell": th.Cell} {
			if c == "" {
				t.Errorf("%s: no %s colour", th.Name, name)
			}
		}
	}
}

// seatMap names seat colours "seat 1", "seat 2", ...
func seatMap(seats []string) map[string]string {
	m := map[string]string{}
	for i, c := range seats {
		m["seat "+strconv.Itoa(i+1)] = c
	}
	return m
}

// pieceColours are every piece colour of a theme, by a readable name.
func pieceColours(th Theme) map[string]string {
	m := seatMap(th.Seats)
	for name, c := range th.Named {
		m[name] = c
	}
	return m
}

func TestPieceColour(t *testing.T) {
	th := Default
	for _, tc := range []struct {
		seat int
		role string
		want string
	}{
		{0, "x", th.Seats[0]},
		{1, "o", th.Seats[1]},
		{1, "red", th.Named["red"]},
		{3, "green", th.Named["green"]},
		{-1, "", ""},
		{len(th.Seats), "z", ""},
	} {
		if got := th.PieceColour(tc.seat, tc.role); got != tc.want {
			t.Errorf("PieceColour(%d, %q) = %q, want %q", tc.seat, tc.role, got, tc.want)
		}
	}
}

func TestLookupAndNext(t *testing.T) {
	for _, th := range All {
		got, ok := Lookup(th.Name)
		if !ok || got.Name != th.Name {
			t.Errorf("Lookup(%q) = %q, %v", th.Name, got.Name, ok)
		}
	}
	if _, ok := Lookup("neon"); ok {
		t.Error("unknown theme found")
	}
	seen := map[string]bool{}
	th := All[0]
	for range All {
		seen[th.Name] = true
		th = Next(th)
	}
	if len(seen) != len(All) || th.Name != All[0].Name {
		t.Errorf("Next does not cycle through all themes: %v", seen)
	}
}

func TestGlyphsSingleWidth(t *testing.T) {
	for _, g := range []Glyphs{ASCIIGlyphs, UnicodeGlyphs} {
		b := g.Box
		for _, s := range []string{g.Empty, g.Missing, g.Dot, b.Top, b.Bottom, b.Left, b.Right, b.TopLeft, b.TopRight, b.BottomLeft, b.BottomRight} {
			if lipgloss.Width(s) != 1 {
				t.Errorf("glyph %q is %d cells wide", s, lipgloss.Width(s))
			}
		}
	}
	for _, s := range []string{ASCIIGlyphs.Empty, ASCIIGlyphs.Dot, ASCIIGlyphs.Box.Top, ASCIIGlyphs.Box.TopLeft} {
		for _, r := range s {
			if r > 126 {
				t.Errorf("ASCII glyph %q is not 7-bit", s)
			}
		}
	}
}

func TestNoColorProfileMeansNoColour(t *testing.T) {
	for _, tc := range []struct {
		p    colorprofile.Profile
		want bool
	}{
		{colorprofile.NoTTY, true}, {colorprofile.ASCII, true}, {colorprofile.Unknown, false},
		{colorprofile.ANSI, false}, {colorprofile.ANSI256, false}, {colorprofile.TrueColor, false},
	} {
		if got := NoColor(tc.p); got != tc.want {
			t.Errorf("NoColor(%v) = %v, want %v", tc.p, got, tc.want)
		}
	}
}

// relLuminance is the WCAG relative luminance of a "#RRGGBB" colour.
func relLuminance(hex string) float64 {
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil {
		return -1
	}
	ch := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(v>>16&255) + 0.7152*ch(v>>8&255) + 0.0722*ch(v&255)
}

// contrast is the WCAG contrast ratio of two colours (1 to 21).
func contrast(a, b string) float64 {
	la, lb := relLuminance(a), relLuminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Every piece must stay readable on every cell background it can be
// drawn on (WCAG's 3:1 for large and graphical text), the text colour on
// every cell (4.5:1), and the winning pieces on the Win highlight.
func TestContrast(t *testing.T) {
	for _, th := range All {
		if th.Mono {
			continue
		}
		bgs := map[string]string{"cell": th.Cell, "alt": th.CellAlt, "cursor": th.Cursor, "target": th.Target,
			"last": th.Last, "hint": th.Hint, "selected": th.Selected}
		for name, bg := range bgs {
			if c := contrast(th.Text, bg); c < 4.5 {
				t.Errorf("%s: text on %s: contrast %.1f < 4.5", th.Name, name, c)
			}
			for role, fg := range pieceColours(th) {
				if c := contrast(fg, bg); c < 3 {
					t.Errorf("%s: %s pieces on %s: contrast %.1f < 3", th.Name, role, name, c)
				}
			}
			if name != "cell" && bg == th.Cell {
				t.Errorf("%s: the %s highlight is the cell colour", th.Name, name)
			}
		}
		if c := contrast(th.WinText, th.Win); c < 4.5 {
			t.Errorf("%s: winning pieces: contrast %.1f < 4.5", th.Name, c)
		}
		if c := contrast(th.Win, th.Cell); c < 3 {
			t.Errorf("%s: the win highlight does not stand out from the cells: %.1f", th.Name, c)
		}
	}
}

// v1's16 are the 16-colour picks tabletop's Lip Gloss v1 drew every
// theme colour with (termenv's), taken before the move to v2.
var v1s16 = map[string]int{"#E4E4E4": 7, "#8A8A8A": 8, "#5FAFFF": 12, "#FF5F5F": 9, "#5F5F87": 12, "#303030": 0, "#3A3A3A": 8, "#1F3F7F": 12, "#1F4F1F": 2, "#4F3A0F": 3, "#D7AF00": 3, "#0F3F5F": 6, "#5F1F5F": 5, "#000000": 0, "#FF8700": 9, "#5FD7FF": 14, "#5FD75F": 10, "#FFD75F": 11, "#D0D0D0": 7, "#87AFFF": 12, "#1C1C1C": 0, "#6C6C6C": 8, "#005FAF": 12, "#AF0000": 1, "#8787AF": 12, "#EEEEEE": 15, "#DADADA": 7, "#D7D7FF": 13, "#D7FFD7": 10, "#FFE7C7": 9, "#5F3F00": 3, "#D7EFFF": 14, "#FFD7FF": 13, "#FFFFFF": 15, "#875000": 3, "#005F87": 12, "#006700": 2, "#0000D7": 12, "#6F5A00": 3, "#FFFF00": 11, "#FF0000": 9, "#262626": 0, "#00007F": 4, "#004000": 2, "#4F004F": 5, "#003F3F": 6, "#5F005F": 5, "#00FFFF": 14, "#00FF00": 10, "#FF3F3F": 9, "#3FAFFF": 12, "#9E9E9E": 7, "#56B4E9": 6, "#D55E00": 9, "#333333": 0, "#0A2A4A": 4, "#00301F": 2, "#3A2600": 1, "#CC79A7": 13, "#002A40": 4, "#3F1A30": 5, "#E69F00": 3, "#00B584": 2, "#E66A1A": 9, "#F0F0F0": 15, "#F0E442": 11}

// A 16-colour terminal draws every theme colour as it did with Lip Gloss
// v1: the program's own table would draw yellow and orange pieces red.
func TestBasic16KeepsV1Picks(t *testing.T) {
	seen := 0
	for _, th := range All {
		for _, c := range themeColours(th) {
			want, ok := v1s16[strings.ToUpper(c)]
			if !ok {
				t.Errorf("%s: colour %s has no v1 pick in the table", th.Name, c)
				continue
			}
			seen++
			if got := Basic16(c); int(got) != want {
				t.Errorf("%s: Basic16(%s) = %d, v1 drew %d", th.Name, c, got, want)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no theme colour checked")
	}
}

// themeColours are every colour a theme names.
func themeColours(th Theme) []string {
	var out []string
	for _, c := range append([]string{th.Text, th.Muted, th.Accent, th.Error, th.Border, th.Cell, th.CellAlt, th.Missing,
		th.Cursor, th.Target, th.Last, th.Win, th.Hint, th.Selected, th.WinText}, th.Seats...) {
		if c != "" {
			out = append(out, c)
		}
	}
	for _, c := range th.Named {
		out = append(out, c)
	}
	return out
}

// In a 256-colour terminal the styles carry the palette's colours: what
// they draw is what the session's program draws of the theme's own
// colours in such a terminal, with no true colour left to convert.
func TestStyles256AreWhatTheProgramDraws(t *testing.T) {
	down := func(s string) string {
		var b strings.Builder
		w := colorprofile.Writer{Forward: &b, Profile: colorprofile.ANSI256}
		_, _ = w.Write([]byte(s))
		return b.String()
	}
	for _, th := range All {
		own, p256 := NewStyles(th, false, colorprofile.TrueColor), NewStyles(th, false, colorprofile.ANSI256)
		if p256.Palette() == own.Palette() {
			t.Errorf("%s: the 256-colour styles have the palette of the theme's own colours, %q", th.Name, own.Palette())
		}
		pairs := [][2]lipgloss.Style{{own.Text, p256.Text}, {own.Muted, p256.Muted}, {own.Accent, p256.Accent},
			{own.Error, p256.Error}, {own.Title, p256.Title}, {own.Key, p256.Key}, {own.Panel, p256.Panel},
			{own.Cell, p256.Cell}, {own.CellAlt, p256.CellAlt}, {own.Missing, p256.Missing}, {own.Cursor, p256.Cursor},
			{own.Target, p256.Target}, {own.Last, p256.Last}, {own.Win, p256.Win}, {own.Hint, p256.Hint}, {own.Sel, p256.Sel}}
		for seat, role := range []string{"red", "yellow", "blue", "green", "x"} {
			pairs = append(pairs, [2]lipgloss.Style{own.Piece(seat, role), p256.Piece(seat, role)})
		}
		for i, pair := range pairs {
			want, got := down(pair[0].Render("x y")), pair[1].Render("x y")
			if down(got) != want || strings.Contains(got, "8;2;") {
				t.Errorf("%s, style %d: 256-colour styles draw %q, the program draws %q", th.Name, i, got, want)
			}
		}
	}
}

// In a 16-colour terminal the styles carry the basic colours, which the
// program passes through as they are; elsewhere the theme's own colours,
// which it downsamples.
func TestStylesPerProfile(t *testing.T) {
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI} {
		st := NewStyles(Default, false, p)
		fg := st.Piece(2, "yellow").GetForeground()
		if p == colorprofile.ANSI {
			if fg != Basic16(Default.Named["yellow"]) {
				t.Errorf("%v: yellow is %v, want basic %v", p, fg, Basic16(Default.Named["yellow"]))
			}
			continue
		}
		if _, basic := fg.(ansi.BasicColor); basic {
			t.Errorf("%v: yellow is the basic colour %v, want the theme's own", p, fg)
		}
		if r, g, b, _ := fg.RGBA(); r>>8 != 0xFF || g>>8 != 0xD7 || b>>8 != 0x5F {
			t.Errorf("%v: yellow is %v, want #FFD75F", p, fg)
		}
	}
	// The 16-colour picks keep the named colours of Tic-Tac-Chess apart.
	for _, th := range All {
		seen := map[ansi.BasicColor]string{}
		for _, role := range []string{"red", "yellow", "blue", "green"} {
			c, ok := th.Named[role]
			if !ok {
				continue
			}
			b := Basic16(c)
			if other, dup := seen[b]; dup {
				t.Errorf("%s: %s and %s are both basic colour %d", th.Name, other, role, b)
			}
			seen[b] = role
		}
	}
}

// Sessions with the same theme, glyphs and colour profile share one
// Styles, equal to NewStyles'; a changed theme or another profile gets
// its own.
func TestSharedStyles(t *testing.T) {
	a := SharedStyles(Default, false, colorprofile.ANSI256)
	if b := SharedStyles(Default, false, colorprofile.ANSI256); a != b {
		t.Fatal("two sessions of the same theme and terminal do not share their styles")
	}
	if want := NewStyles(Default, false, colorprofile.ANSI256); !reflect.DeepEqual(*a, want) {
		t.Fatal("the shared styles differ from NewStyles'")
	}
	if b := SharedStyles(Default, true, colorprofile.ANSI256); b == a || b.Glyphs != ASCIIGlyphs {
		t.Fatal("ASCII glyphs share the Unicode styles")
	}
	if b := SharedStyles(Default, false, colorprofile.ANSI); b == a {
		t.Fatal("a 16-colour terminal shares the 256-colour styles")
	}
	custom := Default
	custom.Accent = "#ff0000"
	if b := SharedStyles(custom, false, colorprofile.ANSI256); b == a || b.Theme.Accent != "#ff0000" {
		t.Fatal("a changed theme got the built-in theme's styles")
	}
}
