package common

import (
	"strings"
	"unicode/utf8"
)

// asciiSpelling spells the few non-ASCII characters the client draws
// (arrows in the help, dots, the × of board sizes, dashes) in 7-bit
// ASCII, for --ascii.
var asciiSpelling = map[rune]string{
	'←': "<", '→': ">", '↑': "^", '↓': "v", '×': "x", '·': ".", '•': "|",
	'…': "...", '–': "-", '—': "-", '−': "-", '±': "+/-", '½': "1/2", '²': "^2", '≠': "!=", '¹': "^1", '⁻': "-",
}

// asciiText is v in 7-bit ASCII (see asciiSpelling), each line as wide as
// it was where it can be: a character spelled with more than one (… as
// ...) takes the room of the spaces the layout padded it with, past any
// escape sequence, so that a panel's border stays in its column.
func asciiText(v string) string {
	var b strings.Builder
	b.Grow(len(v))
	for i := 0; i < len(v); {
		r, size := utf8.DecodeRuneInString(v[i:])
		i += size
		spelled, ok := asciiSpelling[r]
		if !ok {
			b.WriteString(v[i-size : i])
			continue
		}
		b.WriteString(spelled)
		extra := len(spelled) - 1
		if extra == 0 || paddingAt(v, i) < extra {
			continue // no room: the line is wider (a word's space is kept)
		}
		for extra > 0 {
			if v[i] == ' ' {
				extra--
				i++
				continue
			}
			end := escapeEnd(v, i)
			b.WriteString(v[i:end])
			i = end
		}
	}
	return b.String()
}

// paddingAt counts the spaces at v[i:], past escape sequences.
func paddingAt(v string, i int) int {
	n := 0
	for i < len(v) {
		switch v[i] {
		case ' ':
			n++
			i++
		case 0x1b:
			i = escapeEnd(v, i)
		default:
			return n
		}
	}
	return n
}

// escapeEnd is where the escape sequence at v[i] ends: a CSI sequence
// ends at its final byte, any other escape after the next byte.
func escapeEnd(v string, i int) int {
	if i+1 < len(v) && v[i+1] == '[' {
		for j := i + 2; j < len(v); j++ {
			if v[j] >= 0x40 && v[j] <= 0x7e {
				return j + 1
			}
		}
		return len(v)
	}
	return min(i+2, len(v))
}
