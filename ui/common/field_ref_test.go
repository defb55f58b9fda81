package common

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// bubblesField is bubbles' text field, which the move prompt used
// before Field: the reference Field is checked against.
type bubblesField struct{ in textinput.Model }

func (f *bubblesField) update(msg tea.Msg) { f.in, _ = f.in.Update(msg) }
func (f *bubblesField) value() string      { return f.in.Value() }
func (f *bubblesField) position() int      { return f.in.Position() }
func (f *bubblesField) offered() string    { return offered(&f.in) }
