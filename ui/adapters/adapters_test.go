package adapters

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// Every registered game has an adapter.
func TestEveryVariantHasItsOwnAdapter(t *testing.T) {
	for _, v := range game.Variants() {
		a := NewVariantUI(v)
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
	if vu := NewVariantUI(&game.Variant{Name: "none", New: func() game.State { return nil }}); vu != nil {
		t.Errorf("a game no adapter knows got %T", vu)
	}
}

// The generic grid adapter draws and plays any game that spells a move
// for a cell.
func TestGridAdapter(t *testing.T) {
	v, _ := game.Lookup("quad5")
	s := v.New()
	g := &GridUI{
		rows: 5, cols: 5,
		rowName: func(r int) string { return string(rune('a' + r)) },
		colName: func(c int) string { return string(rune('1' + c)) },
		cell: func(_ game.State, p Pos) CellInfo {
			if p == (Pos{Row: 2, Col: 2}) {
				return CellInfo{Glyph: "X", Seat: 0}
			}
			return CellInfo{}
		},
		moveAt: func(_ game.State, p Pos) (game.Move, bool) {
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
	if r := g.Act(s, Pos{Row: 2, Col: 1}, nil); !r.Play || s.FormatMove(r.Move) != "(mark r3 c2)" {
		t.Errorf("act on r3c2: %+v", r)
	}
	if r := g.Act(s, Pos{Row: 0, Col: 1}, nil); r.Play || !r.IsError {
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

// The bundled rule sheets are games of the client in its tests too.
func init() { uitest.RegisterBundled() }
