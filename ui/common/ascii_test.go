package common

import "testing"

// TestASCIIKeepsWidths: in --ascii, a character spelled with more than
// one (… as ...) takes the room of the padding after it, so a panel's
// border stays in its column; without padding, text is kept whole.
func TestASCIIKeepsWidths(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"| white-pla…    |", "| white-pla...  |"},
		{"| white-pla…\x1b[0m    |", "| white-pla...\x1b[0m  |"},
		{"own the four … more", "own the four ... more"},
		{"a × b · c", "a x b . c"},
	} {
		if got := asciiText(tc.in); got != tc.want {
			t.Errorf("asciiText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
