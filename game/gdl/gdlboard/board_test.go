package gdlboard

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

func terms(t *testing.T, text string) []*gdl.Term {
	t.Helper()
	ts, err := gdl.ParseTerms(text)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// grid writes the facts (rel X Y content) for every X in xs and Y in ys.
func grid(rel string, xs, ys []string, content string) string {
	var b strings.Builder
	for _, x := range xs {
		for _, y := range ys {
			b.WriteString("(" + rel + " " + x + " " + y + " " + content + ") ")
		}
	}
	return b.String()
}

func TestFind(t *testing.T) {
	nums := []string{"1", "2", "3"}
	tests := []struct {
		name       string
		roles      []string
		base       string
		rel        string
		cols, rows string // in drawing order, rows from the top
	}{
		{"numbers", []string{"x", "o"}, grid("cell", nums, nums, "b") + grid("cell", nums, nums, "x") + "(control x) (control o)",
			"cell", "1 2 3", "3 2 1"},
		{"letters and numbers past 9", []string{"white", "black"},
			grid("square", []string{"c", "a", "b"}, []string{"r10", "r2", "r1"}, "wk") + "(step 1) (step 2)",
			"square", "a b c", "r10 r2 r1"},
		{"coordinates after the content", []string{"red", "blue"},
			grid("at", []string{"red", "blue"}, []string{"(x 1 1)"}, "") + "(piece red 1 1) (piece red 1 2) (piece blue 2 1) (piece blue 2 2) (piece red 2 2)",
			"piece", "1 2", "2 1"},
		{"two contents", []string{"a", "b"}, grid("cell", nums, nums, "a king"),
			"cell", "1 2 3", "3 2 1"},
		{"rows named first", []string{"x", "o"}, grid("cell", []string{"r1", "r2"}, []string{"c1", "c2", "c3"}, "b"),
			"cell", "c1 c2 c3", "r1 r2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, ok := Find(tc.roles, terms(t, tc.base))
			if !ok {
				t.Fatal("no board found")
			}
			if b.Rel != tc.rel || strings.Join(b.Cols, " ") != tc.cols || strings.Join(b.Rows, " ") != tc.rows {
				t.Errorf("board %s cols %v rows %v; want %s cols %s rows %s", b.Rel, b.Cols, b.Rows, tc.rel, tc.cols, tc.rows)
			}
		})
	}
}

func TestFindNoBoard(t *testing.T) {
	for _, base := range []string{
		"(pile 1) (pile 2) (control a)",
		"(score a 1 2) (score a 2 2)",                                     // one column only
		grid("cell", []string{"(f 1)", "(f 2)"}, []string{"1", "2"}, "b"), // compound coordinates
	} {
		if b, ok := Find([]string{"a", "b"}, terms(t, base)); ok {
			t.Errorf("%s: found board %+v", base, b)
		}
	}
}

func TestCells(t *testing.T) {
	nums := []string{"1", "2", "3"}
	tests := []struct {
		roles []string
		fact  string
		row   int
		col   int
		glyph string
		seat  game.Role
	}{
		{[]string{"xplayer", "oplayer"}, "(cell 1 3 x)", 0, 0, "X", 0},
		{[]string{"xplayer", "oplayer"}, "(cell 3 1 o)", 2, 2, "O", 1},
		{[]string{"xplayer", "oplayer"}, "(cell 2 2 b)", 1, 1, "", game.NoRole},
		{[]string{"red", "yellow"}, "(cell 2 2 blank)", 1, 1, "", game.NoRole},
		{[]string{"red", "yellow"}, "(cell 2 2 yellow)", 1, 1, "Y", 1},
		{[]string{"white", "black"}, "(cell 1 1 whitepawn)", 2, 0, "P", 0},
		{[]string{"white", "black"}, "(cell 1 1 bq)", 2, 0, "Q", 1},
		{[]string{"white", "black"}, "(cell 1 1 wall)", 2, 0, "W", game.NoRole},
		{[]string{"white", "black"}, "(cell 1 1 (piece black king))", 2, 0, "K", 1},
	}
	for _, tc := range tests {
		base := grid("cell", nums, nums, "b")
		b, ok := Find(tc.roles, terms(t, base))
		if !ok {
			t.Fatal("no board")
		}
		f := terms(t, tc.fact)[0]
		r, c, cell, ok := b.At(f)
		if !ok || r != tc.row || c != tc.col || cell.Glyph != tc.glyph || cell.Seat != tc.seat {
			t.Errorf("%s with roles %v: at %d,%d %+v (%v); want %d,%d %q seat %d", tc.fact, tc.roles, r, c, cell, ok, tc.row, tc.col, tc.glyph, tc.seat)
		}
	}
}

func TestAtRejectsOtherFacts(t *testing.T) {
	b, _ := Find([]string{"a"}, terms(t, grid("cell", []string{"1", "2"}, []string{"1", "2"}, "b")))
	for _, f := range []string{"(control a)", "(cell 1 5 b)", "(cell 1 1 b extra)", "(mark 1 1 b)"} {
		if _, _, _, ok := b.At(terms(t, f)[0]); ok {
			t.Errorf("%s read as a cell", f)
		}
	}
}

func TestMoveCells(t *testing.T) {
	nums := []string{"1", "2", "3"}
	b, _ := Find([]string{"white", "black"}, terms(t, grid("cell", nums, nums, "b")))
	tests := []struct {
		move    string
		want    []Spot
		columns bool
	}{
		{"(move 1 1 2 2)", []Spot{{2, 0}, {1, 1}}, false},
		{"(mark 3 3)", []Spot{{0, 2}}, false},
		{"(promote 1 2 1 3 queen)", []Spot{{1, 0}, {0, 0}}, false},
		{"(drop 2)", []Spot{{0, 1}, {1, 1}, {2, 1}}, true},
		{"noop", nil, false},
		{"(say hello)", nil, false},
	}
	for _, tc := range tests {
		got, columns := b.MoveCells(terms(t, tc.move)[0])
		if len(got) != len(tc.want) || columns != tc.columns {
			t.Errorf("%s: %v %v, want %v %v", tc.move, got, columns, tc.want, tc.columns)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: %v, want %v", tc.move, got, tc.want)
			}
		}
	}
}

func TestNaturalLess(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"2", "10", true}, {"10", "2", false}, {"r2", "r10", true}, {"a", "b", true},
		{"b", "a", false}, {"a1", "b0", true}, {"x", "x", false},
	} {
		if got := naturalLess(tc.a, tc.b); got != tc.want {
			t.Errorf("naturalLess(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

func TestRowFirstAndMissingCells(t *testing.T) {
	// A 3×3 board without its corners, rows named first.
	base := "(cell r1 c2 b) (cell r2 c1 b) (cell r2 c2 b) (cell r2 c3 b) (cell r3 c2 b)"
	b, ok := Find([]string{"x", "o"}, terms(t, base))
	if !ok || !b.RowFirst {
		t.Fatalf("board %+v", b)
	}
	if r, c, _, ok := b.At(terms(t, "(cell r1 c2 x)")[0]); !ok || r != 0 || c != 1 {
		t.Errorf("r1 c2 at %d,%d", r, c)
	}
	if got, _ := b.MoveCells(terms(t, "(mark r3 c2)")[0]); len(got) != 1 || got[0] != (Spot{2, 1}) {
		t.Errorf("(mark r3 c2) names %v", got)
	}
	if b.Exists(0, 0) || !b.Exists(1, 1) || !b.Exists(0, 1) {
		t.Error("a corner exists or a cell does not")
	}
}

// TestFindOrdered: coordinates go in the order of a successor chain the
// sheet declares when they are not numbered.
func TestFindOrdered(t *testing.T) {
	words := []string{"one", "two", "three"}
	succ := "(succ one two) (succ two three)"
	tests := []struct {
		name       string
		base       string
		static     string
		cols, rows string // in drawing order, rows from the top
	}{
		{"no static facts: alphabetical", grid("cell", words, words, "b"), "",
			"one three two", "two three one"},
		{"a successor chain", grid("cell", words, words, "b"), succ + " (adj one three)",
			"one two three", "three two one"},
		{"a chain longer than the board", grid("cell", words, words, "b"), "(next zero one) (next one two) (next two three) (next three four)",
			"one two three", "three two one"},
		{"a fork is no chain", grid("cell", words, words, "b"), succ + " (succ one three)",
			"one three two", "two three one"},
		{"a cycle is no chain", grid("cell", words, words, "b"), succ + " (succ three one)",
			"one three two", "two three one"},
		{"two pieces do not order across", grid("cell", words, words, "b"), "(succ one two) (succ three four)",
			"one three two", "two three one"},
		{"each axis its own chain", grid("cell", []string{"left", "mid", "right"}, words, "b"),
			succ + " (east left mid) (east mid right)",
			"left mid right", "three two one"},
		{"numbers keep their order", grid("cell", []string{"1", "2", "3"}, []string{"1", "2", "3"}, "b"), "(succ 3 2) (succ 2 1)",
			"1 2 3", "3 2 1"},
		{"a chain that misses a value orders nothing", grid("cell", words, words, "b"), "(succ (a one) two) (succ two three)",
			"one three two", "two three one"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var static []*gdl.Term
			if tc.static != "" {
				static = terms(t, tc.static)
			}
			b, ok := FindOrdered([]string{"x", "o"}, terms(t, tc.base), static)
			if !ok {
				t.Fatal("no board found")
			}
			if strings.Join(b.Cols, " ") != tc.cols || strings.Join(b.Rows, " ") != tc.rows {
				t.Errorf("cols %v rows %v; want cols %s rows %s", b.Cols, b.Rows, tc.cols, tc.rows)
			}
		})
	}
}

// TestOwnersWithoutColour: pieces of different owners that would share a
// letter (both kings K) tell their owner by case for two roles, by the
// owner's initial for more; pieces whose letters differ keep them.
func TestOwnersWithoutColour(t *testing.T) {
	nums := []string{"1", "2", "3"}
	tests := []struct {
		name  string
		roles []string
		base  string
		facts string // the cells read, in order
		want  string // their letters
	}{
		{"chess", []string{"white", "black"}, grid("cell", nums, nums, "wk") + grid("cell", nums, nums, "bk") + grid("cell", nums, nums, "bp") + grid("cell", nums, nums, "b"),
			"(cell 1 1 wk) (cell 1 2 bk) (cell 2 2 bp) (cell 3 2 bp) (cell 3 3 b)", "K k p p "},
		{"checkers", []string{"red", "black"}, grid("cell", nums, nums, "(piece red pawn)") + grid("cell", nums, nums, "(piece black pawn)"),
			"(cell 1 1 (piece red pawn)) (cell 2 2 (piece black pawn))", "P p"},
		{"discs", []string{"red", "black"}, grid("cell", nums, nums, "red") + grid("cell", nums, nums, "black"),
			"(cell 1 1 red) (cell 2 2 black)", "R B"},
		{"three roles", []string{"red", "green", "blue"}, grid("cell", nums, nums, "(piece red king)") + grid("cell", nums, nums, "(piece green king)") + grid("cell", nums, nums, "(piece blue king)"),
			"(cell 1 1 (piece red king)) (cell 2 2 (piece green king)) (cell 3 3 (piece blue king))", "R G B"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, ok := FindIn(tc.roles, terms(t, tc.base), nil, terms(t, tc.facts))
			if !ok {
				t.Fatal("no board found")
			}
			var got []string
			for _, f := range terms(t, tc.facts) {
				_, _, c, ok := b.At(f)
				if !ok {
					t.Fatalf("%s is not a cell", f)
				}
				got = append(got, c.Glyph)
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("letters %q, want %q", strings.Join(got, " "), tc.want)
			}
		})
	}
}

// TestFindPlayedKinds: a sheet that declares more coordinates than it
// plays (ggp-base's chess declares 1–8 and a–h for both) is drawn with
// the kinds its start uses on each axis: letters across, numbers up.
func TestFindPlayedKinds(t *testing.T) {
	vals := []string{"1", "2", "a", "b"}
	start := "(cell a 1 wk) (cell b 1 b) (cell a 2 b) (cell b 2 bk)"
	b, ok := FindIn([]string{"white", "black"}, terms(t, grid("cell", vals, vals, "b")+grid("cell", vals, vals, "wk")), nil, terms(t, start))
	if !ok {
		t.Fatal("no board found")
	}
	if strings.Join(b.Cols, " ") != "a b" || strings.Join(b.Rows, " ") != "2 1" {
		t.Errorf("cols %v rows %v, want a b and 2 1", b.Cols, b.Rows)
	}
	if !b.Exists(0, 0) || !b.Exists(1, 1) {
		t.Errorf("the played cells do not exist")
	}
}
