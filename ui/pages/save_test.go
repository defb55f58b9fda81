package pages

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

func TestSaveRoundTrip(t *testing.T) {
	m, b := newTestClient(t, "tictacchess", 80, 24)
	for i, k := range []string{"left", "left", "left", "enter", "up", "up", "right", "enter"} {
		_ = i
		uitest.Press(m, k)
	}
	waitWrites(m)
	if len(lm(b).Moves()) != 1 {
		t.Fatalf("setup move not played: %q", b.Status)
	}
	data, err := b.Common.Store.Load()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "move (move 1 4 2 6)") || !strings.Contains(string(data), "variant tictacchess") {
		t.Fatalf("save file:\n%s", data)
	}
	sv, err := savefmt.ParseSave(data)
	if err != nil {
		t.Fatal(err)
	}
	b2, err := board.BoardFromSave(b.Common, sv)
	if err != nil {
		t.Fatal(err)
	}
	if b2.Game().String() != b.Game().String() || len(lm(b2).Seats) != 4 || lm(b2).Seats[1].Name != "yellow-player" {
		t.Fatalf("resumed %q seats %+v, want %q", b2.Game().String(), lm(b2).Seats, b.Game().String())
	}
}

// A corrupt save never crashes the menu and is not offered as Continue;
// a new game then replaces it.
func TestCorruptSaveOnMenu(t *testing.T) {
	store := &uitest.MemStore{Data: []byte("tabletop save 1\nvariant quad5\nseat x human\nseat o human\nmove (mark r1 c1)\n")}
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: store})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	v := uitest.ViewText(m)
	if strings.Contains(v, "Continue") || !strings.Contains(v, "cannot be read") {
		t.Fatalf("menu with a corrupt save:\n%s", v)
	}
	m.Update(uitest.Key("enter")) // Quad 5×5 setup
	m.Update(uitest.Key("enter")) // start
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("no board after setup: %T", m.Cur)
	}
	lm(b).CancelJob()
	m.Update(uitest.Key("enter")) // x marks the centre: now the game is saved
	waitWrites(m)
	if _, err := savefmt.ParseSave(store.Data); err != nil {
		t.Fatalf("the new game did not replace the corrupt save: %v", err)
	}
}

func TestLoadOption(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "g.txt")
	os.WriteFile(good, []byte("tabletop save 1\nvariant pentago\nseat red human\nseat black human\nmove (place 1 1 1)\n"), 0o644)
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Start: common.Start{Load: good}})
	if b, ok := m.Cur.(*board.BoardScreen); !ok || len(lm(b).Moves()) != 1 {
		t.Fatalf("--load did not open the game: %T", m.Cur)
	}
	m = newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Start: common.Start{Load: filepath.Join(dir, "none.txt")}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if _, ok := m.Cur.(*menuScreen); !ok || !strings.Contains(uitest.ViewText(m), "load:") {
		t.Fatalf("missing file should land on the menu with a message:\n%s", uitest.ViewText(m))
	}
	m = newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Remote: true, Start: common.Start{Load: good}})
	if _, ok := m.Cur.(*menuScreen); !ok {
		t.Fatal("Remote must refuse --load")
	}
}

func TestContinueResumesExactly(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	for _, k := range []string{"enter", "right", "enter", "down", "b", "enter"} {
		uitest.Press(m, k)
	}
	waitWrites(m)
	want := b.Game().String()
	store := b.Common.Store
	m2 := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: store})
	m2.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(uitest.ViewText(m2), "Continue") {
		t.Fatalf("no Continue:\n%s", uitest.ViewText(m2))
	}
	m2.Update(uitest.Key("enter"))
	b2, ok := m2.Cur.(*board.BoardScreen)
	if !ok || b2.Game().String() != want {
		t.Fatalf("continue: %T", m2.Cur)
	}
}

// A game is saved from its first move on, never before: Continue must not
// offer empty games, and a new game left without a move must not replace
// the game saved before it.
func TestSaveOnlyAfterAMove(t *testing.T) {
	old := savefmt.SavedGame{Variant: "pentago", Seats: []savefmt.SeatConfig{{Name: "ana"}, {Name: "bo"}}, Moves: []string{"(place 1 1 1)"}}
	oldData := old.Marshal([]string{"red", "black"})
	store := &uitest.MemStore{Data: oldData}
	v, _ := game.Lookup("quad7")
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: store, Start: common.Start{Variant: "quad7", Seats: uitest.HotSeat(v)}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.Cur.(*board.BoardScreen)
	if string(store.Data) != string(oldData) {
		t.Fatalf("a game with no moves was saved:\n%s", store.Data)
	}
	m.Update(uitest.Key("q")) // no moves: quits at once, leaving the old save
	waitWrites(m)
	if string(store.Data) != string(oldData) {
		t.Fatalf("quitting a game with no moves replaced the save:\n%s", store.Data)
	}
	m.Update(uitest.Key("enter"))
	waitWrites(m)
	// The store keeps one game: replacing the pentago game is asked first.
	if string(store.Data) != string(oldData) || !strings.Contains(uitest.ViewText(m), "save this game over your saved game (pentago") {
		t.Fatalf("the first move replaced the saved game without asking:\n%s", uitest.ViewText(m))
	}
	m.Update(uitest.Key("y"))
	waitWrites(m)
	sv, err := savefmt.ParseSave(store.Data)
	if err != nil || sv.Variant != "quad7" || len(sv.Moves) != 1 {
		t.Fatalf("after the first move the game should be saved: %v\n%s", err, store.Data)
	}
	m.Update(uitest.Key("u")) // back to no moves: nothing worth continuing
	waitWrites(m)
	if store.Data != nil {
		t.Fatalf("a game undone to no moves stays saved:\n%s", store.Data)
	}
	if len(lm(b).Moves()) != 0 {
		t.Fatal("undo did not go back")
	}
	m.Update(uitest.Key("enter"))
	m.Update(uitest.Key("q"))
	m.Update(uitest.Key("y")) // quit with a move made: saved
	waitWrites(m)
	if sv, err := savefmt.ParseSave(store.Data); err != nil || len(sv.Moves) != 1 {
		t.Fatalf("quitting with a move made should save: %v", err)
	}
}

// sessionStore keeps a save for the session only, like an SSH guest's.
type sessionStore struct{ uitest.MemStore }

func (*sessionStore) SessionOnly() bool { return true }

// failingStore cannot save.
type failingStore struct{ uitest.MemStore }

func (*failingStore) Save([]byte) error { return errors.New("disk full") }

// Quitting a game in progress asks first, and says truly what becomes of
// the game: saved for Continue, gone with a guest's session, not saved.
func TestQuitPromptSaysWhatHappensToTheGame(t *testing.T) {
	tests := []struct {
		name  string
		store savefmt.SaveStore
		want  string
	}{
		{"file", &uitest.MemStore{}, "saved for Continue"},
		{"guest over SSH", &sessionStore{}, "ends with this session"},
		{"no store", nil, "not saved"},
		{"failing store", &failingStore{}, "not saved (could not save: disk full)"},
	}
	for _, tc := range tests {
		v, _ := game.Lookup("quad5")
		m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: tc.store, Remote: true, Start: common.Start{Variant: "quad5", Seats: uitest.HotSeat(v)}, AIDelay: -1})
		m.Init()
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		b := m.Cur.(*board.BoardScreen)
		m.Update(uitest.Key("enter")) // x marks the centre
		waitWrites(m)
		if len(lm(b).Moves()) != 1 {
			t.Fatalf("%s: the move was not played: %q", tc.name, b.Status)
		}
		if _, cmd := m.Update(uitest.Key("q")); cmd != nil {
			if _, quit := cmd().(tea.QuitMsg); quit {
				t.Fatalf("%s: q quit a game in progress without asking", tc.name)
			}
		}
		if !strings.Contains(b.Status, tc.want) || !strings.Contains(b.Status, "y to quit") {
			t.Errorf("%s: prompt %q, want it to say %q", tc.name, b.Status, tc.want)
		}
		m.Update(uitest.Key("n")) // stay
		if b.Confirm != "" || len(lm(b).Moves()) != 1 {
			t.Errorf("%s: after staying: confirm %q, %d moves", tc.name, b.Confirm, len(lm(b).Moves()))
		}
	}
}
