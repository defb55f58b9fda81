package common

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/themes"
)

// NewInput returns a text input styled for the session, with a steady
// block cursor drawn in the text (the board's move prompt uses the
// terminal's own, see BoardScreen.cursor). Clipboard paste is unbound:
// over SSH it would read the server's clipboard. (Bracketed paste from
// the user's terminal still arrives, as a tea.PasteMsg.)
func NewInput(c *Common, prompt string, limit int) textinput.Model {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.CharLimit = limit
	state := textinput.StyleState{Text: c.Styles.Text, Placeholder: c.Styles.Muted, Suggestion: c.Styles.Muted, Prompt: c.Styles.Muted}
	ti.SetStyles(textinput.Styles{
		Focused: state,
		Blurred: state,
		// Blink true with the block shape leaves the terminal's own cursor
		// style alone when the real cursor is used.
		Cursor: textinput.CursorStyle{Color: c.Styles.Accent.GetForeground(), Shape: tea.CursorBlock},
	})
	ti.KeyMap.Paste.Unbind()
	return ti
}

// FieldView is in.View() and in.Cursor() for a text field with the
// terminal's own cursor (not the virtual one) made by NewInput for the
// styles st. What such a field shows, while its text fits its width, is
// a function of its prompt, placeholder, text, cursor position, width,
// focus and the suggestion it offers, so it is drawn once for every
// session that shows the same (an empty move prompt is the same in every
// room, and the moves typed into it often are): a key typed at a prompt
// otherwise drew the field with Lip Gloss, and its prompt a second time
// for the cursor. A field with the virtual cursor (whose blink is part of
// the view) or a text wider than the field is drawn as it is. The field's
// width must have been set through SetFieldWidth, so that its scroll
// follows the width. Without st (styles not known) it is drawn as it is.
func FieldView(in *textinput.Model, st *themes.Styles) (string, *tea.Cursor) {
	if st == nil || in.VirtualCursor() || in.EchoMode != textinput.EchoNormal {
		return in.View(), in.Cursor()
	}
	value := in.Value()
	if TextWidth(value) > in.Width() {
		return in.View(), in.Cursor()
	}
	k := fieldKey{st: st, prompt: in.Prompt, placeholder: in.Placeholder, value: value, pos: in.Position(),
		width: in.Width(), focused: in.Focused(), suggestion: in.CurrentSuggestion()}
	v := fieldViews.Get(k, func() fieldView {
		v := fieldView{line: in.View()}
		if c := in.Cursor(); c != nil {
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

// SetFieldWidth sets in's width and brings its scroll up to it (the
// field scrolls its text only when the text or the cursor moves): what
// FieldView shows is then a function of what it is keyed by.
func SetFieldWidth(in *textinput.Model, w int) {
	in.SetWidth(w)
	in.SetCursor(in.Position())
}

// fieldKey is what a text field without the virtual cursor shows.
type fieldKey struct {
	st                         *themes.Styles
	prompt, placeholder, value string
	pos, width                 int
	focused                    bool
	suggestion                 string
}

// fieldView is a text field's line and the terminal's cursor after it.
type fieldView struct {
	line      string
	cursor    tea.Cursor
	hasCursor bool
}

// fieldViews keeps the text fields drawn by every session.
var fieldViews = &drawnSet[fieldKey, fieldView]{m: map[fieldKey]fieldView{}, max: MenuPartsMax}
