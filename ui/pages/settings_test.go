package pages

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// Settings that stay: the theme, the mouse, the AI's time per move and
// the last seats are remembered in the settings file and used by the
// next client.
func TestSettingsStay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.txt")
	client := func() *common.Shell {
		m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Settings: savefmt.NewFileSettings(path), Mouse: true, AIDelay: -1})
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		return m
	}
	m := client()
	m.Update(uitest.Key("t"))
	theme := m.C.Theme.Name
	m.Update(uitest.Key("M"))
	m.Update(uitest.Key("down")) // Quad 7×7
	m.Update(uitest.Key("enter"))
	s := m.Cur.(*setupScreen)
	m.Update(uitest.Key("+"))
	m.Update(uitest.Key("+"))
	if m.C.AITime != 2*time.Second || !strings.Contains(uitest.ViewText(m), "AI time per move: 2s") {
		t.Fatalf("+ twice: AI time %s\n%s", m.C.AITime, uitest.ViewText(m))
	}
	m.Update(uitest.Key("up"))
	m.Update(uitest.Key("right")) // o: AI max
	m.Update(uitest.Key("down"))
	m.Update(uitest.Key("enter"))
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("setup did not start: %T %q", m.Cur, s.status)
	}
	lm(b).CancelJob()
	m.C.IO.Wait() // the settings are written on the client's I/O queue

	m = client()
	if m.C.Theme.Name != theme || m.C.Mouse || m.C.AITime != 2*time.Second {
		t.Fatalf("not remembered: theme %s (want %s), mouse %v, AI time %s", m.C.Theme.Name, theme, m.C.Mouse, m.C.AITime)
	}
	m.Update(uitest.Key("down"))
	m.Update(uitest.Key("enter"))
	s = m.Cur.(*setupScreen)
	if seats := s.seats(); !seats[1].AI || seats[1].Level != ai.Max {
		t.Fatalf("the last seats are not offered: %+v", seats)
	}
	// A theme given in the options wins over the remembered one.
	m = newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Settings: savefmt.NewFileSettings(path), Theme: "mono"})
	if m.C.Theme.Name != "mono" {
		t.Fatalf("the options' theme lost: %s", m.C.Theme.Name)
	}
}

// The AI's time per move reaches the search: Options.AIBudget (play
// --budget) over the remembered setting.
func TestAIBudgetReachesTheSearch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.txt")
	if err := savefmt.NewFileSettings(path).Save(savefmt.Settings{AITime: 5 * time.Second}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		budget, want time.Duration
	}{{0, 5 * time.Second}, {time.Second, time.Second}} {
		m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Settings: savefmt.NewFileSettings(path), AIBudget: c.budget})
		if m.C.AITime != c.want {
			t.Errorf("AIBudget %s: AI time %s, want %s", c.budget, m.C.AITime, c.want)
		}
	}
}

// A rematch changes sides: who played x plays o.
func TestRematchSwapsSides(t *testing.T) {
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, AIDelay: -1,
		Start: common.Start{Variant: "quad5", Seats: map[string]savefmt.SeatConfig{"x": {Name: "ana"}, "o": {Name: "bo"}}}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(uitest.Key("r"))
	m.Update(uitest.Key("y"))
	m.Update(uitest.Key("R"))
	nb := m.Cur.(*board.BoardScreen)
	if nb.Match.Seat(0).Name != "bo" || nb.Match.Seat(1).Name != "ana" {
		t.Fatalf("rematch seats: x %s, o %s", nb.Match.Seat(0).Name, nb.Match.Seat(1).Name)
	}
	if !strings.Contains(nb.Status, "sides changed") {
		t.Fatalf("status %q", nb.Status)
	}
}

// ? in the menu shows every key; x deletes a saved game after asking.
func TestMenuHelpAndDelete(t *testing.T) {
	sv := savefmt.SavedGame{Variant: "quad7", Seats: []savefmt.SeatConfig{{Name: "ana"}, {Name: "bo"}}, Moves: []string{"(mark r2 c2)"}}
	store := &uitest.MemStore{Data: sv.Marshal([]string{"x", "o"})}
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: store})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if strings.Contains(uitest.ViewText(m), "delete saved game") {
		t.Fatal("the short help should not list every key")
	}
	m.Update(uitest.Key("?"))
	v := uitest.ViewText(m)
	if !strings.Contains(v, "delete saved game") || !strings.Contains(v, "mouse on/off") || len(strings.Split(v, "\n")) > 24 {
		t.Fatalf("? should show every key in the window:\n%s", v)
	}
	m.Update(uitest.Key("x"))
	m.Update(uitest.Key("n")) // not y: kept
	if store.Data == nil {
		t.Fatal("a key other than y deleted the saved game")
	}
	m.Update(uitest.Key("x"))
	if !strings.Contains(uitest.ViewText(m), "delete the saved game quad7, 1 move") {
		t.Fatalf("x should ask:\n%s", uitest.ViewText(m))
	}
	_, cmd := m.Update(uitest.Key("y"))
	uitest.Drain(t, m, cmd) // deleted, and the menu told
	if store.Data != nil || strings.Contains(uitest.ViewText(m), "Continue") {
		t.Fatalf("y should delete the saved game:\n%s", uitest.ViewText(m))
	}
}

// The rules screen points at the project's rules document.
func TestRulesScreenLinksRulesDocument(t *testing.T) {
	m, _ := newTestClient(t, "quad7", 100, 60)
	m.Update(uitest.Key("i"))
	m.Update(uitest.Key("pgdown"))
	m.Update(uitest.Key("pgdown"))
	if v := uitest.ViewText(m); !strings.Contains(v, "RULES.md") {
		t.Fatalf("the rules screen does not name RULES.md:\n%s", v)
	}
}

// Use the space: at 80×24 the boards of Quad 7×7 and Pentago are more
// than one line a row, and every board's cells only grow with the window.
func TestBoardsUseTheSpace(t *testing.T) {
	for _, name := range []string{"quad7", "pentago"} {
		_, b := newTestClient(t, name, 80, 24)
		if l := b.Layout(); !l.Fits || l.CellH < 2 || l.CellW < 5 {
			t.Errorf("%s at 80×24: cells %d×%d", name, l.CellW, l.CellH)
		}
	}
	for _, v := range []string{"quad5", "quad7", "quad11", "pentago", "tictacchess"} {
		m, b := newTestClient(t, v, 80, 24)
		prev := 0
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {160, 50}, {200, 60}} {
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			l := b.Layout()
			if area := l.CellW * l.CellH; area < prev {
				t.Errorf("%s at %v: cells %d×%d, smaller than before", v, sz, l.CellW, l.CellH)
			} else {
				prev = area
			}
		}
		if l := b.Layout(); l.CellW < 7 {
			t.Errorf("%s at 200×60: cells %d×%d", v, l.CellW, l.CellH)
		}
	}
}

// + lengthens the AI's time per move and - shortens it, both stopping
// at the ends of the steps; the choice is remembered each time.
func TestSetupAITimeBothWays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.txt")
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Settings: savefmt.NewFileSettings(path), AIDelay: -1})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(uitest.Key("enter"))
	if _, ok := m.Cur.(*setupScreen); !ok {
		t.Fatalf("not on setup: %T", m.Cur)
	}
	steps := []struct {
		key  string
		want time.Duration
	}{
		{"-", 0}, // already the shortest: stays
		{"+", time.Second}, {"+", 2 * time.Second}, {"-", time.Second},
		{"+", 2 * time.Second}, {"+", 5 * time.Second}, {"+", 10 * time.Second},
		{"+", 30 * time.Second}, {"+", time.Minute}, {"+", time.Minute}, // longest: stays
		{"-", 30 * time.Second}, {"_", 10 * time.Second},
	}
	for i, st := range steps {
		uitest.Press(m, st.key)
		if m.C.AITime != st.want {
			t.Fatalf("step %d (%s): AI time %s, want %s", i, st.key, m.C.AITime, st.want)
		}
		m.C.IO.Wait() // written on the client's I/O queue
		got, err := savefmt.NewFileSettings(path).Load()
		if err != nil || got.AITime != st.want {
			t.Fatalf("step %d (%s): saved %s (%v), want %s", i, st.key, got.AITime, err, st.want)
		}
	}
}

// Without a saved game, ? in the menu does not offer to delete one.
func TestMenuHelpWithoutSaves(t *testing.T) {
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(uitest.Key("?"))
	if v := uitest.ViewText(m); strings.Contains(v, "delete saved game") || !strings.Contains(v, "mouse on/off") {
		t.Fatalf("? with no saved game:\n%s", v)
	}
}

// With Options.NoAIOnlyGames (a server's guests) setup does not start a
// game without a person, and says why; one Human seat is enough.
func TestNoAIOnlyGames(t *testing.T) {
	for _, refuse := range []bool{false, true} {
		m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, AIDelay: -1, NoAIOnlyGames: refuse,
			Settings: savefmt.NewFileSettings(filepath.Join(t.TempDir(), "settings.txt"))})
		t.Cleanup(m.C.IO.Wait) // the seats are written on the I/O queue, in the test's folder
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m.Update(uitest.Key("down")) // Quad 7×7: x Human, o AI
		m.Update(uitest.Key("enter"))
		for _, k := range []string{"up", "up", "right", "down", "down"} { // x: AI easy
			uitest.Press(m, k)
		}
		s := m.Cur.(*setupScreen)
		if seats := s.seats(); !common.AIOnly(seats) {
			t.Fatalf("the seats are not all AI: %+v", seats)
		}
		m.Update(uitest.Key("enter"))
		_, stayed := m.Cur.(*setupScreen)
		if stayed != refuse {
			t.Fatalf("NoAIOnlyGames %v: still on setup %v, status %q", refuse, stayed, s.status)
		}
		if !refuse {
			lm(m.Cur.(*board.BoardScreen)).CancelJob()
			continue
		}
		if !strings.Contains(uitest.ViewText(m), "games of the AI against itself are not offered here") {
			t.Fatalf("no reason given:\n%s", uitest.ViewText(m))
		}
		for _, k := range []string{"up", "up", "left", "down", "down", "enter"} { // x: Human again
			uitest.Press(m, k)
		}
		if b, ok := m.Cur.(*board.BoardScreen); !ok {
			t.Fatalf("with a Human seat the game did not start: %T %q %+v row %d", m.Cur, s.status, s.seats(), s.row)
		} else {
			lm(b).CancelJob()
		}
	}
	// Start with every seat AI opens the menu with the reason instead.
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, NoAIOnlyGames: true, Remote: true,
		Start: common.Start{Variant: "quad5", Seats: map[string]savefmt.SeatConfig{"x": {AI: true}, "o": {AI: true}}}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if _, ok := m.Cur.(*menuScreen); !ok || !strings.Contains(uitest.ViewText(m), "not offered here") {
		t.Fatalf("Start with AI seats only: %T\n%s", m.Cur, uitest.ViewText(m))
	}
}

// M turns mouse capture off and on at run time, except in a text field.
func TestMouseToggle(t *testing.T) {
	v, _ := game.Lookup("quad7")
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Mouse: true, Start: common.Start{Variant: "quad7", Seats: uitest.HotSeat(v)}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.Cur.(*board.BoardScreen)
	if m.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("Mouse: true does not enable the mouse")
	}
	m.Update(uitest.Key("M"))
	if m.C.Mouse || m.View().MouseMode != tea.MouseModeNone || !strings.Contains(b.Status, "mouse off") {
		t.Fatalf("M did not turn the mouse off: %v %q", m.C.Mouse, b.Status)
	}
	m.Update(uitest.Key("M"))
	if !m.C.Mouse || m.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("M did not turn the mouse back on")
	}
	m.Update(uitest.Key(":"))
	m.Update(uitest.Key("M"))
	if !m.C.Mouse || b.Input.Value() != "M" {
		t.Fatalf("M in the move prompt must be text: mouse %v input %q", m.C.Mouse, b.Input.Value())
	}
	m.Update(uitest.Key("esc"))
	m.Update(uitest.Key("?"))
	if !strings.Contains(uitest.ViewText(m), "mouse on/off") {
		t.Fatalf("the full help does not show M:\n%s", uitest.ViewText(m))
	}
	// On the menu too.
	m2 := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}})
	m2.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m2.Update(uitest.Key("M"))
	if !m2.C.Mouse || m2.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("M on the menu did not turn the mouse on")
	}
}
