package common

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/themes"
)

// fieldKeys are the keys the editing tests press, by the name the
// terminal's decoder gives them (tea.KeyPressMsg.String()).
var fieldKeys = map[string]tea.KeyPressMsg{
	"left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight},
	"up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
	"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd},
	"backspace": {Code: tea.KeyBackspace}, "delete": {Code: tea.KeyDelete},
	"tab": {Code: tea.KeyTab}, "esc": {Code: tea.KeyEscape}, "f1": {Code: tea.KeyF1},
	"alt+left": {Code: tea.KeyLeft, Mod: tea.ModAlt}, "alt+right": {Code: tea.KeyRight, Mod: tea.ModAlt},
	"ctrl+left": {Code: tea.KeyLeft, Mod: tea.ModCtrl}, "ctrl+right": {Code: tea.KeyRight, Mod: tea.ModCtrl},
	"alt+backspace": {Code: tea.KeyBackspace, Mod: tea.ModAlt}, "ctrl+backspace": {Code: tea.KeyBackspace, Mod: tea.ModCtrl},
	"alt+delete": {Code: tea.KeyDelete, Mod: tea.ModAlt}, "ctrl+delete": {Code: tea.KeyDelete, Mod: tea.ModCtrl},
	"alt+b": {Code: 'b', Mod: tea.ModAlt}, "alt+f": {Code: 'f', Mod: tea.ModAlt}, "alt+d": {Code: 'd', Mod: tea.ModAlt},
	"ctrl+a": {Code: 'a', Mod: tea.ModCtrl}, "ctrl+b": {Code: 'b', Mod: tea.ModCtrl}, "ctrl+d": {Code: 'd', Mod: tea.ModCtrl},
	"ctrl+e": {Code: 'e', Mod: tea.ModCtrl}, "ctrl+f": {Code: 'f', Mod: tea.ModCtrl}, "ctrl+h": {Code: 'h', Mod: tea.ModCtrl},
	"ctrl+k": {Code: 'k', Mod: tea.ModCtrl}, "ctrl+n": {Code: 'n', Mod: tea.ModCtrl}, "ctrl+p": {Code: 'p', Mod: tea.ModCtrl},
	"ctrl+u": {Code: 'u', Mod: tea.ModCtrl}, "ctrl+v": {Code: 'v', Mod: tea.ModCtrl}, "ctrl+w": {Code: 'w', Mod: tea.ModCtrl},
}

// fieldMsg is the message for a key name of fieldKeys, "paste:TEXT" for
// a bracketed paste of TEXT, else the text typed at once (a client
// sends a whole move in one read).
func fieldMsg(t *testing.T, k string) tea.Msg {
	t.Helper()
	if km, ok := fieldKeys[k]; ok {
		if km.String() != k {
			t.Fatalf("key %q is %q", k, km.String())
		}
		return km
	}
	if text, ok := cutPrefix(k, "paste:"); ok {
		return tea.PasteMsg{Content: text}
	}
	r := []rune(k)
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return "", false
}

// The text field's editing keys: what each does to the text and where
// it leaves the cursor (| in the texts), as bubbles' text field did.
func TestFieldEditingKeys(t *testing.T) {
	cases := []struct {
		name       string
		start      string // the text, | where the cursor is
		keys       []string
		want       string
		suggestion string // the completion offered after
	}{
		{"typed at the end", "ab|", []string{"c", "de"}, "abcde|", ""},
		{"typed in the middle", "ad|", []string{"left", "bc"}, "abc|d", ""},
		{"left and right stop at the ends", "ab|", []string{"left", "left", "left", "right"}, "a|b", ""},
		{"ctrl+b and ctrl+f", "abc|", []string{"ctrl+b", "ctrl+b", "ctrl+f"}, "ab|c", ""},
		{"right at the end", "ab|", []string{"right"}, "ab|", ""},
		{"home and end", "a|bc", []string{"home"}, "|abc", ""},
		{"ctrl+a and ctrl+e", "a|bc", []string{"ctrl+a", "ctrl+e"}, "abc|", ""},
		{"end", "a|bc", []string{"end"}, "abc|", ""},
		{"backspace", "abc|", []string{"backspace"}, "ab|", ""},
		{"backspace in the middle", "ab|c", []string{"backspace"}, "a|c", ""},
		{"backspace at the start", "|abc", []string{"backspace"}, "|abc", ""},
		{"ctrl+h", "abc|", []string{"ctrl+h"}, "ab|", ""},
		{"delete", "a|bc", []string{"delete"}, "a|c", ""},
		{"delete at the end", "abc|", []string{"delete"}, "abc|", ""},
		{"ctrl+d", "|abc", []string{"ctrl+d"}, "|bc", ""},
		{"ctrl+w a word", "mark r3 c4|", []string{"ctrl+w"}, "mark r3 |", ""},
		{"ctrl+w spaces and a word", "mark r3  |", []string{"ctrl+w"}, "mark |", ""},
		{"ctrl+w in a word", "mark r3|c4", []string{"ctrl+w"}, "mark |c4", ""},
		{"ctrl+w the first word", "mark|", []string{"ctrl+w"}, "|", ""},
		{"ctrl+w at the start", "|mark", []string{"ctrl+w"}, "|mark", ""},
		{"alt+backspace", "a b|", []string{"alt+backspace"}, "a |", ""},
		{"ctrl+backspace", "a b|", []string{"ctrl+backspace"}, "a |", ""},
		{"alt+d a word", "|mark r3", []string{"alt+d"}, "| r3", ""},
		{"alt+d spaces and a word", "mark| r3 c4", []string{"alt+d"}, "mark| c4", ""},
		{"alt+delete", "a| b", []string{"alt+delete"}, "a|", ""},
		{"ctrl+delete at the end", "ab|", []string{"ctrl+delete"}, "ab|", ""},
		{"alt+d on the last letter", "a|b", []string{"alt+d"}, "a|", ""}, // bubbles' failed here
		{"ctrl+k", "ab|cd", []string{"ctrl+k"}, "ab|", ""},
		{"ctrl+u", "ab|cd", []string{"ctrl+u"}, "|cd", ""},
		{"alt+left words", "mark r3 c4|", []string{"alt+left", "alt+left"}, "mark |r3 c4", ""},
		{"ctrl+left over spaces", "ab  |", []string{"ctrl+left"}, "|ab  ", ""},
		{"alt+b at the start", "|ab", []string{"alt+b"}, "|ab", ""},
		{"alt+right words", "|mark r3 c4", []string{"alt+right", "alt+right"}, "mark r3| c4", ""},
		{"ctrl+right and alt+f", "|a b c", []string{"ctrl+right", "alt+f"}, "a b| c", ""},
		{"ctrl+v pastes nothing", "ab|", []string{"ctrl+v"}, "ab|", ""},
		{"keys without text type nothing", "ab|", []string{"f1", "esc"}, "ab|", ""},
		{"a paste", "a|d", []string{"paste:bc"}, "abc|d", ""},
		{"a paste's line breaks and tabs are spaces", "|", []string{"paste:a\nb\tc\r\nd"}, "a b c  d|", ""},
		{"control characters are dropped", "|", []string{"paste:a\x07b", "c\x1bd"}, "abcd|", ""},
		{"the limit stops typing", "0123456789012345678|", []string{"ab"}, "0123456789012345678a|", ""},
		{"the limit cuts a paste", "01234567890123|", []string{"paste:abcdefghij"}, "01234567890123abcdef|", ""},
		{"wide and accented letters", "|", []string{"é", "世界", "left"}, "é世|界", ""},
		{"a suggestion is offered", "|", []string{"(p"}, "(p|", "(place 1 2)"},
		{"without regard to case", "|", []string{"(PL"}, "(PL|", "(place 1 2)"},
		{"tab takes it", "|", []string{"(pl", "tab"}, "(place 1 2)|", "(place 1 2)"},
		{"down offers the next", "|", []string{"(pl", "down"}, "(pl|", "(place 1 3)"},
		{"ctrl+n wraps round", "|", []string{"(pl", "ctrl+n", "ctrl+n"}, "(pl|", "(place 1 2)"},
		{"up and ctrl+p go back", "|", []string{"(pl", "up", "ctrl+p"}, "(pl|", "(place 1 2)"},
		{"up wraps round", "|", []string{"(pl", "up"}, "(pl|", "(place 1 3)"},
		{"tab takes the one offered", "|", []string{"(", "down", "down", "tab"}, "(turn a cw)|", "(turn a cw)"},
		{"other matches offer the first", "|", []string{"(", "down", "p"}, "(p|", "(place 1 2)"},
		{"the same matches keep the one offered", "|", []string{"(p", "down", "l"}, "(pl|", "(place 1 3)"},
		{"no match", "|", []string{"(x", "tab"}, "(x|", ""},
		{"backspace offers again", "|", []string{"(x", "backspace"}, "(|", "(place 1 2)"},
		{"a paste does not look for matches", "|", []string{"paste:(t"}, "(t|", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := editingField(tc.start)
			for _, k := range tc.keys {
				in.update(fieldMsg(t, k))
			}
			got := in.value()
			if pos := in.position(); pos <= len([]rune(got)) {
				r := []rune(got)
				got = string(r[:pos]) + "|" + string(r[pos:])
			}
			if got != tc.want || in.offered() != tc.suggestion {
				t.Errorf("%q after %q: %q offering %q, want %q offering %q", tc.start, tc.keys, got, in.offered(), tc.want, tc.suggestion)
			}
		})
	}
}

// testField is the text field under test, behind the few calls the tests
// make of it.
type testField interface {
	update(tea.Msg)
	value() string
	position() int
	offered() string
}

// editingField is a focused text field of limit 20 offering three moves,
// holding start (| where the cursor is).
func editingField(start string) testField {
	st := themes.SharedStyles(themes.Default, false, colorprofile.ANSI256)
	in := newField(st, 40)
	in.CharLimit = 20
	text, pos := cursorAt(start)
	in.SetValue(text)
	in.SetCursor(pos)
	return ownField{&in}
}

// cursorAt is start without its |, and where the | was (in runes).
func cursorAt(start string) (string, int) {
	r := []rune(start)
	for i, c := range r {
		if c == '|' {
			return string(append(r[:i:i], r[i+1:]...)), i
		}
	}
	return start, 0
}

// Tab after a text was set (↑ brings back an earlier entry) that is
// longer than the suggestion matched before: bubbles' field failed
// there (slice bounds out of range); Field keeps the text.
func TestFieldTabAfterALongerTextSet(t *testing.T) {
	st := themes.SharedStyles(themes.Default, false, colorprofile.ANSI256)
	in := newField(st, 40)
	in.Update(tea.KeyPressMsg{Code: '(', Text: "(pl"})
	in.SetValue("(place 1 2) and more")
	in.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if got := in.Value(); got != "(place 1 2) and more" {
		t.Fatalf("tab made %q", got)
	}
}
