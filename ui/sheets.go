package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/sheets"
)

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

// showLoadingAfter is how long a load goes before the loading line shows:
// most sheets are ready sooner, and a line that flashes is noise.
const showLoadingAfter = 500 * time.Millisecond

// loadingTick is how often the loading line's time is redrawn.
const loadingTick = 100 * time.Millisecond
