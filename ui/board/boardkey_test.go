package board

import (
	"reflect"
	"testing"
)

// The board's memo key holds every field of the layout: two layouts
// that differ in any one field draw under different keys.
func TestBoardKeyHoldsEveryLayoutField(t *testing.T) {
	set := []func(*boardLayout){
		func(l *boardLayout) { l.Fits = !l.Fits },
		func(l *boardLayout) { l.needW++ }, func(l *boardLayout) { l.needH++ },
		func(l *boardLayout) { l.rows++ }, func(l *boardLayout) { l.cols++ },
		func(l *boardLayout) { l.CellW++ }, func(l *boardLayout) { l.CellH++ },
		func(l *boardLayout) { l.lw++ }, func(l *boardLayout) { l.gap++ },
		func(l *boardLayout) { l.gapW++ }, func(l *boardLayout) { l.gapH++ },
		func(l *boardLayout) { l.overlay = !l.overlay }, func(l *boardLayout) { l.flipped = !l.flipped },
		func(l *boardLayout) { l.top++ },
		func(l *boardLayout) { l.boardX++ }, func(l *boardLayout) { l.boardY++ },
		func(l *boardLayout) { l.bw++ }, func(l *boardLayout) { l.bh++ },
		func(l *boardLayout) { l.panelX++ }, func(l *boardLayout) { l.py++ },
		func(l *boardLayout) { l.panelW++ }, func(l *boardLayout) { l.ph++ },
		func(l *boardLayout) { l.listY++ }, func(l *boardLayout) { l.listH++ },
		func(l *boardLayout) { l.statusY++ }, func(l *boardLayout) { l.statusH++ },
		func(l *boardLayout) { l.helpY++ }, func(l *boardLayout) { l.helpH++ },
		func(l *boardLayout) { l.Buttons = append(l.Buttons, Button{X: 1, label: "rematch"}) },
	}
	if n := reflect.TypeFor[boardLayout]().NumField(); n != len(set) {
		t.Fatalf("BoardLayout has %d fields, the test changes %d: put the new one in appendLayout and here", n, len(set))
	}
	base := boardLayout{Fits: true, rows: 6, cols: 6, CellW: 5, CellH: 2, lw: 2, gap: 3, boardX: 1, boardY: 2}
	seen := map[string]int{string(appendLayout(nil, base)): -1}
	for i, change := range set {
		l := base
		change(&l)
		k := string(appendLayout(nil, l))
		if j, ok := seen[k]; ok {
			t.Errorf("changing field %d gives the key of %d: %q", i, j, k)
		}
		seen[k] = i
	}
}
