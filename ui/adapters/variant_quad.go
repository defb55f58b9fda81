package adapters

import (
	"fmt"
	"strconv"

	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/quad"
)

func init() {
	registerAdapter(func(v *game.Variant) VariantUI {
		if q, ok := v.New().(*quad.State); ok {
			return newQuadUI(q.Size())
		}
		return nil
	})
}

// quadKeys are Quad's own keys.
var quadKeys = struct{ Block key.Binding }{
	Block: common.Bind([]string{"b"}, "b", "block"),
}

// quadUI adapts Quad (any board size) on the generic grid. Grid (r, c)
// is the game's 1-based (r+1, c+1).
type quadUI struct {
	*GridUI
}

func newQuadUI(n int) *quadUI {
	return &quadUI{&GridUI{
		rows: n, cols: n,
		rowName: func(r int) string { return "r" + strconv.Itoa(r+1) },
		colName: func(c int) string { return "c" + strconv.Itoa(c+1) },
		cell:    quadCell,
		moveAt: func(_ game.State, p Pos) (game.Move, bool) {
			return quad.MarkMove(p.Row+1, p.Col+1), true
		},
		touched: func(_ game.State, m game.Move) []Pos {
			kind, r, c := quad.Decode(m)
			if kind == quad.Invalid {
				return nil
			}
			return []Pos{{r - 1, c - 1}}
		},
	}}
}

func asQuad(s game.State) *quad.State {
	q, _ := s.(*quad.State)
	return q
}

func quadCell(s game.State, p Pos) CellInfo {
	cell := quad.Missing
	if qs := asQuad(s); qs != nil {
		cell = qs.At(p.Row+1, p.Col+1)
	}
	switch cell {
	case quad.X:
		return CellInfo{Glyph: "X", Seat: 0}
	case quad.O:
		return CellInfo{Glyph: "O", Seat: 1}
	case quad.White:
		// Blockers are nobody's.
		return CellInfo{Glyph: "#", Seat: game.NoRole}
	case quad.Missing:
		return CellInfo{Missing: true}
	}
	return CellInfo{}
}

func (q *quadUI) blockersLeft(s game.State, r game.Role) int {
	if qs := asQuad(s); qs != nil {
		return qs.BlockersLeft(r)
	}
	return 0
}

func (q *quadUI) block(s game.State, p Pos) ActResult {
	return playMove(quad.BlockMove(p.Row+1, p.Col+1))
}

// Key is part of KeyHandler.
func (q *quadUI) Key(s game.State, msg tea.KeyPressMsg, cur Pos, _ *Pos) (ActResult, bool) {
	if !key.Matches(msg, quadKeys.Block) {
		return ActResult{}, false
	}
	return q.block(s, cur), true
}

// alt puts a blocker: a right click.
func (q *quadUI) alt(s game.State, p Pos, _ *Pos) (ActResult, bool) {
	return q.block(s, p), true
}

func (q *quadUI) playKeys(s game.State, _ *Pos) []key.Binding {
	if q.blockersLeft(s, s.ToMove()) > 0 {
		return quadBlockKeys
	}
	return nil
}

// quadBlockKeys is the blocker's key, one list for every frame's key bar
// (its callers only read it).
var quadBlockKeys = []key.Binding{quadKeys.Block}

func (q *quadUI) stocks(s game.State, r game.Role) string {
	qs := asQuad(s)
	if qs == nil {
		return ""
	}
	return fmt.Sprintf("marks %d  blockers %d", qs.MarksLeft(r), qs.BlockersLeft(r))
}

func (q *quadUI) winCells(s game.State) []Pos {
	qs := asQuad(s)
	if qs == nil {
		return nil
	}
	sq, ok := qs.WinningSquare()
	if !ok {
		return nil
	}
	out := make([]Pos, 0, 4)
	for _, p := range sq {
		out = append(out, Pos{p.R - 1, p.C - 1})
	}
	return out
}

// Prompt is part of VariantUI.
func (q *quadUI) Prompt(s game.State, _ *Pos) string {
	if q.blockersLeft(s, s.ToMove()) > 0 {
		return "enter marks the cell, b puts a blocker"
	}
	return "enter marks the cell"
}

// Controls is part of VariantUI.
func (q *quadUI) Controls() string {
	return "Enter or space marks the cell under the cursor; b puts a blocker\nthere while you have blockers left. A click marks a cell, a\nright-click puts a blocker.\n"
}
