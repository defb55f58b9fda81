package gdlboard

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
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

// position plays moves (KIF, one per turn, the role in control's) from
// the start of a bundled sheet's game.
func position(t *testing.T, name string, moves ...string) game.State {
	t.Helper()
	f, _ := games.Lookup(name)
	v, err := gdl.Load(name, f.Source)
	if err != nil {
		t.Fatal(err)
	}
	s := v.New()
	for _, m := range moves {
		if _, err := game.PlayText(s, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return s
}

// TestDecisive: the cells a finished game's end depends on are the line
// that won, not the other pieces; a draw on a full board points at none.
func TestDecisive(t *testing.T) {
	cf := findIn(t, "connectfour")
	// Red's four in column 1, yellow's three in column 2.
	s := position(t, "connectfour", "(drop 1)", "(drop 2)", "(drop 1)", "(drop 2)", "(drop 1)", "(drop 2)", "(drop 1)")
	var names []string
	cells, done := cf.Decisive(s, time.Minute)
	for _, sp := range cells {
		names = append(names, cf.CellName(sp))
	}
	if !done || strings.Join(names, " ") != "a1 a2 a3 a4" {
		t.Errorf("Connect Four's decisive cells %v, want a1 a2 a3 a4", names)
	}
	if got, _ := cf.Decisive(position(t, "connectfour", "(drop 1)"), time.Minute); got != nil {
		t.Errorf("a game that goes on: %v", got)
	}
	ttt := findIn(t, "tictactoe")
	draw := position(t, "tictactoe", "(mark 1 1)", "(mark 2 2)", "(mark 3 3)", "(mark 1 2)", "(mark 3 2)", "(mark 3 1)", "(mark 1 3)", "(mark 2 3)", "(mark 2 1)")
	if got, done := ttt.Decisive(draw, time.Minute); !draw.Terminal() || !done || got != nil {
		t.Errorf("a draw on a full board: terminal %v, decisive %v (done %v)", draw.Terminal(), got, done)
	}
	if _, done := cf.Decisive(s, 0); done {
		t.Errorf("no time at all, and the cells are known")
	}
}

// TestMoveNames: moves in the board's cell names, columns by letters
// where the sheet numbers both axes.
func TestMoveNames(t *testing.T) {
	for _, tc := range []struct{ sheet, move, want string }{
		{"connectfour", "(drop 4)", "drop d"},
		{"tictactoe", "(mark 2 3)", "mark b3"},
		{"breakthrough", "(move 1 2 2 3)", "move a2 b3"},
		{"tictactoe", "noop", ""},
	} {
		b := findIn(t, tc.sheet)
		ts, err := gdl.ParseTerms(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.MoveName(ts[0]); got != tc.want {
			t.Errorf("%s %s: %q, want %q", tc.sheet, tc.move, got, tc.want)
		}
	}
}
