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
// place where game-specific UI lives: what the cells show, what acting on
// a cell means and how it is explained. It never decides a rule itself:
// legality, targets and winning cells come from the game. What only some
// games have (their own keys, a right click, targets, stocks, counters,
// a legend, a pending choice, cells that move, blocks of cells, an
// overlay of clickable regions) are the small interfaces below, asked
// once when the board is built (see adapterCapsOf).
type variantUI interface {
	dims() (rows, cols int)
	rowLabel(r int) string
	colLabel(c int) string
	cells(s game.State) [][]cellInfo
	// moveCells returns the cells a move touches, for highlighting.
	moveCells(s game.State, m game.Move) []pos
	// act is Enter, Space or a click on p, with the current selection.
	act(s game.State, p pos, sel *pos) actResult
	// prompt is the short instruction for the player in control.
	prompt(s game.State, sel *pos) string
	// controls explains the game's controls on the rules screen.
	controls() string
}

// keyHandler is an adapter with keys of its own (Quad's b, Pentago's 1-4
// and z/x).
type keyHandler interface {
	// key handles one of the game's own keys.
	key(s game.State, msg tea.KeyPressMsg, cur pos, sel *pos) (actResult, bool)
}

// keyHelper lists the game's own keys that apply now, for the help.
type keyHelper interface {
	playKeys(s game.State, sel *pos) []key.Binding
}

// altActor is an adapter with an alternate action on a cell, a right
// click (Quad's blocker).
type altActor interface {
	alt(s game.State, p pos, sel *pos) (actResult, bool)
}

// targeter shows the legal destinations for the piece at p (or the
// selection).
type targeter interface {
	targets(s game.State, p pos) []pos
}

// winMarker shows the cells that decided a finished game.
type winMarker interface {
	winCells(s game.State) []pos
}

// stocker describes each role's stocks, e.g. "marks 12 blockers 5".
type stocker interface {
	stocks(s game.State, r game.Role) string
}

// counterer has a counter for the panel, e.g. "step 5/33": one item a
// line (see counterLines).
type counterer interface {
	counter(s game.State) string
}

// legender explains the game's markers in a few words.
type legender interface {
	legend(ascii bool) string
}

// chooser is an adapter with a pending choice of its own (Pentago's
// quadrant, a sheet's list of moves) that a new position or a cancel
// forgets.
type chooser interface {
	clearChoice()
}

// tracer is a game whose moves move other pieces: traceCells returns
// where cells are once m is played in s (Pentago's rotations), for
// marking the recent moves where they went.
type tracer interface {
	traceCells(s game.State, m game.Move, cells []pos) []pos
}

// divided is a board drawn in blocks of cells (Pentago's quadrants):
// blocks is the number of rows and columns after which a separating
// gap is drawn.
type divided interface {
	blocks() int
}

// overlayer draws labelled regions on a line above and a line below the
// board that a click acts on (Pentago's rotation handles), and may shade
// the cells a region stands for.
type overlayer interface {
	// regions are the regions of position s as the board shows it.
	regions(s game.State, ov overlayView) []region
	// clickRegion acts on a click on a region's part whose click is id.
	clickRegion(s game.State, id int) actResult
}

// overlayView is what an overlay is drawn for besides the position.
type overlayView struct {
	cur pos // the cursor
	// acting is set when the person here is to move in the live
	// position (not over, not in review).
	acting bool
	// recent are the recent moves the board marks, oldest first.
	recent []game.Move
	// hint is the hint for the position, when hinted.
	hint   game.Move
	hinted bool
}

// region is a labelled stretch of an overlay line over some of the
// board's columns.
type region struct {
	above     bool // on the line above the board, else below
	col, cols int  // the board columns it spans
	// parts are drawn left to right; the stretching part takes the room
	// the others leave, its text centred.
	parts []regionPart
	// cells are the board cells the region stands for: shaded as chosen
	// (the player picked the region), or as last when the last move
	// acted on it as a whole (a rotation turned it).
	cells        []pos
	chosen, last bool
}

// regionPart is one piece of a region's text.
type regionPart struct {
	text    string
	style   textStyle
	stretch bool
	// click is what a click on the part does (see clickRegion), 0 for
	// nothing. A click one cell beside it, towards the region's middle,
	// counts too: short handles are easier to hit.
	click int
}

// adapterCaps are an adapter's optional interfaces, asked once; nil
// where the adapter has none.
type adapterCaps struct {
	keys    keyHandler
	help    keyHelper
	alt     altActor
	targets targeter
	wins    winMarker
	stocks  stocker
	counter counterer
	legend  legender
	choice  chooser
	trace   tracer
	blocks  divided
	overlay overlayer
}

// adapterCapsOf asks vu once for every optional interface.
func adapterCapsOf(vu variantUI) adapterCaps {
	var c adapterCaps
	c.keys, _ = vu.(keyHandler)
	c.help, _ = vu.(keyHelper)
	c.alt, _ = vu.(altActor)
	c.targets, _ = vu.(targeter)
	c.wins, _ = vu.(winMarker)
	c.stocks, _ = vu.(stocker)
	c.counter, _ = vu.(counterer)
	c.legend, _ = vu.(legender)
	c.choice, _ = vu.(chooser)
	c.trace, _ = vu.(tracer)
	c.blocks, _ = vu.(divided)
	c.overlay, _ = vu.(overlayer)
	return c
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

// playMove asks the board to play m, a move built with the game's own
// constructors: the match checks it (game.Check), and a refusal is said
// in the game's words.
func playMove(m game.Move) actResult {
	return actResult{move: m, play: true}
}

// The board's defaults where an adapter has no optional interface.

func (a adapterCaps) blockSize() int {
	if a.blocks == nil {
		return 0
	}
	return a.blocks.blocks()
}

func (a adapterCaps) winsOf(s game.State) []pos {
	if a.wins == nil {
		return nil
	}
	return a.wins.winCells(s)
}

func (a adapterCaps) targetsOf(s game.State, p pos) []pos {
	if a.targets == nil {
		return nil
	}
	return a.targets.targets(s, p)
}

// traceOf is where cells are once m is played in s: where they were, in
// a game whose moves move no other piece.
func (a adapterCaps) traceOf(s game.State, m game.Move, cells []pos) []pos {
	if a.trace == nil {
		return cells
	}
	return a.trace.traceCells(s, m, cells)
}

func (a adapterCaps) stocksOf(s game.State, r game.Role) string {
	if a.stocks == nil {
		return ""
	}
	return a.stocks.stocks(s, r)
}

func (a adapterCaps) counterOf(s game.State) string {
	if a.counter == nil {
		return ""
	}
	return a.counter.counter(s)
}

func (a adapterCaps) legendOf(ascii bool) string {
	if a.legend == nil {
		return ""
	}
	return a.legend.legend(ascii)
}

// clearChoice forgets the adapter's pending choice, if it keeps one.
func (a adapterCaps) clearChoice() {
	if a.choice != nil {
		a.choice.clearChoice()
	}
}

func (a adapterCaps) keyOf(s game.State, msg tea.KeyPressMsg, cur pos, sel *pos) (actResult, bool) {
	if a.keys == nil {
		return actResult{}, false
	}
	return a.keys.key(s, msg, cur, sel)
}

func (a adapterCaps) playKeysOf(s game.State, sel *pos) []key.Binding {
	if a.help == nil {
		return nil
	}
	return a.help.playKeys(s, sel)
}

func (a adapterCaps) altOf(s game.State, p pos, sel *pos) (actResult, bool) {
	if a.alt == nil {
		return actResult{}, false
	}
	return a.alt.alt(s, p, sel)
}

// zoneGlyph marks an empty cell of a goal zone.
func zoneGlyph(ascii bool) string {
	if ascii {
		return ":"
	}
	return "∘"
}
