package ui

import (
	"fmt"
	"strconv"

	"github.com/tabletop/tabletop/game"
)

// ttcUI adapts Tic-Tac-Chess for four. The drawn grid has row 0 at the
// top (Y=7) and column 0 at the left (X=1).
type ttcUI struct{ noExtras }

var ttcLetters = map[byte]cellInfo{
	'r': {glyph: "R", role: "red"},
	'y': {glyph: "Y", role: "yellow"},
	'b': {glyph: "B", role: "blue"},
	'g': {glyph: "G", role: "green"},
}

func (ttcUI) dims() (int, int)      { return 7, 7 }
func (ttcUI) rowLabel(r int) string { return strconv.Itoa(7 - r) }
func (ttcUI) colLabel(c int) string { return strconv.Itoa(c + 1) }

func (ttcUI) xy(p pos) (x, y int) { return p.c + 1, 7 - p.r }
func (ttcUI) fromXY(x, y int) pos { return pos{7 - y, x - 1} }

func (t ttcUI) cells(s game.State) [][]cellInfo {
	rows, _ := positionRows(s)
	out := make([][]cellInfo, 7)
	for r := range out {
		out[r] = make([]cellInfo, 7)
		for c := range out[r] {
			if r < len(rows) && c < len(rows[r]) {
				out[r][c] = ttcLetters[rows[r][c]]
			}
			// The border (no piece may land there) is shaded.
			out[r][c].alt = r == 0 || r == 6 || c == 0 || c == 6
		}
	}
	return out
}

func (t ttcUI) moveCells(s game.State, m game.Move) []pos {
	head, args := kifArgs(s, m)
	if head != "move" || len(args) != 4 {
		return nil
	}
	n := make([]int, 4)
	for i, a := range args {
		n[i], _ = strconv.Atoi(a)
		if n[i] < 1 || n[i] > 7 {
			return nil
		}
	}
	return []pos{t.fromXY(n[0], n[1]), t.fromXY(n[2], n[3])}
}

func (t ttcUI) owner(s game.State, p pos) string {
	cs := t.cells(s)
	if p.r < 0 || p.r > 6 || p.c < 0 || p.c > 6 {
		return ""
	}
	return cs[p.r][p.c].role
}

func (t ttcUI) targets(s game.State, p pos) []pos {
	var out []pos
	for _, m := range s.Legal(nil) {
		if cs := t.moveCells(s, m); len(cs) == 2 && cs[0] == p {
			out = append(out, cs[1])
		}
	}
	return out
}

func (t ttcUI) act(s game.State, p pos, sel *pos) actResult {
	mover := s.Variant().RoleName(s.ToMove())
	owner := t.owner(s, p)
	if owner == mover {
		if sel != nil && *sel == p {
			return actResult{setSel: true, msg: "selection cleared"}
		}
		if len(t.targets(s, p)) == 0 {
			return refuse("that piece has no legal move")
		}
		sp := p
		return actResult{setSel: true, sel: &sp, msg: "now choose its target (esc cancels)"}
	}
	if sel == nil {
		if owner != "" {
			return refuse("that is %s's piece; %s is to move", owner, mover)
		}
		return refuse("select one of %s's pieces first", mover)
	}
	x1, y1 := t.xy(*sel)
	x2, y2 := t.xy(p)
	return playText(s, fmt.Sprintf("(move %d %d %d %d)", x1, y1, x2, y2))
}

func (ttcUI) key(game.State, string, pos, *pos, int) (actResult, bool) { return actResult{}, false }

func (t ttcUI) stocks(s game.State, r game.Role) string {
	name := s.Variant().RoleName(r)
	cs := t.cells(s)
	n := 0
	for _, row := range cs {
		for _, c := range row {
			if c.role == name {
				n++
			}
		}
	}
	return fmt.Sprintf("pieces %d", n)
}

func (ttcUI) counter(s game.State) string {
	_, rest := positionRows(s)
	if len(rest) < 2 {
		return ""
	}
	return "step " + rest[1] + "/33"
}

func (ttcUI) prompt(s game.State, sel *pos) string {
	if sel != nil {
		return "choose a target, esc cancels"
	}
	return "select a piece, then its target"
}
