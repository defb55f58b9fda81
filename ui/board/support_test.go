package board

import (
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/game/pentago"
	"github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/game/tictacchess"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
	"github.com/tabletop/tabletop/ui/match"
)

// The board's tests play the bundled sheets too, and drive the board in
// a common.Shell, as the client does. The
// screens above the board (the menu, a new game's setup) live in
// ui/pages, which the board may not import: here they are stand-ins
// that say which was opened.
func init() {
	uitest.RegisterBundled()
	OpenMenu = func(c *common.Common, notice string) common.Screen { return &opened{what: "menu", notice: notice} }
	OpenSetup = func(c *common.Common, v *game.Variant, _ []savefmt.SeatConfig, waiting *BoardScreen) common.Screen {
		return &opened{what: "setup " + v.Name, waiting: waiting}
	}
	OpenAnalysisSetup = func(c *common.Common, v *game.Variant, position string) common.Screen {
		return &opened{what: "analysis setup " + v.Name, notice: position}
	}
}

// opened stands for a screen the board opened above it.
type opened struct {
	what, notice string
	waiting      *BoardScreen
}

func (*opened) Init() tea.Cmd                             { return nil }
func (o *opened) Update(tea.Msg) (common.Screen, tea.Cmd) { return o, nil }
func (o *opened) View() string                            { return o.what + ": " + o.notice }

// newClient is the client ui.New(opts) is for options that start a game
// (Start.Variant, with its seats and position): the board in a Shell,
// neither started nor sized.
func newClient(t testing.TB, opts common.Options) *common.Shell {
	t.Helper()
	v := uitest.MustVariant(t, opts.Start.Variant)
	c := common.NewCommon(opts)
	b, err := Start(c, v, opts.Start)
	if err != nil {
		t.Fatal(err)
	}
	return common.NewShell(c, b)
}

// openFile is the client ui.New opens on a saved game or a record
// (Start.Load): the board of the file at path, neither started nor sized.
func openFile(t testing.TB, opts common.Options, path string) *common.Shell {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := savefmt.ParseSave(data)
	if err != nil {
		t.Fatal(err)
	}
	c := common.NewCommon(opts)
	b, err := BoardFromSave(c, sv)
	if err != nil {
		t.Fatal(err)
	}
	return common.NewShell(c, b)
}

// newTestClient returns a client sized w×h on the board of variant with
// every seat human.
func newTestClient(t testing.TB, variant string, w, h int) (*common.Shell, *BoardScreen) {
	t.Helper()
	return newProfileClient(t, variant, colorprofile.ASCII, w, h)
}

// newProfileClient is newTestClient for a terminal of colour profile p.
func newProfileClient(t testing.TB, variant string, p colorprofile.Profile, w, h int) (*common.Shell, *BoardScreen) {
	t.Helper()
	v := uitest.MustVariant(t, variant)
	m := newClient(t, common.Options{ColorProfile: p, Store: &uitest.MemStore{}, Start: common.Start{Variant: variant, Seats: uitest.HotSeat(v)}, Seed: 1, AIDelay: -1})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m, m.Cur.(*BoardScreen)
}

// lm is the board's local match, nil in a room.
func lm(b *BoardScreen) *match.LocalMatch { return match.LocalOf(b.Match) }

// lastQuad is the quadrant the last move turned, as the board shows it:
// the overlay region marked as the last move's (Pentago's handles click
// 2q and 2q+1).
func lastQuad(b *BoardScreen) int {
	for _, g := range b.Regions(b.Recent()) {
		if g.Last {
			return g.Parts[0].Click / 2
		}
	}
	return 0
}

// marks are the board's highlights as the next frame draws them.
func marks(b *BoardScreen) [][]cellFlags {
	rv := b.Recent()
	return b.marks(rv, b.Regions(rv))
}

// regionClick is where a click on the region part whose click is id
// lands on the screen: the part's outer cell; ok is false when no region
// has it.
func regionClick(b *BoardScreen, l boardLayout, id int) (x, y int, ok bool) {
	for _, g := range b.Regions(b.Recent()) {
		xs, ws := l.partSpans(g)
		for i, p := range g.Parts {
			if p.Click != id {
				continue
			}
			x = xs[i]
			if i == len(g.Parts)-1 {
				x += ws[i] - 1
			}
			return l.boardX + x, l.boardY + l.overlayY(g.Above), true
		}
	}
	return 0, 0, false
}

// pentagoChoice is what Pentago's overlay shows for position s and the
// cursor at cur, with the person to act: the quadrant shaded as picked
// and the one whose label is bracketed (a rotation key would turn it).
func pentagoChoice(vu adapters.VariantUI, s game.State, cur adapters.Pos) (picked, bracketed int) {
	for _, g := range vu.(adapters.Overlayer).Regions(s, adapters.OverlayView{Cursor: cur, Acting: true}) {
		q := g.Parts[0].Click / 2
		if g.Chosen {
			picked = q
		}
		if strings.HasPrefix(g.Parts[1].Text, "[") {
			bracketed = q
		}
	}
	return picked, bracketed
}

// waitWrites waits for the client's writes queued so far (saves, records,
// files) and gives the match their report, as the commands that report
// them would: a test reads the store or the match's word on it after.
func waitWrites(m *common.Shell) {
	m.C.IO.Wait()
	m.Update(match.KeptMsg{})
}

// keysTo returns cursor keys from cur to p.
func keysTo(cur, p adapters.Pos, style int) []string {
	return uitest.KeysTo(cur.Row, cur.Col, p.Row, p.Col, style)
}

// keysForMove is how a person plays m with the keyboard only.
func keysForMove(b *BoardScreen, m game.Move, style int) []string {
	act := "enter"
	if style%2 == 1 {
		act = " "
	}
	switch b.Game().(type) {
	case *quad.State:
		kind, r, c := quad.Decode(m)
		keys := keysTo(b.cursorCell, adapters.Pos{Row: r - 1, Col: c - 1}, style)
		if kind == quad.Block {
			return append(keys, "b")
		}
		return append(keys, act)
	case *pentago.State:
		info := pentago.Decode(m)
		if info.Kind == pentago.PlaceStone {
			return append(keysTo(b.cursorCell, adapters.Pos{Row: info.Row - 1, Col: info.Col - 1}, style), act)
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
		keys := append(keysTo(b.cursorCell, from, style), act)
		return append(append(keys, keysTo(from, to, style)...), act)
	}
	return gdlKeysForMove(b, m, style)
}

// clicksForMove is how a person plays m with the mouse only, through the
// layout the view draws.
func clicksForMove(b *BoardScreen, m game.Move) []tea.MouseMsg {
	l := b.Layout()
	cell := func(p adapters.Pos) tea.MouseMsg {
		return uitest.Click(l.boardX+l.cellX(p.Col)+l.CellW/2, l.boardY+l.cellY(p.Row)+l.CellH/2)
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

// TestMain keeps the tests away from the user's settings (see uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m) }
