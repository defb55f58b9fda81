package gdlboard

import (
	"strings"

	"github.com/tabletop/tabletop/game/gdl"
)

// Cells have names people read and type, as on a chess board: the
// column's name and the row's (a1, d4), or the row's first when the
// sheet names rows first (r3c4). Columns a sheet numbers are named by
// letters, a for the first, so that a cell's name reads as one word; any
// other value is its own name.

// ColName is the name of column c as the board is labelled: a letter
// when the sheet numbers its columns, else the sheet's value.
func (b *Board) ColName(c int) string {
	if b.lettered() && c < 26 {
		return string(rune('a' + c))
	}
	return b.Cols[c]
}

// RowName is the name of row r: the sheet's value.
func (b *Board) RowName(r int) string { return b.Rows[r] }

// CellName is the name of a cell: column then row (d4), or row then
// column when the sheet names rows first (r3c4).
func (b *Board) CellName(sp Spot) string {
	if b.RowFirst {
		return b.RowName(sp.Row) + b.ColName(sp.Col)
	}
	return b.ColName(sp.Col) + b.RowName(sp.Row)
}

// lettered reports whether the columns are named by letters: the sheet
// numbers them, and the rows too, so that a name such as 12 would not
// tell the column from the row.
func (b *Board) lettered() bool {
	return !b.RowFirst && len(b.Cols) <= 26 && allNumbers(b.Cols) && allNumbers(b.Rows)
}

func allNumbers(vals []string) bool {
	for _, v := range vals {
		if v == "" || strings.Trim(v, "0123456789") != "" {
			return false
		}
	}
	return true
}

// MoveName is a move in the board's names: its relation and arguments,
// each pair that names a cell written as the cell's name, and, in a move
// that names whole columns (Connect Four's drop), each column by its
// name: "move a2 b3", "drop d", "play b2 x". It is "" for a move that
// names no cell: its KIF says it best.
func (b *Board) MoveName(move *gdl.Term) string {
	spots, columns := b.MoveCells(move)
	if len(spots) == 0 {
		return ""
	}
	parts := []string{move.Name}
	args := move.Args
	for i := 0; i < len(args); i++ {
		if !columns && i+1 < len(args) && len(args[i].Args)+len(args[i+1].Args) == 0 {
			if r, c := b.spot(args[i].Name, args[i+1].Name); r >= 0 {
				parts = append(parts, b.CellName(Spot{r, c}))
				i++
				continue
			}
		}
		if c, ok := b.colIdx[args[i].Name]; ok && columns && len(args[i].Args) == 0 {
			parts = append(parts, b.ColName(c))
			continue
		}
		parts = append(parts, args[i].String())
	}
	return strings.Join(parts, " ")
}
