package common

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
)

// TestHintNamesTheWholeTurn: a hint of a game whose turn has two actions
// (Pentago: a placement, then a rotation) names both, not only the
// placement; a one-action turn is named alone.
func TestHintNamesTheWholeTurn(t *testing.T) {
	v, err := game.Lookup("pentago")
	if err != nil {
		t.Fatal(err)
	}
	s := v.New()
	place := s.Legal(nil)[0]
	after := s.Clone()
	after.Apply(place)
	rotate := after.Legal(nil)[0]
	for _, tc := range []struct {
		name string
		turn []game.Move
		want string
	}{
		{"placement and rotation", []game.Move{place, rotate}, HintText(s, place) + ", then " + HintText(after, rotate)},
		{"the move alone", nil, HintText(s, place)},
	} {
		if got := TurnText(s, place, tc.turn); got != tc.want || tc.turn != nil && !strings.Contains(got, ", then ") {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
