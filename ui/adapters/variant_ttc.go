package adapters

import (
	"fmt"
	"strconv"

	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

func init() {
	registerAdapter(func(v *game.Variant) VariantUI {
		if _, ok := v.New().(*tictacchess.State); ok {
			return &ttcUI{}
		}
		return nil
	})
}

// ttcUI adapts Tic-Tac-Chess for four. Grid row 0 is the top (Y=7),
// column 0 the left (X=1).
type ttcUI struct{}

var ttcLetters = []string{"R", "Y", "B", "G"}

func asTTC(s game.State) *tictacchess.State {
	t, _ := s.(*tictacchess.State)
	return t
}

// Dims is part of VariantUI.
func (ttcUI) Dims() (int, int) { return 7, 7 }

// RowLabel is part of VariantUI.
func (ttcUI) RowLabel(r int) string { return strconv.Itoa(7 - r) }

// ColLabel is part of VariantUI.
func (ttcUI) ColLabel(c int) string { return strconv.Itoa(c + 1) }

func (ttcUI) xy(p Pos) (x, y int) { return p.Col + 1, 7 - p.Row }

func (ttcUI) legend(ascii bool) string {
	return ZoneGlyph(ascii) + " centre 3×3 · ( ) since your turn"
}
func (ttcUI) fromXY(x, y int) Pos { return Pos{7 - y, x - 1} }

// Cells is part of VariantUI.
func (t ttcUI) Cells(s game.State) [][]CellInfo {
	ts := asTTC(s)
	out := make([][]CellInfo, 7)
	for r := range out {
		out[r] = make([]CellInfo, 7)
		for c := range out[r] {
			x, y := t.xy(Pos{r, c})
			if ts != nil {
				if role := ts.At(x, y).Role(); role != game.NoRole && int(role) < len(ttcLetters) {
					out[r][c] = CellInfo{Glyph: ttcLetters[role], Seat: role}
				}
			}
			// The border (no piece may land there) is shaded, and
			// the centre 3×3, where a line wins.
			out[r][c].Alt = tictacchess.IsBorder(x, y)
			out[r][c].Zone = tictacchess.IsCentre(x, y)
		}
	}
	return out
}

// MoveCells is part of VariantUI.
func (t ttcUI) MoveCells(_ game.State, m game.Move) []Pos {
	x1, y1, x2, y2, pass := tictacchess.Decode(m)
	if pass || x1 == 0 {
		return nil
	}
	return []Pos{t.fromXY(x1, y1), t.fromXY(x2, y2)}
}

// Targets is part of Targeter.
func (t ttcUI) Targets(s game.State, p Pos) []Pos {
	ts := asTTC(s)
	if ts == nil {
		return nil
	}
	x, y := t.xy(p)
	var out []Pos
	for _, pt := range ts.TargetsFrom(x, y) {
		out = append(out, t.fromXY(pt.X, pt.Y))
	}
	return out
}

func (t ttcUI) owner(s game.State, p Pos) game.Role {
	ts := asTTC(s)
	if ts == nil || p.Row < 0 || p.Row > 6 || p.Col < 0 || p.Col > 6 {
		return game.NoRole
	}
	x, y := t.xy(p)
	return ts.At(x, y).Role()
}

// Act is part of VariantUI.
func (t ttcUI) Act(s game.State, p Pos, sel *Pos) ActResult {
	mover := s.ToMove()
	owner := t.owner(s, p)
	v := s.Variant()
	if owner == mover {
		if sel != nil && *sel == p {
			return ActResult{SetSel: true, Message: "selection cleared"}
		}
		if len(t.Targets(s, p)) == 0 {
			return refuse("that piece has no legal move")
		}
		sp := p
		return ActResult{SetSel: true, Selection: &sp, Message: "now choose its target (esc cancels)"}
	}
	if sel == nil {
		if owner != game.NoRole {
			return refuse("that is %s's piece; %s is to move", v.RoleName(owner), v.RoleName(mover))
		}
		return refuse("select one of %s's pieces first", v.RoleName(mover))
	}
	x1, y1 := t.xy(*sel)
	x2, y2 := t.xy(p)
	return playMove(tictacchess.MoveOf(x1, y1, x2, y2))
}

// playKeys: esc cancels a selection (the board handles it).
func (ttcUI) playKeys(_ game.State, sel *Pos) []key.Binding {
	if sel != nil {
		return []key.Binding{common.BoardKeys.Cancel}
	}
	return nil
}

// Controls is part of VariantUI.
func (ttcUI) Controls() string {
	return "Select one of your pieces with enter (or a click); its legal\ntargets are highlighted; then choose the target. esc cancels the\nselection. A player with no legal move passes automatically.\n"
}

func (t ttcUI) winCells(s game.State) []Pos {
	ts := asTTC(s)
	if ts == nil {
		return nil
	}
	line, _, ok := ts.CentreLine()
	if !ok {
		return nil
	}
	out := make([]Pos, 0, 3)
	for _, p := range line {
		out = append(out, t.fromXY(p.X, p.Y))
	}
	return out
}

func (ttcUI) stocks(s game.State, r game.Role) string {
	if ts := asTTC(s); ts != nil {
		return fmt.Sprintf("pieces %d", ts.Pieces(r))
	}
	return ""
}

// Counter is part of Counterer.
func (ttcUI) Counter(s game.State) string {
	if ts := asTTC(s); ts != nil {
		return fmt.Sprintf("step %d/33", ts.Step())
	}
	return ""
}

// Prompt is part of VariantUI.
func (ttcUI) Prompt(s game.State, sel *Pos) string {
	if sel != nil {
		return "choose a target, esc cancels"
	}
	return "select a piece, then its target"
}
