package common

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/internal/textwidth"
	"github.com/tabletop/tabletop/themes"
)

// Sessions in a built-in theme share one cache of drawn cells and texts
// (each drew its own: the same cells and names in every room, after
// every move), and what it gives is what is drawn afresh; a theme of a
// session's own keeps a cache of its own.
func TestSessionsShareTheCellsOfABuiltInTheme(t *testing.T) {
	a := NewCommon(Options{ColorProfile: colorprofile.ANSI256})
	b := NewCommon(Options{ColorProfile: colorprofile.ANSI256})
	a.SetTheme(themes.Default)
	b.SetTheme(themes.Default)
	if a.Cells != b.Cells {
		t.Error("two sessions in the same built-in theme draw their cells apart")
	}
	k := TextKey{Style: TextPiece, Seat: 1, Role: "black", Text: "ana"}
	if got, want := a.Cells.Text(a.Styles, k), k.render(a.Styles); got != want || b.Cells.Text(b.Styles, k) != want {
		t.Errorf("the shared text is %q, drawn afresh %q", got, want)
	}
	cell := CellKey{Background: BgCursor, Width: 5, Left: "[", Right: "]", Glyph: "B", Piece: true, Seat: 1, Role: "black"}
	if got, want := b.Cells.Draw(b.Styles, cell), DrawCell(b.Styles, cell); got != want {
		t.Errorf("the shared cell is %q, drawn afresh %q", got, want)
	}
	b.SetTheme(themes.All[len(themes.All)-1])
	if a.Cells == b.Cells && a.Styles != b.Styles {
		t.Error("sessions in two themes share a cache of cells")
	}
	own := themes.Default
	own.Name = "my own"
	a.SetTheme(own)
	c := NewCommon(Options{ColorProfile: colorprofile.ANSI256})
	c.SetTheme(own)
	if a.Cells == c.Cells {
		t.Error("a theme of a session's own shares its cells' cache: it would be kept past the styles")
	}
}

// A board row's width is the sum of its parts' widths, measured once
// when each was drawn, wherever every part Joins: cells in every theme
// and profile, side by side with labels, in any order. A part that does
// not (not clean, or a character at its edge that a cluster could take
// in) makes the row measured again.
func TestSizedTextsAddUp(t *testing.T) {
	var parts []SizedText
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.Ascii} {
		for _, th := range themes.All {
			c := NewCommon(Options{ColorProfile: p})
			c.SetTheme(th)
			for _, k := range []CellKey{
				{Background: BgCursor, Width: 5, Left: "[", Right: "]", Glyph: "●", Piece: true, Seat: 1, Role: "black"},
				{Background: BgCell, Width: 4, Left: " ", Right: " ", Glyph: "·"},
				{Background: BgLast, Width: 3, Blank: true},
			} {
				parts = append(parts, c.Cells.DrawSized(c.Styles, k))
			}
			parts = append(parts, c.Cells.MutedSized(c.Styles, " 3 "), c.Cells.MutedSized(c.Styles, "│"))
		}
	}
	for i, a := range parts {
		for _, b := range parts[max(0, i-7) : i+1] {
			var sb strings.Builder
			w, joins := a.Join(&sb, 0, true)
			w, joins = b.Join(&sb, w, joins)
			if !joins {
				t.Fatalf("%q and %q do not join", a.Text, b.Text)
			}
			if got := textwidth.Line(MergeStyles(sb.String())); got != w {
				t.Fatalf("%q then %q: %d cells, added up %d", a.Text, b.Text, got, w)
			}
		}
	}
	for _, s := range []string{"e\u0301", "\u0301x", "a\tb", "x\x1b[38;5"} {
		if Sized(s).Joins {
			t.Errorf("%q joins", s)
		}
	}
}
