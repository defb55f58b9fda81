package pages

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/savefmt"
)

// writeSheet writes a sheet file: a bundled sheet's text, with a first
// comment line that makes it a text of its own.
func writeSheet(t *testing.T, dir, file, bundled, note string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "games", bundled+".kif"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, file)
	if err := os.WriteFile(path, append([]byte("; "+note+"\n"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// sheetSave is a save of a game of the sheet at path, which no game was
// read from yet: a text with the sheet's hash, as a save of an earlier
// run holds it.
func sheetSave(t *testing.T, path string) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return []byte("tabletop save 1\nsheet " + sheets.Hash(src) + " " + path + "\nvariant cf\n" +
		"seat red human:ana\nseat yellow ai:hard\nmove (drop 4)\nmove (drop 3)\n" +
		"result game over: red wins\nended 2026-11-24T04:30:00Z\n")
}

// TestSheetSaveReopens: a save of a game from a sheet file names the
// sheet and its hash; it opens once its sheet is loaded again (savefmt.OpenSave
// loads it), and says so, staying readable, when the sheet is gone or
// has changed.
func TestSheetSaveReopens(t *testing.T) {
	if !uitest.Isolated(t) {
		return
	}
	dir := t.TempDir()
	path := writeSheet(t, dir, "cf.kif", "connectfour", "a connect four of my own")
	data := sheetSave(t, path)
	sv, err := savefmt.ParseSave(data)
	var se *savefmt.SheetError
	if !errors.Is(err, savefmt.ErrSheetNotLoaded) || !errors.As(err, &se) || se.Sheet.Path != path {
		t.Fatalf("savefmt.ParseSave before the sheet is loaded: %v", err)
	}
	if len(sv.Moves) != 2 || len(sv.Seats) != 2 || sv.Result == "" || sv.RoleName(0) != "red" {
		t.Errorf("the save is not read as far as it can be: %+v", sv)
	}
	sv, err = savefmt.OpenSave(data)
	if err != nil || sv.Variant != "cf" || len(sv.Moves) != 2 {
		t.Fatalf("savefmt.OpenSave: %+v, %v", sv, err)
	}
	v, _ := game.Lookup(sv.Variant)
	again := sv.Marshal(v.Roles)
	if !strings.HasPrefix(string(again), "tabletop save 1\nsheet sha256:") || savefmt.SheetOf(v).Path != path {
		t.Errorf("the save written again does not name its sheet first:\n%s", again)
	}
	gone := sheetSave(t, writeSheet(t, dir, "gone.kif", "connectfour", "soon gone"))
	os.Remove(filepath.Join(dir, "gone.kif"))
	changed := sheetSave(t, writeSheet(t, dir, "changed.kif", "connectfour", "before"))
	writeSheet(t, dir, "changed.kif", "connectfour", "after")
	for _, tc := range []struct {
		data []byte
		want error
		says string
	}{{gone, sheets.ErrSheetGone, "is gone"}, {changed, sheets.ErrSheetChanged, "has changed since"}} {
		_, err := savefmt.OpenSave(tc.data)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("savefmt.OpenSave: %v, want %v", err, tc.want)
		}
	}
	// The records stay readable: listed from what they say, with why
	// they cannot be opened.
	records := t.TempDir()
	os.WriteFile(filepath.Join(records, "gone.txt"), gone, 0o644)
	recs, err := savefmt.Records(records)
	if err != nil || len(recs) != 1 {
		t.Fatalf("savefmt.Records: %v %v", recs, err)
	}
	line := recs[0].String()
	for _, want := range []string{"red: ana", "yellow: AI hard", "game over: red wins", "2 moves", "gone.kif is gone"} {
		if !strings.Contains(line, want) {
			t.Errorf("the record is listed as %q, which lacks %q", line, want)
		}
	}
}

// TestSheetSaveContinues: Continue in the menu offers a save whose sheet
// is not loaded; choosing it loads the sheet on the loading screen and
// resumes the game. A save whose sheet has gone is offered to be deleted,
// and says why it cannot go on.
func TestSheetSaveContinues(t *testing.T) {
	if !uitest.Isolated(t) {
		return
	}
	dir := t.TempDir()
	data := sheetSave(t, writeSheet(t, dir, "cf.kif", "connectfour", "mine"))
	data = []byte(strings.Split(string(data), "result ")[0]) // a game in progress
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{Data: data}, Seed: 1, AIDelay: -1})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if _, ok := m.Cur.(*menuScreen); !ok || !strings.Contains(uitest.ViewText(m), "Continue") || strings.Contains(uitest.ViewText(m), "cannot be read") {
		t.Fatalf("the menu does not offer the save:\n%s", uitest.ViewText(m))
	}
	_, cmd := m.Update(uitest.Key("enter"))
	load, ok := m.Cur.(*sheetLoadScreen)
	if !ok {
		t.Fatalf("Continue opened %T, not the loading screen", m.Cur)
	}
	pump(m, cmd, func() bool { return m.Cur != common.Screen(load) })
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok || len(lm(b).Moves()) != 2 {
		t.Fatalf("after loading: %T, want the board with 2 moves", m.Cur)
	}
	os.Remove(filepath.Join(dir, "cf.kif"))
	gone := sheetSave(t, writeSheet(t, dir, "gone.kif", "connectfour", "gone"))
	os.Remove(filepath.Join(dir, "gone.kif"))
	m = newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{Data: gone}, Seed: 1})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(uitest.Key("enter"))
	if _, ok := m.Cur.(*menuScreen); !ok || !strings.Contains(uitest.ViewText(m), "cannot continue: its rule sheet") {
		t.Errorf("a save whose sheet is gone:\n%s", uitest.ViewText(m))
	}
}

// TestMenuListsTheSheetFolder: the sheets of the user's games folder load
// in the background; the menu lists each while it loads, a broken one
// with its error, and a loaded one as a game.
func TestMenuListsTheSheetFolder(t *testing.T) {
	if !uitest.Isolated(t) {
		return
	}
	dir := t.TempDir()
	writeSheet(t, dir, "mine.kif", "tictactoe", "title: My Tic-Tac-Toe")
	os.WriteFile(filepath.Join(dir, "broken.kif"), []byte("(role a)\n(init (p))\n(<= (legal a x) (true (q))\n"), 0o644)
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, SheetDir: dir, Seed: 1})
	cmd := m.Init()
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if view := uitest.ViewText(m); !strings.Contains(view, "broken.kif") || !strings.Contains(view, "mine.kif") {
		t.Fatalf("the folder's sheets are not listed while they load:\n%s", view)
	}
	loaded := func() int {
		n := 0
		for _, e := range m.C.Library.Entries {
			if e.Done {
				n++
			}
		}
		return n
	}
	pump(m, cmd, func() bool { return loaded() == 2 })
	view := uitest.ViewText(m)
	if loaded() != 2 || !strings.Contains(view, "My Tic-Tac-Toe") || !strings.Contains(view, "broken.kif") || !strings.Contains(view, "does not load: line 3") {
		t.Errorf("after loading %d sheets:\n%s", loaded(), view)
	}
}

// TestLoadingLine: the loading screen shows nothing for the first half
// second, then the sheet's name, size and the time it has taken.
func TestLoadingLine(t *testing.T) {
	j := &common.SheetJob{Path: "/x/chess.kif", Size: 39582, Started: time.Now()}
	if line := j.Line(j.Started.Add(100*time.Millisecond), false); line != "" {
		t.Errorf("a line after 100 ms: %q", line)
	}
	line := j.Line(j.Started.Add(2300*time.Millisecond), true)
	if !strings.HasSuffix(line, "loading rules of chess.kif (40 KB)… 2.3 s") {
		t.Errorf("the line after 2.3 s: %q", line)
	}
}

// Fool's mate in the published chess sheet, which the engine evaluates
// top-down: finding the cells that decided it takes longer than the
// board may spend between two frames, so it is worked out in the
// background and the end says them once it is done: the queen that
// mates, the king's own pieces that block its way out, and the pawn on
// h2 that keeps the rook from taking the queen.
func TestChessMateSaysWhy(t *testing.T) {
	if !uitest.Isolated(t) {
		return
	}
	v, err := sheets.LoadFile(uitest.CorpusSheet(t, "chess"))
	if err != nil {
		t.Fatal(err)
	}
	m, b := newTestClient(t, v.Name, 80, 24)
	var cmd tea.Cmd
	for _, mv := range []string{"move wp f2 f3", "move bp e7 e5", "move wp g2 g4", "move bq d8 h4"} {
		for _, msg := range uitest.TypeMove(mv) {
			_, cmd = m.Update(msg)
		}
	}
	if !b.Ended() {
		t.Fatalf("no mate: %q", b.Status)
	}
	const want = "game over: black wins — white 0, black 100; decided by the cells d1, d2, e2, f1, h2, h4"
	pump(m, cmd, func() bool { return strings.HasPrefix(b.Status, want) })
	if !strings.HasPrefix(b.Status, want) || len(b.AdapterCaps.WinsOf(b.Game())) != 6 {
		t.Errorf("the end says %q and marks %v; want %q", b.Status, b.AdapterCaps.WinsOf(b.Game()), want)
	}
}

// pump runs cmd and the commands the model's updates return, feeding it
// their messages, until done says so or nothing is left to run. Sheet
// ticks are dropped (they only redraw).
func pump(m tea.Model, cmd tea.Cmd, done func() bool) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 && !done() {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case common.SheetTickMsg:
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}
