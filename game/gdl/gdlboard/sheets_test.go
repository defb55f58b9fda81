package gdlboard

import (
	"testing"

	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

// findIn loads a bundled sheet and finds its board in its base facts.
func findIn(t *testing.T, name string) *Board {
	t.Helper()
	f, ok := games.Lookup(name)
	if !ok {
		t.Fatalf("no bundled sheet %s", name)
	}
	v, err := gdl.Load(name, f.Source)
	if err != nil {
		t.Fatal(err)
	}
	base, err := gdl.ParseTerms(joinFacts(gdl.BaseFacts(v)))
	if err != nil {
		t.Fatal(err)
	}
	b, ok := Find(v.Roles, base)
	if !ok {
		t.Fatalf("%s: no board found", name)
	}
	return b
}

func joinFacts(facts []string) string {
	out := ""
	for _, f := range facts {
		out += f + " "
	}
	return out
}

// TestQuadCornersAreNotCells: Quad's sheets keep the corners off the
// board with a static negation, which grounding alone ignores.
func TestQuadCornersAreNotCells(t *testing.T) {
	for _, tc := range []struct {
		name string
		side int
	}{{"quad5", 5}, {"quad7", 7}, {"quad11", 11}} {
		b := findIn(t, tc.name)
		if len(b.Rows) != tc.side || len(b.Cols) != tc.side {
			t.Fatalf("%s: %d×%d board, want %d×%d", tc.name, len(b.Cols), len(b.Rows), tc.side, tc.side)
		}
		cells := 0
		for r := range b.Rows {
			for c := range b.Cols {
				corner := (r == 0 || r == tc.side-1) && (c == 0 || c == tc.side-1)
				if b.Exists(r, c) == corner {
					t.Errorf("%s: cell %d,%d exists %v", tc.name, r, c, b.Exists(r, c))
				}
				if b.Exists(r, c) {
					cells++
				}
			}
		}
		if cells != tc.side*tc.side-4 {
			t.Errorf("%s: %d cells, want %d", tc.name, cells, tc.side*tc.side-4)
		}
	}
}
