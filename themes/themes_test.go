package themes

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Every theme gives every role of every game a colour of its own, so
// colour adds to the letters instead of confusing them.
func TestRolesDistinct(t *testing.T) {
	games := [][]string{{"x", "o"}, {"red", "black"}, {"red", "yellow", "blue", "green"}}
	for _, th := range All {
		if th.Mono {
			continue
		}
		for _, roles := range games {
			seen := map[string]string{}
			for _, r := range roles {
				c, ok := th.Roles[r]
				if !ok || c == "" {
					t.Errorf("%s: no colour for role %s", th.Name, r)
				}
				if other, dup := seen[c]; dup {
					t.Errorf("%s: roles %s and %s share colour %s", th.Name, other, r, c)
				}
				seen[c] = r
			}
		}
		for name, c := range map[string]string{"cursor": th.Cursor, "target": th.Target, "last": th.Last, "win": th.Win, "cell": th.Cell} {
			if c == "" {
				t.Errorf("%s: no %s colour", th.Name, name)
			}
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
	if out := st.Role("red").Render("R"); out != "R" {
		t.Fatalf("no-colour render added escapes: %q", out)
	}
	r2 := lipgloss.NewRenderer(nil)
	r2.SetColorProfile(termenv.TrueColor)
	if NoColor(r2) {
		t.Fatal("true colour profile reported as no colour")
	}
}
