package common

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/pentago"
	_ "github.com/tabletop/tabletop/game/quad"
)

// A whole turn is typed as the move list writes it: a Pentago placement
// and its rotation, or a Quad block and a mark, in one line, with a space or a comma between; each
// part is read in the position the parts before it leave.
func TestTypedWholeTurn(t *testing.T) {
	s := func(variant string) game.State {
		st, err := game.NewState(variant, "")
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	for _, tc := range []struct {
		variant, typed string
		want           string // the turn's short moves, "" for a refusal
	}{
		{"pentago", "133 3ccw", "133 3ccw"},
		{"pentago", "133, 3ccw", "133 3ccw"},
		{"pentago", "  133   3CW ", "133 3cw"},
		{"pentago", "(place 1 3 3) (rotate 2 clockwise)", "133 2cw"},
		{"pentago", "place 1 3 3 rotate 2 clockwise", "133 2cw"},
		{"pentago", "133", "133"},               // one move is still one move
		{"pentago", "3ccw 133", ""},             // a rotation cannot come first
		{"pentago", "133 122", ""},              // two placements are two turns
		{"pentago", "133 3ccw 122", ""},         // the rotation ends the turn
		{"pentago", "133 5cw", ""},              // no quadrant 5
		{"pentago", "nonsense words", ""},       // neither part is a move
		{"quad7", "b r3c4 r2c2", "b r3c4 r2c2"}, // a block keeps the turn
		{"quad7", "r3c4 r2c2", ""},              // a mark ends it
	} {
		turn, err := ParseTurn(s(tc.variant), tc.typed)
		var got []string
		for _, m := range turn {
			got = append(got, s(tc.variant).ShortMove(m)) // these games name a move without its position
		}
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("%q: read as %v, want a refusal", tc.typed, got)
		case tc.want != "" && err != nil:
			t.Errorf("%q: %v, want %s", tc.typed, err, tc.want)
		case tc.want != "" && strings.Join(got, " ") != tc.want:
			t.Errorf("%q: read as %v, want %s", tc.typed, got, tc.want)
		}
	}
}
