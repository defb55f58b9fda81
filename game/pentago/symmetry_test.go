package pentago

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

// TestSymmetriesKeepTheRules: for every symmetry, playing a move's image
// in a position's image gives the image of the position after the move,
// outcome included; every symmetry has an inverse; symmetric positions
// share their canonical image.
func TestSymmetriesKeepTheRules(t *testing.T) {
	rng := game.NewRand(17)
	checked := 0
	for g := 0; g < 40; g++ {
		s := NewState(false)
		for !s.Terminal() {
			for k := 0; k < Symmetries; k++ {
				img := s.Transform(k)
				if back := img.Transform(InverseSymmetry(k)); back.String() != s.String() {
					t.Fatalf("%s: symmetry %d and its inverse give %s", s, k, back)
				}
				if c, ci := s.Transform(s.Canonical()), img.Transform(img.Canonical()); c.String() != ci.String() {
					t.Fatalf("%s and its image %d: canonical %s and %s", s, k, c, ci)
				}
				for _, m := range s.Legal(nil) {
					after := s.Clone().(*State)
					after.Apply(m)
					mi := TransformMove(m, k)
					if !img.IsLegal(mi) {
						t.Fatalf("%s: %s's image %s under %d is not legal in %s", s, s.FormatMove(m), img.FormatMove(mi), k, img)
					}
					imgAfter := img.Clone().(*State)
					imgAfter.Apply(mi)
					if want := after.Transform(k); imgAfter.String() != want.String() || imgAfter.Terminal() != want.Terminal() || imgAfter.Goal(0) != want.Goal(0) {
						t.Fatalf("%s, %s, symmetry %d: %s, want %s", s, s.FormatMove(m), k, imgAfter, want)
					}
					checked++
				}
			}
			s.Apply(s.RandomMove(rng))
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
