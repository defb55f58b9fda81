package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
)

// frameOf is the client's frame as its program gets it, escape sequences
// and all.
func frameOf(m tea.Model) string { return m.View().Content }

// newProfileClient is newTestClient for a terminal of colour profile p.
func newProfileClient(t testing.TB, variant string, p colorprofile.Profile, w, h int) (*Model, *boardScreen) {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{ColorProfile: p, Store: &memStore{}, Start: Start{Variant: variant, Seats: hotSeat(v)}, Seed: 1, AIDelay: -1}).(*Model)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	b, ok := m.cur.(*boardScreen)
	if !ok {
		t.Fatalf("%s: first screen is %T, not the board", variant, m.cur)
	}
	return m, b
}

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
					_ = frameOf(m)
				}
			})
		}
	}
}

// oldRenderCell is renderCell as it was before cells were cached: the
// reference the cached cells must match byte for byte.
func (b *boardScreen) oldRenderCell(info cellInfo, fl cellFlags, l boardLayout, line int) string {
	st := b.c.st
	g := st.Glyphs
	bg := st.Cell
	if info.alt || fl.quad || info.zone {
		bg = st.CellAlt
	}
	left, right := " ", " "
	switch {
	case fl.win:
		// Only set when the game is over: the result matters more than
		// the cursor.
		bg, left, right = st.Win, "*", "*"
	case fl.cursor:
		bg, left, right = st.Cursor, "[", "]"
	case fl.sel:
		bg, left, right = st.Sel, "{", "}"
	case fl.hint:
		bg, left, right = st.Hint, "!", "!"
	case fl.target && info.glyph != "":
		bg, left, right = st.Target, ">", "<"
	case fl.target:
		bg = st.Target
	case fl.last:
		bg, left, right = st.Last, "(", ")"
	case fl.lastQuad:
		// The whole quadrant the last move turned; its handle label is
		// bracketed too, which shows without colour.
		bg = st.Last
	}
	if info.missing {
		return st.Missing.Render(strings.Repeat(" ", l.cw))
	}
	if line != l.ch/2 {
		return bg.Render(strings.Repeat(" ", l.cw))
	}
	pad := strings.Repeat(" ", (l.cw-3)/2)
	glyph := bg.Render(g.Empty)
	switch {
	case info.alt:
		// Shaded cells (Tic-Tac-Chess's border) can never be entered:
		// left blank so they read as such without colour too.
		glyph = bg.Render(g.Missing)
	case info.zone:
		// A mark of its own, so that the zone shows without colour too.
		glyph = bg.Render(zoneGlyph(b.c.ascii))
	}
	switch {
	case info.glyph != "" && fl.win:
		// The winning pieces in the Win style's own colour: a bright
		// background takes no piece colour well, and whose they are is
		// plain from the letter and the result.
		glyph = bg.Render(info.glyph)
	case info.glyph != "":
		glyph = b.pieceStyle(info.seat).Inherit(bg).Render(info.glyph)
	case fl.target:
		glyph = bg.Render(g.Dot)
	}
	return bg.Render(pad+left) + glyph + bg.Render(right+pad)
}

// Every cell, in every highlight, theme and colour profile, draws the
// same bytes from the cache as it did before there was one.
func TestCachedCellsMatchReference(t *testing.T) {
	profiles := []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ANSI, colorprofile.TrueColor, colorprofile.ASCII}
	infos := []cellInfo{
		{}, {alt: true}, {missing: true}, {zone: true},
		{glyph: "X", seat: 0}, {glyph: "O", seat: 1}, {glyph: "B", seat: game.NoRole},
		{glyph: "X", seat: 0, zone: true}, {glyph: "O", seat: 1, alt: true},
	}
	// Quad has neutral pieces; Connect Four's roles are named after colours.
	for _, variant := range []string{"quad7", "connectfour"} {
		for _, p := range profiles {
			_, b := newProfileClient(t, variant, p, 120, 40)
			for _, th := range themes.All {
				for _, ascii := range []bool{false, true} {
					b.c.ascii = ascii
					b.c.setTheme(th)
					for _, info := range infos {
						for bits := range 1 << 8 {
							fl := cellFlags{cursor: bits&1 != 0, sel: bits&2 != 0, target: bits&4 != 0, last: bits&8 != 0,
								win: bits&16 != 0, hint: bits&32 != 0, quad: bits&64 != 0, lastQuad: bits&128 != 0}
							for _, sz := range [][2]int{{5, 3}, {3, 1}} {
								l := boardLayout{cw: sz[0], ch: sz[1]}
								for line := range sz[1] {
									want := b.oldRenderCell(info, fl, l, line)
									for range 2 { // drawn, then from the cache
										if got := b.renderCell(info, fl, l, line); got != want {
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
// same with the cell cache as without.
func TestCachedBoardViewMatchesUncached(t *testing.T) {
	keys := []string{"right", "down", "enter", "left", "enter", "down", "down", "enter", "t", "right", "enter", "up", "enter", "t", "enter"}
	for _, variant := range []string{"quad5", "quad7", "pentago", "tictacchess", "connectfour"} {
		for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.TrueColor} {
			m, b := newProfileClient(t, variant, p, 100, 32)
			for i, k := range keys {
				sendKey(m, k)
				got := frameOf(m)
				cache := b.c.cells
				b.c.cells = nil
				want := frameOf(m)
				b.c.cells = cache
				if got != want {
					t.Fatalf("%s %v after key %d (%s): cached view differs:\n%q\nwant\n%q", variant, p, i, k, got, want)
				}
			}
		}
	}
}

// BenchmarkBoardTyping is one key typed at the move prompt and the frame
// drawn after it, in a Pentago game under way on a 100×40 terminal: most
// of the frames a room's players cost the server are of this kind.
func BenchmarkBoardTyping(b *testing.B) {
	m, bs := newProfileClient(b, "pentago", colorprofile.ANSI256, 100, 40)
	for i := range 6 {
		st := bs.game()
		legal := st.Legal(nil)
		typeText(m, ":"+st.ShortMove(legal[(i*7)%len(legal)]))
		m.Update(keyMsg("enter"))
	}
	if n := len(bs.history()); n != 6 {
		b.Fatalf("%d moves played, want 6", n)
	}
	m.Update(keyMsg(":"))
	keys := []tea.KeyPressMsg{keyMsg("b"), keyMsg("backspace")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m.Update(keys[i%2])
		_ = frameOf(m)
	}
}
