package pages

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

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

// SheetLoadScreen shows the loading line until a sheet is loaded, then
// opens what then makes of its game; a sheet that does not load, or a
// game then refuses, lands on the menu with the error.
type SheetLoadScreen struct {
	c    *common.Common
	job  *common.SheetJob
	then func(v *game.Variant) (common.Screen, error)
}

// NewSheetLoad loads the sheet at path (hash: the only text it may have),
// then opens what then makes of its game.
func NewSheetLoad(c *common.Common, path, hash string, then func(*game.Variant) (common.Screen, error)) *SheetLoadScreen {
	return &SheetLoadScreen{c: c, job: common.NewSheetJob(path, hash), then: then}
}

// Init is part of common.Screen.
func (s *SheetLoadScreen) Init() tea.Cmd { return tea.Batch(s.job.Run(), s.job.Tick()) }

// Update is part of common.Screen.
func (s *SheetLoadScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case common.SheetTickMsg:
		if msg.Job == s.job {
			return s, s.job.Tick()
		}
	case common.SheetLoadedMsg:
		if msg.Job != s.job {
			return s, nil
		}
		if msg.Err != nil {
			return NewMenu(s.c, filepath.Base(s.job.Path)+": "+msg.Err.Error()), nil
		}
		next, err := s.then(msg.Variant)
		if err != nil {
			return NewMenu(s.c, err.Error()), nil
		}
		return next, nil
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, common.KeyForceOut):
			return s, tea.Quit
		case key.Matches(msg, common.KeyBack), key.Matches(msg, common.KeyQuit):
			// The sheet goes on loading: once done it is a game of the
			// menu like any other.
			return NewMenu(s.c, "left "+filepath.Base(s.job.Path)+" loading"), nil
		}
	}
	return s, nil
}

// View is part of common.Screen.
func (s *SheetLoadScreen) View() string {
	st := s.c.Styles
	var b strings.Builder
	b.WriteString(Heading(st))
	if line := s.job.Line(time.Now(), s.c.ASCII); line != "" {
		b.WriteString(" " + line + "\n\n")
		b.WriteString(st.Muted.Render(" esc back to the menu • ctrl+c quit"))
	}
	return b.String()
}

// Heading is the client's name and what it is, above the menu and the
// loading line; drawn once per theme colours for every session (lipgloss
// took a tenth of the server's CPU drawing it on every menu frame).
func Heading(st *themes.Styles) string {
	return headings.Get(common.StylesKey(st, false), func() string {
		return st.Title.Render(" tabletop") + "\n" + st.Muted.Render(" abstract strategy games in your terminal") + "\n\n"
	})
}

// headings keeps heading's text per theme colours (a pure memo).
var headings = common.NewDrawnSet[common.MenuStyleKey](common.MenuPartsMax)

// libraryItems are the menu's lines for the sheets that are not games
// (yet): those loading, waiting their turn, or broken. A loaded sheet is
// a registered game the menu lists with the others.
func libraryItems(lib *common.SheetLibrary, ascii bool) []MenuItem {
	if lib == nil {
		return nil
	}
	var out []MenuItem
	now := time.Now()
	for _, e := range lib.Entries {
		name := filepath.Base(e.Job.Path)
		switch {
		case e.Done && e.Err != nil:
			why := strings.TrimPrefix(e.Err.Error(), strings.ToLower(strings.TrimSuffix(name, filepath.Ext(name)))+": ")
			out = append(out, MenuItem{Title: name, Desc: "does not load: " + why, action: actSheet, problem: why})
		case !e.Done:
			desc := "waiting to load"
			if !e.Job.Started.IsZero() {
				desc = strings.TrimSpace(strings.TrimPrefix(e.Job.Line(now, ascii), " "))
				if desc == "" {
					desc = "loading rules…"
				}
			}
			out = append(out, MenuItem{Title: name, Desc: desc, action: actSheet, problem: "still loading: it becomes a game of the menu when ready"})
		}
	}
	return out
}

// refreshSheets redraws the menu's lines of the user's sheets as they
// load: a loaded one becomes a game of the list. The saved games are
// kept as read (no file is read again), and so is the cursor's line.
func (m *MenuScreen) refreshSheets() {
	if m.Common.Library == nil {
		return
	}
	var saves []MenuItem
	for _, mi := range m.List.Items {
		if mi.action == actContinue {
			saves = append(saves, mi)
		}
	}
	m.setItems(saves)
}

// setItems makes the menu's items the saved games saves and the rest
// (allItems), the cursor staying on the line it was on.
func (m *MenuScreen) setItems(saves []MenuItem) {
	sel, _ := m.List.Selected()
	items := m.allItems(saves)
	m.items = itemTexts(items)
	items = shareItems(items, m.items)
	m.List.SetItems(items)
	for i, mi := range items {
		if mi.Title == sel.Title && mi.action == sel.action {
			m.List.Select(i)
			break
		}
	}
}

// continueSheet loads the sheet of a saved game and then resumes it,
// from the save as the menu read it (then runs in Update: no store is
// read there).
func (m *MenuScreen) continueSheet(item MenuItem) common.Screen {
	c, slot, data := m.Common, item.slot, item.data
	return NewSheetLoad(c, item.save.Sheet.Path, item.save.Sheet.Hash, func(*game.Variant) (common.Screen, error) {
		sv, err := savefmt.ParseSave(data)
		if err != nil {
			return nil, fmt.Errorf("cannot continue: %w", err)
		}
		return board.BoardFromSlot(c, sv, slot)
	})
}

// LoadSaveSheet loads the sheet a save file names, then opens the save
// (--load, tabletop games N).
func LoadSaveSheet(c *common.Common, file string, ref savefmt.SheetRef, data []byte) common.Screen {
	return NewSheetLoad(c, ref.Path, ref.Hash, func(*game.Variant) (common.Screen, error) {
		sv, err := savefmt.ParseSave(data)
		if err == nil {
			var b *board.BoardScreen
			if b, err = board.BoardFromSave(c, sv); err == nil {
				return b, nil
			}
		}
		return nil, fmt.Errorf("load %s: %w", filepath.Base(file), err)
	})
}
