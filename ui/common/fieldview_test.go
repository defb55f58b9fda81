package common

import (
	"testing"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/themes"
)

// newField is a move prompt as the board makes it: NewInput's styles,
// a placeholder, the terminal's own cursor, focused.
func newField(st *themes.Styles, width int) textinput.Model {
	c := &Common{Styles: st}
	in := NewInput(c, ": ", 64)
	in.Placeholder = "move, e.g. r3c4"
	in.SetVirtualCursor(false)
	in.ShowSuggestions = true
	in.SetSuggestions([]string{"(place 1 2)", "(place 1 3)", "(turn a cw)"})
	in.Focus()
	SetFieldWidth(&in, width)
	return in
}

// A text field's shared view is its own View and Cursor, in every state
// a player can bring it to, whichever session drew the same first.
func TestFieldViewIsTheFieldsView(t *testing.T) {
	st := themes.SharedStyles(themes.Default, false, colorprofile.ANSI256)
	typed := func(in *textinput.Model, keys ...tea.KeyPressMsg) {
		for _, k := range keys {
			*in, _ = in.Update(k)
		}
	}
	runes := func(s string) []tea.KeyPressMsg {
		var out []tea.KeyPressMsg
		for _, r := range s {
			out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
		return out
	}
	left := tea.KeyPressMsg{Code: tea.KeyLeft}
	cases := []struct {
		name  string
		width int
		edit  func(in *textinput.Model)
	}{
		{"empty", 40, func(*textinput.Model) {}},
		{"typed", 40, func(in *textinput.Model) { typed(in, runes("(pl")...) }},
		{"no suggestion", 40, func(in *textinput.Model) { typed(in, runes("r3c4")...) }},
		{"cursor moved back", 40, func(in *textinput.Model) { typed(in, append(runes("(turn"), left, left)...) }},
		{"blurred", 40, func(in *textinput.Model) { typed(in, runes("ab")...); in.Blur() }},
		{"wider than the field", 5, func(in *textinput.Model) { typed(in, runes("(place 1 2) and more")...) }},
		// Typed while narrow, then widened: the text scrolled while it did
		// not fit, and shows whole once the width is set again.
		{"widened after scrolling", 5, func(in *textinput.Model) {
			typed(in, runes("(place 1")...)
			SetFieldWidth(in, 40)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fieldViews.m = map[fieldKey]fieldView{}
			in := newField(st, tc.width)
			tc.edit(&in)
			// Another session with the same text, typed at once at the
			// width it has now.
			other := newField(st, in.Width())
			other.SetValue(in.Value())
			other.SetCursor(in.Position())
			if in.Focused() {
				typed(&other, tea.KeyPressMsg{Code: tea.KeyEnd}) // suggestions follow a key
				other.SetCursor(in.Position())
			} else {
				other.Blur()
			}
			for _, f := range []*textinput.Model{&other, &in} {
				line, c := FieldView(f, st)
				if want := f.View(); line != want {
					t.Errorf("view %q, want %q", line, want)
				}
				want := f.Cursor()
				if (c == nil) != (want == nil) || c != nil && *c != *want {
					t.Errorf("cursor %+v, want %+v", c, want)
				}
			}
		})
	}
}
