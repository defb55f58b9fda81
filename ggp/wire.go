package ggp

import (
	"bytes"
	"fmt"
)

// WireRules is a rule sheet as a Game Manager sends it in start: its
// sentences with single spaces, no comments, plain ASCII. Every GGP player
// reads that. ggp-base's players, the reference, read a message by
// counting characters, not bytes, so one character outside ASCII leaves
// the message short and the start is never answered; and they read the
// rules as symbols without skipping comments. A symbol outside ASCII
// cannot be sent: the error says on which line it is.
func WireRules(src []byte) ([]byte, error) {
	out := make([]byte, 0, len(src))
	line := 1
	space := false // whitespace or a comment since the last token
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == ';':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
			space = true
			continue
		case c == '\n':
			line++
			space = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			space = true
			continue
		case c >= 0x80 || c < 0x20:
			return nil, fmt.Errorf("line %d: the rules hold a character outside plain ASCII (%q), which GGP players cannot read", line, firstRune(src[i:]))
		}
		if n := len(out); n > 0 && out[n-1] != '(' && c != ')' && (space || c == '(' || out[n-1] == ')') {
			out = append(out, ' ')
		}
		out = append(out, c)
		space = false
	}
	return bytes.TrimSpace(out), nil
}

// firstRune is the character that starts b, as text.
func firstRune(b []byte) string {
	return string(bytes.Runes(b[:min(len(b), 4)])[0])
}
