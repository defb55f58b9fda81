package board

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
)

// boardGrid draws the board block: its cells, the column labels and the
// overlay lines of labelled regions.
type boardGrid struct{ b *BoardScreen }

// grid is the board's boardGrid.
func (b *BoardScreen) grid() boardGrid { return boardGrid{b} }

// sidePanel draws the side panel: the seats, the AI's line, the move
// list, the end buttons, in its border.
type sidePanel struct{ b *BoardScreen }

// panel is the board's sidePanel.
func (b *BoardScreen) panel() sidePanel { return sidePanel{b} }

// keyBar draws the board screen's lines around the board: the header,
// the status line and the key help.
type keyBar struct{ b *BoardScreen }

// bar is the board's keyBar.
func (b *BoardScreen) bar() keyBar { return keyBar{b} }

// boardLayout is the geometry of the board screen for one window size.
// View draws with these numbers and the mouse is hit-tested with the
// same numbers, so clicks follow the drawing at any size.
type boardLayout struct {
	Fits         bool // the window is large enough
	needW, needH int  // the smallest window that fits

	rows, cols     int
	CellW, CellH   int // cell size in terminal cells
	lw             int // width of the row labels
	gap            int // a gap after this many rows/columns (Pentago's quadrants)
	gapW, gapH     int
	overlay        bool // a line of the adapter's regions above and below
	flipped        bool // the view is turned half round (flip.go)
	top            int  // lines above the first row: labels, then regions
	boardX, boardY int  // the board block's top-left on the screen
	bw, bh         int
	panelX, py     int // the side panel
	panelW, ph     int
	listY, listH   int // the move list inside the panel
	statusY        int
	statusH        int // lines of status (a long one wraps)
	helpY, helpH   int
	// Buttons are the end-of-game buttons, drawn in the panel under the
	// result; empty while the game goes on.
	Buttons []Button
}

// Button is a clickable label on the screen.
type Button struct {
	X, Y, w int
	label   string
	Action  endAction
}

// endAction is what an end-of-game button does.
type endAction int

const (
	endRematch endAction = iota
	endNewGame
	// EndMenu goes back to the menu; exported for the menu's tests, which press it.
	EndMenu
)

// endButtons lays out the end-of-game buttons from (x, y) in a panel
// line of the given width: full labels when they fit, short ones else.
func (sp sidePanel) endButtons(x, y, width int) []Button {
	b := sp.b
	type choice struct {
		long, short string
		action      endAction
	}
	choices := []choice{{"[ Rematch ]", "[Rematch]", endRematch}, {"[ New game ]", "[New]", endNewGame}, {"[ Menu ]", "[Menu]", EndMenu}}
	if b.caps.Rematch == nil {
		choices = choices[2:]
	}
	total := 0
	for _, c := range choices {
		total += len(c.long) + 1
	}
	long := total-1 <= width
	var out []Button
	for _, c := range choices {
		label := c.short
		if long {
			label = c.long
		}
		out = append(out, Button{X: x, Y: y, w: len(label), label: label, Action: c.action})
		x += len(label) + 1
	}
	return out
}

// buttonAt returns the button under (x, y).
func (l boardLayout) buttonAt(x, y int) (Button, bool) {
	for _, bt := range l.Buttons {
		if y == bt.Y && x >= bt.X && x < bt.X+bt.w {
			return bt, true
		}
	}
	return Button{}, false
}

const (
	panelMinW     = 30
	panelComfortW = 44
	boardY        = 2 // header line and a blank line above the board
)

// cellSize is one size of the board's cells, with the panel width it
// leaves at least.
type cellSize struct{ w, h, panelW int }

// cellSizes are tried largest first (about square on a terminal whose
// cells are twice as high as wide). The larger sizes keep a comfortable
// panel; the middle ones may narrow it, since at 80×24 a board of 7 rows
// (Quad 7×7, Pentago, Tic-Tac-Chess) is worth more than panel space.
var cellSizes = []cellSize{
	{11, 5, panelComfortW}, {9, 4, panelComfortW}, {7, 3, panelComfortW}, {5, 3, panelComfortW},
	{5, 3, panelMinW}, {5, 2, panelMinW}, {3, 1, panelMinW},
}

// roleLinesWide reports whether each role fits on one panel line of the
// given inner width (else its stocks go on a second line).
func (sp sidePanel) roleLinesWide(inner int) bool {
	b := sp.b
	roleW, stocks := 0, 0
	for i, role := range b.variant.Roles {
		roleW = max(roleW, len(role))
		stocks = max(stocks, common.TextWidth(b.AdapterCaps.StocksOf(b.Game(), game.Role(i))))
	}
	return 2+2+roleW+1+10+1+stocks <= inner
}

func (sp sidePanel) panelFixedLines(inner int) int {
	b := sp.b
	n := len(b.variant.Roles)
	if !sp.roleLinesWide(inner) {
		n *= 2
	}
	n += len(counterLines(b.AdapterCaps.CounterOf(b.Game()), inner))
	// turn, blank, roles, counter, blank, "Moves" header, AI line
	return n + 5
}

// Layout fits the board to the window, with a long status wrapped to two
// lines when the board still fits with them, else cut to one.
func (b *BoardScreen) Layout() boardLayout {
	fm := frameMemoOf(b.Common, &b.frame)
	if fm != nil && fm.hasLayout {
		return fm.layout
	}
	n := lipgloss.Height(b.bar().statusView(statusMaxLines))
	helpH := max(1, lipgloss.Height(b.bar().helpView()))
	l, kept := b.kept.layoutFits(b, n, helpH)
	if !kept {
		l = b.layoutFor(n)
		if !l.Fits && n > 1 {
			l = b.layoutFor(1)
		}
	}
	if fm != nil {
		fm.layout, fm.hasLayout = l, true
		fm.keptLayout, fm.statusN, fm.helpH = kept, n, helpH
	}
	return l
}

// layoutFor lays the screen out with statusH lines of status.
func (b *BoardScreen) layoutFor(statusH int) boardLayout {
	w, h := b.Common.Width, b.Common.Height
	l := boardLayout{statusH: statusH, flipped: b.flipped}
	l.rows, l.cols = b.adapter.Dims()
	l.gap, l.overlay = b.AdapterCaps.BlockSize(), b.AdapterCaps.Overlay != nil
	for r := 0; r < l.rows; r++ {
		l.lw = max(l.lw, common.TextWidth(b.adapter.RowLabel(r))+1)
	}
	l.top = 1
	if l.overlay {
		l.top = 2
	}
	l.helpH = max(1, lipgloss.Height(b.bar().helpView()))
	l.helpY = h - l.helpH
	l.statusY = l.helpY - statusH
	avail := l.statusY - boardY
	panelMinH := b.panel().panelFixedLines(panelMinW-4) + 2 + 2 // borders and two list lines
	l.boardX, l.boardY = 1, boardY
	for i, sz := range cellSizes {
		l.CellW, l.CellH = sz.w, sz.h
		l.gapW, l.gapH = 0, 0
		if l.gap > 0 {
			// A line between the blocks: "│" alone between small
			// cells, " │ " between larger ones; "─" across.
			l.gapW, l.gapH = 1, 1
			if l.CellW > 3 {
				l.gapW = 3
			}
		}
		l.bw = l.lw + l.cols*l.CellW + l.gapW
		l.bh = l.top + l.rows*l.CellH + l.gapH
		if l.overlay {
			l.bh++
		}
		fits := l.boardX+l.bw+2+sz.panelW <= w && l.bh <= avail && panelMinH <= avail
		if i == len(cellSizes)-1 {
			l.needW = l.boardX + l.bw + 2 + panelMinW
			l.needH = boardY + max(l.bh, panelMinH) + 1 + l.helpH
			l.Fits = fits
		}
		if fits {
			l.Fits = true
			break
		}
	}
	l.panelX, l.py = l.boardX+l.bw+2, boardY
	l.panelW = min(w-l.panelX, 60)
	l.ph = max(avail, 0)
	fixed := b.panel().panelFixedLines(max(l.panelW-4, 1))
	l.listY = l.py + 1 + fixed - 1
	l.listH = max(l.ph-2-fixed, 0)
	if b.Ended() && !b.Reviewing() {
		// Inside the border and padding, on the line under the result.
		l.Buttons = b.panel().endButtons(l.panelX+2, l.py+2, max(l.panelW-4, 1))
	}
	return l
}

// MinSize is the smallest window the board fits (see common.Screen).
func (b *BoardScreen) MinSize() (int, int) {
	fm := frameMemoOf(b.Common, &b.frame)
	if fm != nil && fm.hasMin {
		return fm.minW, fm.minH
	}
	// The size needed does not depend on the status (it takes at least
	// one line whatever it says): a frame's own layout says it (one
	// layout a frame, not two), and outside a frame the kept layout or
	// one made for a status of one line, not drawn.
	var l boardLayout
	if b.Common.InView {
		l = b.Layout()
	} else if kl, ok := b.kept.sizeFits(b, max(1, lipgloss.Height(b.bar().helpView()))); ok {
		l = kl
	} else {
		l = b.layoutFor(1)
	}
	if fm != nil {
		fm.minW, fm.minH, fm.hasMin = l.needW, l.needH, true
	}
	return l.needW, l.needH
}

// cellX and cellY are the top-left of a cell inside the board block.
func (l boardLayout) cellX(c int) int {
	x := l.lw + c*l.CellW
	if l.gap > 0 && c >= l.gap {
		x += l.gapW
	}
	return x
}

// cellY is the screen row of board row r's cells.
func (l boardLayout) cellY(r int) int {
	y := l.top + r*l.CellH
	if l.gap > 0 && r >= l.gap {
		y += l.gapH
	}
	return y
}

// CellAt returns the cell under screen position (x, y).
func (l boardLayout) CellAt(x, y int) (adapters.Pos, bool) {
	x, y = x-l.boardX, y-l.boardY
	for r := 0; r < l.rows; r++ {
		cy := l.cellY(r)
		if y < cy || y >= cy+l.CellH {
			continue
		}
		for c := 0; c < l.cols; c++ {
			cx := l.cellX(c)
			if x >= cx && x < cx+l.CellW {
				return l.shown(adapters.Pos{Row: r, Col: c}), true
			}
		}
	}
	return adapters.Pos{}, false
}

// overlayY is the line of the regions above the board (just under the
// column labels) or below it, inside the board block.
func (l boardLayout) overlayY(above bool) int {
	if above {
		return 1
	}
	return l.bh - 1
}

// regionSpan is where region g stands inside the board block: from x0,
// w cells wide (over its columns and any gap between them).
func (l boardLayout) regionSpan(g adapters.Region) (x0, w int) {
	x0 = l.cellX(g.Col)
	return x0, l.cellX(g.Col+g.Cols-1) + l.CellW - x0
}

// partSpans lays out g's parts over its span: where each begins and how
// wide it is; the stretching part takes what the others leave.
func (l boardLayout) partSpans(g adapters.Region) (xs, ws []int) {
	x, w := l.regionSpan(g)
	fixed := 0
	for _, p := range g.Parts {
		if !p.Stretch {
			fixed += len(p.Text)
		}
	}
	xs, ws = make([]int, len(g.Parts)), make([]int, len(g.Parts))
	for i, p := range g.Parts {
		ws[i] = len(p.Text)
		if p.Stretch {
			ws[i] = max(w-fixed, len(p.Text))
		}
		xs[i] = x
		x += ws[i]
	}
	return xs, ws
}

// regionClickAt returns the click of the region part under (x, y): a
// part's text, and one cell beside it towards the middle of its region.
func (l boardLayout) regionClickAt(regions []adapters.Region, x, y int) (id int, ok bool) {
	if !l.overlay {
		return 0, false
	}
	x, y = x-l.boardX, y-l.boardY
	for _, g := range regions {
		x0, w := l.regionSpan(g)
		if y != l.overlayY(g.Above) || x < x0 || x >= x0+w {
			continue
		}
		xs, ws := l.partSpans(g)
		for i, p := range g.Parts {
			from, to := xs[i], xs[i]+ws[i]
			if xs[i] > x0 {
				from-- // a cell before it, unless it starts the region
			}
			if xs[i]+ws[i] < x0+w {
				to++
			}
			if p.Click != 0 && x >= from && x < to {
				return p.Click, true
			}
		}
	}
	return 0, false
}

func (l boardLayout) inMoveList(x, y int) bool {
	return x >= l.panelX && x < l.panelX+l.panelW && y >= l.listY && y < l.listY+l.listH
}

// cellFlags are the highlights of one cell.
type cellFlags struct {
	cursor, sel, target, last, win, hint bool
	// chosen: the cell is in a region the player picked (Pentago's
	// quadrant to turn); LastArea: in a region the last move acted on
	// as a whole (the quadrant it turned).
	chosen, lastArea bool
}

// Regions are the adapter's overlay regions for the position shown, the
// recent moves rv, the cursor and the hint; nil without an overlay.
func (b *BoardScreen) Regions(rv recentView) []adapters.Region {
	if b.AdapterCaps.Overlay == nil {
		return nil
	}
	s := b.Game()
	ov := adapters.OverlayView{Cursor: b.cursorCell, Acting: b.Mine(s.ToMove()) && !b.Ended() && !b.Reviewing(), Recent: rv.moves}
	if ov.Acting {
		ov.Hint, ov.Hinted = b.HintMove()
	}
	regions := b.AdapterCaps.Overlay.Regions(s, ov)
	if b.flipped {
		_, cols := b.adapter.Dims()
		regions = flipRegions(regions, cols)
	}
	return regions
}

// marks computes every highlight of the board from the game, the recent
// moves rv and the overlay's regions.
func (b *BoardScreen) marks(rv recentView, regions []adapters.Region) [][]cellFlags {
	rows, cols := b.adapter.Dims()
	f := make([][]cellFlags, rows)
	for r := range f {
		f[r] = make([]cellFlags, cols)
	}
	in := func(p adapters.Pos) bool { return p.Row >= 0 && p.Row < rows && p.Col >= 0 && p.Col < cols }
	set := func(ps []adapters.Pos, fn func(*cellFlags)) {
		for _, p := range ps {
			if in(p) {
				fn(&f[p.Row][p.Col])
			}
		}
	}
	set(rv.cells, func(c *cellFlags) { c.last = true })
	for _, g := range regions {
		if g.Last {
			set(g.Cells, func(c *cellFlags) { c.lastArea = true })
		}
		if g.Chosen {
			set(g.Cells, func(c *cellFlags) { c.chosen = true })
		}
	}
	if b.Ended() {
		set(b.AdapterCaps.WinsOf(b.Game()), func(c *cellFlags) { c.win = true })
	} else if b.Mine(b.Game().ToMove()) && !b.Reviewing() {
		from := b.cursorCell
		if b.Selected != nil {
			from = *b.Selected
		}
		set(b.AdapterCaps.TargetsOf(b.Game(), from), func(c *cellFlags) { c.target = true })
		if h, ok := b.HintMove(); ok {
			set(b.adapter.MoveCells(b.Game(), h), func(c *cellFlags) { c.hint = true })
		}
	}
	if b.Selected != nil {
		set([]adapters.Pos{*b.Selected}, func(c *cellFlags) { c.sel = true })
	}
	set([]adapters.Pos{b.cursorCell}, func(c *cellFlags) { c.cursor = true })
	return f
}

// renderCell draws line i (0-based) of one cell, cw wide.
func (bg boardGrid) renderCell(info adapters.CellInfo, fl cellFlags, l boardLayout, line int) string {
	return bg.cellSized(info, fl, l, line).Text
}

// cellSized is renderCell with its width.
func (bg boardGrid) cellSized(info adapters.CellInfo, fl cellFlags, l boardLayout, line int) common.SizedText {
	b := bg.b
	return b.Common.Cells.DrawSized(b.Common.Styles, bg.cellKey(info, fl, l, line))
}

// cellKey is what line i of a cell is drawn from: its style, brackets
// and glyph.
func (bg boardGrid) cellKey(info adapters.CellInfo, fl cellFlags, l boardLayout, line int) common.CellKey {
	b := bg.b
	g := b.Common.Styles.Glyphs
	k := common.CellKey{Background: common.BgCell, Width: l.CellW, Left: " ", Right: " ", Seat: game.NoRole}
	if info.Alt || fl.chosen || info.Zone {
		k.Background = common.BgCellAlt
	}
	switch {
	case fl.win:
		// Only set when the game is over: the result matters more than
		// the cursor.
		k.Background, k.Left, k.Right = common.BgWin, "*", "*"
	case fl.cursor:
		k.Background, k.Left, k.Right = common.BgCursor, "[", "]"
	case fl.sel:
		k.Background, k.Left, k.Right = common.BgSel, "{", "}"
	case fl.hint:
		k.Background, k.Left, k.Right = common.BgHint, "!", "!"
	case fl.target && info.Glyph != "":
		k.Background, k.Left, k.Right = common.BgTarget, ">", "<"
	case fl.target:
		k.Background = common.BgTarget
	case fl.last:
		k.Background, k.Left, k.Right = common.BgLast, "(", ")"
	case fl.lastArea:
		// The whole region the last move acted on (the quadrant it
		// turned); its label says so too, which shows without colour.
		k.Background = common.BgLast
	}
	if info.Missing {
		return common.CellKey{Background: common.BgMissing, Width: l.CellW, Blank: true, Seat: game.NoRole}
	}
	if line != l.CellH/2 {
		return common.CellKey{Background: k.Background, Width: l.CellW, Blank: true, Seat: game.NoRole}
	}
	k.Glyph = g.Empty
	switch {
	case info.Alt:
		// Shaded cells (Tic-Tac-Chess's border) can never be entered:
		// left blank so they read as such without colour too.
		k.Glyph = g.Missing
	case info.Zone:
		// A mark of its own, so that the zone shows without colour too.
		k.Glyph = adapters.ZoneGlyph(b.Common.ASCII)
	}
	switch {
	case info.Glyph != "" && fl.win:
		// The winning pieces in the Win style's own colour: a bright
		// background takes no piece colour well, and whose they are is
		// plain from the letter and the result.
		k.Glyph = info.Glyph
	case info.Glyph != "":
		k.Glyph, k.Piece, k.Seat, k.Role = info.Glyph, true, info.Seat, b.variant.RoleName(info.Seat)
	case fl.target:
		k.Glyph = g.Dot
	}
	return k
}

// boardLines draws the board block (regions, labels, cells) as lines.
func (bg boardGrid) boardLines(l boardLayout) []string {
	b := bg.b
	cells := b.adapter.Cells(b.Game())
	rv := b.Recent()
	regions := b.Regions(rv)
	fl := b.marks(rv, regions)
	// Most frames (keys typed at the prompt, a clock, another player's
	// seat) leave the board as it was: it is kept while everything it is
	// drawn from is the same. A board drawn anew is first looked for
	// among the ones other sessions drew: the players and watchers of a
	// room see one position, most often with the same highlights.
	buf, rows := bg.boardMemoKey(l, cells, fl, regions)
	if k, lines, ok := b.boardMemo.Last(); ok && k == string(buf) {
		return lines // compared without making the key a string
	}
	key := string(buf)
	rows.key = key
	return b.boardMemo.Get(key, func() []string {
		return sharedBoards.Get(sharedBoardKey{b.Common.Styles, b.variant, key}, func() []string {
			var over [2]string // the overlay's lines above and below the board
			if l.overlay {
				over = [2]string{bg.overlayLine(l, regions, true), bg.overlayLine(l, regions, false)}
			}
			return bg.drawBoardRows(l, cells, fl, over, &rows)
		})
	})
}

// rowKeys cut a board's boardMemoKey into what each row of cells is
// drawn from: the part before the overlay (layout, theme, glyphs) and
// the row's cells, which start at cells[r] (and end at cells[r+1]).
type rowKeys struct {
	key   string
	head  int
	cells []int
}

// of is the key of data row r's lines.
func (rk *rowKeys) of(r int) string {
	return rk.key[:rk.head] + strconv.Itoa(r) + rk.key[rk.cells[r]:rk.cells[r+1]]
}

// sharedRows keeps the rows of cells drawn by every session, each as
// its lines: a move changes a few rows of a board, and the others are
// drawn once for every board that has them.
var sharedRows = common.NewLinesSet[sharedBoardKey](sharedRowsMax)

// sharedRowsMax bounds sharedRows: rows of about a kilobyte.
const sharedRowsMax = 16384

// sharedBoards keeps the board blocks drawn by every session, each as
// its lines (shared: never changed).
var sharedBoards = common.NewLinesSet[sharedBoardKey](sharedBoardsMax)

// sharedBoardsMax bounds sharedBoards: a few thousand boards of a few
// kilobytes, more than the rooms a server holds change in a second.
const sharedBoardsMax = 4096

// sharedBoardKey is what a board block is drawn from across sessions:
// the styles (one per theme, glyphs and colour profile, shared by the
// sessions), the game, and the session's own boardMemoKey.
type sharedBoardKey struct {
	st  *themes.Styles
	v   *game.Variant
	key string
}

// boardMemoKey names everything drawBoard draws from: the layout, the
// theme, every cell and its highlights, the overlay's regions (what
// their lines are drawn from, so that a board kept is not drawn in part
// to be named). It is built
// on every frame, so without fmt (the layout printed with %v took most
// of its time) and in the board's own buffer, which it returns: good
// until the next call. The rows' keys are cut from it once it is made a
// string (rowKeys.key).
func (bg boardGrid) boardMemoKey(l boardLayout, cells [][]adapters.CellInfo, fl [][]cellFlags, regions []adapters.Region) ([]byte, rowKeys) {
	b := bg.b
	pal := b.Common.Styles.Palette()
	buf := b.boardKey[:0]
	buf = appendLayout(buf, l)
	buf = append(buf, '|')
	buf = append(buf, pal...)
	buf = append(buf, '|')
	buf = strconv.AppendBool(buf, b.Common.ASCII)
	buf = append(buf, '|')
	if n := len(cells) + 1; cap(b.rowStarts) < n {
		b.rowStarts = make([]int, n)
	}
	rk := rowKeys{head: len(buf), cells: b.rowStarts[:len(cells)+1]}
	if l.overlay {
		buf = appendRegions(buf, regions)
	}
	buf = append(buf, '|')
	for r := range cells {
		rk.cells[r] = len(buf)
		buf = append(buf, '#')
		for c := range cells[r] {
			ci, f := cells[r][c], fl[r][c]
			buf = append(buf, ci.Glyph...)
			buf = append(buf, 0)
			buf = strconv.AppendInt(buf, int64(ci.Seat), 10)
			for _, bit := range [...]bool{ci.Alt, ci.Missing, ci.Zone, f.cursor, f.sel, f.target, f.last, f.win, f.hint, f.chosen, f.lastArea} {
				if bit {
					buf = append(buf, '1')
				} else {
					buf = append(buf, '0')
				}
			}
		}
	}
	rk.cells[len(cells)] = len(buf)
	b.boardKey = buf
	return buf, rk
}

// appendRegions appends what the overlay's lines are drawn from (see
// overlayLine): where each region stands and its parts' texts and
// styles.
func appendRegions(buf []byte, regions []adapters.Region) []byte {
	for _, g := range regions {
		buf = strconv.AppendBool(buf, g.Above)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(g.Col), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(g.Cols), 10)
		for _, p := range g.Parts {
			buf = append(buf, ';')
			buf = strconv.AppendInt(buf, int64(p.Style), 10)
			buf = append(buf, ',')
			buf = strconv.AppendBool(buf, p.Stretch)
			buf = append(buf, ',')
			// The text's length first: a text may hold any byte.
			buf = strconv.AppendInt(buf, int64(len(p.Text)), 10)
			buf = append(buf, ':')
			buf = append(buf, p.Text...)
		}
		buf = append(buf, '/')
	}
	return buf
}

// appendLayout appends every field of l to buf, the buttons (only once
// a game has ended) as %v prints them.
func appendLayout(buf []byte, l boardLayout) []byte {
	for _, n := range [...]int{l.needW, l.needH, l.rows, l.cols, l.CellW, l.CellH, l.lw, l.gap, l.gapW, l.gapH,
		l.top, l.boardX, l.boardY, l.bw, l.bh, l.panelX, l.py, l.panelW, l.ph, l.listY, l.listH,
		l.statusY, l.statusH, l.helpY, l.helpH} {
		buf = strconv.AppendInt(buf, int64(n), 10)
		buf = append(buf, ',')
	}
	for _, bit := range [...]bool{l.Fits, l.overlay, l.flipped} {
		buf = strconv.AppendBool(buf, bit)
		buf = append(buf, ',')
	}
	if len(l.Buttons) > 0 {
		buf = fmt.Appendf(buf, "%v", l.Buttons)
	}
	return buf
}

// drawBoard draws the board block's lines.
func (bg boardGrid) drawBoard(l boardLayout, cells [][]adapters.CellInfo, fl [][]cellFlags, over [2]string) []string {
	return bg.drawBoardRows(l, cells, fl, over, nil)
}

// drawBoardRows draws the board block's lines, each row of cells taken
// from sharedRows under its key in rows (all drawn here when rows is
// nil).
func (bg boardGrid) drawBoardRows(l boardLayout, cells [][]adapters.CellInfo, fl [][]cellFlags, over [2]string, rows *rowKeys) []string {
	b := bg.b
	st := b.Common.Styles
	// A board in blocks (Pentago's quadrants) is parted by lines, so that
	// each reads as a block.
	g := st.Glyphs.Box
	lines := make([]string, 0, l.bh)
	// Every line of the block is l.bw wide (which body counts on).
	fitted := func(line string) string { return fitBlockLine(line, l.bw) }
	lines = append(lines, fitted(bg.colLabelLine(l)))
	if l.overlay {
		lines = append(lines, fitted(over[0]))
	}
	for r := 0; r < l.rows; r++ {
		if l.gap > 0 && r == l.gap {
			half := strings.Repeat(g.Top, l.gap*l.CellW)
			cross := strings.Repeat(g.Top, (l.gapW-1)/2) + g.Middle + strings.Repeat(g.Top, l.gapW/2)
			lines = append(lines, fitted(strings.Repeat(" ", l.lw)+b.Common.Cells.MutedText(st, half+cross+half)))
		}
		row := l.shown(adapters.Pos{Row: r}).Row
		if rows == nil {
			lines = append(lines, bg.drawRow(l, cells, fl, r)...)
			continue
		}
		drawn := sharedRows.Get(sharedBoardKey{st, b.variant, rows.of(row)}, func() []string {
			return bg.drawRow(l, cells, fl, r)
		})
		lines = append(lines, drawn...)
	}
	if l.overlay {
		lines = append(lines, fitted(over[1]))
	}
	return lines
}

// fitBlockLine is the board block's line made w wide, its styles merged
// (common.FitWidth, common.MergeStyles), kept for every session: the
// column labels, the lines between blocks and the overlay's are the same
// from move to move, and in every room of a game at one size, and were
// measured again at each move.
func fitBlockLine(line string, w int) string {
	return blockLines.Shared(blockLineKey{line, w}, func() string { return common.FitWidth(common.MergeStyles(line), w) })
}

// blockLineKey is a block line as drawn and the width it is made.
type blockLineKey struct {
	line  string
	width int
}

// blockLines keeps the block lines fitted by every session.
var blockLines = common.NewDrawnSet[blockLineKey](common.MenuPartsMax)

// drawRow draws the lines of the board's r-th row of cells as shown
// (the data's row l.shown gives), fitted to the block's width: the
// widths of its label and cells, measured once when each was drawn, add
// up to the line's (common.SizedText).
func (bg boardGrid) drawRow(l boardLayout, cells [][]adapters.CellInfo, fl [][]cellFlags, r int) []string {
	b := bg.b
	st := b.Common.Styles
	sepV := bg.gapSized(l)
	lines := make([]string, l.CellH)
	for i := range lines {
		var sb strings.Builder
		// About what a cell's colour codes and glyph take.
		sb.Grow(l.lw + l.cols*(l.CellW+48))
		label := ""
		if i == l.CellH/2 {
			label = b.adapter.RowLabel(l.shown(adapters.Pos{Row: r}).Row)
		}
		// The label right-aligned, as fmt's "%*s " aligns it (by runes).
		pad := common.Spaces(max(l.lw-1-utf8.RuneCountInString(label), 0))
		w, joins := b.Common.Cells.MutedSized(st, pad+label+" ").Join(&sb, 0, true)
		for c := 0; c < l.cols; c++ {
			if l.gap > 0 && c == l.gap {
				w, joins = sepV.Join(&sb, w, joins)
			}
			p := l.shown(adapters.Pos{Row: r, Col: c})
			w, joins = bg.cellSized(cells[p.Row][p.Col], fl[p.Row][p.Col], l, i).Join(&sb, w, joins)
		}
		// Merging the styles drops sequences only: the width stays.
		lines[i] = common.FitSized(common.MergeStyles(sb.String()), w, joins, l.bw)
	}
	return lines
}

// gapLine is the vertical line between blocks of columns, "" for a
// board without blocks.
func (bg boardGrid) gapLine(l boardLayout) string {
	return bg.gapSized(l).Text
}

// gapSized is gapLine with its width.
func (bg boardGrid) gapSized(l boardLayout) common.SizedText {
	b := bg.b
	if l.gap == 0 {
		return common.Sized("")
	}
	return b.Common.Cells.MutedSized(b.Common.Styles, centre(b.Common.Styles.Glyphs.Box.Left, l.gapW))
}

// overlayLine draws the overlay's regions of the line above the board
// (or below it) over their columns, blank where no region is.
func (bg boardGrid) overlayLine(l boardLayout, regions []adapters.Region, above bool) string {
	var sb strings.Builder
	sb.WriteString(strings.Repeat(" ", l.lw))
	for c := 0; c < l.cols; {
		if l.gap > 0 && c == l.gap {
			sb.WriteString(bg.gapLine(l))
		}
		g, ok := regionAtColumn(regions, c, above)
		if !ok {
			sb.WriteString(strings.Repeat(" ", l.CellW))
			c++
			continue
		}
		_, ws := l.partSpans(g)
		for i, p := range g.Parts {
			text := p.Text
			if p.Stretch {
				lp := (ws[i] - len(text)) / 2
				text = strings.Repeat(" ", lp) + text + strings.Repeat(" ", ws[i]-lp-len(text))
			}
			sb.WriteString(bg.styled(p.Style, text))
		}
		c += g.Cols
	}
	return sb.String()
}

// regionAtColumn is the region of a line that begins at column c.
func regionAtColumn(regions []adapters.Region, c int, above bool) (adapters.Region, bool) {
	for _, g := range regions {
		if g.Above == above && g.Col == c {
			return g, true
		}
	}
	return adapters.Region{}, false
}

// colLabelLine draws the column labels. Labels that do not fit a cell
// with a space to spare lose their letter (c10 → 10), which moves to
// the corner.
func (bg boardGrid) colLabelLine(l boardLayout) string {
	b := bg.b
	// The same on every frame of one size: kept.
	k := labelsKey{l.lw, l.CellW, l.gap, l.gapW, l.cols, l.flipped, b.Common.Styles.Palette(), b.Common.ASCII}
	return b.labelMemo.Get(k, func() string { return bg.drawColLabels(l) })
}

// labelsKey is what the column labels are drawn from, besides the
// board's labels themselves.
type labelsKey struct {
	lw, cw, gap, gapW, cols int
	flipped                 bool
	theme                   string
	ascii                   bool
}

func (bg boardGrid) drawColLabels(l boardLayout) string {
	b := bg.b
	st := b.Common.Styles
	compact, prefix := false, ""
	for c := 0; c < l.cols; c++ {
		if len(b.adapter.ColLabel(c)) >= l.CellW {
			compact = true
		}
	}
	if compact {
		prefix = strings.TrimRight(b.adapter.ColLabel(0), "0123456789")
	}
	var lab strings.Builder
	lab.WriteString(b.Common.Cells.MutedText(st, fmt.Sprintf("%*s", l.lw, prefix+" ")))
	for c := 0; c < l.cols; c++ {
		if l.gap > 0 && c == l.gap {
			lab.WriteString(strings.Repeat(" ", l.gapW))
		}
		s := b.adapter.ColLabel(l.shown(adapters.Pos{Col: c}).Col)
		if compact {
			s = strings.TrimPrefix(s, prefix)
		}
		lp := (l.CellW - len(s) + 1) / 2
		lab.WriteString(b.Common.Cells.MutedText(st, strings.Repeat(" ", max(lp, 0))+s+strings.Repeat(" ", max(l.CellW-lp-len(s), 0))))
	}
	return lab.String()
}

// centre pads a one-cell glyph with spaces to w cells.
func centre(glyph string, w int) string {
	left := (w - 1) / 2
	return strings.Repeat(" ", left) + glyph + strings.Repeat(" ", max(w-1-left, 0))
}

// styled is s in one of the theme's text styles, drawn once per session.
func (bg boardGrid) styled(style common.TextStyle, s string) string {
	b := bg.b
	return b.Common.Cells.Text(b.Common.Styles, common.TextKey{Style: style, Seat: game.NoRole, Text: s})
}

// pieceText is s in role r's piece style, drawn once per session.
func (bg boardGrid) pieceText(r game.Role, s string) string {
	b := bg.b
	return b.Common.Cells.Text(b.Common.Styles, common.TextKey{Style: common.TextPiece, Seat: r, Role: b.variant.RoleName(r), Text: s})
}

// roleLetter is the letter a role's pieces are drawn with.
func roleLetter(role string) string {
	if role == "" {
		return "?"
	}
	return strings.ToUpper(role[:1])
}

// panelView draws the side panel: turn or result, seats with stocks,
// the move list and the AI's status, in its border: every line of it is
// one width (body measures only the first; TestPanelLinesAreOneWidth).
func (sp sidePanel) panelView(l boardLayout) string {
	b := sp.b
	// Most frames (a key typed at the prompt, a cursor move) leave the
	// panel as it was: it is kept while what its lines are made of is the
	// same (see panelInputs), and otherwise while its lines are, since
	// its border costs more than they do.
	draw := func() string {
		content, even := sp.panelContent(l)
		return b.panelMemo.Get(panelKey{b.Common.Styles.Palette(), b.Common.ASCII, content}, func() string {
			return common.MergeStyles(sp.boxPanel(content, max(l.panelW-4, 1), even))
		})
	}
	in, ok := sp.inputs(l)
	if !ok {
		return draw()
	}
	return b.panelIn.Get(in, func() string {
		// Every player and watcher of a room draws the same panel after
		// each move: drawn once (see sharedPanels).
		return sharedPanels.Shared(sp.sharedKey(in, l), draw)
	})
}

// panelInputs is what the panel's lines are drawn from outside review
// and analysis: the theme, the panel's size and buttons, the moves and
// position (the match's version), the result, every seat's name and
// status, the move list's scroll and the AI's line. It is worked out on
// every frame, for a fraction of what drawing the lines costs.
type panelInputs struct {
	theme      string
	ascii      bool
	w, h, list int
	buttons    int
	version    uint64
	ended      bool
	resigned   game.Role
	result     string
	seats      string
	scroll     int
	ai         string
}

// inputs is the panel's panelInputs; false in review or with the
// analysis on, whose lines are drawn from more (and change with every
// step).
func (sp sidePanel) inputs(l boardLayout) (panelInputs, bool) {
	b := sp.b
	if b.Reviewing() || b.Analysis.Enabled {
		return panelInputs{}, false
	}
	in := panelInputs{theme: b.Common.Styles.Palette(), ascii: b.Common.ASCII, w: l.panelW, h: l.ph, list: l.listH,
		buttons: len(l.Buttons), version: b.Match.Version(), ended: b.Ended(), resigned: b.Resigned(),
		scroll: b.moveScroll, ai: sp.aiLine()}
	if in.ended {
		in.result = b.Match.Result()
	}
	var seats strings.Builder
	for i := range b.variant.Roles {
		seat := b.Match.Seat(game.Role(i))
		seats.WriteString(seat.Name)
		seats.WriteByte(0)
		seats.WriteString(seat.Status)
		seats.WriteByte(0)
	}
	in.seats = seats.String()
	return in, true
}

// panelKey is what the panel is drawn from: its lines and the theme of
// its border.
type panelKey struct {
	theme   string
	ascii   bool
	content string
}

// panelBorder is the panel style's border and padding around lines of one
// width: the first and last lines, and what comes before and after each
// line between them.
type panelBorder struct {
	top, bottom, left, right string
	ok                       bool
}

// borderKey is what a panel border is cut for: its width and theme.
type borderKey struct {
	inner int
	theme string
	ascii bool
}

// boxPanel is b.c.st.Panel.Render(content) for content whose lines are all
// inner cells wide, as panelContent makes them (even: they are known to
// be, and are not measured again). The border is cut from
// the panel style's own rendering of a probe of that width, kept per
// width and theme, so it is what lipgloss draws byte for byte (the test
// TestBoxPanelMatchesLipgloss checks that in every theme and colour
// profile) without lipgloss measuring and styling every line of every
// panel. Any other content goes to lipgloss.
func (sp sidePanel) boxPanel(content string, inner int, even bool) string {
	b := sp.b
	lines := common.SplitLines(content)
	for _, l := range lines {
		if !even && common.LineWidth(l) != inner {
			return b.Common.Styles.Panel.Render(content)
		}
	}
	bd := b.border.Get(borderKey{inner, b.Common.Styles.Palette(), b.Common.ASCII}, func() panelBorder {
		return cutBorder(b.Common.Styles.Panel.Render(strings.Repeat("x", inner)), inner)
	})
	if !bd.ok {
		return b.Common.Styles.Panel.Render(content)
	}
	var sb strings.Builder
	sb.Grow(len(content) + len(bd.top) + len(bd.bottom) + len(lines)*(len(bd.left)+len(bd.right)+1) + 2)
	sb.WriteString(bd.top)
	for _, l := range lines {
		sb.WriteByte('\n')
		sb.WriteString(bd.left)
		sb.WriteString(l)
		sb.WriteString(bd.right)
	}
	sb.WriteByte('\n')
	sb.WriteString(bd.bottom)
	return sb.String()
}

// cutBorder cuts the border out of a rendered probe: one line of inner
// x's between a top and a bottom line.
func cutBorder(probe string, inner int) panelBorder {
	parts := common.SplitLines(probe)
	if len(parts) != 3 {
		return panelBorder{}
	}
	left, right, found := strings.Cut(parts[1], strings.Repeat("x", inner))
	if !found {
		return panelBorder{}
	}
	return panelBorder{top: parts[0], bottom: parts[2], left: left, right: right, ok: true}
}

// panelContent is the lines inside the panel's border; even reports
// that each is known to be inner cells wide (every line drawn was clean,
// see common.CutWidthClean, and padded to that width), so that boxPanel
// need not measure them again.
func (sp sidePanel) panelContent(l boardLayout) (content string, even bool) {
	b := sp.b
	st := b.Common.Styles
	inner := max(l.panelW-4, 1)
	// About ph lines: the panel's height inside its border, and its
	// counter's and list's lines past it (cut below).
	lines, widths := make([]string, 0, max(l.ph, 8)), make([]int, 0, max(l.ph, 8))
	even = true
	add := func(s string) {
		s, w, clean := common.CutWidthClean(s, inner)
		lines, widths, even = append(lines, s), append(widths, w), even && clean
	}
	mover := b.Game().ToMove()
	moverName := b.variant.RoleName(mover)
	switch {
	case b.Reviewing() && !b.nav().atEnd():
		add(st.Accent.Render(fmt.Sprintf("reviewing move %d of %d", b.Review.Turn, len(b.History()))))
	case b.Ended():
		// The panel is narrow: the why is in the status line, and where
		// even the result is too long ("game over: shared by yellow and
		// green") its "game over: " goes before the names are cut.
		short, _, _ := strings.Cut(b.Match.Result(), " — ")
		if common.TextWidth(short) > inner {
			short = strings.TrimPrefix(short, "game over: ")
		}
		add(b.grid().styled(common.TextAccent, common.Ellipsis(short, inner)))
	default:
		head := roleLetter(moverName) + " " + moverName
		who := common.Ellipsis(b.Match.Seat(mover).Name, max(inner-common.TextWidth(head+" to move: "), 1))
		add(b.grid().pieceText(mover, head) + b.grid().styled(common.TextPlain, " to move: "+who))
	}
	if len(l.Buttons) > 0 {
		var row strings.Builder
		for i, bt := range l.Buttons {
			if i > 0 {
				row.WriteString(" ")
			}
			row.WriteString(st.Key.Render(bt.label))
		}
		add(row.String())
	} else {
		add("")
	}
	for _, line := range sp.seatLines(inner) {
		add(line)
	}
	for _, line := range counterLines(b.AdapterCaps.CounterOf(b.Game()), inner) {
		add(b.grid().styled(common.TextMuted, line))
	}
	// The markers' legend, where a blank line parts the seats from the
	// moves: it costs no line.
	add(b.grid().styled(common.TextMuted, b.AdapterCaps.LegendOf(b.Common.ASCII)))
	var list []string // the list's header, then its lines
	if b.Analysis.Enabled {
		list = b.analysis().analysisPanel(inner, l.listH)
	} else {
		list = append([]string{b.grid().styled(common.TextTitle, "Moves") + b.grid().styled(common.TextMuted, fmt.Sprintf(" (%d)", len(b.History())))},
			sp.moveListView(inner, l.listH)...)
	}
	add(list[0])
	for _, s := range list[1:] {
		if len(lines) < l.ph-3 {
			add(s)
		}
	}
	for len(lines) < l.ph-3 {
		add("")
	}
	if b.Reviewing() {
		add(b.nav().evalLine(inner))
	} else {
		add(sp.aiLine())
	}
	return padJoin(lines, widths, inner), even
}

// padJoin is the lines, each of widths[i] cells, padded with spaces to w
// cells and joined: the panel's content in one allocation.
func padJoin(lines []string, widths []int, w int) string {
	size := 0
	for i, l := range lines {
		size += len(l) + max(w-widths[i], 0) + 1
	}
	var sb strings.Builder
	sb.Grow(size)
	for i, l := range lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(l)
		sb.WriteString(common.Spaces(max(w-widths[i], 0)))
	}
	return sb.String()
}

// maxCounterLines bounds the counter's lines: a sheet whose state holds
// dozens of facts besides its board (a maze's walls) would otherwise ask
// for a terminal taller than any.
const maxCounterLines = 6

// counterLines fits the counter to the panel's width: its items (one
// per line of c) go several to a line while they fit, and an item
// longer than a line is wrapped, never cut. Past maxCounterLines the
// last line says how many items are not shown.
func counterLines(c string, width int) []string {
	if c == "" {
		return nil
	}
	items := strings.Split(c, "\n")
	var lines []string
	var first []int // the item each line starts with
	for i, item := range items {
		if n := len(lines); n > 0 && common.TextWidth(lines[n-1])+1+common.TextWidth(item) <= width {
			lines[n-1] += " " + item
			continue
		}
		for _, part := range common.SplitLines(ansi.Wrap(item, max(width, 1), "")) {
			lines, first = append(lines, part), append(first, i)
		}
	}
	if len(lines) > maxCounterLines {
		hidden := len(items) - first[maxCounterLines-1]
		lines = append(lines[:maxCounterLines-1], fmt.Sprintf("… and %d more", hidden))
	}
	return lines
}

// seatLines are the panel's lines for the seats: role, who plays it and
// its stocks (or its result), on one line each when they fit.
func (sp sidePanel) seatLines(inner int) []string {
	b := sp.b
	var lines []string
	roleW := 0
	for _, role := range b.variant.Roles {
		roleW = max(roleW, len(role))
	}
	wide := sp.roleLinesWide(inner)
	// Names get what the line leaves beyond the stocks, at least 10.
	nameW := 10
	for i := range b.variant.Roles {
		nameW = max(nameW, common.TextWidth(b.Match.Seat(game.Role(i)).Name))
	}
	room := inner - (2 + 2 + roleW + 1) - 1
	if wide {
		stocks := 0
		for i := range b.variant.Roles {
			stocks = max(stocks, common.TextWidth(b.AdapterCaps.StocksOf(b.Game(), game.Role(i))), len("shares the win"))
		}
		room -= stocks
	}
	nameW = max(min(nameW, room), 10)
	mover, resigned := b.Game().ToMove(), b.Resigned()
	for i, role := range b.variant.Roles {
		r := game.Role(i)
		seat := b.Match.Seat(r)
		marker := "  "
		if r == mover && !b.Ended() {
			marker = b.grid().styled(common.TextAccent, "> ")
		}
		extra := b.AdapterCaps.StocksOf(b.Game(), r)
		switch {
		case resigned == r || game.IsRetired(b.Game(), r):
			extra = "resigned"
		case resigned != game.NoRole:
			extra = "wins"
			if len(b.variant.Roles) > 2 {
				extra = "shares the win"
			}
		case b.Ended() && b.Game().Terminal():
			extra = fmt.Sprintf("goal %d", b.Game().Goal(r))
		case seat.Status != "":
			extra = strings.TrimPrefix(extra+" · "+seat.Status, " · ")
		}
		name := common.Ellipsis(seat.Name, nameW)
		head := marker + b.grid().pieceText(r, roleLetter(role)+" "+common.PadRight(role, roleW)) + " " +
			b.grid().styled(common.TextPlain, common.PadRight(name, nameW))
		if wide {
			lines = append(lines, head+" "+b.grid().styled(common.TextMuted, extra))
		} else {
			lines = append(lines, head, "    "+b.grid().styled(common.TextMuted, extra))
		}
	}
	return lines
}

// moveListView is the visible part of the move list, at most h lines of
// at most w cells, scrolled up MoveScroll lines from its end; the panel
// pads them to its width, as the viewport would. The lines are the
// list's own (read them, never change them). A line wider than w, or
// with a tab, goes to the viewport (scrollView), which measures every
// line.
func (sp sidePanel) moveListView(w, h int) []string {
	b := sp.b
	lines := sp.moveListLines()
	top := min(max(len(lines)-h-b.moveScroll, 0), max(len(lines)-h, 0))
	shown := lines[top:min(top+h, len(lines))]
	for _, line := range shown {
		if common.LineWidth(line) > w || strings.ContainsAny(line, "\t\r") {
			return sp.viewportLines(lines, w, h)
		}
	}
	return shown
}

// viewportLines is what the move list's viewport shows of lines (see
// scrollView). Apart from moveListView, whose frame would otherwise
// hold room for a copy of the viewport on every panel drawn.
func (sp sidePanel) viewportLines(lines []string, w, h int) []string {
	b := sp.b
	return common.SplitLines(scrollView(b.movesVP, strings.Join(lines, "\n"), w, h, b.moveScroll))
}

// scrollView is what viewport vp shows of text in w×h, scrolled up from
// its end by up lines. When every line shown fits (as move lists do) it
// is cut and padded here, as the viewport would, without lipgloss
// measuring and wrapping each line; TestScrollViewMatchesViewport checks
// that it is the same.
func scrollView(vp viewport.Model, text string, w, h, up int) string {
	lines := common.SplitLines(text)
	top := min(max(len(lines)-h-up, 0), max(len(lines)-h, 0))
	shown := lines[top:min(top+h, len(lines))]
	var sb strings.Builder
	for i := range h {
		if i > 0 {
			sb.WriteByte('\n')
		}
		line := ""
		if i < len(shown) {
			line = shown[i]
		}
		lw := common.LineWidth(line)
		if lw > w || strings.ContainsAny(line, "\t\r") {
			vp.SetWidth(w)
			vp.SetHeight(h)
			vp.SetContent(text)
			vp.SetYOffset(len(lines) - h - up)
			return vp.View()
		}
		sb.WriteString(line)
		sb.WriteString(common.Spaces(max(w-lw, 0)))
	}
	return sb.String()
}

// moveListLines is the move list, one line a turn. Outside review the
// lines are kept (moveListLog) while the theme is the same, and a move
// draws only the line of its turn: a line costs a format and a style.
func (sp sidePanel) moveListLines() []string {
	b := sp.b
	lines := b.moveLines()
	var drawn []string
	if b.Reviewing() {
		drawn = make([]string, len(lines))
		for i, ml := range lines {
			drawn[i] = b.nav().reviewMoveLine(ml)
		}
	} else {
		drawn = b.listLog.drawnLines(listKey{b.Common.Styles.Palette(), b.Common.ASCII}, sp.moveLine)
	}
	if len(drawn) == 0 {
		return []string{b.Common.Styles.Muted.Render("no moves yet")}
	}
	return drawn
}

// listKey is what the move list's lines outside review are drawn from,
// besides the lines themselves.
type listKey struct {
	theme string
	ascii bool
}

// moveLine is a line of the move list outside review.
func (sp sidePanel) moveLine(ml moveLine) string {
	b := sp.b
	return ml.numbered() + b.grid().pieceText(b.variant.RoleIndex(ml.mover), common.PadRight(ml.mover, 6)) + " " + ml.text
}

// aiLine is the AI's live status.
func (sp sidePanel) aiLine() string {
	b := sp.b
	st := b.Common.Styles
	a := b.Match.AI()
	switch {
	case a.Searching && a.Waiting:
		return st.Accent.Render(b.spin.View() + " AI waiting for a free slot")
	case a.Searching:
		what := "AI thinking"
		if a.ForHint {
			what = "finding a hint"
		}
		s := b.spin.View() + " " + what
		if a.Depth > 0 {
			s += fmt.Sprintf(" · depth %d · best %s", a.Depth, common.MoveName(b.Game(), a.Best))
		}
		return st.Accent.Render(s)
	case a.Remote:
		return st.Accent.Render(b.spin.View() + " AI thinking")
	case a.Paused && !a.HasSeat:
		return st.Muted.Render("clocks paused (p resumes)")
	case a.Paused:
		return st.Muted.Render("AI paused (p resumes)")
	case a.HasSeat && !b.Ended():
		return st.Muted.Render("AI ready")
	}
	return ""
}

// helpView is the key bar, or every key with ?. The bar drops the
// least needed keys (the last before ? and q) until it fits, so that
// "? more keys" and "q quit" always show.
func (kb keyBar) helpView() string {
	b := kb.b
	fm := frameMemoOf(b.Common, &b.frame)
	if fm != nil && fm.hasHelp {
		return fm.help
	}
	k := b.Keys()
	draw := func(all bool) string {
		memoKey := common.HelpMemoKey(k, b.Common.Width, all, b.Common.Styles.Palette(), b.Common.ASCII)
		return boardHelps.Get(boardHelpKey{common.StyleKeyOf(b.Common), memoKey}, func() string { return common.MergeStyles(kb.drawHelp(k, all)) })
	}
	h := draw(false)
	if b.help.ShowAll {
		// Every key, where the board still fits beside it at its smallest;
		// else the bar stays (a tall game's keys at 80×24 hid the game
		// behind "Terminal too small").
		if all := draw(true); kb.fullHelpFits(all) {
			h = all
		}
	}
	if fm != nil {
		fm.help, fm.hasHelp = h, true
	}
	return h
}

// boardHelps keeps the boards' key bars for every session: a bar is
// drawn from its key (the bindings' help, the width, the theme), and a
// player typing at the prompt switches between two of them on every move,
// which a memo of one bar per session drew again each time.
var boardHelps = common.NewDrawnSet[boardHelpKey](common.MenuPartsMax)

// boardHelpKey is a key bar's HelpMemoKey with the colours of its styles:
// sessions share bars, and a theme's name alone does not say its colours.
type boardHelpKey struct {
	style common.MenuStyleKey
	help  uint64
}

// fullHelpFits reports whether the list of every key, all, shows whole
// beside the board: no column cut for the width (the help then ends in
// its ellipsis, and the last column, with ? and q, is the one lost) and
// the board still fits above it.
func (kb keyBar) fullHelpFits(all string) bool {
	b := kb.b
	return !strings.Contains(all, b.help.Ellipsis) && kb.fitsWithHelp(lipgloss.Height(all))
}

// fitsWithHelp reports whether the window holds the board at its
// smallest cells, its panel and a key help of helpH lines.
func (kb keyBar) fitsWithHelp(helpH int) bool {
	b := kb.b
	rows, _ := b.adapter.Dims()
	sz := cellSizes[len(cellSizes)-1]
	bh := 1 + rows*sz.h
	if b.AdapterCaps.BlockSize() > 0 {
		bh++
	}
	if b.AdapterCaps.Overlay != nil {
		bh += 2 // the overlay's line above and below
	}
	panelMinH := b.panel().panelFixedLines(panelMinW-4) + 2 + 2
	statusH := 1
	return boardY+max(bh, panelMinH)+statusH+helpH <= b.Common.Height
}

// drawHelp draws the key bar, or every key when all is set.
func (kb keyBar) drawHelp(k common.KeyHelp, all bool) string {
	b := kb.b
	h := b.help
	h.ShowAll = all
	width := max(b.Common.Width-1, 1)
	h.SetWidth(width)
	if h.ShowAll {
		return h.View(k)
	}
	h.SetWidth(0) // measure uncut
	for len(k.Short) > 2 && common.TextWidth(h.ShortHelpView(k.Short)) > width {
		n := len(k.Short)
		k.Short = append(k.Short[:n-3:n-3], k.Short[n-2:]...)
	}
	h.SetWidth(width)
	return h.View(k)
}

// headerView is the header line: the game's title and the match's label
// (a room's code), kept while they and the theme are the same.
func (kb keyBar) headerView() string {
	b := kb.b
	label := kb.label()
	return b.headMemo.Get(headerKey{b.Common.Styles.Palette(), b.Common.ASCII, label}, func() string { return kb.drawHeader(label) })
}

// label is the match's label, "" without one.
func (kb keyBar) label() string {
	if kb.b.caps.Label == nil {
		return ""
	}
	return kb.b.caps.Label.Label()
}

// drawHeader draws the header line with the match's label.
func (kb keyBar) drawHeader(label string) string {
	b := kb.b
	st := b.Common.Styles
	title := st.Title.Render(" " + b.variant.Title)
	if label != "" {
		title += st.Muted.Render("  " + label)
	}
	return title
}

// headerKey is what the header line is drawn from besides the game.
type headerKey struct {
	theme string
	ascii bool
	label string
}

// Cursor is where the terminal's cursor stands: after the text typed at
// the move prompt while it is open, else nowhere (hidden).
func (b *BoardScreen) Cursor() *tea.Cursor {
	if !b.prompt || b.handOver().handingOver() != game.NoRole {
		return nil
	}
	l := b.Layout()
	_, c := b.promptField()
	if !l.Fits || c == nil {
		return nil
	}
	// The prompt is the status line's text after one space.
	c.X = min(c.X+1, b.Common.Width-1)
	c.Y = l.statusY
	return c
}

// promptField is the move prompt's text field and the terminal's cursor
// in it (common.Field.Line), once a frame: the status line and the
// cursor both ask for it.
func (b *BoardScreen) promptField() (string, *tea.Cursor) {
	fm := frameMemoOf(b.Common, &b.frame)
	if fm == nil || !fm.hasField {
		line, c := b.Input.Line()
		if fm == nil {
			return line, c
		}
		fm.field, fm.fieldCursor, fm.hasField = line, c, true
	}
	if fm.fieldCursor == nil {
		return fm.field, nil
	}
	c := *fm.fieldCursor // the caller's to move
	return fm.field, &c
}

// statusMaxLines is how many lines a long status may wrap to.
const statusMaxLines = 2

// statusView is the status line, wrapped to at most maxLines lines of
// the window so that a long message keeps its end where there is room.
func (kb keyBar) statusView(maxLines int) string {
	b := kb.b
	// A frame draws the status twice: once to count its lines for the
	// layout, then for that many lines, which is the same text when the
	// first had no more.
	fm := frameMemoOf(b.Common, &b.frame)
	if fm != nil && fm.hasStatus && fm.statusLines <= maxLines && maxLines <= fm.statusMax {
		return fm.status
	}
	s := kb.drawStatus(maxLines)
	if fm != nil {
		fm.status, fm.statusMax, fm.statusLines, fm.hasStatus = s, maxLines, strings.Count(s, "\n")+1, true
	}
	return s
}

// drawStatus is the status line, cut to maxLines.
func (kb keyBar) drawStatus(maxLines int) string {
	b := kb.b
	if b.prompt {
		line, _ := b.promptField()
		return " " + line
	}
	text, style := kb.statusText()
	st, width := b.Common.Styles, max(b.Common.Width-1, 1)
	// Drawn once for every session that shows it: the players of many
	// rooms are told the same ("x: place a marble…") after each move.
	return statusLines.Get(statusKey{st, text, style, width, maxLines}, func() string {
		lines := common.SplitLines(ansi.Wrap(text, width, ""))
		if len(lines) > maxLines {
			lines = lines[:maxLines]
			lines[maxLines-1] = common.Truncate(lines[maxLines-1], width-1) + "…"
		}
		for i, l := range lines {
			lines[i] = style.of(st).Render(" " + l)
		}
		return common.JoinLines(lines)
	})
}

// statusLines keeps the status lines drawn by every session.
var statusLines = common.NewDrawnSet[statusKey](common.MenuPartsMax)

// statusKey is what a status line is drawn from.
type statusKey struct {
	st              *themes.Styles
	text            string
	style           statusStyle
	width, maxLines int
}

// statusStyle is the style of the status line's text.
type statusStyle uint8

const (
	statusMuted statusStyle = iota
	statusAccent
	statusError
)

// of is the style of the theme's styles st.
func (s statusStyle) of(st *themes.Styles) lipgloss.Style {
	switch s {
	case statusAccent:
		return st.Accent
	case statusError:
		return st.Error
	}
	return st.Muted
}

// statusText is what the status line says and in which style.
func (kb keyBar) statusText() (string, statusStyle) {
	b := kb.b
	switch {
	case b.Confirm != "" && b.question != "":
		return b.question, statusAccent
	case b.Status != "" && b.IsErr:
		return b.Status, statusError
	case b.Reviewing():
		return b.nav().reviewStatus(), statusAccent
	case b.Status != "":
		return b.Status, statusAccent
	case b.warning() != "":
		return b.warning(), statusError
	case b.Ended():
		return b.Match.Result(), statusMuted
	}
	mover := b.Game().ToMove()
	who := b.variant.RoleName(mover) + " (" + b.Match.Seat(mover).Name + ")"
	a := b.Match.AI()
	switch {
	case b.isAI(mover) && a.Paused:
		return "AI paused: p resumes", statusMuted
	case b.isAI(mover) && a.Searching && a.Waiting:
		return who + " waits for a free AI slot (the server is busy): space or esc moves now", statusMuted
	case b.isAI(mover) && a.Searching:
		return who + " is thinking: space or esc moves now", statusMuted
	case b.isAI(mover):
		return who + " moves next", statusMuted
	case !b.Mine(mover):
		return "waiting for " + who, statusMuted
	}
	return b.variant.RoleName(mover) + ": " + b.adapter.Prompt(b.Game(), b.Selected), statusMuted
}

// View is part of common.Screen.
func (b *BoardScreen) View() string {
	f, whole := b.frameParts()
	if whole != "" {
		return whole
	}
	size := len(f.header) + 1 + len(f.status) + 1 + len(f.help) + 2*strings.Count(f.help, "\n") + 2
	for _, line := range f.body {
		size += len(line) + 1
	}
	var sb strings.Builder
	sb.Grow(size)
	sb.WriteString(f.header)
	sb.WriteString("\n\n")
	for _, line := range f.body {
		sb.WriteString(line)
		sb.WriteByte('\n')
	}
	sb.WriteString(f.status)
	for h := range strings.SplitSeq(f.help, "\n") {
		sb.WriteString("\n ")
		sb.WriteString(h)
	}
	return sb.String()
}

// ViewLines is View's text as its lines (common.LinesScreen): the kept
// lines of the body, the header, the status and the key bar, joined into
// no frame text.
func (b *BoardScreen) ViewLines(dst []string) []string {
	f, whole := b.frameParts()
	if whole != "" {
		return append(dst, common.SplitLines(whole)...)
	}
	dst = append(dst, f.header, "")
	dst = append(dst, f.body...)
	if strings.IndexByte(f.status, '\n') < 0 {
		dst = append(dst, f.status)
	} else {
		dst = append(dst, common.SplitLines(f.status)...)
	}
	return append(dst, b.helpLines.Get(f.help, func() []string {
		lines := common.SplitLines(f.help)
		for i, h := range lines {
			lines[i] = " " + h
		}
		return lines
	})...)
}

// boardFrame is a frame of the board screen in its parts: the header
// line, the body (the board block and the panel side by side, as
// lines), the status line and the key bar.
type boardFrame struct {
	header, status, help string
	body                 []string
}

// frameParts draws the frame's parts; or, for a window too small or a
// hand-over, the whole frame's text.
func (b *BoardScreen) frameParts() (boardFrame, string) {
	l := b.Layout()
	if !l.Fits {
		return boardFrame{}, common.TooSmall(b.Common.Width, b.Common.Height, l.needW, l.needH)
	}
	if r := b.handOver().handingOver(); r != game.NoRole {
		return boardFrame{}, b.handOver().handOverView(r)
	}
	var f boardFrame
	if fm := frameMemoOf(b.Common, &b.frame); fm != nil && fm.keptLayout {
		f.body = b.kept.body // only the prompt changed since (see keptParts)
		b.kept.used()
	} else {
		f.body = b.body(l, b.grid().boardLines(l), b.panel().panelView(l))
		if fm != nil {
			b.kept.keep(b, fm.statusN, fm.helpH, l, f.body)
		}
	}
	f.header, f.status, f.help = b.bar().headerView(), b.bar().statusView(l.statusH), b.bar().helpView()
	return f, ""
}

// bodyKey is what the frame's body is drawn from: the board block and
// the panel as kept by their memos (the board's by its first line's
// address, which changes whenever the memo draws it again), where the
// board stands and the room for the body.
type bodyKey struct {
	board        *string
	boardLines   int
	panel        string
	bx, w, lines int
}

// body is the board block and the panel side by side, fitted to the
// window's width and the lines between header and status: on most frames
// (a key typed at the prompt) the same as the last, so kept.
func (b *BoardScreen) body(l boardLayout, board []string, panel string) []string {
	k := bodyKey{boardLines: len(board), panel: panel, bx: l.boardX, w: b.Common.Width, lines: l.statusY - boardY}
	if len(board) > 0 {
		k.board = &board[0]
	}
	join := func() []string {
		// The board block's lines are made one width (drawBoardRows),
		// and so are the panel's, a box (see panelView): each block is
		// measured by its first line.
		body, widths := b.bodyRows.JoinEven(1<<1|1<<3, []string{strings.Repeat(" ", l.boardX)}, board, []string{"  "}, common.SplitLines(panel))
		return common.FitLines(body, widths, b.Common.Width, l.statusY-boardY)
	}
	return b.bodyMemo.Get(k, func() []string {
		if k.board == nil {
			return join()
		}
		// A board block shared by other sessions (sharedBoards) beside a
		// shared panel (sharedPanels), the players and watchers of a room
		// after a move: joined once for all of them.
		return sharedBodies.Shared(k, join)
	})
}

// sharedBodies keeps the frames' bodies joined by every session, by
// their bodyKey: the board's lines by the address of the first (the
// key keeps them, so no other block takes that address) and the panel's
// text. The lines handed out are shared: never changed.
var sharedBodies = common.NewLinesSet[bodyKey](sharedBodiesMax)

// sharedBodiesMax bounds sharedBodies: bodies of a few kilobytes, more
// than the rooms a server holds change in a second.
const sharedBodiesMax = 2048
