package ui

import (
	"fmt"
	"strconv"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
)

// pentagoUI adapts Pentago and Pentago-split. Grid (r, c) is the game's
// whole-board row r+1 from the top and column c+1; pentago converts to
// RULES.md's (Q X Y).
type pentagoUI struct{}

func asPentago(s game.State) *pentago.State {
	p, _ := s.(*pentago.State)
	return p
}

func (pentagoUI) dims() (int, int) { return 6, 6 }
func (pentagoUI) gap() int         { return 3 }
func (pentagoUI) handles() bool    { return true }

// rowLabel is Y inside the quadrant, counted from the bottom.
func (pentagoUI) rowLabel(r int) string {
	_, _, y := pentago.CellQXY(r+1, 1)
	return strconv.Itoa(y)
}

// colLabel is X inside the quadrant.
func (pentagoUI) colLabel(c int) string {
	_, x, _ := pentago.CellQXY(1, c+1)
	return strconv.Itoa(x)
}

func (pentagoUI) quadrant(p pos) int {
	q, _, _ := pentago.CellQXY(p.r+1, p.c+1)
	return q
}

func (pentagoUI) cells(s game.State) [][]cellInfo {
	ps := asPentago(s)
	out := make([][]cellInfo, 6)
	for r := range out {
		out[r] = make([]cellInfo, 6)
		if ps == nil {
			continue
		}
		for c := range out[r] {
			switch ps.At(r+1, c+1) {
			case pentago.Red:
				out[r][c] = cellInfo{glyph: "R", role: "red"}
			case pentago.Black:
				out[r][c] = cellInfo{glyph: "B", role: "black"}
			}
		}
	}
	return out
}

func (pentagoUI) rotating(s game.State) bool {
	ps := asPentago(s)
	return ps != nil && ps.Phase() == pentago.Rotate
}

func (pentagoUI) moveCells(_ game.State, m game.Move) []pos {
	info := pentago.Decode(m)
	if info.Kind != pentago.PlaceStone {
		return nil
	}
	return []pos{{info.Row - 1, info.Col - 1}}
}

func (pentagoUI) moveQuad(m game.Move) int {
	if info := pentago.Decode(m); info.Kind == pentago.RotateQuadrant {
		return info.Q
	}
	return 0
}

func (p pentagoUI) act(s game.State, c pos, _ *pos) actResult {
	q, x, y := pentago.CellQXY(c.r+1, c.c+1)
	if p.rotating(s) {
		return actResult{quad: q, msg: fmt.Sprintf("quadrant %d: z or [ turns it counterclockwise, x or ] clockwise", q)}
	}
	return playText(s, fmt.Sprintf("(place %d %d %d)", q, x, y))
}

func (p pentagoUI) key(s game.State, k string, cur pos, _ *pos, quad int) (actResult, bool) {
	if quad == 0 {
		quad = p.quadrant(cur)
	}
	switch k {
	case "1", "2", "3", "4":
		n := int(k[0] - '0')
		return actResult{quad: n, msg: fmt.Sprintf("quadrant %d chosen: z/[ counterclockwise, x/] clockwise", n)}, true
	case "z", "[":
		return p.rotate(s, quad, false), true
	case "x", "]":
		return p.rotate(s, quad, true), true
	}
	return actResult{}, false
}

func (p pentagoUI) rotate(s game.State, q int, clockwise bool) actResult {
	dir := "counterclockwise"
	if clockwise {
		dir = "clockwise"
	}
	return playText(s, fmt.Sprintf("(rotate %d %s)", q, dir))
}

func (pentagoUI) targets(game.State, pos) []pos { return nil }
func (pentagoUI) counter(game.State) string     { return "" }

func (pentagoUI) winCells(s game.State) []pos {
	ps := asPentago(s)
	if ps == nil {
		return nil
	}
	var out []pos
	for _, line := range ps.WinningLines() {
		for _, sq := range line {
			out = append(out, pos{sq.Row - 1, sq.Col - 1})
		}
	}
	return out
}

func (pentagoUI) stocks(s game.State, r game.Role) string {
	ps := asPentago(s)
	if ps == nil {
		return ""
	}
	red, black := ps.Stones()
	if r == 1 {
		return fmt.Sprintf("stones %d", black)
	}
	return fmt.Sprintf("stones %d", red)
}

func (p pentagoUI) prompt(s game.State, _ *pos) string {
	if p.rotating(s) {
		return "rotate: pick a quadrant (1-4 or cursor), z/[ ccw, x/] cw"
	}
	return "enter places a stone"
}
