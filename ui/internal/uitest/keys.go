package uitest

import (
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// Key is the key press a terminal reports for key k: a key's name
// ("enter", "ctrl+c") or one character.
func Key(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case " ", "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "ctrl+r":
		return tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}
	case "ctrl+n":
		return tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	r, _ := utf8.DecodeRuneInString(k)
	if utf8.RuneCountInString(k) != 1 {
		panic("uitest.Key: not a key: " + k)
	}
	if unicode.IsUpper(r) {
		// As the terminal's input decoder reports a capital.
		return tea.KeyPressMsg{Code: unicode.ToLower(r), ShiftedCode: r, Mod: tea.ModShift, Text: k}
	}
	return tea.KeyPressMsg{Code: r, Text: k}
}

// namedKeys are the keys Key knows by name.
var namedKeys = map[string]bool{"enter": true, "esc": true, "up": true, "down": true, "left": true, "right": true,
	"home": true, "end": true, "space": true, "ctrl+c": true, "ctrl+r": true, "ctrl+n": true, "pgup": true,
	"pgdown": true, "tab": true, "backspace": true}

// Keys is Key(k) for a key's name or one character, and the keys of
// text typed otherwise (a move such as "r2c2").
func Keys(k string) []tea.Msg {
	if _, named := namedKeys[k]; named || utf8.RuneCountInString(k) == 1 {
		return []tea.Msg{Key(k)}
	}
	return Typed(k)
}

// Typed is text typed key by key, as the terminal reports it.
func Typed(s string) []tea.Msg {
	var msgs []tea.Msg
	for _, r := range s {
		msgs = append(msgs, Key(string(r)))
	}
	return msgs
}

// SplitKeys splits typed text into key names, "enter" kept whole.
func SplitKeys(s string) []string {
	var out []string
	for s != "" {
		if strings.HasPrefix(s, "enter") {
			out, s = append(out, "enter"), s[len("enter"):]
			continue
		}
		out, s = append(out, s[:1]), s[1:]
	}
	return out
}

// Click is a press of the left mouse button at x, y.
func Click(x, y int) tea.MouseClickMsg {
	return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}
}

// navKeys are the cursor keys; KeysTo rotates through all of them.
var navKeys = [][4]string{
	{"up", "down", "left", "right"},
	{"k", "j", "h", "l"},
	{"w", "s", "a", "d"},
}

// KeysTo returns the cursor keys from row, col to row2, col2: arrows,
// vi keys or WASD as style picks.
func KeysTo(row, col, row2, col2, style int) []string {
	k := navKeys[style%len(navKeys)]
	var out []string
	for ; row > row2; row-- {
		out = append(out, k[0])
	}
	for ; row < row2; row++ {
		out = append(out, k[1])
	}
	for ; col > col2; col-- {
		out = append(out, k[2])
	}
	for ; col < col2; col++ {
		out = append(out, k[3])
	}
	return out
}

// Quad5Square is the game the tests end by keys, as {row, col} from 0:
// x's square in Quad 5×5, r2c2, r2c4, r4c4, r4c2 against o's r1c2, r1c3,
// r1c4.
var Quad5Square = [][2]int{{1, 1}, {0, 1}, {1, 3}, {0, 2}, {3, 3}, {0, 3}, {3, 1}}

// Quad5SquareKeys are the key messages that play Quad5Square from the
// cursor's start at the centre.
func Quad5SquareKeys() []tea.Msg {
	var msgs []tea.Msg
	row, col := 2, 2
	for _, p := range Quad5Square {
		for _, k := range KeysTo(row, col, p[0], p[1], 0) {
			msgs = append(msgs, Keys(k)...)
		}
		msgs = append(msgs, Key("enter"))
		row, col = p[0], p[1]
	}
	return msgs
}

// TypeMove types a move at the board's prompt: ':', the text, enter.
func TypeMove(text string) []tea.Msg {
	msgs := append([]tea.Msg{Key(":")}, Typed(text)...)
	return append(msgs, Key("enter"))
}

// Quad5SquareMoves is Quad5Square as the moves' short texts.
var Quad5SquareMoves = []string{"r2c2", "r1c2", "r2c4", "r1c3", "r4c4", "r1c4", "r4c2"}

// RPSThrows are the throws of a whole hot-seat game: left's and right's
// in each of the five rounds. left wins rounds 1 and 3, right round 2.
var RPSThrows = [][2]string{
	{"rock", "scissors"}, {"rock", "paper"}, {"paper", "rock"}, {"scissors", "scissors"}, {"paper", "paper"},
}
