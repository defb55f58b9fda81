package common

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	rw "github.com/mattn/go-runewidth"
	"github.com/rivo/uniseg"

	"github.com/tabletop/tabletop/themes"
)

// Field is a one-line text field: the move prompt, a room's code, a
// seat's name, a position. It takes the keys, shows the text and offers
// suggestions as bubbles' textinput, which these fields were, did
// (TestFieldIsBubblesField), with its pointer receivers: bubbles' Update
// took and returned its 7.8 KB model by value, so that each key typed at
// a prompt copied it twice and grew the session's stack by 27-31 KB
// frames. Its styles are the session's (NewInput); its cursor steady.
type Field struct {
	// Prompt is drawn before the text; Placeholder instead of an empty
	// text.
	Prompt, Placeholder string
	// CharLimit is the most runes the text takes (0: no limit).
	CharLimit int
	// ShowSuggestions offers the suggestions that complete the text typed.
	ShowSuggestions bool

	st *themes.Styles
	// terminalCursor: the terminal's own cursor stands where the text is
	// typed (Cursor), not one drawn in the text.
	terminalCursor bool
	focus          bool
	value          []rune
	// text is string(value) while textOK: asked for at every frame.
	text   string
	textOK bool
	pos    int
	width  int
	// offset and offsetRight are the runes shown of a text wider than
	// the field, which scrolls it to keep the cursor in sight.
	offset, offsetRight int
	sugg                fieldSuggestions
}

// NewInput returns a text field styled for the session, with a steady
// block cursor drawn in the text (the board's move prompt uses the
// terminal's own, see SetVirtualCursor). The clipboard is not read:
// over SSH it would read the server's clipboard. (Bracketed paste from
// the user's terminal arrives, as a tea.PasteMsg.)
func NewInput(c *Common, prompt string, limit int) Field {
	return Field{Prompt: prompt, CharLimit: limit, st: c.Styles}
}

// SetVirtualCursor draws the cursor in the text (true) or leaves it to
// the terminal's own (false; see Cursor).
func (f *Field) SetVirtualCursor(v bool) { f.terminalCursor = !v }

// Focus gives the field the keys: Update takes them, and the cursor shows.
func (f *Field) Focus() { f.focus = true }

// Blur takes the keys from the field and hides its cursor.
func (f *Field) Blur() { f.focus = false }

// Focused reports whether the field has the keys.
func (f *Field) Focused() bool { return f.focus }

// Width is how many cells the text is shown in (0: as wide as it is).
func (f *Field) Width() int { return f.width }

// SetWidth sets how many cells the text is shown in. The text scrolls
// to it when it or the cursor moves next (see Fit).
func (f *Field) SetWidth(w int) { f.width = w }

// Fit sets the field's width and brings its scroll up to it at once.
func (f *Field) Fit(w int) {
	f.SetWidth(w)
	f.SetCursor(f.pos)
}

// Value is the text typed.
func (f *Field) Value() string {
	if !f.textOK {
		f.text, f.textOK = string(f.value), true
	}
	return f.text
}

// Position is the cursor's place in the text, in runes.
func (f *Field) Position() int { return f.pos }

// SetValue replaces the text (tabs and line breaks become spaces, other
// control characters go), cut to the limit. The suggestions offered are
// those of the text before until a key is typed.
func (f *Field) SetValue(s string) {
	f.setRunes(appendClean(nil, s))
}

// setRunes makes v, cut to the limit, the text.
func (f *Field) setRunes(v []rune) {
	empty := len(f.value) == 0
	if f.CharLimit > 0 && len(v) > f.CharLimit {
		v = v[:f.CharLimit]
	}
	f.value, f.textOK = v, false
	if (f.pos == 0 && empty) || f.pos > len(f.value) {
		f.SetCursor(len(f.value))
	}
	f.scroll()
}

// SetCursor moves the cursor to pos, kept within the text.
func (f *Field) SetCursor(pos int) {
	f.pos = min(max(pos, 0), len(f.value))
	f.scroll()
}

// CursorStart moves the cursor to the start of the text.
func (f *Field) CursorStart() { f.SetCursor(0) }

// CursorEnd moves the cursor to the end of the text.
func (f *Field) CursorEnd() { f.SetCursor(len(f.value)) }

// appendClean appends s's runes to dst, tabs and line breaks as spaces
// and without other control characters or invalid bytes: the field is
// one line.
func appendClean(dst []rune, s string) []rune {
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
		case r == '\r' || r == '\n' || r == '\t':
			dst = append(dst, ' ')
		case unicode.IsControl(r):
		default:
			dst = append(dst, r)
		}
	}
	return dst
}

// insert puts the text s, cleaned (appendClean), at the cursor, as much
// of it as the limit leaves room for, and moves the cursor after it.
func (f *Field) insert(s string) {
	room := len(s) + 1
	if f.CharLimit > 0 {
		room = f.CharLimit - len(f.value)
		if room <= 0 {
			return
		}
	}
	var buf [16]rune
	ins := appendClean(buf[:0], s)
	ins = ins[:min(len(ins), room)]
	empty := len(f.value) == 0
	f.value, f.textOK = slices.Insert(f.value, f.pos, ins...), false
	f.pos += len(ins)
	if (f.pos == 0 && empty) || f.pos > len(f.value) {
		f.SetCursor(len(f.value))
	}
	f.scroll()
}

// fits reports whether the whole text fits the field's width: a grapheme
// is at most two cells wide, so a short text is not measured.
func (f *Field) fits() bool {
	return f.width <= 0 || 2*len(f.value) <= f.width || uniseg.StringWidth(f.Value()) <= f.width
}

// scroll keeps the cursor in sight in a text wider than the field,
// moving the runes shown (offset to offsetRight) no more than it must.
func (f *Field) scroll() {
	if f.fits() {
		f.offset, f.offsetRight = 0, len(f.value)
		return
	}
	f.offsetRight = min(f.offsetRight, len(f.value))
	if f.pos < f.offset {
		f.offset = f.pos
		w, i := 0, 0
		runes := f.value[f.offset:]
		for i < len(runes) && w <= f.width {
			w += rw.RuneWidth(runes[i])
			if w <= f.width+1 {
				i++
			}
		}
		f.offsetRight = f.offset + i
	} else if f.pos >= f.offsetRight {
		f.offsetRight = f.pos
		w := 0
		runes := f.value[:f.offsetRight]
		i := len(runes) - 1
		for i > 0 && w < f.width {
			w += rw.RuneWidth(runes[i])
			if w <= f.width {
				i--
			}
		}
		f.offset = f.offsetRight - (len(runes) - 1 - i)
	}
}

// Update takes a key typed or a text pasted, when the field has the keys.
func (f *Field) Update(msg tea.Msg) {
	if !f.focus {
		return
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		f.key(msg)
		f.matchSuggestions()
	case tea.PasteMsg:
		f.insert(msg.Content)
	}
	f.scroll()
}

// fieldKeyMap is a text field's editing keys.
type fieldKeyMap struct {
	CharacterForward, CharacterBackward, WordForward, WordBackward key.Binding
	DeleteWordBackward, DeleteWordForward                          key.Binding
	DeleteAfterCursor, DeleteBeforeCursor                          key.Binding
	DeleteCharacterBackward, DeleteCharacterForward                key.Binding
	LineStart, LineEnd                                             key.Binding
	AcceptSuggestion, NextSuggestion, PrevSuggestion               key.Binding
}

// FieldKeys are the text fields' keys: bubbles' textinput's default key
// map, without ctrl+v (its clipboard would be the server's).
var FieldKeys = fieldKeyMap{
	CharacterForward:        key.NewBinding(key.WithKeys("right", "ctrl+f")),
	CharacterBackward:       key.NewBinding(key.WithKeys("left", "ctrl+b")),
	WordForward:             key.NewBinding(key.WithKeys("alt+right", "ctrl+right", "alt+f")),
	WordBackward:            key.NewBinding(key.WithKeys("alt+left", "ctrl+left", "alt+b")),
	DeleteWordBackward:      key.NewBinding(key.WithKeys("alt+backspace", "ctrl+w", "ctrl+backspace")),
	DeleteWordForward:       key.NewBinding(key.WithKeys("alt+delete", "alt+d", "ctrl+delete")),
	DeleteAfterCursor:       key.NewBinding(key.WithKeys("ctrl+k")),
	DeleteBeforeCursor:      key.NewBinding(key.WithKeys("ctrl+u")),
	DeleteCharacterBackward: key.NewBinding(key.WithKeys("backspace", "ctrl+h")),
	DeleteCharacterForward:  key.NewBinding(key.WithKeys("delete", "ctrl+d")),
	LineStart:               key.NewBinding(key.WithKeys("home", "ctrl+a")),
	LineEnd:                 key.NewBinding(key.WithKeys("end", "ctrl+e")),
	AcceptSuggestion:        key.NewBinding(key.WithKeys("tab")),
	NextSuggestion:          key.NewBinding(key.WithKeys("down", "ctrl+n")),
	PrevSuggestion:          key.NewBinding(key.WithKeys("up", "ctrl+p")),
}

// fieldEdit is what a key of FieldKeys does to a field.
type fieldEdit func(f *Field, k tea.KeyPressMsg)

// fieldEdits are FieldKeys' edits by key name: a key is looked up once,
// where matching it binding after binding named it each time.
var fieldEdits = func() map[string]fieldEdit {
	km := &FieldKeys
	edits := map[string]fieldEdit{}
	for _, b := range []struct {
		binding key.Binding
		edit    fieldEdit
	}{
		{km.DeleteWordBackward, func(f *Field, _ tea.KeyPressMsg) { f.deleteWordBackward() }},
		{km.DeleteCharacterBackward, func(f *Field, _ tea.KeyPressMsg) { f.deleteBackward() }},
		{km.WordBackward, func(f *Field, _ tea.KeyPressMsg) { f.wordBackward() }},
		{km.CharacterBackward, func(f *Field, _ tea.KeyPressMsg) { f.SetCursor(max(f.pos-1, 0)) }},
		{km.WordForward, func(f *Field, _ tea.KeyPressMsg) { f.wordForward() }},
		{km.CharacterForward, func(f *Field, _ tea.KeyPressMsg) { f.SetCursor(f.pos + 1) }},
		{km.LineStart, func(f *Field, _ tea.KeyPressMsg) { f.CursorStart() }},
		{km.DeleteCharacterForward, func(f *Field, _ tea.KeyPressMsg) { f.deleteForward() }},
		{km.LineEnd, func(f *Field, _ tea.KeyPressMsg) { f.CursorEnd() }},
		{km.DeleteAfterCursor, func(f *Field, _ tea.KeyPressMsg) { f.deleteAfterCursor() }},
		{km.DeleteBeforeCursor, func(f *Field, _ tea.KeyPressMsg) { f.deleteBeforeCursor() }},
		{km.DeleteWordForward, func(f *Field, _ tea.KeyPressMsg) { f.deleteWordForward() }},
		{km.NextSuggestion, func(f *Field, _ tea.KeyPressMsg) { f.sugg.step(1) }},
		{km.PrevSuggestion, func(f *Field, _ tea.KeyPressMsg) { f.sugg.step(-1) }},
		// Tab completes, and types its text, if it has one, as any key
		// that is no edit (bubbles' order).
		{km.AcceptSuggestion, func(f *Field, k tea.KeyPressMsg) { f.acceptSuggestion(); f.insert(k.Text) }},
	} {
		for _, name := range b.binding.Keys() {
			edits[name] = b.edit
		}
	}
	return edits
}()

// key edits the text by the key k (FieldKeys), else types k's text.
func (f *Field) key(k tea.KeyPressMsg) {
	if edit, ok := fieldEdits[k.String()]; ok {
		edit(f, k)
		return
	}
	f.insert(k.Text)
}

// deleteBackward deletes the rune before the cursor (backspace).
func (f *Field) deleteBackward() {
	if len(f.value) > 0 {
		f.value, f.textOK = append(f.value[:max(0, f.pos-1)], f.value[f.pos:]...), false
		if f.pos > 0 {
			f.SetCursor(f.pos - 1)
		}
	}
}

// deleteForward deletes the rune under the cursor (delete).
func (f *Field) deleteForward() {
	if f.pos < len(f.value) {
		f.value, f.textOK = slices.Delete(f.value, f.pos, f.pos+1), false
	}
}

// deleteAfterCursor deletes the text from the cursor on (ctrl+k).
func (f *Field) deleteAfterCursor() {
	f.value, f.textOK = f.value[:f.pos], false
	f.CursorEnd()
}

// deleteBeforeCursor deletes the text before the cursor (ctrl+u).
func (f *Field) deleteBeforeCursor() {
	f.value, f.textOK = f.value[f.pos:], false
	f.offset = 0
	f.SetCursor(0)
}

// deleteWordBackward deletes the word before the cursor and the spaces
// after it.
func (f *Field) deleteWordBackward() {
	if f.pos == 0 || len(f.value) == 0 {
		return
	}
	oldPos := f.pos
	f.SetCursor(f.pos - 1)
	for unicode.IsSpace(f.value[f.pos]) && f.pos > 0 {
		f.SetCursor(f.pos - 1)
	}
	for f.pos > 0 {
		if unicode.IsSpace(f.value[f.pos]) {
			f.SetCursor(f.pos + 1) // the space before the word stays
			break
		}
		f.SetCursor(f.pos - 1)
	}
	f.value, f.textOK = append(f.value[:f.pos], f.value[oldPos:]...), false
}

// deleteWordForward deletes the spaces after the cursor and the word
// after them.
func (f *Field) deleteWordForward() {
	if f.pos >= len(f.value) {
		return
	}
	oldPos := f.pos
	f.SetCursor(f.pos + 1)
	for f.pos < len(f.value) && unicode.IsSpace(f.value[f.pos]) {
		f.SetCursor(f.pos + 1)
	}
	for f.pos < len(f.value) && !unicode.IsSpace(f.value[f.pos]) {
		f.SetCursor(f.pos + 1)
	}
	f.value, f.textOK = append(f.value[:oldPos], f.value[f.pos:]...), false
	f.SetCursor(oldPos)
}

// wordBackward moves the cursor to the start of the word before it.
func (f *Field) wordBackward() {
	i := f.pos - 1
	for i >= 0 && unicode.IsSpace(f.value[i]) {
		f.SetCursor(f.pos - 1)
		i--
	}
	for i >= 0 && !unicode.IsSpace(f.value[i]) {
		f.SetCursor(f.pos - 1)
		i--
	}
}

// wordForward moves the cursor to the end of the word after it.
func (f *Field) wordForward() {
	i := f.pos
	for i < len(f.value) && unicode.IsSpace(f.value[i]) {
		f.SetCursor(f.pos + 1)
		i++
	}
	for i < len(f.value) && !unicode.IsSpace(f.value[i]) {
		f.SetCursor(f.pos + 1)
		i++
	}
}
