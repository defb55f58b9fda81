package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/game/pentago"
	"github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/game/tictacchess"
)

// asciiRenderer renders without colour, so views compare as plain text.
func asciiRenderer() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.Ascii)
	return r
}

func hotSeat(v *game.Variant) map[string]SeatConfig {
	seats := map[string]SeatConfig{}
	for _, r := range v.Roles {
		seats[r] = SeatConfig{Name: r + "-player"}
	}
	return seats
}

// newTestClient returns a client sized w×h on the board of variant with
// every seat human.
func newTestClient(t testing.TB, variant string, w, h int) (*Model, *boardScreen) {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Renderer: asciiRenderer(), Store: &memStore{}, Start: Start{Variant: variant, Seats: hotSeat(v)}, Seed: 1, AIDelay: -1}).(*Model)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	b, ok := m.cur.(*boardScreen)
	if !ok {
		t.Fatalf("%s: first screen is %T, not the board", variant, m.cur)
	}
	return m, b
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "ctrl+r":
		return tea.KeyMsg{Type: tea.KeyCtrlR}
	case "pgup":
		return tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// navKeys are the cursor keys; the driver rotates through all of them.
var navKeys = [][4]string{
	{"up", "down", "left", "right"},
	{"k", "j", "h", "l"},
	{"w", "s", "a", "d"},
}

// keysTo returns cursor keys from cur to p.
func keysTo(cur, p pos, style int) []string {
	k := navKeys[style%len(navKeys)]
	var out []string
	for ; cur.r > p.r; cur.r-- {
		out = append(out, k[0])
	}
	for ; cur.r < p.r; cur.r++ {
		out = append(out, k[1])
	}
	for ; cur.c > p.c; cur.c-- {
		out = append(out, k[2])
	}
	for ; cur.c < p.c; cur.c++ {
		out = append(out, k[3])
	}
	return out
}

// keysForMove is how a person plays m with the keyboard only.
func keysForMove(b *boardScreen, m game.Move, style int) []string {
	act := "enter"
	if style%2 == 1 {
		act = " "
	}
	switch b.game().(type) {
	case *quad.State:
		kind, r, c := quad.Decode(m)
		keys := keysTo(b.cur, pos{r - 1, c - 1}, style)
		if kind == quad.Block {
			return append(keys, "b")
		}
		return append(keys, act)
	case *pentago.State:
		info := pentago.Decode(m)
		if info.Kind == pentago.PlaceStone {
			return append(keysTo(b.cur, pos{info.Row - 1, info.Col - 1}, style), act)
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
		from, to := pos{7 - y1, x1 - 1}, pos{7 - y2, x2 - 1}
		keys := append(keysTo(b.cur, from, style), act)
		return append(append(keys, keysTo(from, to, style)...), act)
	}
	return gdlKeysForMove(b, m, style)
}

// clicksForMove is how a person plays m with the mouse only, through the
// layout the view draws.
func clicksForMove(b *boardScreen, m game.Move) []tea.MouseMsg {
	l := b.layout()
	cell := func(p pos) tea.MouseMsg {
		return tea.MouseMsg{X: l.bx + l.cellX(p.c) + l.cw/2, Y: l.by + l.cellY(p.r) + l.ch/2,
			Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
	}
	switch b.game().(type) {
	case *quad.State:
		kind, r, c := quad.Decode(m)
		click := cell(pos{r - 1, c - 1})
		if kind == quad.Block {
			click.Button = tea.MouseButtonRight
		}
		return []tea.MouseMsg{click}
	case *pentago.State:
		info := pentago.Decode(m)
		if info.Kind == pentago.PlaceStone {
			return []tea.MouseMsg{cell(pos{info.Row - 1, info.Col - 1})}
		}
		y := l.by + l.handleY(info.Q <= 2)
		x0, qw := l.quadSpan(info.Q == 1 || info.Q == 4)
		x := l.bx + x0
		if info.Clockwise {
			x += qw - 1
		}
		return []tea.MouseMsg{{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}}
	case *tictacchess.State:
		x1, y1, x2, y2, pass := tictacchess.Decode(m)
		if pass {
			return nil
		}
		return []tea.MouseMsg{cell(pos{7 - y1, x1 - 1}), cell(pos{7 - y2, x2 - 1})}
	}
	return gdlClicksForMove(b, m, cell)
}

// checkLegal fails unless the board's position is one the rules can
// produce: it reads back from its own string and equals the replay of
// the start and the moves.
func checkLegal(t testing.TB, b *boardScreen) {
	t.Helper()
	s := b.game()
	back, err := s.Variant().ParsePosition(s.String())
	if err != nil {
		t.Fatalf("position %q does not read back: %v", s.String(), err)
	}
	if back.String() != s.String() {
		t.Fatalf("position %q reads back as %q", s.String(), back.String())
	}
	r := lm(b).begin.Clone()
	for i, m := range lm(b).moves {
		if err := game.Play(r, m); err != nil {
			t.Fatalf("move %d of the history is illegal: %v", i+1, err)
		}
	}
	if r.String() != s.String() {
		t.Fatalf("history replays to %q, board shows %q", r.String(), s.String())
	}
}
