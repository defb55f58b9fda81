package themes

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
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
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.Ascii)
	if !NoColor(r) {
		t.Fatal("ASCII profile should mean no colour")
	}
	st := NewStyles(r, Default, false)
	if out := st.Piece(0, "red").Render("R"); out != "R" {
		t.Fatalf("no-colour render added escapes: %q", out)
	}
	r2 := lipgloss.NewRenderer(nil)
	r2.SetColorProfile(termenv.TrueColor)
	if NoColor(r2) {
		t.Fatal("true colour profile reported as no colour")
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

// Converting the theme's colours once to the terminal's profile must not
// change a byte of what any style renders, in any profile.
func TestConvertedColoursRenderTheSame(t *testing.T) {
	profiles := map[string]termenv.Profile{"truecolor": termenv.TrueColor, "256": termenv.ANSI256, "16": termenv.ANSI, "ascii": termenv.Ascii}
	for pname, p := range profiles {
		r := lipgloss.NewRenderer(nil)
		r.SetColorProfile(p)
		for _, th := range All {
			for _, ascii := range []bool{false, true} {
				got := NewStyles(r, th, ascii)
				want := newStyles(r, th, ascii, termenv.TrueColor) // hex, converted on each Render
				pairs := map[string][2]lipgloss.Style{
					"text": {got.Text, want.Text}, "muted": {got.Muted, want.Muted}, "accent": {got.Accent, want.Accent},
					"error": {got.Error, want.Error}, "title": {got.Title, want.Title}, "key": {got.Key, want.Key},
					"panel": {got.Panel, want.Panel}, "cell": {got.Cell, want.Cell}, "cellalt": {got.CellAlt, want.CellAlt},
					"missing": {got.Missing, want.Missing}, "cursor": {got.Cursor, want.Cursor}, "target": {got.Target, want.Target},
					"last": {got.Last, want.Last}, "win": {got.Win, want.Win}, "hint": {got.Hint, want.Hint}, "sel": {got.Sel, want.Sel},
				}
				roles := []string{"x", "o", "red", "black", "yellow", "blue", "green", "white"}
				for seat := -1; seat < 6; seat++ {
					for _, role := range roles {
						pairs[fmt.Sprintf("piece %d %s", seat, role)] = [2]lipgloss.Style{got.Piece(seat, role), want.Piece(seat, role)}
						pairs[fmt.Sprintf("piece %d %s on cursor", seat, role)] = [2]lipgloss.Style{got.Piece(seat, role).Inherit(got.Cursor), want.Piece(seat, role).Inherit(want.Cursor)}
					}
				}
				for name, st := range pairs {
					if g, w := st[0].Render("X y"), st[1].Render("X y"); g != w {
						t.Errorf("%s %s ascii=%v %s: %q, want %q", pname, th.Name, ascii, name, g, w)
					}
				}
			}
		}
	}
}

// Every colour of every theme converts to what termenv picks for it.
func TestColourConversionMatchesTermenv(t *testing.T) {
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI} {
		st := Styles{profile: p}
		for _, th := range All {
			for _, c := range append([]string{th.Text, th.Muted, th.Accent, th.Cell, th.Win, th.Cursor}, th.Seats...) {
				if c == "" {
					continue
				}
				if g, w := p.Color(string(st.color(c))), p.Color(c); g != w {
					t.Errorf("profile %v %s %s: %v, want %v", p, th.Name, c, g, w)
				}
			}
		}
	}
}
