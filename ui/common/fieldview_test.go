package common

import (
	"fmt"
	"math/rand/v2"
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
	prev := tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl}
	cases := []struct {
		name  string
		width int
		edit  func(in *textinput.Model)
	}{
		{"empty", 40, func(*textinput.Model) {}},
		{"typed", 40, func(in *textinput.Model) { typed(in, runes("(pl")...) }},
		{"no suggestion", 40, func(in *textinput.Model) { typed(in, runes("r3c4")...) }},
		{"cursor moved back", 40, func(in *textinput.Model) { typed(in, append(runes("(turn"), left, left)...) }},
		{"no match, then the suggestion before", 40, func(in *textinput.Model) { typed(in, append(runes("zz"), prev)...) }},
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

// A field given its suggestions narrowed (FieldSuggestions) offers what
// it offers given them all, key after key: random keys, pastes and texts
// set, against a field that scans the whole list.
func TestNarrowedSuggestionsAreTheFields(t *testing.T) {
	st := themes.SharedStyles(themes.Default, false, colorprofile.ANSI256)
	all := []string{"(place 1 1)", "(place 1 2)", "(Place 2 1)", "(turn a cw)", "(turn A ccw)", "(turn b cw)", "pass", "PASS now", "(place 1 1)"}
	keys := []tea.KeyPressMsg{
		{Code: tea.KeyBackspace}, {Code: tea.KeyLeft}, {Code: tea.KeyRight}, {Code: tea.KeyHome}, {Code: tea.KeyEnd},
		{Code: tea.KeyDelete}, {Code: tea.KeyTab}, {Code: 'n', Mod: tea.ModCtrl}, {Code: 'p', Mod: tea.ModCtrl},
		{Code: 'w', Mod: tea.ModCtrl},
	}
	for _, r := range "(plaPtun 12AcwPs)" {
		for range 3 { // typing is the most common
			keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	// Several runes at once, as a client sends a whole move, and a
	// capital typed with shift.
	for _, text := range []string{"(place 1 ", "(PL", "(turn a", "pass now", "zz"} {
		keys = append(keys, tea.KeyPressMsg{Code: rune(text[0]), Text: text})
	}
	keys = append(keys, tea.KeyPressMsg{Code: 'p', Mod: tea.ModShift, Text: "P"})
	rng := rand.New(rand.NewPCG(1, 2))
	for game := range 200 {
		whole, narrowed := newField(st, 40), newField(st, 40)
		whole.SetSuggestions(all)
		var fs FieldSuggestions
		fs.Set(&narrowed, all)
		for step := range 30 {
			var msg tea.Msg = keys[rng.IntN(len(keys))]
			switch rng.IntN(20) {
			case 0:
				msg = tea.PasteMsg{Content: []string{"(t", "p", "PA"}[rng.IntN(3)]}
			case 1:
				v := []string{"", "(pl", "(turn x"}[rng.IntN(3)]
				whole.SetValue(v)
				narrowed.SetValue(v)
			}
			whole, _ = whole.Update(msg)
			fs.Update(&narrowed, msg)
			got := [...]any{narrowed.Value(), narrowed.Position(), offered(&narrowed), fmt.Sprint(narrowed.MatchedSuggestions()), narrowed.View()}
			want := [...]any{whole.Value(), whole.Position(), offered(&whole), fmt.Sprint(whole.MatchedSuggestions()), whole.View()}
			if got != want {
				t.Fatalf("game %d step %d, after %v:\n got %q\nwant %q", game, step, msg, got, want)
			}
		}
	}
}
