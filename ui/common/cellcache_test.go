package common

import (
	"testing"

	"github.com/charmbracelet/colorprofile"

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
