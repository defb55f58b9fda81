package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/themes"
)

// Every registered game has an adapter.
func TestEveryVariantHasItsOwnAdapter(t *testing.T) {
	for _, v := range game.Variants() {
		a := adapters.NewVariantUI(v)
		if a == nil {
			t.Errorf("%s: no adapter", v.Name)
			continue
		}
		if rows, cols := a.Dims(); rows < 1 || cols < 1 {
			t.Errorf("%s: board of %d×%d", v.Name, rows, cols)
		}
		if a.Controls() == "" {
			t.Errorf("%s: no controls text", v.Name)
		}
	}
	if vu := adapters.NewVariantUI(&game.Variant{Name: "none", New: func() game.State { return nil }}); vu != nil {
		t.Errorf("a game no adapter knows got %T", vu)
	}
}

// Pentago's chosen quadrant is the adapter's: a key chooses it, a new
// position clears it, and each board has its own adapter.
func TestPentagoChoiceBelongsToAdapter(t *testing.T) {
	v, _ := game.Lookup("pentago")
	vu, other := adapters.NewVariantUI(v), adapters.NewVariantUI(v)
	s, err := v.ParsePosition("r...../....../....../....../....../...... red rotate")
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := adapters.AdapterCapsOf(vu).KeyOf(s, uitest.Key("3"), adapters.Pos{Row: 0, Col: 0}, nil); !ok || r.IsError {
		t.Fatalf("key 3: %+v, %v", r, ok)
	}
	if got, _ := pentagoChoice(vu, s, adapters.Pos{Row: 0, Col: 0}); got != 3 {
		t.Errorf("chosen quadrant %d, want 3", got)
	}
	if got, _ := pentagoChoice(other, s, adapters.Pos{Row: 0, Col: 0}); got != 0 {
		t.Errorf("another board's adapter has quadrant %d chosen", got)
	}
	if _, got := pentagoChoice(vu, s, adapters.Pos{Row: 0, Col: 0}); got != 3 {
		t.Errorf("a rotation turns quadrant %d, want the chosen 3", got)
	}
	adapters.AdapterCapsOf(vu).ClearChoice()
	if _, got := pentagoChoice(vu, s, adapters.Pos{Row: 0, Col: 0}); got != 2 {
		t.Errorf("after clearing, a rotation turns quadrant %d, want the cursor's 2", got)
	}
}

// The generic grid adapter draws and plays any game that spells a move
// for a cell.
func TestGridAdapter(t *testing.T) {
	v, _ := game.Lookup("quad5")
	s := v.New()
	g := &adapters.GridUI{
		Rows: 5, Cols: 5,
		RowName: func(r int) string { return string(rune('a' + r)) },
		ColName: func(c int) string { return string(rune('1' + c)) },
		Cell: func(_ game.State, p adapters.Pos) adapters.CellInfo {
			if p == (adapters.Pos{Row: 2, Col: 2}) {
				return adapters.CellInfo{Glyph: "X", Seat: 0}
			}
			return adapters.CellInfo{}
		},
		MoveAt: func(_ game.State, p adapters.Pos) (game.Move, bool) {
			if p.Row == 0 {
				return game.Noop, false
			}
			return quad.MarkMove(p.Row+1, p.Col+1), true
		},
	}
	if rows, cols := g.Dims(); rows != 5 || cols != 5 || g.RowLabel(1) != "b" || g.ColLabel(4) != "5" {
		t.Errorf("dims %d×%d, labels %q %q", rows, cols, g.RowLabel(1), g.ColLabel(4))
	}
	if c := g.Cells(s); c[2][2].Glyph != "X" || c[0][0].Glyph != "" {
		t.Errorf("cells: %+v", c)
	}
	if r := g.Act(s, adapters.Pos{Row: 2, Col: 1}, nil); !r.Play || s.FormatMove(r.Move) != "(mark r3 c2)" {
		t.Errorf("act on r3c2: %+v", r)
	}
	if r := g.Act(s, adapters.Pos{Row: 0, Col: 1}, nil); r.Play || !r.IsError {
		t.Errorf("act where nothing is played: %+v", r)
	}
	if g.MoveCells(s, 1) != nil {
		t.Error("moveCells without touched should be nil")
	}
}

// Themes colour pieces by seat (or by a role's colour name); every game
// gets distinct colours for its roles in every theme.
func TestPieceColoursDistinctInEveryGame(t *testing.T) {
	for _, th := range themes.All {
		if th.Mono {
			continue
		}
		for _, v := range game.Variants() {
			seen := map[string]string{}
			for i, role := range v.Roles {
				c := th.PieceColour(i, role)
				if c == "" {
					t.Errorf("%s, %s: no colour for %s", th.Name, v.Name, role)
				}
				if other, dup := seen[c]; dup {
					t.Errorf("%s, %s: %s and %s share colour %s", th.Name, v.Name, other, role, c)
				}
				seen[c] = role
			}
		}
	}
}

// A move the game refuses is said in the game's words, and what the
// player had picked stays picked: Tic-Tac-Chess's piece stays selected
// after a target it cannot reach.
func TestRefusedMoveKeepsTheSelection(t *testing.T) {
	m, b := newTestClient(t, "tictacchess", 80, 24)
	for _, k := range []string{"left", "left", "left", "enter"} { // red's piece on (1 4)
		uitest.Press(m, k)
	}
	if b.Selected == nil {
		t.Fatalf("red's piece not selected: %q", b.Status)
	}
	sel := *b.Selected
	for _, k := range []string{"right", "right", "right", "right", "enter"} { // (5 4): out of reach
		uitest.Press(m, k)
	}
	if !b.IsErr || !strings.Contains(b.Status, "not a knight move") {
		t.Errorf("an unreachable target: status %q", b.Status)
	}
	if b.Selected == nil || *b.Selected != sel || len(lm(b).Moves()) != 0 {
		t.Errorf("after a refused target the selection is %v (was %v), %d moves", b.Selected, sel, len(lm(b).Moves()))
	}
}
