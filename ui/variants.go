package ui

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// pos is a cell of the drawn grid: row 0 at the top, column 0 at the left.
// Each variant adapter converts it to and from the game's own coordinates.
type pos struct{ r, c int }

// cellInfo is what the board draws in one cell.
type cellInfo struct {
	glyph   string // piece letter, "" when empty
	role    string // owning role, for the piece colour
	alt     bool   // drawn on the alternate background (e.g. the border)
	missing bool   // not part of the board (Quad's corners)
}

// actResult is what an action on the board asks the board screen to do.
type actResult struct {
	move    game.Move
	play    bool   // play move
	sel     *pos   // new selection (with setSel)
	setSel  bool   // replace the selection with sel (nil clears it)
	quad    int    // Pentago: quadrant chosen for the rotation (0 = no change)
	msg     string // status message
	isError bool   // msg is a refusal
}

func refuse(format string, a ...any) actResult {
	return actResult{msg: fmt.Sprintf(format, a...), isError: true}
}

// variantUI adapts one game to the generic board screen. It never decides
// a rule itself: legality, targets and winning cells come from the game.
type variantUI interface {
	dims() (rows, cols int)
	// gap is the number of rows and columns after which the board draws
	// a separating gap (Pentago's quadrants), 0 for none.
	gap() int
	// handles reports whether rotation handles are drawn (Pentago).
	handles() bool
	rowLabel(r int) string
	colLabel(c int) string
	cells(s game.State) [][]cellInfo
	// moveCells returns the cells a move touches, for highlighting.
	moveCells(s game.State, m game.Move) []pos
	// moveQuad returns the quadrant a move turned (Pentago's rotations),
	// 0 for any other move.
	moveQuad(m game.Move) int
	// act is Enter, Space or a click on p, with the current selection.
	act(s game.State, p pos, sel *pos) actResult
	// key handles a variant-specific key (b, 1-4, z, x, [, ]).
	key(s game.State, k string, cur pos, sel *pos, quad int) (actResult, bool)
	// rotate handles a click on a rotation handle (Pentago).
	rotate(s game.State, q int, clockwise bool) actResult
	// targets returns the legal destinations for the piece at p (or the
	// selection), for highlighting; nil when the game has none.
	targets(s game.State, p pos) []pos
	// winCells returns the cells that decided a finished game.
	winCells(s game.State) []pos
	// stocks describes role r's stocks, e.g. "marks 12 blockers 5".
	stocks(s game.State, r game.Role) string
	// counter is a global counter line, e.g. "step 5/33", or "".
	counter(s game.State) string
	// prompt is the short instruction for the player in control.
	prompt(s game.State, sel *pos) string
	// quadrant returns the Pentago quadrant of p (0 elsewhere).
	quadrant(p pos) int
}

// newVariantUI returns the adapter for a variant's game.
func newVariantUI(v *game.Variant) variantUI {
	switch {
	case strings.HasPrefix(v.Name, "quad"):
		return newQuadUI(v)
	case strings.HasPrefix(v.Name, "pentago"):
		return &pentagoUI{}
	case v.Name == "tictacchess":
		return &ttcUI{}
	}
	return nil
}

func containsPos(ps []pos, p pos) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// playText parses a KIF move with the game; the game's error explains a
// refusal.
func playText(s game.State, text string) actResult {
	m, err := s.ParseMove(text)
	if err != nil {
		return actResult{msg: err.Error(), isError: true}
	}
	return actResult{move: m, play: true, setSel: true}
}

// noQuadrant and friends give adapters default no-op behaviour.
type noExtras struct{}

func (noExtras) gap() int      { return 0 }
func (noExtras) handles() bool { return false }
func (noExtras) rotate(game.State, int, bool) actResult {
	return refuse("this game has no rotations")
}
func (noExtras) quadrant(pos) int              { return 0 }
func (noExtras) moveQuad(game.Move) int        { return 0 }
func (noExtras) counter(game.State) string     { return "" }
func (noExtras) targets(game.State, pos) []pos { return nil }
func (noExtras) winCells(s game.State) []pos   { return nil }
