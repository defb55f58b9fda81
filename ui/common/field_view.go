package common

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/rivo/uniseg"

	"github.com/tabletop/tabletop/themes"
)

// View draws the field: its prompt, the text shown (scrolled to the
// cursor), the cursor drawn in it unless the terminal's stands there,
// the completion offered, padded to the field's width; the placeholder
// for an empty text. Drawn as bubbles' textinput drew it, byte for byte.
func (f *Field) View() string {
	if len(f.value) == 0 && f.Placeholder != "" {
		return f.placeholderView()
	}
	text := f.st.Text.Inline(true)
	value := f.value[f.offset:f.offsetRight]
	pos := max(0, f.pos-f.offset)
	var v strings.Builder
	v.WriteString(f.promptView())
	v.WriteString(text.Render(string(value[:pos])))
	var plain lipgloss.Style
	switch sug := f.sugg.offered(); {
	case pos < len(value):
		v.WriteString(f.cursorView(string(value[pos]), plain))
		v.WriteString(text.Render(string(value[pos+1:])))
		v.WriteString(f.completionView(0))
	case f.focus && sug != "":
		// The cursor stands on the completion's first letter. (pos counts
		// from the first rune shown, as in bubbles'.)
		if rest := []rune(sug); len(value) < len(rest) {
			v.WriteString(f.cursorView(string(rest[pos]), f.st.Muted))
			v.WriteString(f.completionView(1))
		} else {
			v.WriteString(f.cursorView(" ", plain))
		}
	default:
		v.WriteString(f.cursorView(" ", plain))
	}
	if valWidth := uniseg.StringWidth(string(value)); f.width > 0 && valWidth <= f.width {
		padding := max(0, f.width-valWidth)
		if valWidth+padding <= f.width && pos < len(value) {
			padding++
		}
		v.WriteString(text.Render(strings.Repeat(" ", padding)))
	}
	return v.String()
}

// promptView is the prompt, drawn.
func (f *Field) promptView() string { return f.st.Muted.Render(f.Prompt) }

// cursorView is char under the cursor: in reverse in the accent's colour
// when the field draws its cursor and has the keys, else in style.
func (f *Field) cursorView(char string, style lipgloss.Style) string {
	if f.terminalCursor || !f.focus {
		return style.Inline(true).Render(char)
	}
	return lipgloss.NewStyle().Foreground(f.st.Accent.GetForeground()).Inline(true).Reverse(true).Render(char)
}

// completionView is the rest of the suggestion offered after the text,
// less skip runes (the one under the cursor).
func (f *Field) completionView(skip int) string {
	sug := f.sugg.offered()
	if sug == "" {
		return ""
	}
	if rest := []rune(sug); len(f.value) < len(rest) {
		return f.st.Muted.Inline(true).Render(string(rest[len(f.value)+skip:]))
	}
	return ""
}

// placeholderView is the prompt and the placeholder, its first letter
// under the cursor, cut or padded to the field's width.
func (f *Field) placeholderView() string {
	render := f.st.Muted.Render
	p := make([]rune, max(f.width, 0)+1)
	copy(p, []rune(f.Placeholder))
	v := f.promptView() + f.cursorView(string(p[:1]), f.st.Muted)
	if f.width < 1 {
		return v
	}
	minWidth := lipgloss.Width(f.Placeholder)
	availWidth := f.width - minWidth + 1
	if availWidth < 0 {
		minWidth += availWidth
		availWidth = 0
	}
	return v + render(string(p[1:minWidth])) + render(strings.Repeat(" ", availWidth))
}

// Cursor is the terminal's cursor after the prompt, at the text's
// cursor, for a field with the keys that leaves its cursor to the
// terminal's; else nil. (Where bubbles' put it: the field's start is
// column 0, and the place is not moved back by the scroll.)
func (f *Field) Cursor() *tea.Cursor {
	if !f.terminalCursor || !f.focus {
		return nil
	}
	promptWidth := lipgloss.Width(f.promptView())
	x := f.pos + promptWidth
	if f.width > 0 {
		x = min(x, f.width+promptWidth)
	}
	c := tea.NewCursor(x, 0)
	c.Blink = false
	c.Color = f.st.Accent.GetForeground()
	c.Shape = tea.CursorBlock
	return c
}

// Line is View and Cursor, drawn once for every session whose field
// shows the same: what a field shows is a function of its styles,
// prompt, placeholder, text, cursor, scroll, width, focus and the
// suggestion it offers (an empty move prompt is the same in every room,
// and the moves typed into it often are). The cursor is the caller's.
func (f *Field) Line() (string, *tea.Cursor) {
	k := fieldKey{st: f.st, prompt: f.Prompt, placeholder: f.Placeholder, value: f.Value(),
		pos: f.pos, offset: f.offset, offsetRight: f.offsetRight, width: f.width,
		focused: f.focus, terminalCursor: f.terminalCursor, suggestion: f.sugg.offered()}
	v := fieldViews.Get(k, func() fieldView {
		v := fieldView{line: f.View()}
		if c := f.Cursor(); c != nil {
			v.cursor, v.hasCursor = *c, true
		}
		return v
	})
	if !v.hasCursor {
		return v.line, nil
	}
	c := v.cursor
	return v.line, &c
}

// fieldKey is what a text field shows.
type fieldKey struct {
	st                              *themes.Styles
	prompt, placeholder, value      string
	pos, offset, offsetRight, width int
	focused, terminalCursor         bool
	suggestion                      string
}

// fieldView is a text field's line and the terminal's cursor after it.
type fieldView struct {
	line      string
	cursor    tea.Cursor
	hasCursor bool
}

// fieldViews keeps the text fields drawn by every session.
var fieldViews = &drawnSet[fieldKey, fieldView]{m: map[fieldKey]fieldView{}, max: MenuPartsMax}
