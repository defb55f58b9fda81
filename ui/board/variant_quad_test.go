package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// A tilted square wins Quad: at the end its four corners are marked on
// the board (with * around the mark, visible without colour), wherever
// they are, at every size.
func TestQuadTiltedSquareShownAtTheEnd(t *testing.T) {
	xs := []adapters.Pos{{Row: 1, Col: 2}, {Row: 2, Col: 5}, {Row: 5, Col: 4}, {Row: 4, Col: 1}} // r2c3 r3c6 r6c5 r5c2: sides (1,3) and (3,-1)
	os := []adapters.Pos{{Row: 0, Col: 2}, {Row: 0, Col: 3}, {Row: 0, Col: 4}}
	for _, sz := range [][2]int{{80, 24}, {100, 35}, {160, 50}} {
		m, b := newTestClient(t, "quad7", sz[0], sz[1])
		for i, p := range xs {
			for _, k := range keysTo(b.cursorCell, p, 0) {
				uitest.Press(m, k)
			}
			m.Update(uitest.Key("enter"))
			if i < len(os) {
				for _, k := range keysTo(b.cursorCell, os[i], 0) {
					uitest.Press(m, k)
				}
				m.Update(uitest.Key("enter"))
			}
		}
		if !b.Game().Terminal() || b.Game().Goal(0) != 100 {
			t.Fatalf("x's tilted square did not win: %s", b.Game().String())
		}
		got := b.AdapterCaps.WinsOf(b.Game())
		if len(got) != 4 {
			t.Fatalf("winning cells %v", got)
		}
		for _, p := range xs {
			if !adapters.ContainsPos(got, p) {
				t.Fatalf("corner %v not among the winning cells %v", p, got)
			}
		}
		l := b.Layout()
		lines := strings.Split(uitest.ViewText(m), "\n")
		for r := 0; r < 7; r++ {
			for c := 0; c < 7; c++ {
				x, y := l.boardX+l.cellX(c)+l.CellW/2, l.boardY+l.cellY(r)+l.CellH/2
				row := []rune(lines[y])
				marked := row[x-1] == '*' && row[x+1] == '*'
				if marked != adapters.ContainsPos(xs, adapters.Pos{Row: r, Col: c}) {
					t.Fatalf("%v: cell %v marked %v: %q", sz, adapters.Pos{Row: r, Col: c}, marked, lines[y])
				}
			}
		}
	}
}
