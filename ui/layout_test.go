package ui

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
)

// The cursor brackets must be drawn exactly where the layout says the
// cell is, at every size: that is what the mouse hit-tests against.
func TestLayoutMatchesDrawing(t *testing.T) {
	sizes := [][2]int{{80, 24}, {100, 35}, {132, 43}, {160, 50}, {200, 60}}
	for _, v := range game.Variants() {
		for _, sz := range sizes {
			m, b := newTestClient(t, v.Name, sz[0], sz[1])
			if b.HandingOver() != game.NoRole {
				m.Update(keyMsg("enter")) // the board behind the hand-over screen
			}
			l := b.Layout()
			if !l.Fits {
				t.Fatalf("%s does not fit %dx%d", v.Name, sz[0], sz[1])
			}
			rows, cols := b.Adapter.Dims()
			for r := 0; r < rows; r++ {
				for c := 0; c < cols; c++ {
					b.CursorCell = adapters.Pos{Row: r, Col: c}
					lines := strings.Split(viewText(m), "\n")
					x, y := l.BoardX+l.CellX(c)+l.CellW/2, l.BoardY+l.CellY(r)+l.CellH/2
					if p, ok := l.CellAt(x, y); !ok || p != (adapters.Pos{Row: r, Col: c}) {
						t.Fatalf("%s %v: cellAt(%d,%d) = %v %v", v.Name, sz, x, y, p, ok)
					}
					if b.Adapter.Cells(b.Game())[r][c].Missing {
						continue
					}
					row := []rune(lines[y])
					if x+1 >= len(row) || row[x-1] != '[' || row[x+1] != ']' {
						t.Fatalf("%s %v: cursor at %v not drawn at (%d,%d): %q", v.Name, sz, adapters.Pos{Row: r, Col: c}, x, y, lines[y])
					}
				}
			}
			// The overlay's regions (Pentago's handles) are drawn where
			// the layout says, and a click on each part that acts is
			// that part's.
			regions := b.Regions(b.Recent())
			for _, g := range regions {
				y := l.BoardY + l.OverlayY(g.Above)
				row := []rune(strings.Split(viewText(m), "\n")[y])
				xs, ws := l.PartSpans(g)
				for i, p := range g.Parts {
					x := l.BoardX + xs[i]
					if got := strings.TrimSpace(string(row[x : x+ws[i]])); got != p.Text {
						t.Fatalf("%s %v: region part %q not where the layout says: %q", v.Name, sz, p.Text, string(row))
					}
					if p.Click == 0 {
						continue
					}
					if i == len(g.Parts)-1 {
						x += ws[i] - 1
					}
					if id, ok := l.RegionClickAt(regions, x, y); !ok || id != p.Click {
						t.Fatalf("%s: regionClickAt(%d,%d) = %d %v, want %d", v.Name, x, y, id, ok, p.Click)
					}
				}
			}
			if l.Overlay && len(regions) != 4 {
				t.Fatalf("%s: %d regions, want Pentago's four handles", v.Name, len(regions))
			}
		}
	}
}

func TestTooSmallAndResume(t *testing.T) {
	for _, v := range game.Variants() {
		m, b := newTestClient(t, v.Name, 80, 24)
		for _, sz := range [][2]int{{0, 0}, {1, 1}, {20, 10}, {79, 12}} {
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			out := viewText(m)
			if sz[0] >= 20 && !strings.Contains(out, "small") {
				t.Fatalf("%s at %v:\n%s", v.Name, sz, out)
			}
			if n := len(strings.Split(out, "\n")); sz[1] > 0 && n > sz[1] {
				t.Fatalf("%s at %v: view has %d lines", v.Name, sz, n)
			}
		}
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		if strings.Contains(viewText(m), "too small") || !strings.Contains(viewText(m), b.Variant.Title) {
			t.Fatalf("%s did not resume:\n%s", v.Name, viewText(m))
		}
	}
}

// No line of any screen may be wider or longer than the window.
func TestViewsFitTheWindow(t *testing.T) {
	for _, v := range game.Variants() {
		for _, sz := range [][2]int{{80, 24}, {100, 35}, {160, 50}} {
			m, _ := newTestClient(t, v.Name, sz[0], sz[1])
			for _, k := range []string{"", "?", "i", "esc", "m", "down", "enter"} {
				if k != "" {
					sendKey(m, k)
				}
				lines := strings.Split(viewText(m), "\n")
				if len(lines) > sz[1] {
					t.Fatalf("%s after %q: %d lines in a %d-line window", v.Name, k, len(lines), sz[1])
				}
				for _, l := range lines {
					if w := len([]rune(l)); w > sz[0] {
						t.Fatalf("%s after %q: line of %d cells: %q", v.Name, k, w, l)
					}
				}
			}
		}
	}
}

func TestRulesScreen(t *testing.T) {
	m, b := newTestClient(t, "pentago", 80, 24)
	m.Update(keyMsg("i"))
	out := viewText(m)
	if !strings.Contains(out, "Rules: Pentago") || !strings.Contains(out, "quadrant") {
		t.Fatalf("rules screen:\n%s", out)
	}
	m.Update(keyMsg("esc"))
	if m.cur != b {
		t.Fatalf("esc should return to the board, got %T", m.cur)
	}
}

func TestCreateRoomFlow(t *testing.T) {
	room := newFakeRoom("pentago", 0)
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for !strings.Contains(viewText(m), "> Create room") {
		m.Update(keyMsg("down"))
	}
	m.Update(keyMsg("enter")) // variant picker
	m.Update(keyMsg("enter")) // Quad 5×5 room setup
	if _, ok := m.cur.(*pages.SetupScreen); !ok {
		t.Fatalf("no room setup: %T\n%s", m.cur, viewText(m))
	}
	_, create := m.Update(keyMsg("enter"))
	m.Update(create()) // the lobby's answer
	if b, ok := m.cur.(*board.BoardScreen); !ok || rm(b) == nil {
		t.Fatalf("no room board: %T", m.cur)
	}
}

func TestPentagoRotationQuadrantShown(t *testing.T) {
	m, _ := newTestClient(t, "pentago", 80, 24)
	m.Update(keyMsg("enter")) // place at the cursor (row 4, column 4: quadrant 4)
	if !strings.Contains(viewText(m), "[Q4]") {
		t.Fatalf("the cursor's quadrant is not marked for the rotation:\n%s", viewText(m))
	}
	m.Update(keyMsg("3"))
	if !strings.Contains(viewText(m), "[Q3]") || strings.Contains(viewText(m), "[Q4]") {
		t.Fatalf("key 3 did not choose quadrant 3:\n%s", viewText(m))
	}
}

// Issue 12, defect 4: at 80 columns the key bar always ends with the
// help and quit keys, and a long status is wrapped, not cut.
func TestKeyBarAndStatusFit80Columns(t *testing.T) {
	for _, v := range game.Variants() {
		m, b := newTestClient(t, v.Name, 80, 24)
		m.Update(keyMsg("enter")) // a move: undo and redo join the bar
		m.Update(keyMsg("u"))
		lines := strings.Split(viewText(m), "\n")
		last := lines[len(lines)-1]
		if !strings.Contains(last, "? more keys") || !strings.Contains(last, "q quit") {
			t.Errorf("%s: the key bar lost help or quit: %q", v.Name, last)
		}
		long := "quadrant 5 does not exist (quadrants are 1 top-right, 2 top-left, 3 bottom-left, 4 bottom-right)"
		b.SetStatus(long, true)
		flat := strings.Join(strings.Fields(viewText(m)), " ")
		if !strings.Contains(flat, "4 bottom-right)") {
			t.Errorf("%s: a long status lost its end:\n%s", v.Name, viewText(m))
		}
		if n := len(strings.Split(viewText(m), "\n")); n > 24 {
			t.Errorf("%s: %d lines in a 24-line window", v.Name, n)
		}
	}
}

// At the smallest size that shows the board, a long status is cut to
// one line (ending in …) rather than hiding the board.
func TestLongStatusNeverHidesTheBoard(t *testing.T) {
	for _, v := range game.Variants() {
		m, b := newTestClient(t, v.Name, 20, 10) // too small: MinSize says what fits
		w, h := b.MinSize()
		m.Update(tea.WindowSizeMsg{Width: w, Height: h})
		b.SetStatus(strings.Repeat("a long message ", 20), true)
		if out := viewText(m); strings.Contains(out, "too small") || !strings.Contains(out, "…") {
			t.Fatalf("%s at %d×%d with a long status:\n%s", v.Name, w, h, out)
		}
	}
}

// --ascii draws 7-bit characters only, on every screen.
func TestASCIIOnly(t *testing.T) {
	for _, v := range game.Variants() {
		m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, ASCII: true, Start: common.Start{Variant: v.Name, Seats: hotSeat(v)}}).(*Model)
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 35})
		for _, k := range []string{"", "?", "enter", "i", "esc", "m", "enter"} {
			if k != "" {
				sendKey(m, k)
			}
			for i, r := range viewText(m) {
				if r > 126 {
					t.Fatalf("%s after %q: non-ASCII %q at %d:\n%s", v.Name, k, r, i, viewText(m))
				}
			}
		}
	}
}

// Issue 23, defect 2: ? at 80×24 never hides a game behind "Terminal too
// small" (Tic-Tac-Chess's keys needed 29 lines): every key is listed
// where the board still fits beside them, else the bar stays.
func TestFullHelpNeverHidesTheGame(t *testing.T) {
	for _, v := range game.Variants() {
		m, _ := newTestClient(t, v.Name, 80, 24)
		m.Update(keyMsg("?"))
		text := viewText(m)
		if strings.Contains(text, "too small") || !strings.Contains(text, "quit") {
			t.Errorf("%s at 80×24 after ?:\n%s", v.Name, text)
		}
		if strings.Contains(text, "more keys") && !strings.Contains(text, "a larger window shows them all") {
			t.Errorf("%s at 80×24: ? did nothing visible and said nothing:\n%s", v.Name, text)
		}
	}
	m, _ := newTestClient(t, "tictacchess", 120, 40)
	m.Update(keyMsg("?"))
	if text := viewText(m); !strings.Contains(text, "fewer keys") {
		t.Errorf("tictacchess at 120×40: ? does not list every key:\n%s", text)
	}
}
