package ui

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
)

func newSetupClient(t *testing.T, variant string) (*Model, *pages.SetupScreen) {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, Player: rooms.Player{Name: "ana"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	s := pages.NewSetup(m.c, v, false)
	m.cur = s
	return m, s
}

func typeText(m *Model, text string) {
	for _, r := range text {
		m.Update(keyMsg(string(r)))
	}
}

// One row per seat: ↑/↓ move between the rows and Start, ←/→ change the
// kind, tab or enter go into the name and enter leaves it for the next row.
func TestSetupNavigation(t *testing.T) {
	m, s := newSetupClient(t, "tictacchess")
	n := len(s.Choice)
	if s.Row != n {
		t.Fatalf("the focus should start on Start (row %d), is on %d", n, s.Row)
	}
	steps := []struct {
		keys    []string
		row     int
		editing bool
	}{
		{[]string{"up"}, 3, false},
		{[]string{"up", "up", "up"}, 0, false},
		{[]string{"down"}, 1, false},
		{[]string{"tab"}, 1, true},
		{[]string{"down"}, 2, false}, // ↓ from a name goes to the next row
		{[]string{"enter"}, 2, true},
		{[]string{"enter"}, 3, false}, // enter leaves the name for the next row
		{[]string{"j"}, 4, false},     // Start
		{[]string{"down"}, 0, false},  // wraps to the first seat
		{[]string{"k"}, 4, false},
	}
	for i, st := range steps {
		for _, k := range st.keys {
			sendKey(m, k)
		}
		if s.Row != st.row || s.Editing != st.editing {
			t.Fatalf("step %d %v: row %d editing %v, want row %d editing %v", i, st.keys, s.Row, s.Editing, st.row, st.editing)
		}
	}
	// ←/→ on a row change the kind; letters do not reach the name.
	m.Update(keyMsg("up")) // green
	before := s.Choice[3]
	m.Update(keyMsg("right"))
	if s.Choice[3] == before {
		t.Fatal("→ did not change the kind")
	}
	m.Update(keyMsg("left"))
	m.Update(keyMsg("left"))
	if s.Choice[3] != (before-1+len(s.Kinds))%len(s.Kinds) {
		t.Fatalf("← did not step back: %d from %d", s.Choice[3], before)
	}
	m.Update(keyMsg("x"))
	if s.Names[3].Value() != "" {
		t.Fatal("a letter typed on the row went into the name")
	}
	// Type a name; h, j, k, l are letters here, not moves.
	m.Update(keyMsg("tab"))
	typeText(m, "hjkl wasd")
	m.Update(keyMsg("enter"))
	if s.Names[3].Value() != "hjkl wasd" || s.Row != 4 {
		t.Fatalf("name %q row %d", s.Names[3].Value(), s.Row)
	}
	if !strings.Contains(viewText(m), "hjkl wasd") {
		t.Fatalf("the name is not shown:\n%s", viewText(m))
	}
	m.Update(keyMsg("enter"))
	b, ok := m.cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("enter on Start did not start: %T", m.cur)
	}
	lm(b).CancelJob()
	if lm(b).Seats[3].Name != "hjkl wasd" || lm(b).Seats[0].Name != "ana" {
		t.Fatalf("seats %v", lm(b).Seats)
	}
}

// Esc in a name stops editing; esc on a row goes back to the menu.
func TestSetupEsc(t *testing.T) {
	m, s := newSetupClient(t, "quad7")
	m.Update(keyMsg("up"))
	m.Update(keyMsg("enter"))
	if !s.Editing {
		t.Fatal("enter on a row should edit its name")
	}
	m.Update(keyMsg("esc"))
	if s.Editing || m.cur != s {
		t.Fatalf("esc in a name: editing %v screen %T", s.Editing, m.cur)
	}
	m.Update(keyMsg("esc"))
	if _, ok := m.cur.(*pages.MenuScreen); !ok {
		t.Fatalf("esc on a row should go to the menu: %T", m.cur)
	}
}

// Clicks follow the rows drawn: the choice steps, the name edits, Start starts.
func TestSetupMouse(t *testing.T) {
	m, s := newSetupClient(t, "pentago")
	lines := strings.Split(viewText(m), "\n")
	_, kindX, nameX := s.Columns()
	y := -1
	for i, l := range lines {
		if strings.Contains(l, "black") {
			y = i
			break
		}
	}
	if y < 0 || !strings.HasPrefix(lines[y][kindX:], "< AI hard") {
		t.Fatalf("black's row not where expected:\n%s", viewText(m))
	}
	click := func(x, y int) {
		m.Update(click(x, y))
	}
	before := s.Choice[1]
	click(kindX+6, y)
	if s.Row != 1 || s.Choice[1] != (before+1)%len(s.Kinds) {
		t.Fatalf("click on the choice: row %d choice %d", s.Row, s.Choice[1])
	}
	click(nameX+1, y)
	if !s.Editing || s.Row != 1 {
		t.Fatal("click on the name should edit it")
	}
	for i, l := range strings.Split(viewText(m), "\n") {
		if x := strings.Index(l, pages.StartLabel); x >= 0 {
			click(x+2, i)
			break
		}
	}
	b, ok := m.cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("click on Start did not start: %T\n%s", m.cur, viewText(m))
	}
	lm(b).CancelJob()
}

// A room's setup has no name fields: enter and tab go on to Start.
func TestRoomSetupHasNoNames(t *testing.T) {
	room := newFakeRoom("pentago", 0)
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	v, _ := game.Lookup("pentago")
	s := pages.NewSetup(m.c, v, true)
	m.cur = s
	if strings.Contains(viewText(m), "(name)") {
		t.Fatalf("a room setup shows name fields:\n%s", viewText(m))
	}
	m.Update(keyMsg("up"))
	m.Update(keyMsg("up"))
	m.Update(keyMsg("enter"))
	m.Update(keyMsg("tab"))
	if s.Editing || s.Row != 2 {
		t.Fatalf("enter and tab should move on: row %d editing %v", s.Row, s.Editing)
	}
	_, create := m.Update(keyMsg("enter"))
	m.Update(create()) // the lobby's answer
	if b, ok := m.cur.(*board.BoardScreen); !ok || rm(b) == nil {
		t.Fatalf("no room board: %T", m.cur)
	}
}

// Issue 12, defect 7: a name that is full says so instead of dropping
// the key without a word.
func TestSetupNameLimitSaysSo(t *testing.T) {
	m, s := newSetupClient(t, "quad7")
	m.Update(keyMsg("up"))
	m.Update(keyMsg("up"))
	m.Update(keyMsg("tab"))
	typeText(m, strings.Repeat("a", 20))
	if !strings.Contains(s.Status, "at most 16 characters") {
		t.Fatalf("a full name field says nothing: status %q, name %q", s.Status, s.Names[0].Value())
	}
}

// Issue 23, defect 10: n in a game in progress opens the setup with the
// game waiting behind it; Esc goes back to the game (it went to the
// menu), and starting the new game leaves the old one, saved.
func TestNewGameSetupEscGoesBackToTheGame(t *testing.T) {
	m, b := newTestClient(t, "quad5", 80, 24)
	m.Update(keyMsg("enter"))
	if len(lm(b).Moves()) != 1 {
		t.Fatalf("%d moves after enter", len(lm(b).Moves()))
	}
	m.Update(keyMsg("n"))
	if _, ok := m.cur.(*pages.SetupScreen); !ok {
		t.Fatalf("n opened %T, not the setup", m.cur)
	}
	m.Update(keyMsg("esc"))
	if m.cur != common.Screen(b) || len(lm(b).Moves()) != 1 {
		t.Fatalf("esc from the setup went to %T, not back to the game", m.cur)
	}
	m.Update(keyMsg("right"))
	m.Update(keyMsg("enter")) // the game goes on
	if len(lm(b).Moves()) != 2 {
		t.Fatalf("the game did not go on: %d moves", len(lm(b).Moves()))
	}
	m.Update(keyMsg("n"))
	st := m.cur.(*pages.SetupScreen)
	st.SetRow(len(st.Choice))
	m.Update(keyMsg("enter"))
	if nb, ok := m.cur.(*board.BoardScreen); !ok || nb == b || len(lm(nb).Moves()) != 0 {
		t.Fatalf("start from the setup: %T", m.cur)
	}
	waitWrites(m)
	if sv, ok := m.c.Store.(*memStore); ok && len(sv.data) == 0 {
		t.Fatal("the game left for the new one was not saved")
	}
}

// Issue 23, defect 6: a seat switched to a GGP player and back keeps
// each use of its field apart: the name typed for the person, the
// address for the GGP player ("Bob", then an address, then Human again
// showed the address, or "BobAnn", as the name).
func TestSetupSeatKeepsNameAndAddressApart(t *testing.T) {
	m, s := newSetupClient(t, "tictactoe")
	send(m, keyMsg("up"))             // oplayer, AI hard
	for !s.Kinds[s.Choice[1]].Human { // to Human
		send(m, keyMsg("left"))
	}
	send(m, keyMsg("tab"))
	typeText(m, "Bob")
	send(m, keyMsg("esc"))
	for !s.Kinds[s.Choice[1]].GGP {
		send(m, keyMsg("left"))
	}
	if got := s.Names[1].Value(); got != "" {
		t.Fatalf("the GGP seat's address starts as %q, the person's name", got)
	}
	send(m, keyMsg("tab"))
	typeText(m, "http://127.0.0.1:9")
	send(m, keyMsg("esc"))
	for !s.Kinds[s.Choice[1]].Human {
		send(m, keyMsg("right"))
	}
	if got := s.Seats()[1]; got.Name != "Bob" || got.GGP != "" {
		t.Fatalf("back to Human: seat %+v, want the name Bob", got)
	}
	for !s.Kinds[s.Choice[1]].GGP {
		send(m, keyMsg("left"))
	}
	if got := s.Seats()[1]; got.GGP != "http://127.0.0.1:9" {
		t.Fatalf("back to the GGP player: seat %+v, want its address", got)
	}
}
