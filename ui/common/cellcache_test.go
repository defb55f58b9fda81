package common

import (
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
)

// The cache of drawn cells gives what DrawCell draws, for lines of
// background only (kept by background and width) and the others, the
// first time and after, at every width a board takes and wider.
func TestCellCacheDrawsAsDrawCell(t *testing.T) {
	st := themes.SharedStyles(themes.Default, false, colorprofile.ANSI256)
	c := NewCellCache()
	for range 2 {
		for bg := BgCell; bg <= BgLast; bg++ {
			for w := range blankWidths + 4 {
				for _, k := range []CellKey{
					{Background: bg, Width: w, Blank: true, Seat: game.NoRole},
					{Background: bg, Width: w, Blank: true, Left: "[", Glyph: "x", Seat: 1, Role: "red"},
					{Background: bg, Width: w, Left: "[", Right: "]", Glyph: "o", Piece: true, Seat: 0, Role: "red"},
				} {
					if !k.Blank && w < 3 {
						continue // a cell with a glyph is 3 wide at least
					}
					if got, want := c.Draw(st, k), DrawCell(st, k); got != want {
						t.Fatalf("%+v: %q, want %q", k, got, want)
					}
				}
			}
		}
	}
}
