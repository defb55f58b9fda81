package board

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// Flipping is a view: a click on a cell where the flipped board draws it
// plays that cell, the arrows move the cursor the way they look, and f
// again turns the board back.
func TestFlippedBoardMapsClicksAndArrows(t *testing.T) {
	m, b := newTestClient(t, "quad5", 80, 24)
	m.Update(uitest.Key("f"))
	if !b.flipped {
		t.Fatal("f did not flip the board")
	}
	cur := b.cursorCell
	m.Update(uitest.Key("up"))
	if b.cursorCell.Row != cur.Row+1 {
		t.Fatalf("up on a flipped board moved the cursor from %v to %v, want a row down the board", cur, b.cursorCell)
	}
	l := b.Layout()
	// The top row, second column as drawn is the board's r5c4.
	m.Update(uitest.Click(l.boardX+l.cellX(1)+l.CellW/2, l.boardY+l.cellY(0)+l.CellH/2))
	start, moves := b.Match.Replay()
	if len(moves) != 1 || start.ShortMove(moves[0]) != "r5c4" {
		t.Fatalf("the click played %v", moves)
	}
	if p, ok := l.CellAt(l.boardX+l.cellX(0)+l.CellW/2, l.boardY+l.cellY(1)+l.CellH/2); !ok || p != (adapters.Pos{Row: 3, Col: 4}) {
		t.Fatalf("the cell drawn second row, first column is %v, want r4c5", p)
	}
	m.Update(uitest.Key("f"))
	if b.flipped {
		t.Fatal("f did not turn the board back")
	}
	m.Update(uitest.Key("v")) // review: f flips what is reviewed too
	m.Update(uitest.Key("f"))
	if !b.Reviewing() || !b.flipped {
		t.Fatalf("f in review: reviewing %v, flipped %v", b.Reviewing(), b.flipped)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
}

// Pentago's rotation handles change sides with a flipped board: the
// first quadrant's, above the top-right quadrant, go below the
// bottom-left one, where a click on them still turns the first quadrant.
func TestFlippedPentagoHandles(t *testing.T) {
	m, b := newTestClient(t, "pentago", 80, 24)
	for _, msg := range uitest.TypeMove("113") {
		m.Update(msg)
	}
	m.Update(uitest.Key("f"))
	l := b.Layout()
	x, y, ok := regionClick(b, l, 2) // quadrant 1 counterclockwise
	if !ok || y != l.boardY+l.overlayY(false) || x >= l.boardX+l.cellX(3) {
		t.Fatalf("quadrant 1's handle at %d,%d (found %v)", x, y, ok)
	}
	m.Update(uitest.Click(x, y))
	start, moves := b.Match.Replay()
	s := start.Clone()
	for _, mv := range moves[:len(moves)-1] {
		s.Apply(mv)
	}
	if len(moves) != 2 || s.ShortMove(moves[1]) != "1ccw" {
		t.Fatalf("the click played %d moves", len(moves))
	}
}
