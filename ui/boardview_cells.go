package ui

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
)

// cellBg names the background style of a board cell.
type cellBg uint8

const (
	bgCell cellBg = iota
	bgCellAlt
	bgMissing
	bgWin
	bgCursor
	bgSel
	bgHint
	bgTarget
	bgLast
)

// style returns the style bg names in st.
func (bg cellBg) style(st *themes.Styles) lipgloss.Style {
	switch bg {
	case bgCellAlt:
		return st.CellAlt
	case bgMissing:
		return st.Missing
	case bgWin:
		return st.Win
	case bgCursor:
		return st.Cursor
	case bgSel:
		return st.Sel
	case bgHint:
		return st.Hint
	case bgTarget:
		return st.Target
	case bgLast:
		return st.Last
	}
	return st.Cell
}

// cellKey is everything one line of one board cell is drawn from, given
// the styles: drawCell reads nothing else, so its result can be kept.
type cellKey struct {
	bg          cellBg
	width       int
	blank       bool   // a line of background only
	left, right string // the brackets around the glyph
	glyph       string
	// piece draws the glyph in the piece style of seat (called role)
	// over the background.
	piece bool
	seat  game.Role
	role  string
}

// drawCell draws one line of a cell.
func drawCell(st *themes.Styles, k cellKey) string {
	bg := k.bg.style(st)
	if k.blank {
		return bg.Render(strings.Repeat(" ", k.width))
	}
	pad := strings.Repeat(" ", (k.width-3)/2)
	glyph := bg.Render(k.glyph)
	if k.piece {
		glyph = st.Piece(int(k.seat), k.role).Inherit(bg).Render(k.glyph)
	}
	return bg.Render(pad+k.left) + glyph + bg.Render(k.right+pad)
}

// cellCacheMax bounds a session's drawn cells. A board has a few dozen
// distinct ones (pieces × highlights × one or two cell sizes), so the
// bound only matters for a session resized through many sizes.
const cellCacheMax = 2048

// cellCache keeps the drawn lines of board cells for one session's
// styles. Styling a cell with lipgloss was most of the server's CPU,
// while a board has few distinct cells; a cache is made with the styles
// (setTheme), so it never outlives them. It is a pure memo of drawCell:
// View stays a function of the model. The lock makes it safe should two
// goroutines render one session (they never do in Bubble Tea).
type cellCache struct {
	lines *drawnSet[cellKey]
	// texts keeps short texts in the board's and panel's styles: labels,
	// names and moves, which repeat on every frame.
	texts *drawnSet[textKey]
}

func newCellCache() *cellCache {
	return &cellCache{lines: newDrawnSet[cellKey](cellCacheMax), texts: newDrawnSet[textKey](cellCacheMax)}
}

// textStyle names a style of themes.Styles for text.
type textStyle uint8

const (
	textMuted textStyle = iota
	textPlain
	textAccent
	textTitle
	textKeyName
	textPiece // the piece style of a seat
)

// textKey is a short text in one style; seat and role name the piece
// style of textPiece.
type textKey struct {
	style textStyle
	seat  game.Role
	role  string
	text  string
}

// render draws k's text in its style.
func (k textKey) render(st *themes.Styles) string {
	switch k.style {
	case textPlain:
		return st.Text.Render(k.text)
	case textAccent:
		return st.Accent.Render(k.text)
	case textTitle:
		return st.Title.Render(k.text)
	case textKeyName:
		return st.Key.Render(k.text)
	case textPiece:
		return st.Piece(int(k.seat), k.role).Render(k.text)
	}
	return st.Muted.Render(k.text)
}

// text returns k's text rendered in its style, from the cache when
// rendered before. A nil cache renders every time.
func (c *cellCache) text(st *themes.Styles, k textKey) string {
	if c == nil {
		return k.render(st)
	}
	return c.texts.get(k, func() string { return k.render(st) })
}

// mutedText returns st.Muted.Render(s), from the cache when rendered
// before: the board's labels, which repeat on every frame.
func (c *cellCache) mutedText(st *themes.Styles, s string) string {
	return c.text(st, textKey{style: textMuted, seat: game.NoRole, text: s})
}

// draw returns drawCell(st, k), from the cache when drawn before. A nil
// cache draws every time.
func (c *cellCache) draw(st *themes.Styles, k cellKey) string {
	if c == nil {
		return drawCell(st, k)
	}
	return c.lines.get(k, func() string { return drawCell(st, k) })
}
