package board

import (
	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/common"
)

// Flipping the board (f) turns the view half round, as a player on the
// other side of the table sees it: the last row is drawn on top and the
// last column on the left, with their labels, and the overlay's regions
// change sides with them. It is a view only: the game, the cursor's
// cell and every move are the same; a click maps back through it, and
// the arrows move the cursor the way they look. (The boards in blocks,
// Pentago's, are parted in the middle, so the parting stays put.)

var flipKey = common.Bind([]string{"f"}, "f", "flip board")

// shown maps a cell of the board to where the view draws it, and back:
// flipping is its own inverse.
func (l boardLayout) shown(p adapters.Pos) adapters.Pos {
	if !l.flipped {
		return p
	}
	return adapters.Pos{Row: l.rows - 1 - p.Row, Col: l.cols - 1 - p.Col}
}

// flipRegions turns the overlay's regions with the view: those above
// the board go below it and the other way round, and their columns
// count from the other side.
func flipRegions(regions []adapters.Region, cols int) []adapters.Region {
	out := make([]adapters.Region, len(regions))
	for i, g := range regions {
		g.Above = !g.Above
		g.Col = cols - g.Col - g.Cols
		out[i] = g
	}
	return out
}

// toggleFlip flips the view of the board, or turns it back.
func (b *BoardScreen) toggleFlip() {
	b.flipped = !b.flipped
	if b.flipped {
		b.SetStatus("board flipped: f turns it back", false)
		return
	}
	b.SetStatus("board turned back", false)
}
