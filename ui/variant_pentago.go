package ui

import (
	"fmt"
	"strconv"

	"github.com/tabletop/tabletop/game"
)

// pentagoUI adapts Pentago and Pentago-split. The drawn grid has row 0 at
// the top; the game's cells are (Q X Y) as in RULES.md.
type pentagoUI struct{}

func (pentagoUI) dims() (int, int) { return 6, 6 }
func (pentagoUI) gap() int         { return 3 }
func (pentagoUI) handles() bool    { return true }

// rowLabel is Y inside the quadrant, counted from the bottom.
func (pentagoUI) rowLabel(r int) string { return strconv.Itoa((5-r)%3 + 1) }

// colLabel is X inside the quadrant.
func (pentagoUI) colLabel(c int) string { return strconv.Itoa(c%3 + 1) }

// qxy converts a grid cell to RULES.md's (Q X Y).
func (pentagoUI) qxy(p pos) (q, x, y int) {
	col, rb := p.c+1, 6-p.r
	x, y = col, rb
	if col > 3 {
		x = col - 3
	}
	if rb > 3 {
		y = rb - 3
	}
	switch {
	case col > 3 && rb > 3:
		q = 1
	case rb > 3:
		q = 2
	case col <= 3:
		q = 3
	default:
		q = 4
	}
	return q, x, y
}

// fromQXY converts (Q X Y) to a grid cell.
func (pentagoUI) fromQXY(q, x, y int) pos {
	col, rb := x, y
	if q == 1 || q == 4 {
		col += 3
	}
	if q == 1 || q == 2 {
		rb += 3
	}
	return pos{6 - rb, col - 1}
}

func (p pentagoUI) quadrant(c pos) int {
	if c.r < 0 || c.r > 5 || c.c < 0 || c.c > 5 {
		return 0
	}
	q, _, _ := p.qxy(c)
	return q
}

func (pentagoUI) cells(s game.State) [][]cellInfo {
	rows, _ := positionRows(s)
	out := make([][]cellInfo, 6)
	for r := range out {
		out[r] = make([]cellInfo, 6)
		for c := range out[r] {
			if r >= len(rows) || c >= len(rows[r]) {
				continue
			}
			switch rows[r][c] {
			case 'r':
				out[r][c] = cellInfo{glyph: "R", role: "red"}
			case 'b':
				out[r][c] = cellInfo{glyph: "B", role: "black"}
			}
		}
	}
	return out
}

// phase returns "place" or "rotate".
func (pentagoUI) phase(s game.State) string {
	_, rest := positionRows(s)
	if len(rest) < 2 {
		return ""
	}
	return rest[1]
}

func (p pentagoUI) moveCells(s game.State, m game.Move) []pos {
	head, args := kifArgs(s, m)
	if head != "place" || len(args) != 3 {
		return nil
	}
	q, _ := strconv.Atoi(args[0])
	x, _ := strconv.Atoi(args[1])
	y, _ := strconv.Atoi(args[2])
	if q < 1 || q > 4 || x < 1 || x > 3 || y < 1 || y > 3 {
		return nil
	}
	return []pos{p.fromQXY(q, x, y)}
}

func (p pentagoUI) act(s game.State, c pos, _ *pos) actResult {
	q, x, y := p.qxy(c)
	if p.phase(s) == "rotate" {
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
	if p.phase(s) != "rotate" {
		return refuse("place a marble first, then rotate")
	}
	dir := "counterclockwise"
	if clockwise {
		dir = "clockwise"
	}
	return playText(s, fmt.Sprintf("(rotate %d %s)", q, dir))
}

func (pentagoUI) targets(game.State, pos) []pos { return nil }
func (pentagoUI) winCells(s game.State) []pos   { return nil }
func (pentagoUI) counter(game.State) string     { return "" }

func (pentagoUI) stocks(s game.State, r game.Role) string {
	rows, _ := positionRows(s)
	letter := byte('r')
	if r == 1 {
		letter = 'b'
	}
	n := 0
	for _, row := range rows {
		for i := 0; i < len(row); i++ {
			if row[i] == letter {
				n++
			}
		}
	}
	return fmt.Sprintf("marbles %d", n)
}

func (p pentagoUI) prompt(s game.State, _ *pos) string {
	if p.phase(s) == "rotate" {
		return "rotate: pick a quadrant (1-4 or cursor), z/[ ccw, x/] cw"
	}
	return "enter places a marble"
}
