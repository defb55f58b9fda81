package pentago

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// TestBookTurnsAreLegal: every position of the book, in each of its
// symmetric images, gets from OpeningTurn a legal whole turn that is the
// image of the book's turn; positions not in the book and the split
// variant get none.
func TestBookTurnsAreLegal(t *testing.T) {
	if len(theBook()) == 0 {
		t.Skip("the book is empty")
	}
	for key, e := range theBook() {
		s := &State{rules: standardRules, stones: key}
		s.step = 0
		if n := len(strings.ReplaceAll(strings.ReplaceAll(s.String(), ".", ""), "/", "")); n%2 == 1 {
			s.step = 2 // black places
		}
		for k := 0; k < Symmetries; k++ {
			img := s.Transform(k)
			turn, score, ok := img.OpeningTurn()
			if !ok || len(turn) != 2 || score != e.score {
				t.Fatalf("%s (image %d): %v %v %v", img, k, turn, score, ok)
			}
			// A position symmetric in itself has several symmetries to
			// this image: the turn is the book's under one of them.
			image := false
			for j := 0; j < Symmetries; j++ {
				image = image || s.Transform(j).String() == img.String() && turn[0] == TransformMove(e.place, j) && turn[1] == TransformMove(e.rotate, j)
			}
			if !image {
				t.Fatalf("%s (image %d): turn %v is not the image of the book's", img, k, turn)
			}
			for _, m := range turn {
				if err := game.Play(img, m); err != nil {
					t.Fatalf("%s: %v", img, err)
				}
			}
		}
	}
	split := NewState(true)
	if _, _, ok := split.OpeningTurn(); ok {
		t.Errorf("pentago-split has a book turn")
	}
}

// TestBookRejectsBadLines: parseBook refuses a position that is not its
// canonical image, an illegal turn and a malformed line.
func TestBookRejectsBadLines(t *testing.T) {
	for _, line := range []string{
		"....../....../....../....../....../.....r 122 1cw 50", // not canonical: the corner is r...../
		"....../....../....../....../....../...... 122 1up 50",
		"....../....../....../....../....../...... 122",
		"r...../....../....../....../....../...... 213 1cw 50", // (place 2 1 3) is r's cell
	} {
		if _, err := parseBook(line); err == nil {
			t.Errorf("%q was accepted", line)
		}
	}
	if b, err := parseBook("# comment\n....../....../....../....../....../...... 422 1cw 57\n"); err != nil || len(b) != 1 {
		t.Errorf("a good line: %v, %d entries", err, len(b))
	}
}
