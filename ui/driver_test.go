package ui

import (
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/game/pentago"
	"github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/game/tictacchess"
)

// newTestClient returns a client sized w×h on the board of variant with
// every seat human.
func newTestClient(t testing.TB, variant string, w, h int) (*Model, *board.BoardScreen) {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Start: common.Start{Variant: variant, Seats: uitest.HotSeat(v)}, Seed: 1, AIDelay: -1}).(*Model)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("%s: first screen is %T, not the board", variant, m.Cur)
	}
	return m, b
}

// navKeys are the cursor keys; the driver rotates through all of them.
var navKeys = [][4]string{
	{"up", "down", "left", "right"},
	{"k", "j", "h", "l"},
	{"w", "s", "a", "d"},
}

// keysTo returns cursor keys from cur to p.
func keysTo(cur, p adapters.Pos, style int) []string {
	k := navKeys[style%len(navKeys)]
	var out []string
	for ; cur.Row > p.Row; cur.Row-- {
		out = append(out, k[0])
	}
	for ; cur.Row < p.Row; cur.Row++ {
		out = append(out, k[1])
	}
	for ; cur.Col > p.Col; cur.Col-- {
		out = append(out, k[2])
	}
	for ; cur.Col < p.Col; cur.Col++ {
		out = append(out, k[3])
	}
	return out
}

// keysForMove is how a person plays m with the keyboard only.
func keysForMove(b *board.BoardScreen, m game.Move, style int) []string {
	act := "enter"
	if style%2 == 1 {
		act = " "
	}
	switch b.Game().(type) {
	case *quad.State:
		kind, r, c := quad.Decode(m)
		keys := keysTo(b.CursorCell, adapters.Pos{Row: r - 1, Col: c - 1}, style)
		if kind == quad.Block {
			return append(keys, "b")
		}
		return append(keys, act)
	case *pentago.State:
		info := pentago.Decode(m)
		if info.Kind == pentago.PlaceStone {
			return append(keysTo(b.CursorCell, adapters.Pos{Row: info.Row - 1, Col: info.Col - 1}, style), act)
		}
		dir := []string{"z", "["}[style%2]
		if info.Clockwise {
			dir = []string{"x", "]"}[style%2]
		}
		return []string{string(rune('0' + info.Q)), dir}
	case *tictacchess.State:
		x1, y1, x2, y2, pass := tictacchess.Decode(m)
		if pass {
			return nil
		}
		from, to := adapters.Pos{Row: 7 - y1, Col: x1 - 1}, adapters.Pos{Row: 7 - y2, Col: x2 - 1}
		keys := append(keysTo(b.CursorCell, from, style), act)
		return append(append(keys, keysTo(from, to, style)...), act)
	}
	return gdlKeysForMove(b, m, style)
}

// clicksForMove is how a person plays m with the mouse only, through the
// layout the view draws.
func clicksForMove(b *board.BoardScreen, m game.Move) []tea.MouseMsg {
	l := b.Layout()
	cell := func(p adapters.Pos) tea.MouseMsg {
		return uitest.Click(l.BoardX+l.CellX(p.Col)+l.CellW/2, l.BoardY+l.CellY(p.Row)+l.CellH/2)
	}
	switch b.Game().(type) {
	case *quad.State:
		kind, r, c := quad.Decode(m)
		at := cell(adapters.Pos{Row: r - 1, Col: c - 1})
		if kind == quad.Block {
			right := at.Mouse()
			right.Button = tea.MouseRight
			at = tea.MouseClickMsg(right)
		}
		return []tea.MouseMsg{at}
	case *pentago.State:
		info := pentago.Decode(m)
		if info.Kind == pentago.PlaceStone {
			return []tea.MouseMsg{cell(adapters.Pos{Row: info.Row - 1, Col: info.Col - 1})}
		}
		id := 2 * info.Q
		if info.Clockwise {
			id++
		}
		x, y, _ := regionClick(b, l, id)
		return []tea.MouseMsg{uitest.Click(x, y)}
	case *tictacchess.State:
		x1, y1, x2, y2, pass := tictacchess.Decode(m)
		if pass {
			return nil
		}
		return []tea.MouseMsg{cell(adapters.Pos{Row: 7 - y1, Col: x1 - 1}), cell(adapters.Pos{Row: 7 - y2, Col: x2 - 1})}
	}
	return gdlClicksForMove(b, m, cell)
}

// checkLegal fails unless the board's position is one the rules can
// produce: it reads back from its own string and equals the replay of
// the start and the moves.
func checkLegal(t testing.TB, b *board.BoardScreen) {
	t.Helper()
	s := b.Game()
	back, err := s.Variant().ParsePosition(s.String())
	if err != nil {
		t.Fatalf("position %q does not read back: %v", s.String(), err)
	}
	if back.String() != s.String() {
		t.Fatalf("position %q reads back as %q", s.String(), back.String())
	}
	r := lm(b).Table.Start().Clone()
	for i, step := range game.SplitTurns(lm(b).Table.Start(), lm(b).Moves()) {
		err := game.Play(r, step[0])
		if game.JointTurn(r) {
			err = game.PlayJoint(r, step)
		}
		if err != nil {
			t.Fatalf("move %d of the history is illegal: %v", i+1, err)
		}
	}
	if r.String() != s.String() {
		t.Fatalf("history replays to %q, board shows %q", r.String(), s.String())
	}
}
