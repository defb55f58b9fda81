package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// At 80 columns the setup screen's description is wrapped, not cut in
// the middle of a word.
func TestSetupDescriptionNotCut(t *testing.T) {
	m, _ := newTestClient(t, "quad7", 80, 24)
	m.Update(uitest.Key("n")) // a new game: the setup screen
	s, ok := m.Cur.(*setupScreen)
	if !ok {
		t.Skipf("n did not open setup: %T", m.Cur)
	}
	v := s.View()
	if !strings.Contains(v, "own the four corners of any square,") || !strings.Contains(v, "tilted ones too.") {
		t.Fatalf("description cut:\n%s", v)
	}
}
