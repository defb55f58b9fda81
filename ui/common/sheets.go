package common

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

// SheetJob is one sheet being loaded.
type SheetJob struct {
	Path    string
	Size    int64
	Started time.Time
	// hash, when set, is the only text the sheet may have (a save's
	// sheet, see sheets.Reopen).
	hash string
}

// SheetLoadedMsg is a sheet's game, or why it does not load.
type SheetLoadedMsg struct {
	Job     *SheetJob
	Variant *game.Variant
	Err     error
}

// SheetTickMsg redraws the loading line of job.
type SheetTickMsg struct{ Job *SheetJob }

// NewSheetJob is the load of the sheet at path; hash, when set, is the
// only text it may have.
func NewSheetJob(path, hash string) *SheetJob {
	j := &SheetJob{Path: path, hash: hash, Started: time.Now()}
	if info, err := os.Stat(path); err == nil {
		j.Size = info.Size()
	}
	return j
}

// Run loads the sheet in a command.
func (j *SheetJob) Run() tea.Cmd {
	return func() tea.Msg {
		var v *game.Variant
		var err error
		if j.hash != "" {
			v, err = sheets.Reopen(j.Path, j.hash)
		} else {
			v, err = sheets.LoadFile(j.Path)
		}
		return SheetLoadedMsg{Job: j, Variant: v, Err: err}
	}
}

// Tick asks for the next redraw of the loading line.
func (j *SheetJob) Tick() tea.Cmd {
	return tea.Tick(loadingTick, func(time.Time) tea.Msg { return SheetTickMsg{j} })
}

// Line is the loading line at now: "" for the first half second.
func (j *SheetJob) Line(now time.Time, ascii bool) string {
	took := now.Sub(j.Started)
	if took < showLoadingAfter {
		return ""
	}
	frames := []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
	if ascii {
		frames = []string{"|", "/", "-", "\\"}
	}
	frame := frames[int(took/loadingTick)%len(frames)]
	return fmt.Sprintf("%s loading rules of %s (%s)… %.1f s", frame, filepath.Base(j.Path), byteSize(j.Size), took.Seconds())
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

// SheetLibrary is the user's games folder: its sheets load one after
// another in the background, and the menu lists each, ready, loading or
// broken.
type SheetLibrary struct {
	Entries []*libraryEntry
	next    int // the entry to load next
}

// libraryEntry is one sheet of the folder.
type libraryEntry struct {
	Job  *SheetJob
	Done bool
	v    *game.Variant // once loaded
	Err  error         // why it does not load
}

// newSheetLibrary lists the sheets of dir (a missing folder holds none);
// nothing is loaded yet (see start).
func newSheetLibrary(dir string) *SheetLibrary {
	lib := &SheetLibrary{}
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
		lib.Entries = append(lib.Entries, &libraryEntry{Job: &SheetJob{Path: filepath.Join(dir, name)}})
	}
	return lib
}

// Start loads the next sheet, if any is left.
func (lib *SheetLibrary) Start() tea.Cmd {
	if lib == nil || lib.next >= len(lib.Entries) {
		return nil
	}
	e := lib.Entries[lib.next]
	lib.next++
	e.Job = NewSheetJob(e.Job.Path, "")
	return tea.Batch(e.Job.Run(), e.Job.Tick())
}

// Handle takes the messages of the library's loads: it reports whether
// msg was one, and starts the next load when one is done.
func (lib *SheetLibrary) Handle(msg tea.Msg) (cmd tea.Cmd, ours bool) {
	if lib == nil {
		return nil, false
	}
	switch msg := msg.(type) {
	case SheetLoadedMsg:
		if e := lib.entry(msg.Job); e != nil {
			e.Done, e.v, e.Err = true, msg.Variant, msg.Err
			return lib.Start(), true
		}
	case SheetTickMsg:
		if e := lib.entry(msg.Job); e != nil && !e.Done {
			return msg.Job.Tick(), true
		}
	}
	return nil, false
}

func (lib *SheetLibrary) entry(j *SheetJob) *libraryEntry {
	for _, e := range lib.Entries {
		if e.Job == j {
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
