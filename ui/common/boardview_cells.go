package common

import (
	"reflect"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/textwidth"
	"github.com/tabletop/tabletop/themes"
)

// cellBg names the background style of a board cell.
type cellBg uint8

// The backgrounds a board cell can be drawn with (see style).
const (
	BgCell cellBg = iota
	BgCellAlt
	BgMissing
	BgWin
	BgCursor
	BgSel
	BgHint
	BgTarget
	BgLast
)

// style returns the style bg names in st.
func (bg cellBg) style(st *themes.Styles) lipgloss.Style {
	switch bg {
	case BgCellAlt:
		return st.CellAlt
	case BgMissing:
		return st.Missing
	case BgWin:
		return st.Win
	case BgCursor:
		return st.Cursor
	case BgSel:
		return st.Sel
	case BgHint:
		return st.Hint
	case BgTarget:
		return st.Target
	case BgLast:
		return st.Last
	}
	return st.Cell
}

// CellKey is everything one line of one board cell is drawn from, given
// the styles: DrawCell reads nothing else, so its result can be kept.
type CellKey struct {
	Background  cellBg
	Width       int
	Blank       bool   // a line of background only
	Left, Right string // the brackets around the glyph
	Glyph       string
	// Piece draws the glyph in the piece style of seat (called role)
	// over the background.
	Piece bool
	Seat  game.Role
	Role  string
}

// DrawCell draws one line of a cell.
func DrawCell(st *themes.Styles, k CellKey) string {
	bg := k.Background.style(st)
	if k.Blank {
		return bg.Render(strings.Repeat(" ", k.Width))
	}
	pad := strings.Repeat(" ", (k.Width-3)/2)
	glyph := bg.Render(k.Glyph)
	if k.Piece {
		glyph = st.Piece(int(k.Seat), k.Role).Inherit(bg).Render(k.Glyph)
	}
	return bg.Render(pad+k.Left) + glyph + bg.Render(k.Right+pad)
}

// cellCacheMax bounds a session's drawn cells. A board has a few dozen
// distinct ones (pieces × highlights × one or two cell sizes), so the
// bound only matters for a session resized through many sizes.
const cellCacheMax = 2048

// cellCache keeps the drawn lines of board cells for one theme's styles.
// Styling a cell with lipgloss was most of the server's CPU, while a
// board has few distinct cells; a cache is taken with the styles
// (SetTheme: cellCacheFor), so it never outlives them, and the sessions
// in the shared styles of a built-in theme share it. It is a pure memo
// of DrawCell: View stays a function of the model. Its sets' locks make
// it safe to share.
type cellCache struct {
	lines *drawnSet[CellKey, SizedText]
	// texts keeps short texts in the board's and panel's styles: labels,
	// names and moves, which repeat on every frame.
	texts *drawnSet[TextKey, SizedText]
}

// SizedText is a drawn text with its width, measured once when drawn:
// a board row is its cells' texts side by side, whose widths add up
// when each Joins (see Join), so the row is not measured again.
type SizedText struct {
	Text  string
	Width int
	// Joins: the text is clean (textwidth.LineClean) and its edges join
	// (textwidth.EdgesJoin): no character cluster spans it and what is
	// put beside it.
	Joins bool
}

// Sized is s with its width measured.
func Sized(s string) SizedText {
	w, clean := textwidth.LineClean(s)
	return SizedText{Text: s, Width: w, Joins: clean && textwidth.EdgesJoin(s)}
}

// Join appends t to the row so far, whose width is w while joins.
func (t SizedText) Join(sb *strings.Builder, w int, joins bool) (int, bool) {
	sb.WriteString(t.Text)
	return w + t.Width, joins && t.Joins
}

// NewCellCache is an empty cache of drawn cells, for one theme's styles.
func NewCellCache() *cellCache { return newCellCache(cellCacheMax) }

func newCellCache(max int) *cellCache {
	return &cellCache{lines: &drawnSet[CellKey, SizedText]{m: map[CellKey]SizedText{}, max: max},
		texts: &drawnSet[TextKey, SizedText]{m: map[TextKey]SizedText{}, max: max}}
}

// sharedCellCacheMax bounds a cache shared by every session in one
// theme's styles: the cells and texts of all their boards and panels,
// among them the players' names (a few per room).
const sharedCellCacheMax = 16384

// sharedCells are the cell caches of the styles that sessions share
// (themes.SharedStyles), by their styles.
var sharedCells sync.Map // *themes.Styles → *cellCache

// cellCacheFor is the cache of drawn cells for the styles st of theme t:
// the one every session drawing in them shares when st are the shared
// styles of a built-in theme (the players and watchers of a room, and
// the rooms, draw the same cells and texts: each session drew its own,
// in every room, after every move), else one of its own (a theme of the
// settings' own gets styles of its own, not to be kept past them).
func cellCacheFor(t themes.Theme, st *themes.Styles) *cellCache {
	if builtIn, ok := themes.Lookup(t.Name); !ok || !reflect.DeepEqual(builtIn, t) {
		return NewCellCache()
	}
	if c, ok := sharedCells.Load(st); ok {
		return c.(*cellCache)
	}
	c, _ := sharedCells.LoadOrStore(st, newCellCache(sharedCellCacheMax))
	return c.(*cellCache)
}

// TextStyle names a style of themes.Styles for text.
type TextStyle uint8

// The text styles a cell can name; TextKey.render maps each to its themes.Styles style.
const (
	TextMuted TextStyle = iota
	TextPlain
	TextAccent
	TextTitle
	TextKeyName
	TextPiece // the piece style of a seat
)

// TextKey is a short text in one style; seat and role name the piece
// style of TextPiece.
type TextKey struct {
	Style TextStyle
	Seat  game.Role
	Role  string
	Text  string
}

// render draws k's text in its style.
func (k TextKey) render(st *themes.Styles) string {
	switch k.Style {
	case TextPlain:
		return st.Text.Render(k.Text)
	case TextAccent:
		return st.Accent.Render(k.Text)
	case TextTitle:
		return st.Title.Render(k.Text)
	case TextKeyName:
		return st.Key.Render(k.Text)
	case TextPiece:
		return st.Piece(int(k.Seat), k.Role).Render(k.Text)
	}
	return st.Muted.Render(k.Text)
}

// Text returns k's text rendered in its style, from the cache when
// rendered before. A nil cache renders every time.
func (c *cellCache) Text(st *themes.Styles, k TextKey) string {
	if c == nil {
		return k.render(st)
	}
	return c.TextSized(st, k).Text
}

// TextSized is Text with its width.
func (c *cellCache) TextSized(st *themes.Styles, k TextKey) SizedText {
	if c == nil {
		return Sized(k.render(st))
	}
	// Drawn outside the set's lock: the set may be every session's.
	return c.texts.Shared(k, func() SizedText { return Sized(k.render(st)) })
}

// MutedText returns st.Muted.Render(s), from the cache when rendered
// before: the board's labels, which repeat on every frame.
func (c *cellCache) MutedText(st *themes.Styles, s string) string {
	return c.Text(st, TextKey{Style: TextMuted, Seat: game.NoRole, Text: s})
}

// MutedSized is MutedText with its width.
func (c *cellCache) MutedSized(st *themes.Styles, s string) SizedText {
	return c.TextSized(st, TextKey{Style: TextMuted, Seat: game.NoRole, Text: s})
}

// Draw returns DrawCell(st, k), from the cache when drawn before. A nil
// cache draws every time.
func (c *cellCache) Draw(st *themes.Styles, k CellKey) string {
	if c == nil {
		return DrawCell(st, k)
	}
	return c.DrawSized(st, k).Text
}

// DrawSized is Draw with its width.
func (c *cellCache) DrawSized(st *themes.Styles, k CellKey) SizedText {
	if c == nil {
		return Sized(DrawCell(st, k))
	}
	return c.lines.Shared(k, func() SizedText { return Sized(DrawCell(st, k)) })
}
