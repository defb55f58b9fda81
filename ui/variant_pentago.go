package ui

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
)

func init() {
	registerAdapter(func(v *game.Variant) variantUI {
		if _, ok := v.New().(*pentago.State); ok {
			return &pentagoUI{}
		}
		return nil
	})
}

// pentagoKeys are Pentago's own keys. Rotate is the one line the help
// shows for the two directions.
var pentagoKeys = struct {
	Quadrant, Rotate, CCW, CW key.Binding
}{
	Quadrant: bind([]string{"1", "2", "3", "4"}, "1-4", "quadrant"),
	Rotate:   bind([]string{"z", "x", "[", "]"}, "z/x [/]", "rotate ccw/cw"),
	CCW:      bind([]string{"z", "["}, "z/[", "rotate ccw"),
	CW:       bind([]string{"x", "]"}, "x/]", "rotate cw"),
}

// pentagoUI adapts Pentago and Pentago-split. Grid (r, c) is the game's
// whole-board row r+1 from the top and column c+1; pentago converts to
// RULES.md's (Q X Y).
type pentagoUI struct {
	// chosen is the quadrant the player picked for the rotation, 0 for
	// the cursor's.
	chosen int
}

func asPentago(s game.State) *pentago.State {
	p, _ := s.(*pentago.State)
	return p
}

func (*pentagoUI) dims() (int, int) { return 6, 6 }

// blocks parts the quadrants, so that each reads as the block a rotation
// turns.
func (*pentagoUI) blocks() int { return 3 }

// rowLabel is Y inside the quadrant, counted from the bottom.
func (*pentagoUI) rowLabel(r int) string {
	_, _, y := pentago.CellQXY(r+1, 1)
	return strconv.Itoa(y)
}

// colLabel is X inside the quadrant.
func (*pentagoUI) colLabel(c int) string {
	_, x, _ := pentago.CellQXY(1, c+1)
	return strconv.Itoa(x)
}

func (*pentagoUI) quadrant(p pos) int {
	q, _, _ := pentago.CellQXY(p.r+1, p.c+1)
	return q
}

func (*pentagoUI) cells(s game.State) [][]cellInfo {
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
				out[r][c] = cellInfo{glyph: "R", seat: pentago.RoleRed}
			case pentago.Black:
				out[r][c] = cellInfo{glyph: "B", seat: pentago.RoleBlack}
			}
		}
	}
	return out
}

func (*pentagoUI) rotating(s game.State) bool {
	ps := asPentago(s)
	return ps != nil && ps.Phase() == pentago.Rotate
}

func (*pentagoUI) moveCells(_ game.State, m game.Move) []pos {
	info := pentago.Decode(m)
	if info.Kind != pentago.PlaceStone {
		return nil
	}
	return []pos{{info.Row - 1, info.Col - 1}}
}

// moveQuad returns the quadrant a move turns and which way, 0 for a
// placement.
func moveQuad(m game.Move) (q int, clockwise bool) {
	if info := pentago.Decode(m); info.Kind == pentago.RotateQuadrant {
		return info.Q, info.Clockwise
	}
	return 0, false
}

// traceCells turns the cells of the quadrant m rotates with it.
func (*pentagoUI) traceCells(_ game.State, m game.Move, cells []pos) []pos {
	info := pentago.Decode(m)
	if info.Kind != pentago.RotateQuadrant {
		return cells
	}
	out := make([]pos, len(cells))
	for i, c := range cells {
		q, x, y := pentago.CellQXY(c.r+1, c.c+1)
		if q != info.Q {
			out[i] = c
			continue
		}
		// x from the left, y from the bottom: a quarter turn clockwise
		// takes the top-left corner (1 3) to the top-right (3 3).
		if info.Clockwise {
			x, y = y, 4-x
		} else {
			x, y = 4-y, x
		}
		r, col := pentago.RowCol(q, x, y)
		out[i] = pos{r - 1, col - 1}
	}
	return out
}

func (*pentagoUI) legend(bool) string {
	return "( ) last turn · =>/<= its rotation"
}

func (p *pentagoUI) act(s game.State, c pos, _ *pos) actResult {
	q, x, y := pentago.CellQXY(c.r+1, c.c+1)
	if p.rotating(s) {
		p.chosen = q
		return actResult{msg: fmt.Sprintf("quadrant %d: z or [ turns it counterclockwise, x or ] clockwise", q)}
	}
	return playMove(pentago.PlaceMove(q, x, y))
}

func (p *pentagoUI) key(s game.State, msg tea.KeyPressMsg, cur pos, _ *pos) (actResult, bool) {
	q := p.turnQuadrantAt(cur)
	switch {
	case key.Matches(msg, pentagoKeys.Quadrant) && len(msg.Text) == 1 && !p.rotating(s):
		// A quadrant chosen now would be forgotten with the placement.
		return actResult{msg: "place a stone first (enter); then 1-4 chooses the quadrant to turn", isError: true}, true
	case key.Matches(msg, pentagoKeys.Quadrant) && len(msg.Text) == 1:
		p.chosen = int(msg.Text[0] - '0')
		return actResult{msg: fmt.Sprintf("quadrant %d chosen: z/[ counterclockwise, x/] clockwise", p.chosen)}, true
	case key.Matches(msg, pentagoKeys.Rotate) && !p.rotating(s):
		// No quadrant is named: none was chosen, and the cursor's would
		// read as if the player had picked it.
		return actResult{msg: "it is time to place a stone (enter); turn a quadrant after", isError: true}, true
	case key.Matches(msg, pentagoKeys.CCW):
		return p.turn(q, false), true
	case key.Matches(msg, pentagoKeys.CW):
		return p.turn(q, true), true
	}
	return actResult{}, false
}

// regions are the rotation handles, one over each upper quadrant and
// one under each lower one: "<-  Q2  ->", whose arrows turn it. The
// label is bracketed for the quadrant a rotation key would turn now,
// parenthesised (and the arrow the rotation used doubled) for the one
// the last turn rotated, and between ! for the one a hint turns. The
// quadrant the player picked is shaded, as is the one the last rotation
// turned.
func (p *pentagoUI) regions(s game.State, ov overlayView) []region {
	chosen, turned, hinted, clockwise := 0, 0, 0, false
	if ov.acting {
		chosen = p.turnQuadrant(s, ov.cur)
	}
	for _, m := range ov.recent {
		if q, cw := moveQuad(m); q != 0 {
			turned, clockwise = q, cw
		}
	}
	if ov.hinted && chosen != 0 {
		hinted, _ = moveQuad(ov.hint)
	}
	out := make([]region, 0, 4)
	for _, q := range []int{2, 1, 3, 4} {
		label, style := "Q"+strconv.Itoa(q), textMuted
		switch q {
		case hinted:
			// Exclamation marks, like a hinted cell (the status line
			// says which way).
			label, style = "!"+label+"!", textAccent
		case chosen:
			// Brackets, with or without colour.
			label, style = "["+label+"]", textAccent
		case turned:
			// Parentheses, like the last move's cells.
			label, style = "("+label+")", textPlain
		}
		ccw := regionPart{text: "<-", style: textKeyName, click: 2 * q}
		cw := regionPart{text: "->", style: textKeyName, click: 2*q + 1}
		if q == turned && q != chosen && q != hinted {
			// The handle the rotation used, doubled: which way it went.
			if clockwise {
				cw.text, cw.style = "=>", textAccent
			} else {
				ccw.text, ccw.style = "<=", textAccent
			}
		}
		col := 0
		if q == 1 || q == 4 {
			col = 3
		}
		out = append(out, region{above: q <= 2, col: col, cols: 3,
			parts:  []regionPart{ccw, {text: label, style: style, stretch: true}, cw},
			cells:  p.quadrantCells(q),
			chosen: ov.acting && p.chosen == q, last: q == turned})
	}
	return out
}

// clickRegion is a click on a handle: it chooses the quadrant and turns
// it.
func (p *pentagoUI) clickRegion(_ game.State, id int) actResult {
	q, clockwise := id/2, id%2 == 1
	p.chosen = q
	return p.turn(q, clockwise)
}

// quadrantCells are the nine cells of quadrant q.
func (p *pentagoUI) quadrantCells(q int) []pos {
	out := make([]pos, 0, 9)
	for r := range 6 {
		for c := range 6 {
			if p.quadrant(pos{r, c}) == q {
				out = append(out, pos{r, c})
			}
		}
	}
	return out
}

func (p *pentagoUI) turn(q int, clockwise bool) actResult {
	return playMove(pentago.RotateMove(q, clockwise))
}

// turnQuadrantAt is the chosen quadrant, else the cursor's.
func (p *pentagoUI) turnQuadrantAt(cur pos) int {
	if p.chosen != 0 {
		return p.chosen
	}
	return p.quadrant(cur)
}

func (p *pentagoUI) turnQuadrant(s game.State, cur pos) int {
	if !p.rotating(s) {
		return 0
	}
	return p.turnQuadrantAt(cur)
}

func (p *pentagoUI) clearChoice() { p.chosen = 0 }

func (p *pentagoUI) playKeys(game.State, *pos) []key.Binding {
	return []key.Binding{pentagoKeys.Quadrant, pentagoKeys.Rotate}
}

func (*pentagoUI) winCells(s game.State) []pos {
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

func (*pentagoUI) stocks(s game.State, r game.Role) string {
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

func (p *pentagoUI) prompt(s game.State, _ *pos) string {
	if p.rotating(s) {
		return "rotate: pick a quadrant (1-4 or cursor), z/[ ccw, x/] cw"
	}
	return "enter places a stone"
}

func (*pentagoUI) controls() string {
	return "Enter or space places a stone. Then rotate a quadrant: choose it\nwith the cursor or 1-4, turn it with z or [ (counterclockwise) and\nx or ] (clockwise). With the mouse, click the <- and -> handles\nbeside each quadrant.\n"
}
