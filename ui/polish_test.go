package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
	"github.com/tabletop/tabletop/savefmt"
)

// After a rotation the turned quadrant is the last move: its cells are
// marked and its handle label is in parentheses (visible without colour).
func TestPentagoRotationIsTheLastMove(t *testing.T) {
	m, b := newTestClient(t, "pentago", 80, 24)
	m.Update(keyMsg("enter")) // red places at the cursor
	m.Update(keyMsg("3"))
	m.Update(keyMsg("x")) // and turns quadrant 3 clockwise
	if len(lm(b).moves) != 2 {
		t.Fatalf("%d moves, status %q", len(lm(b).moves), b.status)
	}
	fl := marks(b)
	for r := range fl {
		for c := range fl[r] {
			if q, _, _ := pentago.CellQXY(r+1, c+1); (q == 3) != fl[r][c].lastArea {
				t.Fatalf("cell %v lastArea %v, want %v", pos{r, c}, fl[r][c].lastArea, q == 3)
			}
		}
	}
	if v := viewText(m); !strings.Contains(v, "(Q3)") || strings.Contains(v, "(Q4)") {
		t.Fatalf("quadrant 3 is not marked as turned:\n%s", v)
	}
	m.Update(keyMsg("up"))
	m.Update(keyMsg("enter")) // black places: the last move is a placement again
	for r := range marks(b) {
		for c, f := range marks(b)[r] {
			if f.lastArea {
				t.Fatalf("cell %v still marked as turned after a placement", pos{r, c})
			}
		}
	}
	if strings.Contains(viewText(m), "(Q3)") {
		t.Fatal("the turned quadrant is still marked after a placement")
	}
}

func TestPentagoRotationIsTheLastMoveInARoom(t *testing.T) {
	room := newFakeRoom("pentago", 1)
	m := New(Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true, Start: Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	room.remote("(place 1 1 1)")
	room.remote("(rotate 2 counterclockwise)")
	b := m.cur.(*boardScreen)
	rm(b).refresh()
	if lastQuad(b) != 2 || !strings.Contains(viewText(m), "(Q2)") {
		t.Fatalf("room: turned quadrant %d not shown:\n%s", lastQuad(b), viewText(m))
	}
}

// endGameQuad5 plays x's square in Quad 5×5 by keys.
func endGameQuad5(t *testing.T, w, h int) (*Model, *boardScreen) {
	m, b := newTestClient(t, "quad5", w, h)
	for _, p := range []pos{{1, 1}, {0, 1}, {1, 3}, {0, 2}, {3, 3}, {0, 3}, {3, 1}} {
		for _, k := range keysTo(b.cur, p, 0) {
			sendKey(m, k)
		}
		m.Update(keyMsg("enter"))
	}
	if !b.ended() {
		t.Fatalf("the game did not end:\n%s", viewText(m))
	}
	return m, b
}

// The end-of-game buttons are drawn where the layout says, and a click on
// each does what it says, at every size.
func TestEndButtons(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 35}, {160, 50}} {
		for _, want := range []endAction{endRematch, endNewGame, endMenu} {
			m, b := endGameQuad5(t, sz[0], sz[1])
			l := b.layout()
			if len(l.buttons) != 3 {
				t.Fatalf("%v: %d buttons", sz, len(l.buttons))
			}
			lines := strings.Split(viewText(m), "\n")
			var hit button
			for _, bt := range l.buttons {
				row := []rune(lines[bt.y])
				if bt.x+bt.w > len(row) || string(row[bt.x:bt.x+bt.w]) != bt.label {
					t.Fatalf("%v: button %q not drawn at (%d,%d): %q", sz, bt.label, bt.x, bt.y, lines[bt.y])
				}
				if bt.action == want {
					hit = bt
				}
			}
			m.Update(click(hit.x+hit.w-1, hit.y))
			switch s := m.cur.(type) {
			case *boardScreen:
				if want != endRematch || s == b || len(lm(s).moves) != 0 {
					t.Fatalf("%v %q: board %v moves %d", sz, hit.label, s == b, len(lm(s).moves))
				}
			case *setupScreen:
				if want != endNewGame {
					t.Fatalf("%v %q opened the setup", sz, hit.label)
				}
			case *menuScreen:
				if want != endMenu {
					t.Fatalf("%v %q opened the menu", sz, hit.label)
				}
			default:
				t.Fatalf("%v %q: %T", sz, hit.label, m.cur)
			}
		}
	}
	// No buttons while the game goes on: a click there is a click on the panel.
	_, b := newTestClient(t, "quad5", 80, 24)
	if len(b.layout().buttons) != 0 {
		t.Fatal("buttons before the end")
	}
}

// M turns mouse capture off and on at run time, except in a text field.
func TestMouseToggle(t *testing.T) {
	v, _ := game.Lookup("quad7")
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, Mouse: true, Start: Start{Variant: "quad7", Seats: hotSeat(v)}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.cur.(*boardScreen)
	if m.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("Mouse: true does not enable the mouse")
	}
	m.Update(keyMsg("M"))
	if m.c.mouse || m.View().MouseMode != tea.MouseModeNone || !strings.Contains(b.status, "mouse off") {
		t.Fatalf("M did not turn the mouse off: %v %q", m.c.mouse, b.status)
	}
	m.Update(keyMsg("M"))
	if !m.c.mouse || m.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("M did not turn the mouse back on")
	}
	m.Update(keyMsg(":"))
	m.Update(keyMsg("M"))
	if !m.c.mouse || b.input.Value() != "M" {
		t.Fatalf("M in the move prompt must be text: mouse %v input %q", m.c.mouse, b.input.Value())
	}
	m.Update(keyMsg("esc"))
	m.Update(keyMsg("?"))
	if !strings.Contains(viewText(m), "mouse on/off") {
		t.Fatalf("the full help does not show M:\n%s", viewText(m))
	}
	// On the menu too.
	m2 := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}}).(*Model)
	m2.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m2.Update(keyMsg("M"))
	if !m2.c.mouse || m2.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("M on the menu did not turn the mouse on")
	}
}

// With several people at one keyboard, r asks who resigns (a digit
// chooses, y confirms); the game ends
// with that role losing and the others sharing the win.
func TestResignWithFourPlayers(t *testing.T) {
	m, b := newTestClient(t, "tictacchess", 80, 24)
	m.Update(keyMsg("r"))
	if !strings.Contains(b.status, "who resigns?") || !strings.Contains(b.status, "3 blue") {
		t.Fatalf("resign should ask who: %q", b.status)
	}
	m.Update(keyMsg("3")) // chooses blue; only y resigns
	if b.ended() || !strings.Contains(b.status, "resign as blue? y to resign") {
		t.Fatalf("3 should only choose blue: ended %v status %q", b.ended(), b.status)
	}
	m.Update(keyMsg("y"))
	if !b.ended() || b.resigned() != 2 {
		t.Fatalf("blue should have resigned: ended %v resigned %d", b.ended(), b.resigned())
	}
	v := viewText(m)
	if !strings.Contains(v, "blue resigned: red, yellow and green share the win") {
		t.Fatalf("result not shown:\n%s", v)
	}
	if strings.Count(v, "shares the win") != 3 || !strings.Contains(v, "resigned") {
		t.Fatalf("the panel does not show every role's result:\n%s", v)
	}
	m.Update(keyMsg("u")) // undo takes the resignation back
	if b.ended() {
		t.Fatal("undo did not take the resignation back")
	}

	// y resigns for the role to move; any other key plays on.
	m, b = newTestClient(t, "tictacchess", 80, 24)
	m.Update(keyMsg("r"))
	m.Update(keyMsg("x"))
	if b.ended() || b.confirm != "" {
		t.Fatal("another key should cancel")
	}
	m.Update(keyMsg("r"))
	m.Update(keyMsg("y"))
	if b.resigned() != b.game().ToMove() {
		t.Fatalf("y should resign for the role to move (%d), resigned %d", b.game().ToMove(), b.resigned())
	}
}

// Against the AI there is one person: r asks only to confirm.
func TestResignAgainstTheAI(t *testing.T) {
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, AIDelay: -1,
		Start: Start{Variant: "pentago", Seats: map[string]savefmt.SeatConfig{"red": {Name: "ana"}}}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.cur.(*boardScreen)
	m.Update(keyMsg("r"))
	if !strings.Contains(b.status, "resign as red?") {
		t.Fatalf("status %q", b.status)
	}
	m.Update(keyMsg("y"))
	if !strings.Contains(viewText(m), "red resigned: black wins") {
		t.Fatalf("result:\n%s", viewText(m))
	}
}

// A tilted square wins Quad: at the end its four corners are marked on
// the board (with * around the mark, visible without colour), wherever
// they are, at every size.
func TestQuadTiltedSquareShownAtTheEnd(t *testing.T) {
	xs := []pos{{1, 2}, {2, 5}, {5, 4}, {4, 1}} // r2c3 r3c6 r6c5 r5c2: sides (1,3) and (3,-1)
	os := []pos{{0, 2}, {0, 3}, {0, 4}}
	for _, sz := range [][2]int{{80, 24}, {100, 35}, {160, 50}} {
		m, b := newTestClient(t, "quad7", sz[0], sz[1])
		for i, p := range xs {
			for _, k := range keysTo(b.cur, p, 0) {
				sendKey(m, k)
			}
			m.Update(keyMsg("enter"))
			if i < len(os) {
				for _, k := range keysTo(b.cur, os[i], 0) {
					sendKey(m, k)
				}
				m.Update(keyMsg("enter"))
			}
		}
		if !b.game().Terminal() || b.game().Goal(0) != 100 {
			t.Fatalf("x's tilted square did not win: %s", b.game().String())
		}
		got := b.ax.winsOf(b.game())
		if len(got) != 4 {
			t.Fatalf("winning cells %v", got)
		}
		for _, p := range xs {
			if !containsPos(got, p) {
				t.Fatalf("corner %v not among the winning cells %v", p, got)
			}
		}
		l := b.layout()
		lines := strings.Split(viewText(m), "\n")
		for r := 0; r < 7; r++ {
			for c := 0; c < 7; c++ {
				x, y := l.bx+l.cellX(c)+l.cw/2, l.by+l.cellY(r)+l.ch/2
				row := []rune(lines[y])
				marked := row[x-1] == '*' && row[x+1] == '*'
				if marked != containsPos(xs, pos{r, c}) {
					t.Fatalf("%v: cell %v marked %v: %q", sz, pos{r, c}, marked, lines[y])
				}
			}
		}
	}
}

// --ascii draws 7-bit characters only, on every screen.
func TestASCIIOnly(t *testing.T) {
	for _, v := range game.Variants() {
		m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, ASCII: true, Start: Start{Variant: v.Name, Seats: hotSeat(v)}}).(*Model)
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

// A key that means nothing on the board says so instead of doing nothing.
func TestUnknownKeySaysSo(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	m.Update(keyMsg("Z"))
	if !b.isErr || !strings.Contains(b.status, "? shows the keys") {
		t.Fatalf("status %q", b.status)
	}
}
