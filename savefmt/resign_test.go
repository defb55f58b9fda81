package savefmt

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// A four-player save keeps a resignation among the moves: the player is
// out when the save is read back, and a second resignation of the same
// player is refused with its line.
func TestSaveKeepsAFourPlayerResignation(t *testing.T) {
	text := "tabletop save 1\nvariant tictacchess\nseat red human\nseat yellow human\nseat blue ai:easy\nseat green human\n" +
		"move (move 1 4 2 2)\nmove (resign blue)\nmove (move 4 1 3 3)\nmove (move 4 7 5 5)\n"
	sv, err := ParseSave([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.Lookup("tictacchess")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(sv.Marshal(v.Roles)); got != text {
		t.Fatalf("written back as\n%s", got)
	}
	start, moves, err := sv.Replay()
	if err != nil {
		t.Fatal(err)
	}
	s := start.Clone()
	for _, m := range moves {
		s.Apply(m)
	}
	if !s.(game.Retirer).Retired(2) || s.ToMove() != 0 || s.Goal(2) != 0 {
		t.Fatalf("replayed to %s", s)
	}
	_, err = ParseSave([]byte(text + "move (resign blue)\n"))
	if err == nil || !strings.Contains(err.Error(), "move 5") {
		t.Fatalf("blue resigning twice: %v", err)
	}
}
