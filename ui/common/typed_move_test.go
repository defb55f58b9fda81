package common

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/quad"
)

// namesForTest, while set, makes the test namer below name a Quad 5×5
// move at row r, column c as chess does, "mark c3" (column letter, row
// number), except the move at r1c3, named "place b1", so that the end
// "b1" is two moves' (r1c2 is "mark b1") and "a1" none's (the 5×5
// board has no corner cells).
var namesForTest bool

func init() {
	RegisterMoveNamer(func(s game.State, m game.Move) (string, bool) {
		if !namesForTest {
			return "", false
		}
		var r, c int
		if _, err := fmt.Sscanf(s.ShortMove(m), "r%dc%d", &r, &c); err != nil {
			return "", false
		}
		if r == 1 && c == 3 {
			return "place b1", true
		}
		return fmt.Sprintf("mark %c%d", 'a'+c-1, r), true
	})
}

// A move is typed by its name, or by the end of a name only one legal
// move has; an end that several moves share, or none, is refused with
// the game's own message.
func TestTypedMoveByTheEndOfItsName(t *testing.T) {
	namesForTest = true
	defer func() { namesForTest = false }()
	s, err := game.NewState("quad5", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		typed, want string // want "" for a refusal
	}{
		{"mark c3", "r3c3"},
		{"  Mark   C3 ", "r3c3"},
		{"c3", "r3c3"},
		{" C3", "r3c3"},
		{"r3c3", "r3c3"}, // the game's own notation
		{"place b1", "r1c3"},
		{"mark b1", "r1c2"},
		{"b1", ""}, // "mark b1" and "place b1"
		{"a1", ""}, // no name ends so
		{"3", ""},  // the end of a word is not an end
		{"mark", ""},
		{"", ""},
	} {
		m, err := ParseMove(s, tc.typed)
		if tc.typed == "b1" && (err == nil || !strings.Contains(err.Error(), "mark b1 or place b1")) {
			t.Errorf("%q: %v, want it to name both moves", tc.typed, err)
		}
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("%q: played %s, want a refusal", tc.typed, s.ShortMove(m))
		case tc.want != "" && err != nil:
			t.Errorf("%q: %v, want %s", tc.typed, err, tc.want)
		case tc.want != "" && s.ShortMove(m) != tc.want:
			t.Errorf("%q: played %s, want %s", tc.typed, s.ShortMove(m), tc.want)
		}
	}
}
