package adapters

import (
	"fmt"
	"strconv"

	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
)

func init() {
	registerAdapter(func(v *game.Variant) VariantUI {
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
	Quadrant: common.Bind([]string{"1", "2", "3", "4"}, "1-4", "quadrant"),
	Rotate:   common.Bind([]string{"z", "x", "[", "]"}, "z/x [/]", "rotate ccw/cw"),
	CCW:      common.Bind([]string{"z", "["}, "z/[", "rotate ccw"),
	CW:       common.Bind([]string{"x", "]"}, "x/]", "rotate cw"),
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

// Dims is part of VariantUI.
func (*pentagoUI) Dims() (int, int) { return 6, 6 }

// blocks parts the quadrants, so that each reads as the block a rotation
// turns.
func (*pentagoUI) blocks() int { return 3 }

// RowLabel is Y inside the quadrant, counted from the bottom.
func (*pentagoUI) RowLabel(r int) string {
	_, _, y := pentago.CellQXY(r+1, 1)
	return strconv.Itoa(y)
}

// ColLabel is X inside the quadrant.
func (*pentagoUI) ColLabel(c int) string {
	_, x, _ := pentago.CellQXY(1, c+1)
	return strconv.Itoa(x)
}

func (*pentagoUI) quadrant(p Pos) int {
	q, _, _ := pentago.CellQXY(p.Row+1, p.Col+1)
	return q
}

// Cells is part of VariantUI.
func (*pentagoUI) Cells(s game.State) [][]CellInfo {
	ps := asPentago(s)
	// The rows share one array: a frame asks for the cells once (two
	// allocations, not seven).
	all := make([]CellInfo, 36)
	out := make([][]CellInfo, 6)
	for r := range out {
		out[r] = all[r*6 : (r+1)*6 : (r+1)*6]
		if ps == nil {
			continue
		}
		for c := range out[r] {
			switch ps.At(r+1, c+1) {
			case pentago.Red:
				out[r][c] = CellInfo{Glyph: "R", Seat: pentago.RoleRed}
			case pentago.Black:
				out[r][c] = CellInfo{Glyph: "B", Seat: pentago.RoleBlack}
			}
		}
	}
	return out
}

func (*pentagoUI) rotating(s game.State) bool {
	ps := asPentago(s)
	return ps != nil && ps.Phase() == pentago.Rotate
}

// MoveCells is part of VariantUI.
func (*pentagoUI) MoveCells(_ game.State, m game.Move) []Pos {
	info := pentago.Decode(m)
	if info.Kind != pentago.PlaceStone {
		return nil
	}
	return []Pos{{info.Row - 1, info.Col - 1}}
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
func (*pentagoUI) traceCells(_ game.State, m game.Move, cells []Pos) []Pos {
	info := pentago.Decode(m)
	if info.Kind != pentago.RotateQuadrant {
		return cells
	}
	out := make([]Pos, len(cells))
	for i, c := range cells {
		q, x, y := pentago.CellQXY(c.Row+1, c.Col+1)
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
		out[i] = Pos{r - 1, col - 1}
	}
	return out
}

func (*pentagoUI) legend(bool) string {
	return "( ) last turn · =>/<= its rotation"
}

// Act is part of VariantUI.
func (p *pentagoUI) Act(s game.State, c Pos, _ *Pos) ActResult {
	q, x, y := pentago.CellQXY(c.Row+1, c.Col+1)
	if p.rotating(s) {
		p.chosen = q
		return ActResult{Message: fmt.Sprintf("quadrant %d: z or [ turns it counterclockwise, x or ] clockwise", q)}
	}
	return playMove(pentago.PlaceMove(q, x, y))
}

// Key is part of KeyHandler.
func (p *pentagoUI) Key(s game.State, msg tea.KeyPressMsg, cur Pos, _ *Pos) (ActResult, bool) {
	q := p.turnQuadrantAt(cur)
	switch {
	case key.Matches(msg, pentagoKeys.Quadrant) && len(msg.Text) == 1 && !p.rotating(s):
		// A quadrant chosen now would be forgotten with the placement.
		return ActResult{Message: "place a stone first (enter); then 1-4 chooses the quadrant to turn", IsError: true}, true
	case key.Matches(msg, pentagoKeys.Quadrant) && len(msg.Text) == 1:
		p.chosen = int(msg.Text[0] - '0')
		return ActResult{Message: fmt.Sprintf("quadrant %d chosen: z/[ counterclockwise, x/] clockwise", p.chosen)}, true
	case key.Matches(msg, pentagoKeys.Rotate) && !p.rotating(s):
		// No quadrant is named: none was chosen, and the cursor's would
		// read as if the player had picked it.
		return ActResult{Message: "it is time to place a stone (enter); turn a quadrant after", IsError: true}, true
	case key.Matches(msg, pentagoKeys.CCW):
		return p.turn(q, false), true
	case key.Matches(msg, pentagoKeys.CW):
		return p.turn(q, true), true
	}
	return ActResult{}, false
}

// Regions are the rotation handles, one over each upper quadrant and
// one under each lower one: "<-  Q2  ->", whose arrows turn it. The
// label is bracketed for the quadrant a rotation key would turn now,
// parenthesised (and the arrow the rotation used doubled) for the one
// the last turn rotated, and between ! for the one a hint turns. The
// quadrant the player picked is shaded, as is the one the last rotation
// turned.
func (p *pentagoUI) Regions(s game.State, ov OverlayView) []Region {
	chosen, turned, hinted, clockwise := 0, 0, 0, false
	if ov.Acting {
		chosen = p.turnQuadrant(s, ov.Cursor)
	}
	for _, m := range ov.Recent {
		if q, cw := moveQuad(m); q != 0 {
			turned, clockwise = q, cw
		}
	}
	if ov.Hinted && chosen != 0 {
		hinted, _ = moveQuad(ov.Hint)
	}
	out := make([]Region, 0, 4)
	for _, q := range []int{2, 1, 3, 4} {
		label, style := "Q"+strconv.Itoa(q), common.TextMuted
		switch q {
		case hinted:
			// Exclamation marks, like a hinted cell (the status line
			// says which way).
			label, style = "!"+label+"!", common.TextAccent
		case chosen:
			// Brackets, with or without colour.
			label, style = "["+label+"]", common.TextAccent
		case turned:
			// Parentheses, like the last move's cells.
			label, style = "("+label+")", common.TextPlain
		}
		ccw := regionPart{Text: "<-", Style: common.TextKeyName, Click: 2 * q}
		cw := regionPart{Text: "->", Style: common.TextKeyName, Click: 2*q + 1}
		if q == turned && q != chosen && q != hinted {
			// The handle the rotation used, doubled: which way it went.
			if clockwise {
				cw.Text, cw.Style = "=>", common.TextAccent
			} else {
				ccw.Text, ccw.Style = "<=", common.TextAccent
			}
		}
		col := 0
		if q == 1 || q == 4 {
			col = 3
		}
		out = append(out, Region{Above: q <= 2, Col: col, Cols: 3,
			Parts:  []regionPart{ccw, {Text: label, Style: style, Stretch: true}, cw},
			Cells:  p.quadrantCells(q),
			Chosen: ov.Acting && p.chosen == q, Last: q == turned})
	}
	return out
}

// ClickRegion is a click on a handle: it chooses the quadrant and turns
// it.
func (p *pentagoUI) ClickRegion(_ game.State, id int) ActResult {
	q, clockwise := id/2, id%2 == 1
	p.chosen = q
	return p.turn(q, clockwise)
}

// quadrantCells are the nine cells of quadrant q (1-4), shared by every
// frame that draws the quadrants' regions: read them, never change them.
func (p *pentagoUI) quadrantCells(q int) []Pos { return pentagoQuadrants[q] }

// pentagoQuadrants are the cells of each quadrant (index 1-4), each
// slice's capacity its length so that an append copies it.
var pentagoQuadrants = func() (qs [5][]Pos) {
	for r := range 6 {
		for c := range 6 {
			q := (*pentagoUI)(nil).quadrant(Pos{r, c})
			qs[q] = append(qs[q], Pos{r, c})
		}
	}
	for q := range qs {
		qs[q] = qs[q][:len(qs[q]):len(qs[q])]
	}
	return qs
}()

func (p *pentagoUI) turn(q int, clockwise bool) ActResult {
	return playMove(pentago.RotateMove(q, clockwise))
}

// turnQuadrantAt is the chosen quadrant, else the cursor's.
func (p *pentagoUI) turnQuadrantAt(cur Pos) int {
	if p.chosen != 0 {
		return p.chosen
	}
	return p.quadrant(cur)
}

func (p *pentagoUI) turnQuadrant(s game.State, cur Pos) int {
	if !p.rotating(s) {
		return 0
	}
	return p.turnQuadrantAt(cur)
}

// ClearChoice is part of Chooser.
func (p *pentagoUI) ClearChoice() { p.chosen = 0 }

func (p *pentagoUI) playKeys(game.State, *Pos) []key.Binding { return pentagoPlayKeys }

// pentagoPlayKeys are Pentago's keys while a move is played, one list
// for every frame's key bar (its callers only read it).
var pentagoPlayKeys = []key.Binding{pentagoKeys.Quadrant, pentagoKeys.Rotate}

func (*pentagoUI) winCells(s game.State) []Pos {
	ps := asPentago(s)
	if ps == nil {
		return nil
	}
	var out []Pos
	for _, line := range ps.WinningLines() {
		for _, sq := range line {
			out = append(out, Pos{sq.Row - 1, sq.Col - 1})
		}
	}
	return out
}

func (*pentagoUI) stocks(s game.State, r game.Role) string {
	ps := asPentago(s)
	if ps == nil {
		return ""
	}
	// Asked several times a frame (the seats, the panel's layout): not
	// through fmt.
	red, black := ps.Stones()
	if r == 1 {
		return "stones " + strconv.Itoa(black)
	}
	return "stones " + strconv.Itoa(red)
}

// Prompt is part of VariantUI.
func (p *pentagoUI) Prompt(s game.State, _ *Pos) string {
	if p.rotating(s) {
		return "rotate: pick a quadrant (1-4 or cursor), z/[ ccw, x/] cw"
	}
	return "enter places a stone"
}

// Controls is part of VariantUI.
func (*pentagoUI) Controls() string {
	return "Enter or space places a stone. Then rotate a quadrant: choose it\nwith the cursor or 1-4, turn it with z or [ (counterclockwise) and\nx or ] (clockwise). With the mouse, click the <- and -> handles\nbeside each quadrant.\n"
}
