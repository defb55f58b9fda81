package ui

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/quad"
)

func init() {
	registerAdapter(func(v *game.Variant) variantUI {
		if q, ok := v.New().(*quad.State); ok {
			return newQuadUI(q.Size())
		}
		return nil
	})
}

// quadKeys are Quad's own keys.
var quadKeys = struct{ Block key.Binding }{
	Block: bind([]string{"b"}, "b", "block"),
}

// quadUI adapts Quad (any board size) on the generic grid. Grid (r, c)
// is the game's 1-based (r+1, c+1).
type quadUI struct {
	*gridUI
}

func newQuadUI(n int) *quadUI {
	return &quadUI{&gridUI{
		rows: n, cols: n,
		rowName: func(r int) string { return "r" + strconv.Itoa(r+1) },
		colName: func(c int) string { return "c" + strconv.Itoa(c+1) },
		cell:    quadCell,
		moveAt: func(_ game.State, p pos) (game.Move, bool) {
			return quad.MarkMove(p.r+1, p.c+1), true
		},
		touched: func(_ game.State, m game.Move) []pos {
			kind, r, c := quad.Decode(m)
			if kind == quad.Invalid {
				return nil
			}
			return []pos{{r - 1, c - 1}}
		},
	}}
}

func asQuad(s game.State) *quad.State {
	q, _ := s.(*quad.State)
	return q
}

func quadCell(s game.State, p pos) cellInfo {
	cell := quad.Missing
	if qs := asQuad(s); qs != nil {
		cell = qs.At(p.r+1, p.c+1)
	}
	switch cell {
	case quad.X:
		return cellInfo{glyph: "X", seat: 0}
	case quad.O:
		return cellInfo{glyph: "O", seat: 1}
	case quad.White:
		// Blockers are nobody's.
		return cellInfo{glyph: "#", seat: game.NoRole}
	case quad.Missing:
		return cellInfo{missing: true}
	}
	return cellInfo{}
}

func (q *quadUI) blockersLeft(s game.State, r game.Role) int {
	if qs := asQuad(s); qs != nil {
		return qs.BlockersLeft(r)
	}
	return 0
}

func (q *quadUI) block(s game.State, p pos) actResult {
	return playMove(quad.BlockMove(p.r+1, p.c+1))
}

func (q *quadUI) key(s game.State, msg tea.KeyPressMsg, cur pos, _ *pos) (actResult, bool) {
	if !key.Matches(msg, quadKeys.Block) {
		return actResult{}, false
	}
	return q.block(s, cur), true
}

// alt puts a blocker: a right click.
func (q *quadUI) alt(s game.State, p pos, _ *pos) (actResult, bool) {
	return q.block(s, p), true
}

func (q *quadUI) playKeys(s game.State, _ *pos) []key.Binding {
	if q.blockersLeft(s, s.ToMove()) > 0 {
		return []key.Binding{quadKeys.Block}
	}
	return nil
}

func (q *quadUI) stocks(s game.State, r game.Role) string {
	qs := asQuad(s)
	if qs == nil {
		return ""
	}
	return fmt.Sprintf("marks %d  blockers %d", qs.MarksLeft(r), qs.BlockersLeft(r))
}

func (q *quadUI) winCells(s game.State) []pos {
	qs := asQuad(s)
	if qs == nil {
		return nil
	}
	sq, ok := qs.WinningSquare()
	if !ok {
		return nil
	}
	out := make([]pos, 0, 4)
	for _, p := range sq {
		out = append(out, pos{p.R - 1, p.C - 1})
	}
	return out
}

func (q *quadUI) prompt(s game.State, _ *pos) string {
	if q.blockersLeft(s, s.ToMove()) > 0 {
		return "enter marks the cell, b puts a blocker"
	}
	return "enter marks the cell"
}

func (q *quadUI) controls() string {
	return "Enter or space marks the cell under the cursor; b puts a blocker\nthere while you have blockers left. A click marks a cell, a\nright-click puts a blocker.\n"
}
