package ui

import (
	"strings"
	"testing"
)

// A tilted square wins Quad: at the end its four corners are marked on
// the board (with * around the mark, visible without colour), wherever
// they are, at every size.
func TestQuadTiltedSquareShownAtTheEnd(t *testing.T) {
	xs := []pos{{1, 2}, {2, 5}, {5, 4}, {4, 1}} // r2c3 r3c6 r6c5 r5c2: sides (1,3) and (3,-1)
	os := []pos{{0, 2}, {0, 3}, {0, 4}}
	for _, sz := range [][2]int{{80, 24}, {100, 35}, {160, 50}} {
		m, b := newTestClient(t, "quad7", sz[0], sz[1])
		for i, p := range xs {
			for _, k := range keysTo(b.cur, p, 0) {
				sendKey(m, k)
			}
			m.Update(keyMsg("enter"))
			if i < len(os) {
				for _, k := range keysTo(b.cur, os[i], 0) {
					sendKey(m, k)
				}
				m.Update(keyMsg("enter"))
			}
		}
		if !b.game().Terminal() || b.game().Goal(0) != 100 {
			t.Fatalf("x's tilted square did not win: %s", b.game().String())
		}
		got := b.ax.winsOf(b.game())
		if len(got) != 4 {
			t.Fatalf("winning cells %v", got)
		}
		for _, p := range xs {
			if !containsPos(got, p) {
				t.Fatalf("corner %v not among the winning cells %v", p, got)
			}
		}
		l := b.layout()
		lines := strings.Split(viewText(m), "\n")
		for r := 0; r < 7; r++ {
			for c := 0; c < 7; c++ {
				x, y := l.bx+l.cellX(c)+l.cw/2, l.by+l.cellY(r)+l.ch/2
				row := []rune(lines[y])
				marked := row[x-1] == '*' && row[x+1] == '*'
				if marked != containsPos(xs, pos{r, c}) {
					t.Fatalf("%v: cell %v marked %v: %q", sz, pos{r, c}, marked, lines[y])
				}
			}
		}
	}
}
