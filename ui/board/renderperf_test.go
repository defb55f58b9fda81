package board

import (
	"fmt"
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
)

// BenchmarkBoardView renders the board screen of busy games at two
// window sizes for an xterm-256color terminal, as the server does on
// every move of every session.
func BenchmarkBoardView(b *testing.B) {
	for _, variant := range []string{"quad7", "pentago", "tictacchess", "connectfour"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			b.Run(fmt.Sprintf("%s/%dx%d", variant, sz[0], sz[1]), func(b *testing.B) {
				m, _ := newProfileClient(b, variant, colorprofile.ANSI256, sz[0], sz[1])
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					_ = uitest.Frame(m)
				}
			})
		}
	}
}

// Every cell, in every highlight, theme and colour profile, draws the
// same bytes from the cache as drawn fresh.
func TestCachedCellsMatchReference(t *testing.T) {
	if uitest.Race {
		t.Skip("exhaustive comparison of pure drawing code: made by the plain run")
	}
	profiles := []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ANSI, colorprofile.TrueColor, colorprofile.ASCII}
	infos := []adapters.CellInfo{
		{}, {Alt: true}, {Missing: true}, {Zone: true},
		{Glyph: "X", Seat: 0}, {Glyph: "O", Seat: 1}, {Glyph: "B", Seat: game.NoRole},
		{Glyph: "X", Seat: 0, Zone: true}, {Glyph: "O", Seat: 1, Alt: true},
	}
	// Quad has neutral pieces; Connect Four's roles are named after colours.
	for _, variant := range []string{"quad7", "connectfour"} {
		for _, p := range profiles {
			_, b := newProfileClient(t, variant, p, 120, 40)
			for _, th := range themes.All {
				for _, ascii := range []bool{false, true} {
					b.Common.ASCII = ascii
					b.Common.SetTheme(th)
					for _, info := range infos {
						for bits := range 1 << 8 {
							fl := cellFlags{cursor: bits&1 != 0, sel: bits&2 != 0, target: bits&4 != 0, last: bits&8 != 0,
								win: bits&16 != 0, hint: bits&32 != 0, chosen: bits&64 != 0, lastArea: bits&128 != 0}
							for _, sz := range [][2]int{{5, 3}, {3, 1}} {
								l := boardLayout{CellW: sz[0], CellH: sz[1]}
								for line := range sz[1] {
									want := common.DrawCell(b.Common.Styles, b.grid().cellKey(info, fl, l, line))
									for range 2 { // drawn, then from the cache
										if got := b.grid().renderCell(info, fl, l, line); got != want {
											t.Fatalf("%s %v %s ascii=%v %+v %+v %v line %d: %q, want %q",
												variant, p, th.Name, ascii, info, fl, sz, line, got, want)
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
}

// A whole game's screens, keyed through moves and theme changes, are the
// same with the cell cache as without, for every game in the registry.
func TestCachedBoardViewMatchesUncached(t *testing.T) {
	keys := []string{"right", "down", "enter", "left", "enter", "down", "down", "enter", "t", "right", "enter", "up", "enter", "t", "enter"}
	for _, variant := range game.Names() { // every game the registry has
		for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.TrueColor} {
			m, b := newProfileClient(t, variant, p, 100, 32)
			for i, k := range keys {
				uitest.Press(m, k)
				got := uitest.Frame(m)
				cache := b.Common.Cells
				b.Common.Cells = nil
				want := uitest.Frame(m)
				b.Common.Cells = cache
				if got != want {
					t.Fatalf("%s %v after key %d (%s): cached view differs:\n%q\nwant\n%q", variant, p, i, k, got, want)
				}
			}
		}
	}
}

// typeMoves has the board's players type n moves at the prompt, the
// legal move (i*step) mod the number of them the i-th.
func typeMoves(m *common.Shell, bs *BoardScreen, n, step int) {
	for i := range n {
		st := bs.Game()
		legal := st.Legal(nil)
		uitest.Send(m, uitest.Typed(":"+st.ShortMove(legal[(i*step)%len(legal)]))...)
		m.Update(uitest.Key("enter"))
	}
}

// BenchmarkBoardTyping is one key typed at the move prompt and the frame
// drawn after it, in a Pentago game under way on a 100×40 terminal: most
// of the frames a room's players cost the server are of this kind.
func BenchmarkBoardTyping(b *testing.B) {
	m, bs := newProfileClient(b, "pentago", colorprofile.ANSI256, 100, 40)
	typeMoves(m, bs, 6, 7)
	if n := len(bs.History()); n != 6 {
		b.Fatalf("%d moves played, want 6", n)
	}
	m.Update(uitest.Key(":"))
	keys := []tea.KeyPressMsg{uitest.Key("b"), uitest.Key("backspace")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m.Update(keys[i%2])
		_ = uitest.Frame(m)
	}
}

// BenchmarkBoardMove is one move typed at the prompt of a Pentago game
// on a 100×40 terminal, as a room's player makes it in the load test:
// ":" and its frame, the move's keys and one frame, Enter and the frame
// of the position after it. A finished game starts again (untimed).
func BenchmarkBoardMove(b *testing.B) {
	var m *common.Shell
	var bs *BoardScreen
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if bs == nil || bs.Game().Terminal() {
			b.StopTimer()
			m, bs = newProfileClient(b, "pentago", colorprofile.ANSI256, 100, 40)
			b.StartTimer()
		}
		st := bs.Game()
		legal := st.Legal(nil)
		m.Update(uitest.Key(":"))
		_ = uitest.Frame(m)
		uitest.Send(m, uitest.Typed(st.ShortMove(legal[(i*7)%len(legal)]))...)
		_ = uitest.Frame(m)
		m.Update(uitest.Key("enter"))
		_ = uitest.Frame(m)
	}
}

// The key bar is looked up on every frame: making its key (the bindings
// that apply, and their hash) allocates nothing once the board's lists
// have grown, and a board block the same as the last frame's is found
// without making its key a string.
func TestFrameLookupsDoNotAllocate(t *testing.T) {
	m, bs := newProfileClient(t, "pentago", colorprofile.ANSI256, 100, 40)
	m.Update(uitest.Key(":"))
	_ = uitest.Frame(m)
	if n := uitest.Allocs(20, func() {
		common.HelpMemoKey(bs.Keys(), 100, false, "x", false)
	}); n != 0 {
		t.Errorf("the key bar's key: %.1f allocations", n)
	}
	l := bs.Layout()
	bs.Common.Drawing()
	defer bs.Common.Drawn()
	bg := bs.grid()
	lines := bg.boardLines(l)
	if got := bg.boardLines(l); &got[0] != &lines[0] {
		t.Fatal("the same board drawn twice is drawn again")
	}
	cells := bs.adapter.Cells(bs.Game())
	rv := bs.Recent()
	regions := bs.Regions(rv)
	fl := bs.marks(rv, regions)
	if n := uitest.Allocs(20, func() {
		buf, _ := bg.boardMemoKey(l, cells, fl, regions)
		if k, _, _ := bs.boardMemo.Last(); k != string(buf) {
			t.Fatal("the board's key changed")
		}
	}); n != 0 {
		t.Errorf("the board block's key: %.1f allocations", n)
	}
}
