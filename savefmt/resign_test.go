package savefmt

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
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

// A hot-seat game with clocks keeps its time control and each seat's
// time left.
func TestSaveKeepsTheClocks(t *testing.T) {
	text := "tabletop save 1\nvariant quad5\nseat x human\nseat o human\nclock 5m0s+3s 4m31s 5m2s\nmove (mark r3 c3)\n"
	sv, err := ParseSave([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if sv.Clock != (roomapi.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}) ||
		len(sv.ClockLeft) != 2 || sv.ClockLeft[0] != 4*time.Minute+31*time.Second {
		t.Fatalf("clock %+v, left %v", sv.Clock, sv.ClockLeft)
	}
	if got := string(sv.Marshal([]string{"x", "o"})); got != text {
		t.Fatalf("written back as\n%s", got)
	}
	for _, bad := range []string{"clock 5m0s+3s 4m31s\n", "clock soon 1m 1m\n", "clock 5m0s+3s 1m -1m\n", "clock\n"} {
		bad = strings.Replace(text, "clock 5m0s+3s 4m31s 5m2s\n", bad, 1)
		if _, err := ParseSave([]byte(bad)); err == nil || !strings.Contains(err.Error(), "clock") && !strings.Contains(err.Error(), "time control") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
