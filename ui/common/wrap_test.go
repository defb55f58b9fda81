package common

import (
	"strings"
	"testing"
)

func TestWrapLines(t *testing.T) {
	long := "Four players jump like knights and race for three in a row in the centre of a 7×7 board."
	for _, tc := range []struct {
		s    string
		w, n int
		want []string
	}{
		{"short", 20, 2, []string{"short"}},
		{long, 78, 2, []string{"Four players jump like knights and race for three in a row in the centre of a", "7×7 board."}},
		{long, 40, 2, []string{"Four players jump like knights and race", "for three in a row in the centre of a 7…"}},
		{long, 40, 1, []string{"Four players jump like knights and race…"}},
		{"abcdefghij", 4, 3, []string{"abcd", "efgh", "ij"}},
		{long, 0, 2, nil},
	} {
		if got := WrapLines(tc.s, tc.w, tc.n); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapLines(%q, %d, %d) = %q, want %q", tc.s, tc.w, tc.n, got, tc.want)
		}
	}
}
