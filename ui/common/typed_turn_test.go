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

// A refused turn says what is wrong with it: the game's reason for its
// first part when that part is a move the game refuses, else the whole
// line's refusal.
func TestRefusedTurnSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		played []string // the moves before the turn typed
		typed  string
		want   string // in the refusal
	}{
		{[]string{"133", "3cw"}, "133 1cw", "taken by red"},
		{nil, "3ccw 133", "time to place"},
		{nil, "nonsense words", `"nonsense"`},
		{nil, "133 122", `"133 122"`},
		{nil, "133 3ccw 122", `"133 3ccw 122"`},
		// Red's fifth in the top row wins on the placement: the rotation
		// typed with it would come after the end.
		{[]string{"213", "3cw", "411", "3cw", "223", "3cw", "412", "3cw", "233", "3cw", "413", "3cw", "113", "3cw", "421", "3cw"},
			"123 1cw", "123 ends the game, so 1cw cannot follow it: type 123 alone"},
	} {
		s, err := game.NewState("pentago", "")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tc.played {
			if _, err := game.PlayText(s, m); err != nil {
				t.Fatalf("%s: %v", m, err)
			}
		}
		_, err = ParseTurn(s, tc.typed)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: refusal %v, want one saying %s", tc.typed, err, tc.want)
		}
	}
}
