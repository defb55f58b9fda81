package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// Rule sheets load off the UI goroutine: a big sheet takes seconds to
// compile, and the client keeps drawing meanwhile. A sheet opened from
// the command line or a save shows a loading line on a screen of its
// own; the sheets of the user's games folder load one after another in
// the background while the menu lists them, a broken one with its error.

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

// libraryItems are the menu's lines for the sheets that are not games
// (yet): those loading, waiting their turn, or broken. A loaded sheet is
// a registered game the menu lists with the others.
func libraryItems(lib *sheetLibrary, ascii bool) []menuItem {
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
