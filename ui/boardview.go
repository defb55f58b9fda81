package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
)

// boardLayout is the geometry of the board screen for one window size.
// View draws with these numbers and the mouse is hit-tested with the
// same numbers, so clicks follow the drawing at any size.
type boardLayout struct {
	ok           bool // the window is large enough
	needW, needH int  // the smallest window that fits

	rows, cols   int
	cw, ch       int // cell size in terminal cells
	lw           int // width of the row labels
	gap          int // a gap after this many rows/columns (Pentago's quadrants)
	gapW, gapH   int
	overlay      bool // a line of the adapter's regions above and below
	top          int  // lines above the first row: labels, then regions
	bx, by       int  // the board block's top-left on the screen
	bw, bh       int
	px, py       int // the side panel
	pw, ph       int
	listY, listH int // the move list inside the panel
	statusY      int
	statusH      int // lines of status (a long one wraps)
	helpY, helpH int
	// buttons are the end-of-game buttons, drawn in the panel under the
	// result; empty while the game goes on.
	buttons []button
}

// button is a clickable label on the screen.
type button struct {
	x, y, w int
	label   string
	action  endAction
}

// endAction is what an end-of-game button does.
type endAction int

const (
	endRematch endAction = iota
	endNewGame
	endMenu
)

// endButtons lays out the end-of-game buttons from (x, y) in a panel
// line of the given width: full labels when they fit, short ones else.
func (b *boardScreen) endButtons(x, y, width int) []button {
	type choice struct {
		long, short string
		action      endAction
	}
	choices := []choice{{"[ Rematch ]", "[Rematch]", endRematch}, {"[ New game ]", "[New]", endNewGame}, {"[ Menu ]", "[Menu]", endMenu}}
	if b.caps.rematch == nil {
		choices = choices[2:]
	}
	total := 0
	for _, c := range choices {
		total += len(c.long) + 1
	}
	long := total-1 <= width
	var out []button
	for _, c := range choices {
		label := c.short
		if long {
			label = c.long
		}
		out = append(out, button{x: x, y: y, w: len(label), label: label, action: c.action})
		x += len(label) + 1
	}
	return out
}

// buttonAt returns the button under (x, y).
func (l boardLayout) buttonAt(x, y int) (button, bool) {
	for _, bt := range l.buttons {
		if y == bt.y && x >= bt.x && x < bt.x+bt.w {
			return bt, true
		}
	}
	return button{}, false
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
func (b *boardScreen) roleLinesWide(inner int) bool {
	roleW, stocks := 0, 0
	for i, role := range b.v.Roles {
		roleW = max(roleW, len(role))
		stocks = max(stocks, textWidth(b.ax.stocksOf(b.game(), game.Role(i))))
	}
	return 2+2+roleW+1+10+1+stocks <= inner
}

func (b *boardScreen) panelFixedLines(inner int) int {
	n := len(b.v.Roles)
	if !b.roleLinesWide(inner) {
		n *= 2
	}
	n += len(counterLines(b.ax.counterOf(b.game()), inner))
	// turn, blank, roles, counter, blank, "Moves" header, AI line
	return n + 5
}

// layout fits the board to the window, with a long status wrapped to two
// lines when the board still fits with them, else cut to one.
func (b *boardScreen) layout() boardLayout {
	fm := b.c.frameMemo(&b.frame)
	if fm != nil && fm.hasLayout {
		return fm.layout
	}
	n := lipgloss.Height(b.statusView(statusMaxLines))
	l := b.layoutFor(n)
	if !l.ok && n > 1 {
		l = b.layoutFor(1)
	}
	if fm != nil {
		fm.layout, fm.hasLayout = l, true
	}
	return l
}

// layoutFor lays the screen out with statusH lines of status.
func (b *boardScreen) layoutFor(statusH int) boardLayout {
	w, h := b.c.width, b.c.height
	l := boardLayout{statusH: statusH}
	l.rows, l.cols = b.vu.dims()
	l.gap, l.overlay = b.ax.blockSize(), b.ax.overlay != nil
	for r := 0; r < l.rows; r++ {
		l.lw = max(l.lw, textWidth(b.vu.rowLabel(r))+1)
	}
	l.top = 1
	if l.overlay {
		l.top = 2
	}
	l.helpH = max(1, lipgloss.Height(b.helpView()))
	l.helpY = h - l.helpH
	l.statusY = l.helpY - statusH
	avail := l.statusY - boardY
	panelMinH := b.panelFixedLines(panelMinW-4) + 2 + 2 // borders and two list lines
	l.bx, l.by = 1, boardY
	for i, sz := range cellSizes {
		l.cw, l.ch = sz.w, sz.h
		l.gapW, l.gapH = 0, 0
		if l.gap > 0 {
			// A line between the blocks: "│" alone between small
			// cells, " │ " between larger ones; "─" across.
			l.gapW, l.gapH = 1, 1
			if l.cw > 3 {
				l.gapW = 3
			}
		}
		l.bw = l.lw + l.cols*l.cw + l.gapW
		l.bh = l.top + l.rows*l.ch + l.gapH
		if l.overlay {
			l.bh++
		}
		fits := l.bx+l.bw+2+sz.panelW <= w && l.bh <= avail && panelMinH <= avail
		if i == len(cellSizes)-1 {
			l.needW = l.bx + l.bw + 2 + panelMinW
			l.needH = boardY + max(l.bh, panelMinH) + 1 + l.helpH
			l.ok = fits
		}
		if fits {
			l.ok = true
			break
		}
	}
	l.px, l.py = l.bx+l.bw+2, boardY
	l.pw = min(w-l.px, 60)
	l.ph = max(avail, 0)
	fixed := b.panelFixedLines(max(l.pw-4, 1))
	l.listY = l.py + 1 + fixed - 1
	l.listH = max(l.ph-2-fixed, 0)
	if b.ended() && !b.reviewing() {
		// Inside the border and padding, on the line under the result.
		l.buttons = b.endButtons(l.px+2, l.py+2, max(l.pw-4, 1))
	}
	return l
}

func (b *boardScreen) minSize() (int, int) {
	fm := b.c.frameMemo(&b.frame)
	if fm != nil && fm.hasMin {
		return fm.minW, fm.minH
	}
	// The status takes at least one line whatever it says: the size
	// needed does not depend on it, so it need not be drawn.
	l := b.layoutFor(1)
	if fm != nil {
		fm.minW, fm.minH, fm.hasMin = l.needW, l.needH, true
	}
	return l.needW, l.needH
}

// cellX and cellY are the top-left of a cell inside the board block.
func (l boardLayout) cellX(c int) int {
	x := l.lw + c*l.cw
	if l.gap > 0 && c >= l.gap {
		x += l.gapW
	}
	return x
}

func (l boardLayout) cellY(r int) int {
	y := l.top + r*l.ch
	if l.gap > 0 && r >= l.gap {
		y += l.gapH
	}
	return y
}

// cellAt returns the cell under screen position (x, y).
func (l boardLayout) cellAt(x, y int) (pos, bool) {
	x, y = x-l.bx, y-l.by
	for r := 0; r < l.rows; r++ {
		cy := l.cellY(r)
		if y < cy || y >= cy+l.ch {
			continue
		}
		for c := 0; c < l.cols; c++ {
			cx := l.cellX(c)
			if x >= cx && x < cx+l.cw {
				return pos{r, c}, true
			}
		}
	}
	return pos{}, false
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
func (l boardLayout) regionSpan(g region) (x0, w int) {
	x0 = l.cellX(g.col)
	return x0, l.cellX(g.col+g.cols-1) + l.cw - x0
}

// partSpans lays out g's parts over its span: where each begins and how
// wide it is; the stretching part takes what the others leave.
func (l boardLayout) partSpans(g region) (xs, ws []int) {
	x, w := l.regionSpan(g)
	fixed := 0
	for _, p := range g.parts {
		if !p.stretch {
			fixed += len(p.text)
		}
	}
	xs, ws = make([]int, len(g.parts)), make([]int, len(g.parts))
	for i, p := range g.parts {
		ws[i] = len(p.text)
		if p.stretch {
			ws[i] = max(w-fixed, len(p.text))
		}
		xs[i] = x
		x += ws[i]
	}
	return xs, ws
}

// regionClickAt returns the click of the region part under (x, y): a
// part's text, and one cell beside it towards the middle of its region.
func (l boardLayout) regionClickAt(regions []region, x, y int) (id int, ok bool) {
	if !l.overlay {
		return 0, false
	}
	x, y = x-l.bx, y-l.by
	for _, g := range regions {
		x0, w := l.regionSpan(g)
		if y != l.overlayY(g.above) || x < x0 || x >= x0+w {
			continue
		}
		xs, ws := l.partSpans(g)
		for i, p := range g.parts {
			from, to := xs[i], xs[i]+ws[i]
			if xs[i] > x0 {
				from-- // a cell before it, unless it starts the region
			}
			if xs[i]+ws[i] < x0+w {
				to++
			}
			if p.click != 0 && x >= from && x < to {
				return p.click, true
			}
		}
	}
	return 0, false
}

func (l boardLayout) inMoveList(x, y int) bool {
	return x >= l.px && x < l.px+l.pw && y >= l.listY && y < l.listY+l.listH
}

// cellFlags are the highlights of one cell.
type cellFlags struct {
	cursor, sel, target, last, win, hint bool
	// chosen: the cell is in a region the player picked (Pentago's
	// quadrant to turn); lastArea: in a region the last move acted on
	// as a whole (the quadrant it turned).
	chosen, lastArea bool
}

// regions are the adapter's overlay regions for the position shown, the
// recent moves rv, the cursor and the hint; nil without an overlay.
func (b *boardScreen) regions(rv recentView) []region {
	if b.ax.overlay == nil {
		return nil
	}
	s := b.game()
	ov := overlayView{cur: b.cur, acting: b.mine(s.ToMove()) && !b.ended() && !b.reviewing(), recent: rv.moves}
	if ov.acting {
		ov.hint, ov.hinted = b.hintMove()
	}
	return b.ax.overlay.regions(s, ov)
}

// marks computes every highlight of the board from the game, the recent
// moves rv and the overlay's regions.
func (b *boardScreen) marks(rv recentView, regions []region) [][]cellFlags {
	rows, cols := b.vu.dims()
	f := make([][]cellFlags, rows)
	for r := range f {
		f[r] = make([]cellFlags, cols)
	}
	in := func(p pos) bool { return p.r >= 0 && p.r < rows && p.c >= 0 && p.c < cols }
	set := func(ps []pos, fn func(*cellFlags)) {
		for _, p := range ps {
			if in(p) {
				fn(&f[p.r][p.c])
			}
		}
	}
	set(rv.cells, func(c *cellFlags) { c.last = true })
	for _, g := range regions {
		if g.last {
			set(g.cells, func(c *cellFlags) { c.lastArea = true })
		}
		if g.chosen {
			set(g.cells, func(c *cellFlags) { c.chosen = true })
		}
	}
	if b.ended() {
		set(b.ax.winsOf(b.game()), func(c *cellFlags) { c.win = true })
	} else if b.mine(b.game().ToMove()) && !b.reviewing() {
		from := b.cur
		if b.sel != nil {
			from = *b.sel
		}
		set(b.ax.targetsOf(b.game(), from), func(c *cellFlags) { c.target = true })
		if h, ok := b.hintMove(); ok {
			set(b.vu.moveCells(b.game(), h), func(c *cellFlags) { c.hint = true })
		}
	}
	if b.sel != nil {
		set([]pos{*b.sel}, func(c *cellFlags) { c.sel = true })
	}
	set([]pos{b.cur}, func(c *cellFlags) { c.cursor = true })
	return f
}

// renderCell draws line i (0-based) of one cell, cw wide.
func (b *boardScreen) renderCell(info cellInfo, fl cellFlags, l boardLayout, line int) string {
	return b.c.cells.draw(b.c.st, b.cellKey(info, fl, l, line))
}

// cellKey is what line i of a cell is drawn from: its style, brackets
// and glyph.
func (b *boardScreen) cellKey(info cellInfo, fl cellFlags, l boardLayout, line int) cellKey {
	g := b.c.st.Glyphs
	k := cellKey{bg: bgCell, width: l.cw, left: " ", right: " ", seat: game.NoRole}
	if info.alt || fl.chosen || info.zone {
		k.bg = bgCellAlt
	}
	switch {
	case fl.win:
		// Only set when the game is over: the result matters more than
		// the cursor.
		k.bg, k.left, k.right = bgWin, "*", "*"
	case fl.cursor:
		k.bg, k.left, k.right = bgCursor, "[", "]"
	case fl.sel:
		k.bg, k.left, k.right = bgSel, "{", "}"
	case fl.hint:
		k.bg, k.left, k.right = bgHint, "!", "!"
	case fl.target && info.glyph != "":
		k.bg, k.left, k.right = bgTarget, ">", "<"
	case fl.target:
		k.bg = bgTarget
	case fl.last:
		k.bg, k.left, k.right = bgLast, "(", ")"
	case fl.lastArea:
		// The whole region the last move acted on (the quadrant it
		// turned); its label says so too, which shows without colour.
		k.bg = bgLast
	}
	if info.missing {
		return cellKey{bg: bgMissing, width: l.cw, blank: true, seat: game.NoRole}
	}
	if line != l.ch/2 {
		return cellKey{bg: k.bg, width: l.cw, blank: true, seat: game.NoRole}
	}
	k.glyph = g.Empty
	switch {
	case info.alt:
		// Shaded cells (Tic-Tac-Chess's border) can never be entered:
		// left blank so they read as such without colour too.
		k.glyph = g.Missing
	case info.zone:
		// A mark of its own, so that the zone shows without colour too.
		k.glyph = zoneGlyph(b.c.ascii)
	}
	switch {
	case info.glyph != "" && fl.win:
		// The winning pieces in the Win style's own colour: a bright
		// background takes no piece colour well, and whose they are is
		// plain from the letter and the result.
		k.glyph = info.glyph
	case info.glyph != "":
		k.glyph, k.piece, k.seat, k.role = info.glyph, true, info.seat, b.v.RoleName(info.seat)
	case fl.target:
		k.glyph = g.Dot
	}
	return k
}

// boardLines draws the board block (regions, labels, cells) as lines.
func (b *boardScreen) boardLines(l boardLayout) []string {
	cells := b.vu.cells(b.game())
	rv := b.recent()
	regions := b.regions(rv)
	fl := b.marks(rv, regions)
	var over [2]string // the overlay's lines above and below the board
	if l.overlay {
		over = [2]string{b.overlayLine(l, regions, true), b.overlayLine(l, regions, false)}
	}
	// Most frames (keys typed at the prompt, a clock, another player's
	// seat) leave the board as it was: it is kept while everything it is
	// drawn from is the same. A board drawn anew is first looked for
	// among the ones other sessions drew: the players and watchers of a
	// room see one position, most often with the same highlights.
	key := b.boardMemoKey(l, cells, fl, over)
	return b.boardMemo.get(key, func() []string {
		shared := sharedBoards.get(sharedBoardKey{b.c.st, b.v, key}, func() string {
			return joinLines(b.drawBoard(l, cells, fl, over))
		})
		return splitLines(shared)
	})
}

// sharedBoards keeps the board blocks drawn by every session, each as
// its lines joined.
var sharedBoards = newDrawnSet[sharedBoardKey](sharedBoardsMax)

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
// theme, every cell and its highlights, the overlay's lines.
func (b *boardScreen) boardMemoKey(l boardLayout, cells [][]cellInfo, fl [][]cellFlags, over [2]string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%v|%s|%t|%s|%s|", l, b.c.st.Palette(), b.c.ascii, over[0], over[1])
	for r := range cells {
		for c := range cells[r] {
			ci, f := cells[r][c], fl[r][c]
			sb.WriteString(ci.glyph)
			sb.WriteByte(0)
			sb.WriteString(strconv.Itoa(int(ci.seat)))
			for _, bit := range [...]bool{ci.alt, ci.missing, ci.zone, f.cursor, f.sel, f.target, f.last, f.win, f.hint, f.chosen, f.lastArea} {
				if bit {
					sb.WriteByte('1')
				} else {
					sb.WriteByte('0')
				}
			}
		}
	}
	return sb.String()
}

// drawBoard draws the board block's lines.
func (b *boardScreen) drawBoard(l boardLayout, cells [][]cellInfo, fl [][]cellFlags, over [2]string) []string {
	st := b.c.st
	// A board in blocks (Pentago's quadrants) is parted by lines, so that
	// each reads as a block.
	g := st.Glyphs.Box
	sepV := b.gapLine(l)
	lines := []string{b.colLabelLine(l)}
	if l.overlay {
		lines = append(lines, over[0])
	}
	for r := 0; r < l.rows; r++ {
		if l.gap > 0 && r == l.gap {
			half := strings.Repeat(g.Top, l.gap*l.cw)
			cross := strings.Repeat(g.Top, (l.gapW-1)/2) + g.Middle + strings.Repeat(g.Top, l.gapW/2)
			lines = append(lines, strings.Repeat(" ", l.lw)+b.c.cells.mutedText(st, half+cross+half))
		}
		for i := 0; i < l.ch; i++ {
			var sb strings.Builder
			// About what a cell's colour codes and glyph take.
			sb.Grow(l.lw + l.cols*(l.cw+48))
			label := ""
			if i == l.ch/2 {
				label = b.vu.rowLabel(r)
			}
			sb.WriteString(b.c.cells.mutedText(st, fmt.Sprintf("%*s ", l.lw-1, label)))
			for c := 0; c < l.cols; c++ {
				if l.gap > 0 && c == l.gap {
					sb.WriteString(sepV)
				}
				sb.WriteString(b.renderCell(cells[r][c], fl[r][c], l, i))
			}
			lines = append(lines, sb.String())
		}
	}
	if l.overlay {
		lines = append(lines, over[1])
	}
	for i := range lines {
		lines[i] = padRight(mergeStyles(lines[i]), l.bw)
	}
	return lines
}

// gapLine is the vertical line between blocks of columns, "" for a
// board without blocks.
func (b *boardScreen) gapLine(l boardLayout) string {
	if l.gap == 0 {
		return ""
	}
	return b.c.cells.mutedText(b.c.st, centre(b.c.st.Glyphs.Box.Left, l.gapW))
}

// overlayLine draws the overlay's regions of the line above the board
// (or below it) over their columns, blank where no region is.
func (b *boardScreen) overlayLine(l boardLayout, regions []region, above bool) string {
	var sb strings.Builder
	sb.WriteString(strings.Repeat(" ", l.lw))
	for c := 0; c < l.cols; {
		if l.gap > 0 && c == l.gap {
			sb.WriteString(b.gapLine(l))
		}
		g, ok := regionAtColumn(regions, c, above)
		if !ok {
			sb.WriteString(strings.Repeat(" ", l.cw))
			c++
			continue
		}
		_, ws := l.partSpans(g)
		for i, p := range g.parts {
			text := p.text
			if p.stretch {
				lp := (ws[i] - len(text)) / 2
				text = strings.Repeat(" ", lp) + text + strings.Repeat(" ", ws[i]-lp-len(text))
			}
			sb.WriteString(b.styled(p.style, text))
		}
		c += g.cols
	}
	return sb.String()
}

// regionAtColumn is the region of a line that begins at column c.
func regionAtColumn(regions []region, c int, above bool) (region, bool) {
	for _, g := range regions {
		if g.above == above && g.col == c {
			return g, true
		}
	}
	return region{}, false
}

// colLabelLine draws the column labels. Labels that do not fit a cell
// with a space to spare lose their letter (c10 → 10), which moves to
// the corner.
func (b *boardScreen) colLabelLine(l boardLayout) string {
	// The same on every frame of one size: kept.
	k := labelsKey{l.lw, l.cw, l.gap, l.gapW, l.cols, b.c.st.Palette(), b.c.ascii}
	return b.labelMemo.get(k, func() string { return b.drawColLabels(l) })
}

// labelsKey is what the column labels are drawn from, besides the
// board's labels themselves.
type labelsKey struct {
	lw, cw, gap, gapW, cols int
	theme                   string
	ascii                   bool
}

func (b *boardScreen) drawColLabels(l boardLayout) string {
	st := b.c.st
	compact, prefix := false, ""
	for c := 0; c < l.cols; c++ {
		if len(b.vu.colLabel(c)) >= l.cw {
			compact = true
		}
	}
	if compact {
		prefix = strings.TrimRight(b.vu.colLabel(0), "0123456789")
	}
	var lab strings.Builder
	lab.WriteString(b.c.cells.mutedText(st, fmt.Sprintf("%*s", l.lw, prefix+" ")))
	for c := 0; c < l.cols; c++ {
		if l.gap > 0 && c == l.gap {
			lab.WriteString(strings.Repeat(" ", l.gapW))
		}
		s := b.vu.colLabel(c)
		if compact {
			s = strings.TrimPrefix(s, prefix)
		}
		lp := (l.cw - len(s) + 1) / 2
		lab.WriteString(b.c.cells.mutedText(st, strings.Repeat(" ", max(lp, 0))+s+strings.Repeat(" ", max(l.cw-lp-len(s), 0))))
	}
	return lab.String()
}

// zoneGlyph marks an empty cell of a goal zone.
func zoneGlyph(ascii bool) string {
	if ascii {
		return ":"
	}
	return "∘"
}

// centre pads a one-cell glyph with spaces to w cells.
func centre(glyph string, w int) string {
	left := (w - 1) / 2
	return strings.Repeat(" ", left) + glyph + strings.Repeat(" ", max(w-1-left, 0))
}

// styled is s in one of the theme's text styles, drawn once per session.
func (b *boardScreen) styled(style textStyle, s string) string {
	return b.c.cells.text(b.c.st, textKey{style: style, seat: game.NoRole, text: s})
}

// pieceText is s in role r's piece style, drawn once per session.
func (b *boardScreen) pieceText(r game.Role, s string) string {
	return b.c.cells.text(b.c.st, textKey{style: textPiece, seat: r, role: b.v.RoleName(r), text: s})
}

// roleLetter is the letter a role's pieces are drawn with.
func roleLetter(role string) string {
	if role == "" {
		return "?"
	}
	return strings.ToUpper(role[:1])
}

// panelView draws the side panel: turn or result, seats with stocks,
// the move list and the AI's status.
func (b *boardScreen) panelView(l boardLayout) string {
	// Most frames (a key typed at the prompt, a cursor move) leave the
	// panel as it was, and its border costs more than its lines.
	content := b.panelContent(l)
	return b.panelMemo.get(panelKey{b.c.st.Palette(), b.c.ascii, content}, func() string {
		return mergeStyles(b.boxPanel(content, max(l.pw-4, 1)))
	})
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
// inner cells wide, as panelContent makes them. The border is cut from
// the panel style's own rendering of a probe of that width, kept per
// width and theme, so it is what lipgloss draws byte for byte (the test
// TestBoxPanelMatchesLipgloss checks that in every theme and colour
// profile) without lipgloss measuring and styling every line of every
// panel. Any other content goes to lipgloss.
func (b *boardScreen) boxPanel(content string, inner int) string {
	lines := splitLines(content)
	for _, l := range lines {
		if lineWidth(l) != inner {
			return b.c.st.Panel.Render(content)
		}
	}
	bd := b.border.get(borderKey{inner, b.c.st.Palette(), b.c.ascii}, func() panelBorder {
		return cutBorder(b.c.st.Panel.Render(strings.Repeat("x", inner)), inner)
	})
	if !bd.ok {
		return b.c.st.Panel.Render(content)
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
	parts := splitLines(probe)
	if len(parts) != 3 {
		return panelBorder{}
	}
	left, right, found := strings.Cut(parts[1], strings.Repeat("x", inner))
	if !found {
		return panelBorder{}
	}
	return panelBorder{top: parts[0], bottom: parts[2], left: left, right: right, ok: true}
}

// panelContent is the lines inside the panel's border.
func (b *boardScreen) panelContent(l boardLayout) string {
	st := b.c.st
	inner := max(l.pw-4, 1)
	var lines []string
	add := func(s string) { lines = append(lines, cutANSI(s, inner)) }
	mover := b.game().ToMove()
	moverName := b.v.RoleName(mover)
	switch {
	case b.reviewing() && !b.atEnd():
		add(st.Accent.Render(fmt.Sprintf("reviewing move %d of %d", b.rv.at, len(b.history()))))
	case b.ended():
		// The panel is narrow: the why is in the status line.
		short, _, _ := strings.Cut(b.m.result(), " — ")
		add(b.styled(textAccent, short))
	default:
		head := roleLetter(moverName) + " " + moverName
		who := ellipsis(b.m.seat(mover).name, max(inner-textWidth(head+" to move: "), 1))
		add(b.pieceText(mover, head) + b.styled(textPlain, " to move: "+who))
	}
	if len(l.buttons) > 0 {
		var row strings.Builder
		for i, bt := range l.buttons {
			if i > 0 {
				row.WriteString(" ")
			}
			row.WriteString(st.Key.Render(bt.label))
		}
		add(row.String())
	} else {
		add("")
	}
	for _, line := range b.seatLines(inner) {
		add(line)
	}
	for _, line := range counterLines(b.ax.counterOf(b.game()), inner) {
		add(b.styled(textMuted, line))
	}
	// The markers' legend, where a blank line parts the seats from the
	// moves: it costs no line.
	add(b.styled(textMuted, b.ax.legendOf(b.c.ascii)))
	list := append([]string{b.styled(textTitle, "Moves") + b.styled(textMuted, fmt.Sprintf(" (%d)", len(b.history())))},
		splitLines(b.moveListView(inner, l.listH))...)
	if b.an.on {
		list = b.analysisPanel(inner, l.listH)
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
	if b.reviewing() {
		add(b.evalLine(inner))
	} else {
		add(b.aiLine())
	}
	for i := range lines {
		lines[i] = padRight(lines[i], inner)
	}
	return joinLines(lines)
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
		if n := len(lines); n > 0 && textWidth(lines[n-1])+1+textWidth(item) <= width {
			lines[n-1] += " " + item
			continue
		}
		for _, part := range splitLines(ansi.Wrap(item, max(width, 1), "")) {
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
func (b *boardScreen) seatLines(inner int) []string {
	var lines []string
	roleW := 0
	for _, role := range b.v.Roles {
		roleW = max(roleW, len(role))
	}
	wide := b.roleLinesWide(inner)
	// Names get what the line leaves beyond the stocks, at least 10.
	nameW := 10
	for i := range b.v.Roles {
		nameW = max(nameW, textWidth(b.m.seat(game.Role(i)).name))
	}
	room := inner - (2 + 2 + roleW + 1) - 1
	if wide {
		stocks := 0
		for i := range b.v.Roles {
			stocks = max(stocks, textWidth(b.ax.stocksOf(b.game(), game.Role(i))), len("shares the win"))
		}
		room -= stocks
	}
	nameW = max(min(nameW, room), 10)
	mover, resigned := b.game().ToMove(), b.resigned()
	for i, role := range b.v.Roles {
		r := game.Role(i)
		seat := b.m.seat(r)
		marker := "  "
		if r == mover && !b.ended() {
			marker = b.styled(textAccent, "> ")
		}
		extra := b.ax.stocksOf(b.game(), r)
		switch {
		case resigned == r:
			extra = "resigned"
		case resigned != game.NoRole:
			extra = "wins"
			if len(b.v.Roles) > 2 {
				extra = "shares the win"
			}
		case b.ended() && b.game().Terminal():
			extra = fmt.Sprintf("goal %d", b.game().Goal(r))
		case seat.status != "":
			extra = strings.TrimPrefix(extra+" · "+seat.status, " · ")
		}
		name := ellipsis(seat.name, nameW)
		head := marker + b.pieceText(r, roleLetter(role)+" "+padRight(role, roleW)) + " " +
			b.styled(textPlain, padRight(name, nameW))
		if wide {
			lines = append(lines, head+" "+b.styled(textMuted, extra))
		} else {
			lines = append(lines, head, "    "+b.styled(textMuted, extra))
		}
	}
	return lines
}

// moveListView is the visible part of the move list, w×h, scrolled up
// moveScroll lines from its end. It is kept while the list and its
// size are unchanged: the viewport measures every line of it.
func (b *boardScreen) moveListView(w, h int) string {
	text := b.moveListText()
	return b.movesMemo.get(movesKey{w, h, b.moveScroll, text}, func() string {
		return scrollView(b.movesVP, text, w, h, b.moveScroll)
	})
}

// movesKey is what the visible move list is drawn from.
type movesKey struct {
	w, h, scroll int
	text         string
}

// scrollView is what viewport vp shows of text in w×h, scrolled up from
// its end by up lines. When every line shown fits (as move lists do) it
// is cut and padded here, as the viewport would, without lipgloss
// measuring and wrapping each line; TestScrollViewMatchesViewport checks
// that it is the same.
func scrollView(vp viewport.Model, text string, w, h, up int) string {
	lines := splitLines(text)
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
		lw := lineWidth(line)
		if lw > w || strings.ContainsAny(line, "\t\r") {
			vp.SetWidth(w)
			vp.SetHeight(h)
			vp.SetContent(text)
			vp.SetYOffset(len(lines) - h - up)
			return vp.View()
		}
		sb.WriteString(line)
		for range w - lw {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

// moveListText is the move list, one line a move. Outside review it is
// kept while the moves are the same: a line costs a format and a style.
func (b *boardScreen) moveListText() string {
	if b.reviewing() {
		return b.drawMoveList()
	}
	var key strings.Builder
	key.WriteString(b.c.st.Palette())
	key.WriteString(strconv.FormatBool(b.c.ascii))
	for _, pm := range b.history() {
		key.WriteByte(0)
		key.WriteString(pm.mover)
		key.WriteByte(1)
		key.WriteString(pm.text)
	}
	return b.listMemo.get(key.String(), b.drawMoveList)
}

func (b *boardScreen) drawMoveList() string {
	var sb strings.Builder
	moves := b.history()
	for i, pm := range moves {
		if i > 0 {
			sb.WriteString("\n")
		}
		line := fmt.Sprintf("%3d. ", i+1) + b.pieceText(b.v.RoleIndex(pm.mover), padRight(pm.mover, 6)) + " " + pm.text
		if b.reviewing() {
			line = b.reviewMoveLine(i, pm)
		}
		sb.WriteString(line)
	}
	if len(moves) == 0 {
		sb.WriteString(b.c.st.Muted.Render("no moves yet"))
	}
	return sb.String()
}

// aiLine is the AI's live status.
func (b *boardScreen) aiLine() string {
	st := b.c.st
	a := b.m.ai()
	switch {
	case a.searching && a.waiting:
		return st.Accent.Render(b.spin.View() + " AI waiting for a free slot")
	case a.searching:
		what := "AI thinking"
		if a.forHint {
			what = "finding a hint"
		}
		s := b.spin.View() + " " + what
		if a.depth > 0 {
			s += fmt.Sprintf(" · depth %d · best %s", a.depth, moveName(b.game(), a.best))
		}
		return st.Accent.Render(s)
	case a.remote:
		return st.Accent.Render(b.spin.View() + " AI thinking")
	case a.paused:
		return st.Muted.Render("AI paused (p resumes)")
	case a.hasSeat && !b.ended():
		return st.Muted.Render("AI ready")
	}
	return ""
}

// helpView is the key bar, or every key with ?. The bar drops the
// least needed keys (the last before ? and q) until it fits, so that
// "? more keys" and "q quit" always show.
func (b *boardScreen) helpView() string {
	fm := b.c.frameMemo(&b.frame)
	if fm != nil && fm.hasHelp {
		return fm.help
	}
	k := b.keys()
	draw := func(all bool) string {
		memoKey := helpMemoKey(k, b.c.width, all, b.c.st.Palette(), b.c.ascii)
		return boardHelps.get(boardHelpKey{styleKeyOf(b.c), memoKey}, func() string { return mergeStyles(b.drawHelp(k, all)) })
	}
	h := draw(false)
	if b.help.ShowAll {
		// Every key, where the board still fits beside it at its smallest;
		// else the bar stays (a tall game's keys at 80×24 hid the game
		// behind "Terminal too small").
		if all := draw(true); b.fullHelpFits(all) {
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
var boardHelps = newDrawnSet[boardHelpKey](menuPartsMax)

// boardHelpKey is a key bar's helpMemoKey with the colours of its styles:
// sessions share bars, and a theme's name alone does not say its colours.
type boardHelpKey struct {
	style menuStyleKey
	help  string
}

// fullHelpFits reports whether the list of every key, all, shows whole
// beside the board: no column cut for the width (the help then ends in
// its ellipsis, and the last column, with ? and q, is the one lost) and
// the board still fits above it.
func (b *boardScreen) fullHelpFits(all string) bool {
	return !strings.Contains(all, b.help.Ellipsis) && b.fitsWithHelp(lipgloss.Height(all))
}

// fitsWithHelp reports whether the window holds the board at its
// smallest cells, its panel and a key help of helpH lines.
func (b *boardScreen) fitsWithHelp(helpH int) bool {
	rows, _ := b.vu.dims()
	sz := cellSizes[len(cellSizes)-1]
	bh := 1 + rows*sz.h
	if b.ax.blockSize() > 0 {
		bh++
	}
	if b.ax.overlay != nil {
		bh += 2 // the overlay's line above and below
	}
	panelMinH := b.panelFixedLines(panelMinW-4) + 2 + 2
	statusH := 1
	return boardY+max(bh, panelMinH)+statusH+helpH <= b.c.height
}

// drawHelp draws the key bar, or every key when all is set.
func (b *boardScreen) drawHelp(k keyHelp, all bool) string {
	h := b.help
	h.ShowAll = all
	width := max(b.c.width-1, 1)
	h.SetWidth(width)
	if h.ShowAll {
		return h.View(k)
	}
	h.SetWidth(0) // measure uncut
	for len(k.short) > 2 && textWidth(h.ShortHelpView(k.short)) > width {
		n := len(k.short)
		k.short = append(k.short[:n-3:n-3], k.short[n-2:]...)
	}
	h.SetWidth(width)
	return h.View(k)
}

func (b *boardScreen) headerView() string {
	st := b.c.st
	title := st.Title.Render(" " + b.v.Title)
	if b.caps.label != nil && b.caps.label.label() != "" {
		label := b.caps.label.label()
		title += st.Muted.Render("  " + label)
	}
	return title
}

// cursor is where the terminal's cursor stands: after the text typed at
// the move prompt while it is open, else nowhere (hidden).
func (b *boardScreen) cursor() *tea.Cursor {
	if !b.prompt || b.handingOver() != game.NoRole {
		return nil
	}
	l := b.layout()
	c := b.input.Cursor()
	if !l.ok || c == nil {
		return nil
	}
	// The prompt is the status line's text after one space.
	c.X = min(c.X+1, b.c.width-1)
	c.Y = l.statusY
	return c
}

// statusMaxLines is how many lines a long status may wrap to.
const statusMaxLines = 2

// statusView is the status line, wrapped to at most maxLines lines of
// the window so that a long message keeps its end where there is room.
func (b *boardScreen) statusView(maxLines int) string {
	if b.prompt {
		return " " + b.input.View()
	}
	text, style := b.statusText()
	width := max(b.c.width-1, 1)
	lines := splitLines(ansi.Wrap(text, width, ""))
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = truncate(lines[maxLines-1], width-1) + "…"
	}
	for i, l := range lines {
		lines[i] = style.Render(" " + l)
	}
	return joinLines(lines)
}

// statusText is what the status line says and in which style.
func (b *boardScreen) statusText() (string, lipgloss.Style) {
	st := b.c.st
	switch {
	case b.confirm != "" && b.question != "":
		return b.question, st.Accent
	case b.status != "" && b.isErr:
		return b.status, st.Error
	case b.reviewing():
		return b.reviewStatus(), st.Accent
	case b.status != "":
		return b.status, st.Accent
	case b.warning() != "":
		return b.warning(), st.Error
	case b.ended():
		return b.m.result(), st.Muted
	}
	mover := b.game().ToMove()
	who := b.v.RoleName(mover) + " (" + b.m.seat(mover).name + ")"
	a := b.m.ai()
	switch {
	case b.isAI(mover) && a.paused:
		return "AI paused: p resumes", st.Muted
	case b.isAI(mover) && a.searching && a.waiting:
		return who + " waits for a free AI slot (the server is busy): space or esc moves now", st.Muted
	case b.isAI(mover) && a.searching:
		return who + " is thinking: space or esc moves now", st.Muted
	case b.isAI(mover):
		return who + " moves next", st.Muted
	case !b.mine(mover):
		return "waiting for " + who, st.Muted
	}
	return b.v.RoleName(mover) + ": " + b.vu.prompt(b.game(), b.sel), st.Muted
}

func (b *boardScreen) view() string {
	l := b.layout()
	if !l.ok {
		return tooSmall(b.c.width, b.c.height, l.needW, l.needH)
	}
	if r := b.handingOver(); r != game.NoRole {
		return b.handOverView(r)
	}
	body := b.body(l, b.boardLines(l), b.panelView(l))
	header, status, help := b.headerView(), b.statusView(l.statusH), b.helpView()
	size := len(header) + 1 + len(status) + 1 + len(help) + 2*strings.Count(help, "\n") + 2
	for _, line := range body {
		size += len(line) + 1
	}
	var sb strings.Builder
	sb.Grow(size)
	sb.WriteString(header)
	sb.WriteString("\n\n")
	for _, line := range body {
		sb.WriteString(line)
		sb.WriteByte('\n')
	}
	sb.WriteString(status)
	for h := range strings.SplitSeq(help, "\n") {
		sb.WriteString("\n ")
		sb.WriteString(h)
	}
	return sb.String()
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
func (b *boardScreen) body(l boardLayout, board []string, panel string) []string {
	k := bodyKey{boardLines: len(board), panel: panel, bx: l.bx, w: b.c.width, lines: l.statusY - boardY}
	if len(board) > 0 {
		k.board = &board[0]
	}
	return b.bodyMemo.get(k, func() []string {
		body, widths := joinTopLines([]string{strings.Repeat(" ", l.bx)}, board, []string{"  "}, splitLines(panel))
		return fitLines(body, widths, b.c.width, l.statusY-boardY)
	})
}
