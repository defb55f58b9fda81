package savefmt

import (
	"strings"
	"testing"

	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/internal/sheets"
)

// The bundled sheets (Rock Paper Scissors: every role moves at once) are
// games a save may name.
func init() {
	if _, err := sheets.RegisterBundled(nil); err != nil {
		panic(err)
	}
}

func TestParseSaveErrors(t *testing.T) {
	good := "tabletop save 1\nvariant quad5\nseat x human\nseat o ai:easy\nmove (mark r3 c3)\n"
	if _, err := ParseSave([]byte(good)); err != nil {
		t.Fatalf("good file: %v", err)
	}
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "no variant"},
		{"not a save", "hello\n", "not a tabletop save file"},
		{"unknown game", "tabletop save 1\nvariant chess\n", "unknown game"},
		{"bad role", "tabletop save 1\nvariant quad5\nseat red human\n", "no role"},
		{"bad seat", "tabletop save 1\nvariant quad5\nseat x robot\nseat o human\n", "line 3"},
		{"repeated seat", "tabletop save 1\nvariant quad5\nseat x human\nseat o human\nseat o ai:max\n", "line 5: a second seat for o"},
		{"missing seat", "tabletop save 1\nvariant quad5\nseat x human\n", "no seat for role o"},
		{"illegal move", good + "move (mark r3 c3)\n", "move 2"},
		{"garbage move", good + "move (jump)\n", "move 2"},
		{"bad start", "tabletop save 1\nvariant quad5\nstart xxx\n", "bad start position"},
		{"unknown entry", good + "colour blue\n", "unknown entry"},
	} {
		_, err := ParseSave([]byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to mention %q", c.name, err, c.want)
		}
	}
}

// A save's joint turn must be a list of every role's legal move; a
// wrong one is refused with its line, and a save of a turn-taking game
// reads as before.
func TestParseJointSave(t *testing.T) {
	head := "tabletop save 1\nvariant rockpaperscissors\nseat left human\nseat right human\n"
	tests := []struct {
		name, moves, err string
	}{
		{"good", "move ((throw rock) (throw paper))\nmove ( ( THROW paper )  (throw paper) )\n", ""},
		{"one move", "move (throw rock)\n", "one per role"},
		{"three moves", "move ((throw rock) (throw rock) (throw rock))\n", "list of 2 moves"},
		{"illegal", "move ((throw rock) (throw lizard))\n", "not a legal move for right"},
		{"unbalanced", "move ((throw rock) (throw rock)\n", "unbalanced"},
	}
	for _, tc := range tests {
		_, err := ParseSave([]byte(head + tc.moves))
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
	}
}
