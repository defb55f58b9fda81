package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// Rule sheets load off the UI goroutine: a big sheet takes seconds to
// compile, and the client keeps drawing meanwhile. A sheet opened from
// the command line or a save shows a loading line on a screen of its
// own; the sheets of the user's games folder load one after another in
// the background while the menu lists them, a broken one with its error.

// showLoadingAfter is how long a load goes before the loading line shows:
// most sheets are ready sooner, and a line that flashes is noise.
const showLoadingAfter = 500 * time.Millisecond

// loadingTick is how often the loading line's time is redrawn.
const loadingTick = 100 * time.Millisecond

// sheetJob is one sheet being loaded.
type sheetJob struct {
	path    string
	size    int64
	started time.Time
	// hash, when set, is the only text the sheet may have (a save's
	// sheet, see sheets.Reopen).
	hash string
}

// sheetLoadedMsg is a sheet's game, or why it does not load.
type sheetLoadedMsg struct {
	job *sheetJob
	v   *game.Variant
	err error
}

// sheetTickMsg redraws the loading line of job.
type sheetTickMsg struct{ job *sheetJob }

func newSheetJob(path, hash string) *sheetJob {
	j := &sheetJob{path: path, hash: hash, started: time.Now()}
	if info, err := os.Stat(path); err == nil {
		j.size = info.Size()
	}
	return j
}

// run loads the sheet in a command.
func (j *sheetJob) run() tea.Cmd {
	return func() tea.Msg {
		var v *game.Variant
		var err error
		if j.hash != "" {
			v, err = sheets.Reopen(j.path, j.hash)
		} else {
			v, err = sheets.LoadFile(j.path)
		}
		return sheetLoadedMsg{job: j, v: v, err: err}
	}
}

func (j *sheetJob) tick() tea.Cmd {
	return tea.Tick(loadingTick, func(time.Time) tea.Msg { return sheetTickMsg{j} })
}

// line is the loading line at now: "" for the first half second.
func (j *sheetJob) line(now time.Time, ascii bool) string {
	took := now.Sub(j.started)
	if took < showLoadingAfter {
		return ""
	}
	frames := []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
	if ascii {
		frames = []string{"|", "/", "-", "\\"}
	}
	frame := frames[int(took/loadingTick)%len(frames)]
	return fmt.Sprintf("%s loading rules of %s (%s)… %.1f s", frame, filepath.Base(j.path), byteSize(j.size), took.Seconds())
}

// byteSize writes a file's size for people: 812 B, 39 KB, 4.2 MB.
func byteSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000_000:
		return fmt.Sprintf("%d KB", (n+500)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// sheetLoadScreen shows the loading line until a sheet is loaded, then
// opens what then makes of its game; a sheet that does not load, or a
// game then refuses, lands on the menu with the error.
type sheetLoadScreen struct {
	c    *common
	job  *sheetJob
	then func(v *game.Variant) (screen, error)
}

func newSheetLoad(c *common, path, hash string, then func(*game.Variant) (screen, error)) *sheetLoadScreen {
	return &sheetLoadScreen{c: c, job: newSheetJob(path, hash), then: then}
}

func (s *sheetLoadScreen) init() tea.Cmd { return tea.Batch(s.job.run(), s.job.tick()) }

func (s *sheetLoadScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case sheetTickMsg:
		if msg.job == s.job {
			return s, s.job.tick()
		}
	case sheetLoadedMsg:
		if msg.job != s.job {
			return s, nil
		}
		if msg.err != nil {
			return newMenu(s.c, filepath.Base(s.job.path)+": "+msg.err.Error()), nil
		}
		next, err := s.then(msg.v)
		if err != nil {
			return newMenu(s.c, err.Error()), nil
		}
		return next, nil
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, keyForceOut):
			return s, tea.Quit
		case key.Matches(msg, keyBack), key.Matches(msg, keyQuit):
			// The sheet goes on loading: once done it is a game of the
			// menu like any other.
			return newMenu(s.c, "left "+filepath.Base(s.job.path)+" loading"), nil
		}
	}
	return s, nil
}

func (s *sheetLoadScreen) view() string {
	st := s.c.st
	var b strings.Builder
	b.WriteString(heading(st))
	if line := s.job.line(time.Now(), s.c.ascii); line != "" {
		b.WriteString(" " + line + "\n\n")
		b.WriteString(st.Muted.Render(" esc back to the menu • ctrl+c quit"))
	}
	return b.String()
}

// heading is the client's name and what it is, above the menu and the
// loading line; drawn once per theme colours for every session (lipgloss
// took a tenth of the server's CPU drawing it on every menu frame).
func heading(st *themes.Styles) string {
	return headings.get(stylesKey(st, false), func() string {
		return st.Title.Render(" tabletop") + "\n" + st.Muted.Render(" abstract strategy games in your terminal") + "\n\n"
	})
}

// headings keeps heading's text per theme colours (a pure memo).
var headings = newDrawnSet[menuStyleKey](menuPartsMax)

// sheetLibrary is the user's games folder: its sheets load one after
// another in the background, and the menu lists each, ready, loading or
// broken.
type sheetLibrary struct {
	entries []*libraryEntry
	next    int // the entry to load next
}

// libraryEntry is one sheet of the folder.
type libraryEntry struct {
	job  *sheetJob
	done bool
	v    *game.Variant // once loaded
	err  error         // why it does not load
}

// newSheetLibrary lists the sheets of dir (a missing folder holds none);
// nothing is loaded yet (see start).
func newSheetLibrary(dir string) *sheetLibrary {
	lib := &sheetLibrary{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return lib
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && sheets.IsSheetPath(e.Name()) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, name := range names {
		lib.entries = append(lib.entries, &libraryEntry{job: &sheetJob{path: filepath.Join(dir, name)}})
	}
	return lib
}

// start loads the next sheet, if any is left.
func (lib *sheetLibrary) start() tea.Cmd {
	if lib == nil || lib.next >= len(lib.entries) {
		return nil
	}
	e := lib.entries[lib.next]
	lib.next++
	e.job = newSheetJob(e.job.path, "")
	return tea.Batch(e.job.run(), e.job.tick())
}

// handle takes the messages of the library's loads: it reports whether
// msg was one, and starts the next load when one is done.
func (lib *sheetLibrary) handle(msg tea.Msg) (cmd tea.Cmd, ours bool) {
	if lib == nil {
		return nil, false
	}
	switch msg := msg.(type) {
	case sheetLoadedMsg:
		if e := lib.entry(msg.job); e != nil {
			e.done, e.v, e.err = true, msg.v, msg.err
			return lib.start(), true
		}
	case sheetTickMsg:
		if e := lib.entry(msg.job); e != nil && !e.done {
			return msg.job.tick(), true
		}
	}
	return nil, false
}

func (lib *sheetLibrary) entry(j *sheetJob) *libraryEntry {
	for _, e := range lib.entries {
		if e.job == j {
			return e
		}
	}
	return nil
}

// menuItems are the menu's lines for the sheets that are not games
// (yet): those loading, waiting their turn, or broken. A loaded sheet is
// a registered game the menu lists with the others.
func (lib *sheetLibrary) menuItems(ascii bool) []menuItem {
	if lib == nil {
		return nil
	}
	var out []menuItem
	now := time.Now()
	for _, e := range lib.entries {
		name := filepath.Base(e.job.path)
		switch {
		case e.done && e.err != nil:
			why := strings.TrimPrefix(e.err.Error(), strings.ToLower(strings.TrimSuffix(name, filepath.Ext(name)))+": ")
			out = append(out, menuItem{title: name, desc: "does not load: " + why, action: actSheet, problem: why})
		case !e.done:
			desc := "waiting to load"
			if !e.job.started.IsZero() {
				desc = strings.TrimSpace(strings.TrimPrefix(e.job.line(now, ascii), " "))
				if desc == "" {
					desc = "loading rules…"
				}
			}
			out = append(out, menuItem{title: name, desc: desc, action: actSheet, problem: "still loading: it becomes a game of the menu when ready"})
		}
	}
	return out
}

// refreshSheets redraws the menu's lines of the user's sheets as they
// load: a loaded one becomes a game of the list. The saved games are
// kept as read (no file is read again), and so is the cursor's line.
func (m *menuScreen) refreshSheets() {
	if m.c.library == nil {
		return
	}
	var saves []menuItem
	for _, mi := range m.list.items {
		if mi.action == actContinue {
			saves = append(saves, mi)
		}
	}
	sel, _ := m.list.Selected()
	items := m.allItems(saves)
	m.list.SetItems(items)
	for i, mi := range items {
		if mi.title == sel.title && mi.action == sel.action {
			m.list.Select(i)
			break
		}
	}
	m.items = itemTexts(items)
}

// continueSheet loads the sheet of a saved game and then resumes it.
func (m *menuScreen) continueSheet(item menuItem) screen {
	c, slot := m.c, item.slot
	return newSheetLoad(c, item.save.Sheet.Path, item.save.Sheet.Hash, func(*game.Variant) (screen, error) {
		data, err := savefmt.ReadSlot(c.store, slot)
		if err != nil {
			return nil, err
		}
		sv, err := savefmt.ParseSave(data)
		if err != nil {
			return nil, fmt.Errorf("cannot continue: %w", err)
		}
		return boardFromSlot(c, sv, slot)
	})
}

// loadSaveSheet loads the sheet a save file names, then opens the save
// (--load, tabletop games N).
func loadSaveSheet(c *common, file string, ref savefmt.SheetRef, data []byte) screen {
	return newSheetLoad(c, ref.Path, ref.Hash, func(*game.Variant) (screen, error) {
		sv, err := savefmt.ParseSave(data)
		if err == nil {
			var b *boardScreen
			if b, err = boardFromSave(c, sv); err == nil {
				return b, nil
			}
		}
		return nil, fmt.Errorf("load %s: %w", filepath.Base(file), err)
	})
}
