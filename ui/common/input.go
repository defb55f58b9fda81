package common

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
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
