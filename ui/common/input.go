package common

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
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
		width: in.Width(), focused: in.Focused(), suggestion: offered(in)}
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

// offered is the suggestion in offers, "" for none. (Not
// CurrentSuggestion, which fails on the index ctrl+p leaves with no
// match: -1.)
func offered(in *textinput.Model) string {
	i, matched := in.CurrentSuggestionIndex(), in.MatchedSuggestions()
	if i < 0 || i >= len(matched) {
		return ""
	}
	return matched[i]
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

// FieldSuggestions are a text field's suggestions, handed to the field
// narrowed to those that the text typed so far may still complete to:
// the field looks for its suggestions among all it was given after every
// key, and a move prompt is given every legal move (hundreds in some
// games), so each key typed at it scanned them all. The field offers
// the same suggestions, in the same order and with the same one chosen,
// as with the whole list (TestNarrowedSuggestionsAreTheFields).
type FieldSuggestions struct {
	all   []string
	lower []string // all in lower case, made at the first narrowing
	// typed is the text, in lower case, the field's list was narrowed
	// for: it holds every suggestion of all that a text beginning with
	// it may take (the field matches without regard to case).
	typed    string
	narrowed bool
}

// Set gives in the suggestions all, as in.SetSuggestions(all).
func (fs *FieldSuggestions) Set(in *textinput.Model, all []string) {
	*fs = FieldSuggestions{all: all}
	in.SetSuggestions(all)
}

// Update is in.Update(msg) for a field given its suggestions by Set.
func (fs *FieldSuggestions) Update(in *textinput.Model, msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok && in.ShowSuggestions && len(fs.all) > 0 && typesAtEnd(in, k) {
		// A key that types text after the field's (a whole move, as a
		// client sends it at once) leaves a text known before the field
		// looks for its matches: they are looked for among those it
		// may take. (Should the field hold another text after all, the
		// check below looks among all again.)
		fs.narrow(in, strings.ToLower(in.Value()+k.Text))
	}
	var cmd tea.Cmd
	*in, cmd = in.Update(msg)
	if _, ok := msg.(tea.KeyPressMsg); !ok || !in.ShowSuggestions || len(fs.all) == 0 {
		return cmd // the field matched nothing anew
	}
	typed := strings.ToLower(in.Value())
	if fs.narrowed && !strings.HasPrefix(typed, fs.typed) {
		// The field matched this text among too few: again among all.
		// (The one it offers is chosen as it would have been: what it
		// found there is what it found before this key when the text
		// found the same among all.)
		in.SetSuggestions(fs.all)
		fs.narrowed = false
	}
	if typed != "" && (!fs.narrowed || typed != fs.typed) {
		// The matches, found again among themselves, are the same:
		// the one offered stays.
		in.SetSuggestions(in.MatchedSuggestions())
		fs.typed, fs.narrowed = typed, true
	}
	return cmd
}

// narrow gives in those of the suggestions that the text typed (in lower
// case) may take, unless it has them. They are those the field matches
// for it, and more for the text it holds now, which typed extends: the
// field finds its matches for that text as among all, and so the one it
// offers (see Update).
func (fs *FieldSuggestions) narrow(in *textinput.Model, typed string) {
	if fs.narrowed && typed == fs.typed {
		return
	}
	if fs.lower == nil {
		fs.lower = make([]string, len(fs.all))
		for i, s := range fs.all {
			fs.lower[i] = strings.ToLower(s)
		}
	}
	var list []string
	for i, l := range fs.lower {
		if strings.HasPrefix(l, typed) {
			list = append(list, fs.all[i])
		}
	}
	in.SetSuggestions(list)
	fs.typed, fs.narrowed = typed, true
}

// typesAtEnd reports whether k types its text after all of in's: a key
// of printable text, without a modifier but shift, at the text's end,
// that none of the field's bindings takes.
func typesAtEnd(in *textinput.Model, k tea.KeyPressMsg) bool {
	if k.Text == "" || k.Mod&^tea.ModShift != 0 || in.Position() != utf8.RuneCountInString(in.Value()) {
		return false
	}
	for _, r := range k.Text {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	km := &in.KeyMap
	return !key.Matches(k, km.CharacterForward, km.CharacterBackward, km.WordForward, km.WordBackward,
		km.DeleteWordBackward, km.DeleteWordForward, km.DeleteAfterCursor, km.DeleteBeforeCursor,
		km.DeleteCharacterBackward, km.DeleteCharacterForward, km.LineStart, km.LineEnd, km.Paste,
		km.AcceptSuggestion, km.NextSuggestion, km.PrevSuggestion)
}
