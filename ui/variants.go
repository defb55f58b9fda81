package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// pos is a cell of the drawn grid: row 0 at the top, column 0 at the left.
// Each variant adapter converts it to and from the game's own coordinates.
type pos struct{ r, c int }

// cellInfo is what the board draws in one cell.
type cellInfo struct {
	glyph   string    // piece letter, "" when empty
	seat    game.Role // owning role, for the piece colour; NoRole for a neutral piece
	alt     bool      // drawn on the alternate background (e.g. the border)
	missing bool      // not part of the board (Quad's corners)
	zone    bool      // in a goal zone (Tic-Tac-Chess's centre): shaded, its empty cells marked
}

// actResult is what an action on the board asks the board screen to do.
type actResult struct {
	move    game.Move
	play    bool   // play move
	sel     *pos   // new selection (with setSel)
	setSel  bool   // replace the selection with sel (nil clears it)
	msg     string // status message
	isError bool   // msg is a refusal
}

func refuse(format string, a ...any) actResult {
	return actResult{msg: fmt.Sprintf(format, a...), isError: true}
}

// variantUI adapts one game to the generic board screen. It is the only
// place where game-specific UI lives: what the cells show, what a key or
// a click on a cell means, the game's own keys and how they are
// explained. It never decides a rule itself: legality, targets and
// winning cells come from the game.
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
	// moveClockwise reports whether a rotation turns clockwise.
	moveClockwise(m game.Move) bool
	// traceCells returns where cells are once m is played in s (Pentago's
	// rotations move them), for marking the recent moves.
	traceCells(s game.State, m game.Move, cells []pos) []pos
	// legend explains the game's markers in a few words, or "".
	legend(ascii bool) string
	// act is Enter, Space or a click on p, with the current selection.
	act(s game.State, p pos, sel *pos) actResult
	// key handles one of the game's own keys (those of playKeys).
	key(s game.State, msg tea.KeyPressMsg, cur pos, sel *pos) (actResult, bool)
	// alt is the alternate action on p, a right click (Quad's blocker).
	alt(s game.State, p pos, sel *pos) (actResult, bool)
	// rotate handles a click on the handle of quadrant q (Pentago): it
	// chooses q and turns it.
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
	// chosenQuadrant is the quadrant the player picked for a rotation
	// (Pentago), 0 for none.
	chosenQuadrant() int
	// turnQuadrant is the quadrant a rotation key would turn now, with
	// the cursor on cur (shown on its handles), 0 when none would.
	turnQuadrant(s game.State, cur pos) int
	// clearChoice forgets the adapter's own pending choices, such as
	// Pentago's quadrant: the position changed or the player cancelled.
	clearChoice()
	// playKeys are the game's own keys that apply now, for the help.
	playKeys(s game.State, sel *pos) []key.Binding
	// controls explains the game's own controls on the rules screen.
	controls() string
}

// adapterMakers build the adapter of a variant, or return nil when the
// variant is not of their game. Each variant_<game>.go registers its
// own from init, so adding a game touches no other file of ui.
var adapterMakers []func(v *game.Variant) variantUI

// registerAdapter adds the adapter maker of one game.
func registerAdapter(mk func(v *game.Variant) variantUI) {
	adapterMakers = append(adapterMakers, mk)
}

// newVariantUI returns a new adapter for a variant's game (each board
// has its own: an adapter may hold a pending choice), nil when no
// adapter knows the game.
func newVariantUI(v *game.Variant) variantUI {
	for _, mk := range adapterMakers {
		if vu := mk(v); vu != nil {
			return vu
		}
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

// noExtras gives adapters the behaviour of a game without rotations,
// counters, targets, own keys or pending choices.
type noExtras struct{}

func (noExtras) gap() int      { return 0 }
func (noExtras) handles() bool { return false }
func (noExtras) rotate(game.State, int, bool) actResult {
	return refuse("this game has no rotations")
}
func (noExtras) quadrant(pos) int             { return 0 }
func (noExtras) moveQuad(game.Move) int       { return 0 }
func (noExtras) moveClockwise(game.Move) bool { return false }
func (noExtras) legend(bool) string           { return "" }
func (noExtras) traceCells(_ game.State, _ game.Move, cells []pos) []pos {
	return cells
}
func (noExtras) counter(game.State) string     { return "" }
func (noExtras) targets(game.State, pos) []pos { return nil }
func (noExtras) winCells(game.State) []pos     { return nil }
func (noExtras) chosenQuadrant() int           { return 0 }
func (noExtras) turnQuadrant(game.State, pos) int {
	return 0
}
func (noExtras) clearChoice() {}
func (noExtras) key(game.State, tea.KeyPressMsg, pos, *pos) (actResult, bool) {
	return actResult{}, false
}
func (noExtras) alt(game.State, pos, *pos) (actResult, bool) { return actResult{}, false }
