package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
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
		if got := common.WrapLines(tc.s, tc.w, tc.n); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapLines(%q, %d, %d) = %q, want %q", tc.s, tc.w, tc.n, got, tc.want)
		}
	}
}

// At 80 columns the setup screen's description is wrapped, not cut in
// the middle of a word.
func TestSetupDescriptionNotCut(t *testing.T) {
	m, _ := newTestClient(t, "quad7", 80, 24)
	m.Update(uitest.Key("n")) // a new game: the setup screen
	s, ok := m.Cur.(*SetupScreen)
	if !ok {
		t.Skipf("n did not open setup: %T", m.Cur)
	}
	v := s.View()
	if !strings.Contains(v, "own the four corners of any square,") || !strings.Contains(v, "tilted ones too.") {
		t.Fatalf("description cut:\n%s", v)
	}
}
