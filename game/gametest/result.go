package gametest

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

// CheckResultReason reads pos, one move before the end of a game of the
// registered variant, and checks that game.ResultReason is empty there
// and reads want once the move last is played.
func CheckResultReason(t *testing.T, variant, pos, last, want string) {
	t.Helper()
	s, err := game.NewState(variant, pos)
	if err != nil {
		t.Fatal(err)
	}
	if got := game.ResultReason(s); got != "" {
		t.Errorf("before the end: %q, want none", got)
	}
	if _, err := game.PlayText(s, last); err != nil {
		t.Fatal(err)
	}
	if got := game.ResultReason(s); got != want {
		t.Errorf("ResultReason = %q\nwant            %q", got, want)
	}
}
