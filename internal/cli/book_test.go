package cli

import (
	"strings"
	"testing"
)

// book pentago writes one line per symmetry class of the positions with
// up to --stones stones (1 with none, 6 with one: corner, edge-corner,
// inner corner, outer edge, inner edge, centre), each with a legal turn.
func TestBookMakesPentagoBook(t *testing.T) {
	var out, errs strings.Builder
	if code := Run([]string{"book", "pentago", "--stones", "1", "--depth", "1"}, nil, &out, &errs); code != 0 {
		t.Fatal(code, errs.String())
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 7 || !strings.Contains(out.String(), "# Made by: tabletop book pentago --stones 1 --depth 1") {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for _, pos := range pentagoBookPositions(1) {
		if pos.Terminal() || pos.Transform(pos.Canonical()).String() != pos.String() {
			t.Fatalf("%s is not a canonical position in play", pos)
		}
	}
	for _, args := range [][]string{{"book", "quad5"}, {"book", "pentago", "--stones", "9"}, {"book", "pentago", "--depth", "0"}} {
		if code := Run(args, nil, &out, &errs); code != 2 {
			t.Errorf("%v: exit %d, want a usage error", args, code)
		}
	}
}
