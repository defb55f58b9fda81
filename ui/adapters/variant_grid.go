package adapters

import (
	"github.com/tabletop/tabletop/game"
)

// GridUI is the generic adapter: a board of rows × cols cells whose
// pieces are drawn as letters in their seat's colour, where acting on a
// cell plays the move the game spells for that cell. It knows no game:
// a game's adapter fills in the functions (and embeds it to add what its
// game has more, like Quad's blockers), and a board read from a rule
// sheet's facts can fill them just as well.
type GridUI struct {
	rows, cols int
	// rowName and ColName label the rows (top first) and columns.
	rowName, colName func(i int) string
	// cell says what cell p holds in s.
	cell func(s game.State, p Pos) CellInfo
	// moveAt is the move that acting on p plays; ok is false when
	// acting there plays nothing.
	moveAt func(s game.State, p Pos) (m game.Move, ok bool)
	// touched returns the cells move m touches in s.
	touched func(s game.State, m game.Move) []Pos
}

// Dims is part of VariantUI.
func (g *GridUI) Dims() (int, int) { return g.rows, g.cols }

// RowLabel is part of VariantUI.
func (g *GridUI) RowLabel(r int) string { return g.rowName(r) }

// ColLabel is part of VariantUI.
func (g *GridUI) ColLabel(c int) string { return g.colName(c) }

// Cells is part of VariantUI.
func (g *GridUI) Cells(s game.State) [][]CellInfo {
	out := make([][]CellInfo, g.rows)
	for r := range out {
		out[r] = make([]CellInfo, g.cols)
		for c := range out[r] {
			out[r][c] = g.cell(s, Pos{r, c})
		}
	}
	return out
}

// MoveCells is part of VariantUI.
func (g *GridUI) MoveCells(s game.State, m game.Move) []Pos {
	if g.touched == nil {
		return nil
	}
	return g.touched(s, m)
}

// Act is part of VariantUI.
func (g *GridUI) Act(s game.State, p Pos, _ *Pos) ActResult {
	if g.moveAt == nil {
		return refuse("nothing can be played on that cell")
	}
	m, ok := g.moveAt(s, p)
	if !ok {
		return refuse("nothing can be played on that cell")
	}
	return playMove(m)
}

// Prompt is part of VariantUI.
func (g *GridUI) Prompt(game.State, *Pos) string { return "enter plays on the cell" }

// Controls is part of VariantUI.
func (g *GridUI) Controls() string {
	return "Enter, space or a click plays on the cell under the cursor.\n"
}
