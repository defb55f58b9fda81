package ui

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// newInput returns a text input styled for the session, with a steady
// block cursor drawn in the text (the board's move prompt uses the
// terminal's own, see boardScreen.cursor). Clipboard paste is unbound:
// over SSH it would read the server's clipboard. (Bracketed paste from
// the user's terminal still arrives, as a tea.PasteMsg.)
func newInput(c *common, prompt string, limit int) textinput.Model {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.CharLimit = limit
	state := textinput.StyleState{Text: c.st.Text, Placeholder: c.st.Muted, Suggestion: c.st.Muted, Prompt: c.st.Muted}
	ti.SetStyles(textinput.Styles{
		Focused: state,
		Blurred: state,
		// Blink true with the block shape leaves the terminal's own cursor
		// style alone when the real cursor is used.
		Cursor: textinput.CursorStyle{Color: c.st.Accent.GetForeground(), Shape: tea.CursorBlock},
	})
	ti.KeyMap.Paste.Unbind()
	return ti
}
