package adapters

import (
	"fmt"

	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// Pos is a cell of the drawn grid: row 0 at the top, column 0 at the left.
// Each variant adapter converts it to and from the game's own coordinates.
type Pos struct{ Row, Col int }

// CellInfo is what the board draws in one cell.
type CellInfo struct {
	Glyph   string    // piece letter, "" when empty
	Seat    game.Role // owning role, for the piece colour; NoRole for a neutral piece
	Alt     bool      // drawn on the alternate background (e.g. the border)
	Missing bool      // not part of the board (Quad's corners)
	Zone    bool      // in a goal zone (Tic-Tac-Chess's centre): shaded, its empty cells marked
}

// ActResult is what an action on the board asks the board screen to do.
type ActResult struct {
	Move      game.Move
	Play      bool   // play move
	Selection *Pos   // new selection (with SetSel)
	SetSel    bool   // replace the selection with sel (nil clears it)
	Message   string // status message
	IsError   bool   // msg is a refusal
}

func refuse(format string, a ...any) ActResult {
	return ActResult{Message: fmt.Sprintf(format, a...), IsError: true}
}

// VariantUI adapts one game to the generic board screen. It is the only
// place where game-specific UI lives: what the cells show, what acting on
// a cell means and how it is explained. It never decides a rule itself:
// legality, targets and winning cells come from the game. What only some
// games have (their own keys, a right click, targets, stocks, counters,
// a legend, a pending choice, cells that move, blocks of cells, an
// overlay of clickable regions) are the small interfaces below, asked
// once when the board is built (see AdapterCapsOf).
type VariantUI interface {
	Dims() (rows, cols int)
	RowLabel(r int) string
	ColLabel(c int) string
	Cells(s game.State) [][]CellInfo
	// MoveCells returns the cells a move touches, for highlighting.
	MoveCells(s game.State, m game.Move) []Pos
	// Act is Enter, Space or a click on p, with the current selection.
	Act(s game.State, p Pos, sel *Pos) ActResult
	// Prompt is the short instruction for the player in control.
	Prompt(s game.State, sel *Pos) string
	// Controls explains the game's controls on the rules screen.
	Controls() string
}

// KeyHandler is an adapter with keys of its own (Quad's b, Pentago's 1-4
// and z/x).
type KeyHandler interface {
	// Key handles one of the game's own keys.
	Key(s game.State, msg tea.KeyPressMsg, cur Pos, sel *Pos) (ActResult, bool)
}

// keyHelper lists the game's own keys that apply now, for the help.
type keyHelper interface {
	playKeys(s game.State, sel *Pos) []key.Binding
}

// altActor is an adapter with an alternate action on a cell, a right
// click (Quad's blocker).
type altActor interface {
	alt(s game.State, p Pos, sel *Pos) (ActResult, bool)
}

// Targeter shows the legal destinations for the piece at p (or the
// selection).
type Targeter interface {
	Targets(s game.State, p Pos) []Pos
}

// winMarker shows the cells that decided a finished game.
type winMarker interface {
	winCells(s game.State) []Pos
}

// stocker describes each role's stocks, e.g. "marks 12 blockers 5".
type stocker interface {
	stocks(s game.State, r game.Role) string
}

// Counterer has a counter for the panel, e.g. "step 5/33": one item a
// line (see the board's counterLines).
type Counterer interface {
	Counter(s game.State) string
}

// legender explains the game's markers in a few words.
type legender interface {
	legend(ascii bool) string
}

// Chooser is an adapter with a pending choice of its own (Pentago's
// quadrant, a sheet's list of moves) that a new position or a cancel
// forgets.
type Chooser interface {
	ClearChoice()
}

// tracer is a game whose moves move other pieces: traceCells returns
// where cells are once m is played in s (Pentago's rotations), for
// marking the recent moves where they went.
type tracer interface {
	traceCells(s game.State, m game.Move, cells []Pos) []Pos
}

// divided is a board drawn in blocks of cells (Pentago's quadrants):
// blocks is the number of rows and columns after which a separating
// gap is drawn.
type divided interface {
	blocks() int
}

// Overlayer draws labelled regions on a line above and a line below the
// board that a click acts on (Pentago's rotation handles), and may shade
// the cells a region stands for.
type Overlayer interface {
	// Regions are the regions of position s as the board shows it.
	Regions(s game.State, ov OverlayView) []Region
	// ClickRegion acts on a click on a region's part whose click is id.
	ClickRegion(s game.State, id int) ActResult
}

// OverlayView is what an overlay is drawn for besides the position.
type OverlayView struct {
	Cursor Pos // the cursor
	// Acting is set when the person here is to move in the live
	// position (not over, not in review).
	Acting bool
	// Recent are the recent moves the board marks, oldest first.
	Recent []game.Move
	// Hint is the hint for the position, when hinted.
	Hint   game.Move
	Hinted bool
}

// Region is a labelled stretch of an overlay line over some of the
// board's columns.
type Region struct {
	Above     bool // on the line above the board, else below
	Col, Cols int  // the board columns it spans
	// Parts are drawn left to right; the stretching part takes the room
	// the others leave, its text centred.
	Parts []regionPart
	// Cells are the board cells the region stands for: shaded as chosen
	// (the player picked the region), or as last when the last move
	// acted on it as a whole (a rotation turned it).
	Cells        []Pos
	Chosen, Last bool
}

// regionPart is one piece of a region's text.
type regionPart struct {
	Text    string
	Style   common.TextStyle
	Stretch bool
	// Click is what a click on the part does (see ClickRegion), 0 for
	// nothing. A click one cell beside it, towards the region's middle,
	// counts too: short handles are easier to hit.
	Click int
}

// AdapterCaps are an adapter's optional interfaces, asked once; nil
// where the adapter has none.
type AdapterCaps struct {
	keys    KeyHandler
	help    keyHelper
	alt     altActor
	targets Targeter
	wins    winMarker
	stocks  stocker
	counter Counterer
	legend  legender
	choice  Chooser
	trace   tracer
	blocks  divided
	Overlay Overlayer
}

// AdapterCapsOf asks vu once for every optional interface.
func AdapterCapsOf(vu VariantUI) AdapterCaps {
	var c AdapterCaps
	c.keys, _ = vu.(KeyHandler)
	c.help, _ = vu.(keyHelper)
	c.alt, _ = vu.(altActor)
	c.targets, _ = vu.(Targeter)
	c.wins, _ = vu.(winMarker)
	c.stocks, _ = vu.(stocker)
	c.counter, _ = vu.(Counterer)
	c.legend, _ = vu.(legender)
	c.choice, _ = vu.(Chooser)
	c.trace, _ = vu.(tracer)
	c.blocks, _ = vu.(divided)
	c.Overlay, _ = vu.(Overlayer)
	return c
}

// adapterMakers build the adapter of a variant, or return nil when the
// variant is not of their game. Each variant_<game>.go registers its
// own from init, so adding a game touches no other file of ui.
var adapterMakers []func(v *game.Variant) VariantUI

// registerAdapter adds the adapter maker of one game.
func registerAdapter(mk func(v *game.Variant) VariantUI) {
	adapterMakers = append(adapterMakers, mk)
}

// NewVariantUI returns a new adapter for a variant's game (each board
// has its own: an adapter may hold a pending choice), nil when no
// adapter knows the game.
func NewVariantUI(v *game.Variant) VariantUI {
	for _, mk := range adapterMakers {
		if vu := mk(v); vu != nil {
			return vu
		}
	}
	return nil
}

// ContainsPos reports whether p is one of ps.
func ContainsPos(ps []Pos, p Pos) bool {
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
func playMove(m game.Move) ActResult {
	return ActResult{Move: m, Play: true}
}

// The board's defaults where an adapter has no optional interface.

// BlockSize is the side of the blocks the board is divided into (Pentago's
// quadrants), 0 when it is not divided.
func (a AdapterCaps) BlockSize() int {
	if a.blocks == nil {
		return 0
	}
	return a.blocks.blocks()
}

// WinsOf are the cells that decided the finished game s, if the adapter
// marks them.
func (a AdapterCaps) WinsOf(s game.State) []Pos {
	if a.wins == nil {
		return nil
	}
	return a.wins.winCells(s)
}

// TargetsOf are the cells the piece at p can go to in s, if the adapter
// shows targets.
func (a AdapterCaps) TargetsOf(s game.State, p Pos) []Pos {
	if a.targets == nil {
		return nil
	}
	return a.targets.Targets(s, p)
}

// TraceOf is where cells are once m is played in s: where they were, in
// a game whose moves move no other piece.
func (a AdapterCaps) TraceOf(s game.State, m game.Move, cells []Pos) []Pos {
	if a.trace == nil {
		return cells
	}
	return a.trace.traceCells(s, m, cells)
}

// StocksOf describes role r's stocks in s, e.g. "marks 12 blockers 5"
// ("" when the game keeps none).
func (a AdapterCaps) StocksOf(s game.State, r game.Role) string {
	if a.stocks == nil {
		return ""
	}
	return a.stocks.stocks(s, r)
}

// CounterOf is the game's counter line for s (Tic-Tac-Chess's steps), ""
// when it has none.
func (a AdapterCaps) CounterOf(s game.State) string {
	if a.counter == nil {
		return ""
	}
	return a.counter.Counter(s)
}

// LegendOf is the line that explains the board's marks, "" when there is
// none.
func (a AdapterCaps) LegendOf(ascii bool) string {
	if a.legend == nil {
		return ""
	}
	return a.legend.legend(ascii)
}

// ClearChoice forgets the adapter's pending choice, if it keeps one.
func (a AdapterCaps) ClearChoice() {
	if a.choice != nil {
		a.choice.ClearChoice()
	}
}

// KeyOf hands a key to the adapter's own keys; ok is false when it takes
// none.
func (a AdapterCaps) KeyOf(s game.State, msg tea.KeyPressMsg, cur Pos, sel *Pos) (ActResult, bool) {
	if a.keys == nil {
		return ActResult{}, false
	}
	return a.keys.Key(s, msg, cur, sel)
}

// PlayKeysOf are the adapter's own keys for the help while a move is
// played.
func (a AdapterCaps) PlayKeysOf(s game.State, sel *Pos) []key.Binding {
	if a.help == nil {
		return nil
	}
	return a.help.playKeys(s, sel)
}

// AltOf is the adapter's alternate action at p, a right click (Quad's
// blocker); ok is false when it has none.
func (a AdapterCaps) AltOf(s game.State, p Pos, sel *Pos) (ActResult, bool) {
	if a.alt == nil {
		return ActResult{}, false
	}
	return a.alt.alt(s, p, sel)
}

// ZoneGlyph marks an empty cell of a goal zone.
func ZoneGlyph(ascii bool) string {
	if ascii {
		return ":"
	}
	return "∘"
}
