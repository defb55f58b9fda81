package ui

import (
	"fmt"
	"strconv"

	"github.com/tabletop/tabletop/game"
)

// quadUI adapts Quad (any board size).
type quadUI struct {
	noExtras
	n int
}

func newQuadUI(v *game.Variant) *quadUI {
	rows, _ := positionRows(v.New())
	return &quadUI{n: len(rows)}
}

func (q *quadUI) dims() (int, int)      { return q.n, q.n }
func (q *quadUI) rowLabel(r int) string { return "r" + strconv.Itoa(r+1) }
func (q *quadUI) colLabel(c int) string { return "c" + strconv.Itoa(c+1) }

func (q *quadUI) cells(s game.State) [][]cellInfo {
	rows, _ := positionRows(s)
	out := make([][]cellInfo, q.n)
	for r := range out {
		out[r] = make([]cellInfo, q.n)
		for c := range out[r] {
			ch := byte('-')
			if r < len(rows) && c < len(rows[r]) {
				ch = rows[r][c]
			}
			switch ch {
			case 'x':
				out[r][c] = cellInfo{glyph: "X", role: "x"}
			case 'o':
				out[r][c] = cellInfo{glyph: "O", role: "o"}
			case 'w':
				out[r][c] = cellInfo{glyph: "#", role: "white"}
			case '-':
				out[r][c] = cellInfo{missing: true}
			}
		}
	}
	return out
}

func (q *quadUI) moveCells(s game.State, m game.Move) []pos {
	head, args := kifArgs(s, m)
	if (head != "mark" && head != "block") || len(args) != 2 {
		return nil
	}
	r, c := atoiPrefix(args[0], "r"), atoiPrefix(args[1], "c")
	if r < 1 || c < 1 {
		return nil
	}
	return []pos{{r - 1, c - 1}}
}

func (q *quadUI) missing(s game.State, p pos) bool {
	cs := q.cells(s)
	return p.r < 0 || p.r >= q.n || p.c < 0 || p.c >= q.n || cs[p.r][p.c].missing
}

func (q *quadUI) act(s game.State, p pos, _ *pos) actResult {
	if q.missing(s, p) {
		return refuse("that corner is not part of the board")
	}
	return playText(s, fmt.Sprintf("(mark r%d c%d)", p.r+1, p.c+1))
}

// blockersLeft reads role r's blockers from the position string.
func (q *quadUI) blockersLeft(s game.State, r game.Role) int {
	_, rest := positionRows(s)
	if len(rest) < 3 || r < 0 || r > 1 {
		return 0
	}
	n, _ := strconv.Atoi(rest[1+int(r)])
	return n
}

func (q *quadUI) key(s game.State, k string, cur pos, _ *pos, _ int) (actResult, bool) {
	if k != "b" {
		return actResult{}, false
	}
	if q.blockersLeft(s, s.ToMove()) == 0 {
		return refuse("%s has no blockers left", s.Variant().RoleName(s.ToMove())), true
	}
	if q.missing(s, cur) {
		return refuse("that corner is not part of the board"), true
	}
	return playText(s, fmt.Sprintf("(block r%d c%d)", cur.r+1, cur.c+1)), true
}

// marksLeft asks the game when it can say; quad exports MarksLeft.
func (q *quadUI) stocks(s game.State, r game.Role) string {
	b := q.blockersLeft(s, r)
	if ml, ok := s.(interface{ MarksLeft(game.Role) int }); ok {
		return fmt.Sprintf("marks %d  blockers %d", ml.MarksLeft(r), b)
	}
	return fmt.Sprintf("blockers %d", b)
}

func (q *quadUI) prompt(s game.State, _ *pos) string {
	if q.blockersLeft(s, s.ToMove()) > 0 {
		return "enter marks the cell, b puts a blocker"
	}
	return "enter marks the cell"
}
