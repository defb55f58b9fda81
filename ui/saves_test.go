package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/savefmt"
)

// fileClient is a client over a savefmt.FileStore in a temporary directory.
func fileClient(t *testing.T, dir string, opts common.Options) (*Model, *savefmt.FileStore) {
	t.Helper()
	fs := savefmt.NewFileStore(filepath.Join(dir, "save.txt"))
	opts.ColorProfile, opts.Store, opts.AIDelay = colorprofile.ASCII, fs, -1
	m := New(opts).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m, fs
}

// playOneHotSeat starts a two-human quad7 game from the menu's setup and
// plays one move.
func playOneHotSeat(t *testing.T, m *Model) *board.BoardScreen {
	t.Helper()
	v := mustVariant(t, "quad7")
	b, err := board.NewBoard(m.c, v, "", []savefmt.SeatConfig{{Name: "ana"}, {Name: "bo"}})
	if err != nil {
		t.Fatal(err)
	}
	m.cur = b
	m.Update(keyMsg("enter"))
	waitWrites(m)
	return b
}

// Issue 12, defect 3: every game in progress keeps its own save; a new
// game never replaces another, and the menu offers each.
func TestEveryGameKeepsItsOwnSave(t *testing.T) {
	dir := t.TempDir()
	m, fs := fileClient(t, dir, common.Options{})
	first := playOneHotSeat(t, m)
	m.Update(keyMsg("m")) // back to the menu: saved
	second := playOneHotSeat(t, m)
	m.Update(keyMsg("right"))
	m.Update(keyMsg("enter"))
	_, leave := m.Update(keyMsg("m"))
	runCmd(m, leave) // the save written, then the menu's saves read
	names, err := fs.Slots()
	if err != nil || len(names) != 2 {
		t.Fatalf("two games in progress, slots %v (%v)", names, err)
	}
	if lm(first).Keeper.Slot == lm(second).Keeper.Slot {
		t.Fatal("two games share a slot")
	}
	v := viewText(m)
	if strings.Count(v, "Continue") != 2 || !strings.Contains(v, "quad7, 2 moves") || !strings.Contains(v, "quad7, 1 move:") {
		t.Fatalf("the menu should offer both games:\n%s", v)
	}
	m.Update(keyMsg("down")) // the older game, with one move
	m.Update(keyMsg("enter"))
	b, ok := m.cur.(*board.BoardScreen)
	if !ok || len(lm(b).Moves()) != 1 || lm(b).Kept.Slot != lm(first).Kept.Slot {
		t.Fatalf("continue the older game: %T", m.cur)
	}
}

// Issue 12, defect 3: a game loaded with --load saves to a slot of its
// own: the saved game against max stays, and the file is not written.
func TestLoadedGameReplacesNothing(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.txt")
	otherData := savefmt.SavedGame{Variant: "quad7", Seats: []savefmt.SeatConfig{{Name: "ana"}, {Name: "bo"}}, Moves: []string{"(mark r2 c2)"}}.Marshal([]string{"x", "o"})
	if err := os.WriteFile(other, otherData, 0o644); err != nil {
		t.Fatal(err)
	}
	vsMax := savefmt.SavedGame{Variant: "quad7", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: "max"}}, Moves: []string{"(mark r3 c3)", "(mark r5 c5)"}}.Marshal([]string{"x", "o"})
	fs := savefmt.NewFileStore(filepath.Join(dir, "save.txt"))
	if err := fs.SaveSlot("quad7-vs-max", vsMax); err != nil {
		t.Fatal(err)
	}
	m, _ := fileClient(t, dir, common.Options{Start: common.Start{Load: other}})
	b := m.cur.(*board.BoardScreen)
	m.Update(keyMsg("enter"))
	waitWrites(m)
	if len(lm(b).Moves()) != 2 {
		t.Fatalf("the move was not played: %d moves", len(lm(b).Moves()))
	}
	if got, _ := fs.LoadSlot("quad7-vs-max"); string(got) != string(vsMax) {
		t.Fatalf("the game against max was replaced:\n%s", got)
	}
	if got, _ := os.ReadFile(other); string(got) != string(otherData) {
		t.Fatalf("--load wrote the loaded file:\n%s", got)
	}
	if names, _ := fs.Slots(); len(names) != 2 {
		t.Fatalf("the loaded game should have a slot of its own: %v", names)
	}
}

// With a store of one game (an SSH player's), a game asks before it
// replaces the saved one; n keeps the saved game and says this one is
// not saved.
func TestReplacingTheOneSaveAsks(t *testing.T) {
	old := savefmt.SavedGame{Variant: "quad7", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: "max"}}, Moves: []string{"(mark r3 c3)"}}
	oldData := old.Marshal([]string{"x", "o"})
	store := &memStore{data: oldData}
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: store, AIDelay: -1}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := playOneHotSeat(t, m)
	if b.Confirm != "replace" || !strings.Contains(viewText(m), "save this game over your saved game (quad7, 1 move: ana vs AI max)") {
		t.Fatalf("no question before replacing:\n%s", viewText(m))
	}
	m.Update(keyMsg("enter")) // not y: the saved game stays
	m.Update(keyMsg("right"))
	m.Update(keyMsg("enter"))
	waitWrites(m)
	if string(store.data) != string(oldData) {
		t.Fatalf("the saved game was replaced:\n%s", store.data)
	}
	if !strings.Contains(viewText(m), "this game is not saved") {
		t.Fatalf("the board should say the game is not saved:\n%s", viewText(m))
	}
	if q := lm(b).QuitPrompt(); !strings.Contains(q, "not saved") {
		t.Fatalf("quit prompt %q", q)
	}
}

// A finished game is handed to OnFinished before its save goes; the
// board says where it is kept. When it cannot be kept, the save stays.
func TestFinishedGameIsHandedOver(t *testing.T) {
	for _, fail := range []bool{false, true} {
		var got []savefmt.FinishedGame
		hook := func(fg savefmt.FinishedGame) (string, error) {
			if fail {
				return "", errors.New("disk full")
			}
			got = append(got, fg)
			return "games/quad7-1.txt", nil
		}
		m, fs := fileClient(t, t.TempDir(), common.Options{OnFinished: hook})
		b := playOneHotSeat(t, m)
		m.Update(keyMsg("r"))
		m.Update(keyMsg("y"))
		waitWrites(m)
		names, _ := fs.Slots()
		if fail {
			if len(names) != 1 || !strings.Contains(viewText(m), "not kept (disk full)") {
				t.Fatalf("a game that could not be kept lost its save (%v):\n%s", names, viewText(m))
			}
			continue
		}
		if len(got) != 1 || got[0].Resigned != "o" || len(got[0].Game.Moves) != 1 || got[0].Result != b.Match.Result() {
			t.Fatalf("handed over %+v", got)
		}
		if len(names) != 0 {
			t.Fatalf("the finished game's save stays: %v", names)
		}
		if !strings.Contains(b.Status, "kept as games/quad7-1.txt") {
			t.Fatalf("the board does not say where the game is kept: %q", b.Status)
		}
		m.Update(keyMsg("m"))
		waitWrites(m)
		if len(got) != 1 {
			t.Fatalf("handed over %d times", len(got))
		}
	}
}

// Issue 23: c copies the game's record, in the form --load reads, to the
// terminal's clipboard (OSC 52), in a game in progress.
func TestCopyRecordToClipboard(t *testing.T) {
	m, b := newTestClient(t, "quad5", 80, 24)
	m.Update(keyMsg("enter"))
	cmd := press(m, "c")
	if cmd == nil {
		t.Fatal("c gave no command")
	}
	msg := cmd()
	text := reflect.ValueOf(msg).String()
	if !strings.Contains(fmt.Sprintf("%T", msg), "Clipboard") || !strings.Contains(text, "quad5") || !strings.Contains(text, "(mark r3 c3)") {
		t.Fatalf("c sent %T %q: want the record on the clipboard", msg, text)
	}
	if sv, err := savefmt.ParseSave([]byte(text)); err != nil || len(sv.Moves) != 1 {
		t.Fatalf("the copied record does not read back: %+v, %v", sv, err)
	}
	if !strings.Contains(b.Status, "clipboard") {
		t.Fatalf("status %q", b.Status)
	}
}
