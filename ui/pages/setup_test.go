package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
)

func newSetupClient(t *testing.T, variant string) (*common.Shell, *setupScreen) {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Player: rooms.Player{Name: "ana"}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	s := newSetup(m.C, v, false)
	m.Cur = s
	return m, s
}

// One row per seat: ↑/↓ move between the rows and Start, ←/→ change the
// kind, tab or enter go into the name and enter leaves it for the next row.
func TestSetupNavigation(t *testing.T) {
	m, s := newSetupClient(t, "tictacchess")
	n := len(s.choice)
	if s.row != n {
		t.Fatalf("the focus should start on Start (row %d), is on %d", n, s.row)
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
			uitest.Press(m, k)
		}
		if s.row != st.row || s.editing != st.editing {
			t.Fatalf("step %d %v: row %d editing %v, want row %d editing %v", i, st.keys, s.row, s.editing, st.row, st.editing)
		}
	}
	// ←/→ on a row change the kind; letters do not reach the name.
	m.Update(uitest.Key("up")) // green
	before := s.choice[3]
	m.Update(uitest.Key("right"))
	if s.choice[3] == before {
		t.Fatal("→ did not change the kind")
	}
	m.Update(uitest.Key("left"))
	m.Update(uitest.Key("left"))
	if s.choice[3] != (before-1+len(s.kinds))%len(s.kinds) {
		t.Fatalf("← did not step back: %d from %d", s.choice[3], before)
	}
	m.Update(uitest.Key("x"))
	if s.names[3].Value() != "" {
		t.Fatal("a letter typed on the row went into the name")
	}
	// Type a name; h, j, k, l are letters here, not moves.
	m.Update(uitest.Key("tab"))
	uitest.Send(m, uitest.Typed("hjkl wasd")...)
	m.Update(uitest.Key("enter"))
	if s.names[3].Value() != "hjkl wasd" || s.row != 4 {
		t.Fatalf("name %q row %d", s.names[3].Value(), s.row)
	}
	if !strings.Contains(uitest.ViewText(m), "hjkl wasd") {
		t.Fatalf("the name is not shown:\n%s", uitest.ViewText(m))
	}
	m.Update(uitest.Key("enter"))
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("enter on Start did not start: %T", m.Cur)
	}
	lm(b).CancelJob()
	if lm(b).Seats[3].Name != "hjkl wasd" || lm(b).Seats[0].Name != "ana" {
		t.Fatalf("seats %v", lm(b).Seats)
	}
}

// Esc in a name stops editing; esc on a row goes back to the menu.
func TestSetupEsc(t *testing.T) {
	m, s := newSetupClient(t, "quad7")
	m.Update(uitest.Key("up"))
	m.Update(uitest.Key("enter"))
	if !s.editing {
		t.Fatal("enter on a row should edit its name")
	}
	m.Update(uitest.Key("esc"))
	if s.editing || m.Cur != s {
		t.Fatalf("esc in a name: editing %v screen %T", s.editing, m.Cur)
	}
	m.Update(uitest.Key("esc"))
	if _, ok := m.Cur.(*menuScreen); !ok {
		t.Fatalf("esc on a row should go to the menu: %T", m.Cur)
	}
}

// Clicks follow the rows drawn: the choice steps, the name edits, Start starts.
func TestSetupMouse(t *testing.T) {
	m, s := newSetupClient(t, "pentago")
	lines := strings.Split(uitest.ViewText(m), "\n")
	_, kindX, nameX := s.Columns()
	y := -1
	for i, l := range lines {
		if strings.Contains(l, "black") {
			y = i
			break
		}
	}
	if y < 0 || !strings.HasPrefix(lines[y][kindX:], "< AI hard") {
		t.Fatalf("black's row not where expected:\n%s", uitest.ViewText(m))
	}
	clickAt := func(x, y int) {
		m.Update(uitest.Click(x, y))
	}
	before := s.choice[1]
	clickAt(kindX+6, y)
	if s.row != 1 || s.choice[1] != (before+1)%len(s.kinds) {
		t.Fatalf("click on the choice: row %d choice %d", s.row, s.choice[1])
	}
	clickAt(nameX+1, y)
	if !s.editing || s.row != 1 {
		t.Fatal("click on the name should edit it")
	}
	for i, l := range strings.Split(uitest.ViewText(m), "\n") {
		if x := strings.Index(l, startLabel); x >= 0 {
			clickAt(x+2, i)
			break
		}
	}
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("click on Start did not start: %T\n%s", m.Cur, uitest.ViewText(m))
	}
	lm(b).CancelJob()
}

// Issue 12, defect 7: a name that is full says so instead of dropping
// the key without a word.
func TestSetupNameLimitSaysSo(t *testing.T) {
	m, s := newSetupClient(t, "quad7")
	m.Update(uitest.Key("up"))
	m.Update(uitest.Key("up"))
	m.Update(uitest.Key("tab"))
	uitest.Send(m, uitest.Typed(strings.Repeat("a", 20))...)
	if !strings.Contains(s.status, "at most 16 characters") {
		t.Fatalf("a full name field says nothing: status %q, name %q", s.status, s.names[0].Value())
	}
}

// Issue 23, defect 10: n in a game in progress opens the setup with the
// game waiting behind it; Esc goes back to the game (it went to the
// menu), and starting the new game leaves the old one, saved.
func TestNewGameSetupEscGoesBackToTheGame(t *testing.T) {
	m, b := newTestClient(t, "quad5", 80, 24)
	m.Update(uitest.Key("enter"))
	if len(lm(b).Moves()) != 1 {
		t.Fatalf("%d moves after enter", len(lm(b).Moves()))
	}
	m.Update(uitest.Key("n"))
	if _, ok := m.Cur.(*setupScreen); !ok {
		t.Fatalf("n opened %T, not the setup", m.Cur)
	}
	m.Update(uitest.Key("esc"))
	if m.Cur != common.Screen(b) || len(lm(b).Moves()) != 1 {
		t.Fatalf("esc from the setup went to %T, not back to the game", m.Cur)
	}
	m.Update(uitest.Key("right"))
	m.Update(uitest.Key("enter")) // the game goes on
	if len(lm(b).Moves()) != 2 {
		t.Fatalf("the game did not go on: %d moves", len(lm(b).Moves()))
	}
	m.Update(uitest.Key("n"))
	st := m.Cur.(*setupScreen)
	st.setRow(len(st.choice))
	m.Update(uitest.Key("enter"))
	if nb, ok := m.Cur.(*board.BoardScreen); !ok || nb == b || len(lm(nb).Moves()) != 0 {
		t.Fatalf("start from the setup: %T", m.Cur)
	}
	waitWrites(m)
	if sv, ok := m.C.Store.(*uitest.MemStore); ok && len(sv.Data) == 0 {
		t.Fatal("the game left for the new one was not saved")
	}
}

// Issue 23, defect 6: a seat switched to a GGP player and back keeps
// each use of its field apart: the name typed for the person, the
// address for the GGP player ("Bob", then an address, then Human again
// showed the address, or "BobAnn", as the name).
func TestSetupSeatKeepsNameAndAddressApart(t *testing.T) {
	m, s := newSetupClient(t, "tictactoe")
	uitest.Send(m, uitest.Key("up"))  // oplayer, AI hard
	for !s.kinds[s.choice[1]].human { // to Human
		uitest.Send(m, uitest.Key("left"))
	}
	uitest.Send(m, uitest.Key("tab"))
	uitest.Send(m, uitest.Typed("Bob")...)
	uitest.Send(m, uitest.Key("esc"))
	for !s.kinds[s.choice[1]].ggp {
		uitest.Send(m, uitest.Key("left"))
	}
	if got := s.names[1].Value(); got != "" {
		t.Fatalf("the GGP seat's address starts as %q, the person's name", got)
	}
	uitest.Send(m, uitest.Key("tab"))
	uitest.Send(m, uitest.Typed("http://127.0.0.1:9")...)
	uitest.Send(m, uitest.Key("esc"))
	for !s.kinds[s.choice[1]].human {
		uitest.Send(m, uitest.Key("right"))
	}
	if got := s.seats()[1]; got.Name != "Bob" || got.GGP != "" {
		t.Fatalf("back to Human: seat %+v, want the name Bob", got)
	}
	for !s.kinds[s.choice[1]].ggp {
		uitest.Send(m, uitest.Key("left"))
	}
	if got := s.seats()[1]; got.GGP != "http://127.0.0.1:9" {
		t.Fatalf("back to the GGP player: seat %+v, want its address", got)
	}
}
