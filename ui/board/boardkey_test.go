package board

import (
	"reflect"
	"testing"
)

// The board's memo key holds every field of the layout: two layouts
// that differ in any one field draw under different keys.
func TestBoardKeyHoldsEveryLayoutField(t *testing.T) {
	set := []func(*BoardLayout){
		func(l *BoardLayout) { l.Fits = !l.Fits },
		func(l *BoardLayout) { l.needW++ }, func(l *BoardLayout) { l.needH++ },
		func(l *BoardLayout) { l.rows++ }, func(l *BoardLayout) { l.cols++ },
		func(l *BoardLayout) { l.CellW++ }, func(l *BoardLayout) { l.CellH++ },
		func(l *BoardLayout) { l.lw++ }, func(l *BoardLayout) { l.gap++ },
		func(l *BoardLayout) { l.gapW++ }, func(l *BoardLayout) { l.gapH++ },
		func(l *BoardLayout) { l.Overlay = !l.Overlay }, func(l *BoardLayout) { l.flipped = !l.flipped },
		func(l *BoardLayout) { l.top++ },
		func(l *BoardLayout) { l.BoardX++ }, func(l *BoardLayout) { l.BoardY++ },
		func(l *BoardLayout) { l.bw++ }, func(l *BoardLayout) { l.bh++ },
		func(l *BoardLayout) { l.PanelX++ }, func(l *BoardLayout) { l.py++ },
		func(l *BoardLayout) { l.PanelW++ }, func(l *BoardLayout) { l.ph++ },
		func(l *BoardLayout) { l.ListY++ }, func(l *BoardLayout) { l.ListH++ },
		func(l *BoardLayout) { l.statusY++ }, func(l *BoardLayout) { l.statusH++ },
		func(l *BoardLayout) { l.helpY++ }, func(l *BoardLayout) { l.helpH++ },
		func(l *BoardLayout) { l.Buttons = append(l.Buttons, Button{X: 1, Label: "rematch"}) },
	}
	if n := reflect.TypeFor[BoardLayout]().NumField(); n != len(set) {
		t.Fatalf("BoardLayout has %d fields, the test changes %d: put the new one in appendLayout and here", n, len(set))
	}
	base := BoardLayout{Fits: true, rows: 6, cols: 6, CellW: 5, CellH: 2, lw: 2, gap: 3, BoardX: 1, BoardY: 2}
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
