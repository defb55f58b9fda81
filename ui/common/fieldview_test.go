package common

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/themes"
)

// newField is a move prompt as the board makes it: NewInput's styles,
// a placeholder, the terminal's own cursor, focused.
func newField(st *themes.Styles, width int) Field {
	c := &Common{Styles: st}
	in := NewInput(c, ": ", 64)
	in.Placeholder = "move, e.g. r3c4"
	in.SetVirtualCursor(false)
	in.ShowSuggestions = true
	in.SetSuggestions([]string{"(place 1 2)", "(place 1 3)", "(turn a cw)"})
	in.Focus()
	in.Fit(width)
	return in
}

// A text field's shared line is its own View and Cursor, in every state
// a player can bring it to, whichever session drew the same first.
func TestFieldLineIsTheFieldsView(t *testing.T) {
	st := themes.SharedStyles(themes.Default, false, colorprofile.ANSI256)
	typed := func(in *Field, keys ...tea.KeyPressMsg) {
		for _, k := range keys {
			in.Update(k)
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
		edit  func(in *Field)
	}{
		{"empty", 40, func(*Field) {}},
		{"typed", 40, func(in *Field) { typed(in, runes("(pl")...) }},
		{"no suggestion", 40, func(in *Field) { typed(in, runes("r3c4")...) }},
		{"cursor moved back", 40, func(in *Field) { typed(in, append(runes("(turn"), left, left)...) }},
		{"no match, then the suggestion before", 40, func(in *Field) { typed(in, append(runes("zz"), prev)...) }},
		{"blurred", 40, func(in *Field) { typed(in, runes("ab")...); in.Blur() }},
		{"wider than the field", 5, func(in *Field) { typed(in, runes("(place 1 2) and more")...) }},
		{"scrolled back", 5, func(in *Field) {
			typed(in, runes("(place 1 2) and more")...)
			typed(in, tea.KeyPressMsg{Code: tea.KeyHome}, tea.KeyPressMsg{Code: tea.KeyRight})
		}},
		// Typed while narrow, then widened: the text scrolled while it did
		// not fit, and shows whole once the width is set again.
		{"widened after scrolling", 5, func(in *Field) {
			typed(in, runes("(place 1")...)
			in.Fit(40)
		}},
		{"its own cursor", 40, func(in *Field) { in.SetVirtualCursor(true); typed(in, append(runes("(pl"), left)...) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fieldViews.m = map[fieldKey]fieldView{}
			in := newField(st, tc.width)
			tc.edit(&in)
			// Another session with the same text, typed at once at the
			// width it has now.
			other := newField(st, in.Width())
			other.SetVirtualCursor(!in.terminalCursor)
			other.SetValue(in.Value())
			other.SetCursor(in.Position())
			if in.Focused() {
				typed(&other, tea.KeyPressMsg{Code: tea.KeyEnd}) // suggestions follow a key
				other.SetCursor(in.Position())
			} else {
				other.Blur()
			}
			for _, f := range []*Field{&other, &in} {
				line, c := f.Line()
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

// fieldShape is how a screen makes its field: the move prompt, a seat's
// name, a room's code, a position.
type fieldShape struct {
	prompt, placeholder string
	limit, width        int
	terminalCursor      bool
	suggestions         bool
}

var fieldShapes = []fieldShape{
	{": ", "move, e.g. r3c4 or (mark r3 c4)", 64, 40, true, true},
	{": ", "move, e.g. r3c4 or (mark r3 c4)", 64, 7, true, true},
	{"", "name", 20, 0, false, false},
	{"room code: ", "", 12, 0, false, false},
	{"position: ", "the start, or paste a position string", 200, 12, false, false},
}

// Field does what bubbles' textinput did, as the screens made it: the
// same text, cursor, suggestion offered, view and terminal cursor after
// each of random keys, texts typed at once, pastes, texts set, cursor
// moves, focus changes, widths and suggestion lists, for each shape of
// field the screens use. (Where bubbles' failed, an index out of range:
// alt+d on the last letter, tab after a text set longer than the
// suggestion, the game stops there; Field must not fail.)
func TestFieldIsBubblesField(t *testing.T) {
	st := themes.SharedStyles(themes.Default, false, colorprofile.ANSI256)
	c := &Common{Styles: st}
	lists := [][]string{
		{"(place 1 1)", "(place 1 2)", "(Place 2 1)", "(turn a cw)", "(turn A ccw)", "(turn b cw)", "pass", "PASS now", "(place 1 1)"},
		{"r1c1", "r1c2", "R2C1", "(mark r3 c4)"},
		nil,
	}
	var keys []tea.Msg
	for name := range fieldKeys {
		keys = append(keys, fieldKeys[name])
	}
	for _, r := range "(plaPtun 12AcwPs)é世" {
		for range 4 { // typing is the most common
			keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	for _, text := range []string{"(place 1 ", "(PL", "(turn a", "pass now", "zz", "r1", "a\tb", "left", "x\x07y", "世界世界世界"} {
		keys = append(keys, tea.KeyPressMsg{Code: []rune(text)[0], Text: text})
	}
	keys = append(keys, tea.KeyPressMsg{Code: 'p', Mod: tea.ModShift, Text: "P"},
		tea.PasteMsg{Content: "(t"}, tea.PasteMsg{Content: "p"}, tea.PasteMsg{Content: "PA\nSS"},
		tea.PasteMsg{Content: "a long pasted text, longer than the field"})
	failed := 0
	for shapeIndex, shape := range fieldShapes {
		rng := rand.New(rand.NewPCG(uint64(shapeIndex), 7))
		for game := range 150 {
			if !sameFieldGame(t, c, shape, rng, keys, lists, fmt.Sprintf("shape %d game %d", shapeIndex, game)) {
				failed++
			}
		}
	}
	t.Logf("%d games stopped where bubbles' field failed", failed)
}

// sameFieldGame plays random steps on Field and bubbles' field of shape
// and checks they show the same; false if bubbles' failed first.
func sameFieldGame(t *testing.T, c *Common, shape fieldShape, rng *rand.Rand, keys []tea.Msg, lists [][]string, name string) (finished bool) {
	t.Helper()
	own := NewInput(c, shape.prompt, shape.limit)
	ref := newBubblesField(c, shape.prompt, shape.limit)
	own.Placeholder, ref.in.Placeholder = shape.placeholder, shape.placeholder
	own.SetVirtualCursor(!shape.terminalCursor)
	ref.in.SetVirtualCursor(!shape.terminalCursor)
	own.ShowSuggestions, ref.in.ShowSuggestions = shape.suggestions, shape.suggestions
	own.SetWidth(shape.width)
	ref.in.SetWidth(shape.width)
	own.Focus()
	ref.in.Focus()
	defer func() {
		if r := recover(); r != nil {
			place := panicPlace()
			if !strings.Contains(place, "bubbles") {
				t.Fatalf("%s: Field failed: %v", name, r)
			}
			t.Logf("%s: bubbles' field failed: %v in %s", name, r, place)
			finished = false
		}
	}()
	for step := range 40 {
		did := randomFieldStep(rng, &own, ref, keys, lists)
		got := [...]any{own.Value(), own.Position(), own.sugg.offered(), own.View(), fmt.Sprint(own.Cursor())}
		want, failure := bubblesShows(ref)
		if failure != "" {
			t.Logf("%s: bubbles' field failed after %s: %s", name, did, failure)
			return false
		}
		if got != want {
			t.Fatalf("%s step %d, after %s:\n got %q\nwant %q", name, step, did, got, want)
		}
	}
	return true
}

// bubblesShows is what ref shows, or where it failed.
func bubblesShows(ref *bubblesField) (shows [5]any, failure string) {
	defer func() {
		if r := recover(); r != nil {
			failure = fmt.Sprint(r) + " in " + panicPlace()
		}
	}()
	return [...]any{ref.in.Value(), ref.in.Position(), ref.offered(), ref.in.View(), fmt.Sprint(ref.in.Cursor())}, ""
}

// panicPlace is the function of bubbles' that failed.
func panicPlace() string {
	pcs := make([]uintptr, 20)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, "bubbles") {
			return fmt.Sprintf("%s:%d", f.Function, f.Line)
		}
		if !more {
			return "?"
		}
	}
}

// randomFieldStep does one random thing to both fields and says what.
// Bubbles' is done second: when it fails, Field did not.
func randomFieldStep(rng *rand.Rand, own *Field, ref *bubblesField, keys []tea.Msg, lists [][]string) string {
	switch rng.IntN(40) {
	case 0:
		v := []string{"", "(pl", "(turn x", "r1c2 and a longer text than it", "é\t世"}[rng.IntN(5)]
		own.SetValue(v)
		ref.in.SetValue(v)
		return fmt.Sprintf("SetValue(%q)", v)
	case 1:
		p := rng.IntN(30) - 2
		own.SetCursor(p)
		ref.in.SetCursor(p)
		return fmt.Sprintf("SetCursor(%d)", p)
	case 2:
		own.Blur()
		ref.in.Blur()
		return "Blur"
	case 3, 4:
		own.Focus()
		ref.in.Focus()
		return "Focus"
	case 5:
		w := rng.IntN(12)
		own.SetWidth(w)
		ref.in.SetWidth(w)
		return fmt.Sprintf("SetWidth(%d)", w)
	case 6:
		l := lists[rng.IntN(len(lists))]
		own.SetSuggestions(l)
		ref.in.SetSuggestions(l)
		return fmt.Sprintf("SetSuggestions(%q)", l)
	}
	msg := keys[rng.IntN(len(keys))]
	own.Update(msg)
	ref.update(msg)
	return fmt.Sprintf("%T %q", msg, fmt.Sprint(msg))
}
