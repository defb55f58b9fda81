package table

import (
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
)

func TestFourPlayerResignationRetiresTheSeat(t *testing.T) {
	tb := newTable(t, "tictacchess")
	const red, yellow, blue, green = game.Role(0), game.Role(1), game.Role(2), game.Role(3)
	if err := tb.Resign(blue); err != nil {
		t.Fatal(err)
	}
	if tb.Over() || tb.Goals() != nil || tb.Resigned() != game.NoRole {
		t.Fatalf("one resignation ended the game: over %v, goals %v", tb.Over(), tb.Goals())
	}
	if got := tb.Texts(); !slices.Equal(got, []string{"(resign blue)"}) {
		t.Fatalf("steps %q, want the resignation", got)
	}
	if err := tb.PlayTexts([]string{"14-22", "41-33"}); err != nil {
		t.Fatal(err)
	}
	if tb.Position().ToMove() != green || tb.Chooses(blue) {
		t.Fatalf("after red and yellow: %s; want blue's turn passed", tb.Position())
	}
	if _, err := tb.Play(blue, game.Noop); err == nil {
		t.Fatal("blue moved after resigning")
	}
	// A replay of the steps' texts (a save, a room's store) keeps it.
	again, err := Replay(tb.Start(), tb.Texts())
	if err != nil {
		t.Fatal(err)
	}
	if again.Position().String() != tb.Position().String() {
		t.Fatalf("replayed %s, want %s", again.Position(), tb.Position())
	}
	// The others resign in turn; the last one left wins.
	for _, r := range []game.Role{red, green} {
		if err := tb.Resign(r); err != nil {
			t.Fatal(err)
		}
	}
	if !tb.Over() || !slices.Equal(tb.Goals(), []int{0, game.MaxGoal, 0, 0}) {
		t.Fatalf("over %v, goals %v; want yellow alone to win", tb.Over(), tb.Goals())
	}
	// Undo takes back the last resignation only.
	if !tb.Undo() || tb.Over() || !tb.Position().(game.Retirer).Retired(red) {
		t.Fatalf("undo: over %v, position %s", tb.Over(), tb.Position())
	}
}

func TestResignationOfAnotherRoleIsRefused(t *testing.T) {
	tb := newTable(t, "tictacchess")
	if _, err := tb.Play(0, game.ResignMove(2)); err == nil {
		t.Fatal("red resigned for blue")
	}
	if err := tb.Resign(1); err != nil {
		t.Fatal(err)
	}
	if err := tb.Resign(1); err == nil {
		t.Fatal("yellow resigned twice")
	}
}

func TestTwoPlayerResignationEndsTheGame(t *testing.T) {
	tb := newTable(t, "quad5")
	if err := tb.Resign(1); err != nil {
		t.Fatal(err)
	}
	if !tb.Over() || tb.Turn() != 0 || tb.Resigned() != 1 || !slices.Equal(tb.Goals(), []int{game.MaxGoal, 0}) {
		t.Fatalf("over %v, steps %d, resigned %d, goals %v", tb.Over(), tb.Turn(), tb.Resigned(), tb.Goals())
	}
}
