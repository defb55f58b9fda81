package ui

import (
	"fmt"
	"strconv"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/quad"
)

// quadUI adapts Quad (any board size). Grid (r, c) is the game's
// 1-based (r+1, c+1).
type quadUI struct {
	noExtras
	n int
}

func newQuadUI(v *game.Variant) *quadUI {
	n := 0
	if q, ok := v.New().(*quad.State); ok {
		n = q.Size()
	}
	return &quadUI{n: n}
}

func asQuad(s game.State) *quad.State {
	q, _ := s.(*quad.State)
	return q
}

func (q *quadUI) dims() (int, int)      { return q.n, q.n }
func (q *quadUI) rowLabel(r int) string { return "r" + strconv.Itoa(r+1) }
func (q *quadUI) colLabel(c int) string { return "c" + strconv.Itoa(c+1) }

func (q *quadUI) cells(s game.State) [][]cellInfo {
	qs := asQuad(s)
	out := make([][]cellInfo, q.n)
	for r := range out {
		out[r] = make([]cellInfo, q.n)
		for c := range out[r] {
			cell := quad.Missing
			if qs != nil {
				cell = qs.At(r+1, c+1)
			}
			switch cell {
			case quad.X:
				out[r][c] = cellInfo{glyph: "X", role: "x"}
			case quad.O:
				out[r][c] = cellInfo{glyph: "O", role: "o"}
			case quad.White:
				out[r][c] = cellInfo{glyph: "#", role: "white"}
			case quad.Missing:
				out[r][c] = cellInfo{missing: true}
			}
		}
	}
	return out
}

func (q *quadUI) moveCells(_ game.State, m game.Move) []pos {
	kind, r, c := quad.Decode(m)
	if kind == quad.Invalid {
		return nil
	}
	return []pos{{r - 1, c - 1}}
}

func (q *quadUI) act(s game.State, p pos, _ *pos) actResult {
	return playText(s, fmt.Sprintf("(mark r%d c%d)", p.r+1, p.c+1))
}

func (q *quadUI) blockersLeft(s game.State, r game.Role) int {
	if qs := asQuad(s); qs != nil {
		return qs.BlockersLeft(r)
	}
	return 0
}

func (q *quadUI) key(s game.State, k string, cur pos, _ *pos, _ int) (actResult, bool) {
	if k != "b" {
		return actResult{}, false
	}
	return playText(s, fmt.Sprintf("(block r%d c%d)", cur.r+1, cur.c+1)), true
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
