package ui

import (
	"github.com/tabletop/tabletop/game"
)

// gridUI is the generic adapter: a board of rows × cols cells whose
// pieces are drawn as letters in their seat's colour, where acting on a
// cell plays the move the game spells for that cell. It knows no game:
// a game's adapter fills in the functions (and embeds it to add what its
// game has more, like Quad's blockers), and a board read from a rule
// sheet's facts can fill them just as well.
type gridUI struct {
	rows, cols int
	// rowName and colName label the rows (top first) and columns.
	rowName, colName func(i int) string
	// cell says what cell p holds in s.
	cell func(s game.State, p pos) cellInfo
	// moveAt is the move that acting on p plays; ok is false when
	// acting there plays nothing.
	moveAt func(s game.State, p pos) (m game.Move, ok bool)
	// touched returns the cells move m touches in s.
	touched func(s game.State, m game.Move) []pos
}

func (g *gridUI) dims() (int, int)      { return g.rows, g.cols }
func (g *gridUI) rowLabel(r int) string { return g.rowName(r) }
func (g *gridUI) colLabel(c int) string { return g.colName(c) }

func (g *gridUI) cells(s game.State) [][]cellInfo {
	out := make([][]cellInfo, g.rows)
	for r := range out {
		out[r] = make([]cellInfo, g.cols)
		for c := range out[r] {
			out[r][c] = g.cell(s, pos{r, c})
		}
	}
	return out
}

func (g *gridUI) moveCells(s game.State, m game.Move) []pos {
	if g.touched == nil {
		return nil
	}
	return g.touched(s, m)
}

func (g *gridUI) act(s game.State, p pos, _ *pos) actResult {
	if g.moveAt == nil {
		return refuse("nothing can be played on that cell")
	}
	m, ok := g.moveAt(s, p)
	if !ok {
		return refuse("nothing can be played on that cell")
	}
	return playMove(m)
}

func (g *gridUI) prompt(game.State, *pos) string { return "enter plays on the cell" }

func (g *gridUI) controls() string {
	return "Enter, space or a click plays on the cell under the cursor.\n"
}
