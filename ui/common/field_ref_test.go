package common

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// bubblesField is bubbles' textinput made as NewInput made it before
// Field replaced it there: the reference Field is checked against.
type bubblesField struct{ in textinput.Model }

// newBubblesField is bubbles' field as NewInput(c, prompt, limit) made it.
func newBubblesField(c *Common, prompt string, limit int) *bubblesField {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.CharLimit = limit
	state := textinput.StyleState{Text: c.Styles.Text, Placeholder: c.Styles.Muted, Suggestion: c.Styles.Muted, Prompt: c.Styles.Muted}
	ti.SetStyles(textinput.Styles{
		Focused: state,
		Blurred: state,
		Cursor:  textinput.CursorStyle{Color: c.Styles.Accent.GetForeground(), Shape: tea.CursorBlock},
	})
	ti.KeyMap.Paste.Unbind()
	return &bubblesField{ti}
}

func (f *bubblesField) update(msg tea.Msg) { f.in, _ = f.in.Update(msg) }
func (f *bubblesField) value() string      { return f.in.Value() }
func (f *bubblesField) position() int      { return f.in.Position() }

// offered is the suggestion the field offers, "" for none. (Not
// CurrentSuggestion, which fails on the index ctrl+p leaves with no
// match: -1.)
func (f *bubblesField) offered() string {
	i, matched := f.in.CurrentSuggestionIndex(), f.in.MatchedSuggestions()
	if i < 0 || i >= len(matched) {
		return ""
	}
	return matched[i]
}

// ownField is a Field behind testField.
type ownField struct{ in *Field }

func (f ownField) update(msg tea.Msg) { f.in.Update(msg) }
func (f ownField) value() string      { return f.in.Value() }
func (f ownField) position() int      { return f.in.Position() }
func (f ownField) offered() string    { return f.in.sugg.offered() }
