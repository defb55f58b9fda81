package pages

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/paginator"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

type menuAction int

const (
	actContinue menuAction = iota
	actPlay
	actCreateRoom
	actJoinRoom
	actRoomList
	actRatings
	actQuickMatch
	actRules
	actQuit
	actSheet // a sheet of the user's folder that is not a game (yet)
	actAnalysis
)

// MenuItem is one line of the menu.
type MenuItem struct {
	Title, Desc string
	action      menuAction
	variant     *game.Variant
	// save and slot are the game a Continue item resumes; problem says
	// why it cannot (its rule sheet is gone or changed).
	save    *savefmt.SavedGame
	slot    string
	problem string
	// data is the save as read for the menu, parsed again once its
	// sheet is loaded (continueSheet), without reading the store again.
	data []byte
}

// MenuDelegate draws one item per line with the session's styles.
type MenuDelegate struct{ Common *common.Common }

// Line is item drawn in list l.
func (d MenuDelegate) Line(l *ItemList, item MenuItem, selected bool) string {
	return d.menuLine(d.lineKey(l, item, selected))
}

// descWidth is the room a description has after the cursor and titles.
func descWidth(l *ItemList) int { return max(l.Width-2-titleWidth(l)-1, 1) }

// MenuScreen is the main menu.
type MenuScreen struct {
	Common *common.Common
	List   ItemList
	// helpAll is whether ? shows every key; helpWidth is the width the
	// help was last fitted to. The help bubble itself is made only when
	// its text is not drawn yet (helpModel), so a session does not hold
	// one.
	helpAll   bool
	helpWidth int
	Status    string
	// items is every title and description of the list (itemTexts),
	// set whenever the items change: the key of its drawn parts.
	items string
	// listStyle is the styles the list's pagination was given: the
	// menu does not restyle it when t changes the theme, so it is part
	// of the key of the drawn list as well as the current styles.
	listStyle common.MenuStyleKey
	// deleting is the saved game x asked to delete, until answered.
	deleting *MenuItem
	// savesRead is set once the saved games were read before the
	// program ran (ReadSavesNow): Init reads them no more.
	savesRead bool
}

// MenuPagination is the style of the menu's page numbers' line.
var MenuPagination = lipgloss.NewStyle().PaddingLeft(2)

// NewMenu opens the menu with status in its status line.
func NewMenu(c *common.Common, status string) *MenuScreen {
	m := &MenuScreen{Common: c, Status: status}
	items := m.allItems(nil) // the saved games come in Init's command
	// Nothing is read here: NewMenu is called in Update.
	m.items = itemTexts(items)
	items = shareItems(items, m.items)
	l := NewItemList(items, MenuDelegate{c}, 40, 10)
	l.Pages.Type = paginator.Arabic
	l.Arabic, l.noItems = &c.Styles.Muted, &c.Styles.Muted
	l.Pagination = &MenuPagination
	l.Keys.Up, l.Keys.Down = common.KeyUp, common.KeyDown
	l.Keys.NextPage = common.Bind([]string{"right", "l", "d", "pgdown"}, "→", "next page")
	l.Keys.PrevPage = common.Bind([]string{"left", "h", "a", "pgup"}, "←", "prev page")
	m.List = l
	m.listStyle = common.StyleKeyOf(c)
	m.resize()
	for i, it := range items {
		if it.Title == c.MenuChosen {
			m.List.Select(i) // after resize: the page follows the list's height
			break
		}
	}
	if m.Status == "" {
		m.Status, c.SettingsErr = c.SettingsErr, ""
	}
	return m
}

// askDelete asks before the selected saved game is deleted.
func (m *MenuScreen) askDelete() {
	item, ok := m.List.Selected()
	if !ok || item.action != actContinue {
		m.Status = "x deletes a saved game: choose one under Continue first"
		return
	}
	m.deleting = &item
	m.Status = "delete the saved game " + item.Desc + "? y deletes it, any other key keeps it"
}

// answerDelete deletes the saved game asked about when yes, on the I/O
// queue; deletedMsg says how it went.
func (m *MenuScreen) answerDelete(yes bool) tea.Cmd {
	item := m.deleting
	m.deleting, m.Status = nil, ""
	if !yes {
		return nil
	}
	store := m.Common.Store
	return m.Common.IO.Do(func() tea.Msg {
		var err error
		if slots, ok := store.(savefmt.SlotStore); ok {
			err = slots.RemoveSlot(item.slot)
		} else {
			err = store.Remove()
		}
		return deletedMsg{item: *item, err: err}
	})
}

// deletedMsg says a saved game was deleted, or why not.
type deletedMsg struct {
	item MenuItem
	err  error
}

// deleted takes the saved game's item off the list once it is gone.
func (m *MenuScreen) deleted(msg deletedMsg) {
	if msg.err != nil {
		m.Status = "could not delete: " + msg.err.Error()
		return
	}
	for i, mi := range m.List.Items {
		if mi.action == actContinue && mi.slot == msg.item.slot && mi.Desc == msg.item.Desc {
			m.List.RemoveItem(i)
			break
		}
	}
	m.items = itemTexts(m.List.Items)
	m.Status = "deleted the saved game " + msg.item.Desc
}

// savesMsg is the saved games read for the menu: their items, and what
// could not be read.
type savesMsg struct {
	of     *MenuScreen
	items  []MenuItem
	status string
}

// readSaves reads the saved games on the client's I/O queue: after the
// writes queued before it (the game just left is offered as it was
// left), and off the UI goroutine (the saves may be a server's store).
func (m *MenuScreen) readSaves() tea.Cmd {
	store := m.Common.Store
	if store == nil {
		return nil
	}
	remote := m.Common.Opts.Remote
	return m.Common.IO.Do(func() tea.Msg {
		items, status := continueItems(store, remote)
		return savesMsg{of: m, items: items, status: status}
	})
}

// continueItems offers every saved game in progress, newest first: one
// item per slot of a savefmt.SlotStore, or the one save of a plain
// store; status names a save that cannot be read.
func continueItems(store savefmt.SaveStore, remote bool) (items []MenuItem, status string) {
	add := func(slot string, data []byte, err error) {
		if err == nil {
			var sv savefmt.SavedGame
			sv, err = savefmt.ParseSave(data)
			if errors.Is(err, savefmt.ErrSheetNotLoaded) && !remote {
				// Loaded when chosen; a sheet gone or changed is said now.
				err = savefmt.SheetCheck(sv.Sheet)
			}
			var se *savefmt.SheetError
			switch {
			case err == nil:
				items = append(items, MenuItem{Title: "Continue", Desc: sv.Summary(), action: actContinue, save: &sv, slot: slot, data: data})
				return
			case errors.As(err, &se):
				// Listed, to be deleted or left for the sheet to come back.
				items = append(items, MenuItem{Title: "Continue", Desc: sv.Summary() + " (" + se.Error() + ")",
					action: actContinue, save: &sv, slot: slot, problem: se.Error(), data: data})
				return
			}
			err = fmt.Errorf("(%w); a new game will replace it", err)
		}
		if status == "" && !errors.Is(err, os.ErrNotExist) {
			status = "The saved game cannot be read: " + err.Error()
		}
	}
	slots, ok := store.(savefmt.SlotStore)
	if !ok {
		data, err := store.Load()
		add("", data, err)
		return items, status
	}
	names, err := slots.Slots()
	if err != nil {
		status = "The saved games cannot be listed: " + err.Error()
	}
	for _, name := range names {
		data, err := slots.LoadSlot(name)
		add(name, data, err)
	}
	return items, status
}

// ReadSavesNow reads the saved games at once, for the first screen of a
// client being made (ui.New), before its program runs; in Update the
// menu reads them in Init's command.
func (m *MenuScreen) ReadSavesNow() {
	if store := m.Common.Store; store != nil {
		items, status := continueItems(store, m.Common.Opts.Remote)
		m.gotSaves(savesMsg{of: m, items: items, status: status})
		m.savesRead = true
	}
}

// gotSaves puts the saved games read at the top of the menu; the cursor
// stays on its line, or at the top if it was there.
func (m *MenuScreen) gotSaves(msg savesMsg) {
	if msg.of != m {
		return
	}
	top := m.List.Index() == 0 && m.Common.MenuChosen == ""
	m.setItems(msg.items)
	if top {
		m.List.Select(0)
	}
	if m.Status == "" {
		m.Status = msg.status
	}
}

// allItems is every line of the menu: the saved games (saves), the
// games, the user's sheets that are not games yet, and the other
// choices.
func (m *MenuScreen) allItems(saves []MenuItem) []MenuItem {
	c := m.Common
	items := saves
	for _, v := range game.Variants() {
		items = append(items, MenuItem{Title: v.Title, Desc: v.Summary, action: actPlay, variant: v})
	}
	items = append(items, libraryItems(c.Library, c.ASCII)...)
	if c.Opts.Lobby != nil {
		items = append(items,
			MenuItem{Title: "Create room", Desc: "start a shared game others can join", action: actCreateRoom},
			MenuItem{Title: "Join room", Desc: "enter a room code", action: actJoinRoom},
			MenuItem{Title: "Room list", Desc: "see the open rooms", action: actRoomList},
		)
	}
	if c.Opts.QuickMatch != nil && c.Opts.Lobby != nil && c.Opts.Player.ID != "" {
		items = append(items, MenuItem{Title: "Play anyone", Desc: "be paired with a player near your rating", action: actQuickMatch})
	}
	if c.Opts.Standings != nil {
		items = append(items, MenuItem{Title: "Ratings", Desc: "leaderboards and your games", action: actRatings})
	}
	items = append(items,
		MenuItem{Title: "Analysis board", Desc: "set up or paste any position and see the engine's analysis", action: actAnalysis},
		MenuItem{Title: "Rules", Desc: "how each game is played", action: actRules},
		MenuItem{Title: "Quit", Desc: "leave tabletop", action: actQuit},
	)
	return items
}

// resize fits the list between the title and the status and help.
func (m *MenuScreen) resize() {
	m.helpWidth = m.Common.Width
	m.List.SetSize(max(m.Common.Width-2, 10), m.listHeight())
}

// HelpView is the menu's keys, each line indented like the rest.
func (m *MenuScreen) helpView() string {
	k := m.keys()
	key := menuPartKey{style: common.StyleKeyOf(m.Common), part: partHelpView, width: m.Common.Width,
		showAll: m.helpAll, hasSave: k.Delete.Enabled()}
	return menuPartOf(key, func() string {
		h := m.helpModel()
		h.SetWidth(max(m.Common.Width-1, 1))
		lines := common.SplitLines(h.View(k))
		for i, l := range lines {
			lines[i] = " " + l
		}
		return common.JoinLines(lines)
	})
}

// helpText is the help bubble's view at its own width.
func (m *MenuScreen) helpText() string {
	k := m.keys()
	key := menuPartKey{style: common.StyleKeyOf(m.Common), part: partHelp, width: m.helpWidth,
		showAll: m.helpAll, hasSave: k.Delete.Enabled()}
	return menuPartOf(key, func() string { return m.helpModel().View(k) })
}

// helpModel is the help bubble in the session's styles, as the menu
// shows it now.
func (m *MenuScreen) helpModel() help.Model {
	h := m.Common.NewHelp()
	h.SetWidth(m.helpWidth)
	h.ShowAll = m.helpAll
	return h
}

// listView is the list fitted between the title and the notes.
func (m *MenuScreen) listView() string {
	l := &m.List
	height := m.listHeight()
	key := menuPartKey{style: common.StyleKeyOf(m.Common), part: partList, width: m.Common.Width, height: height,
		listStyle: m.listStyle, items: m.items, listWidth: l.Width, listHeight: l.height, index: l.Index(),
		page: l.Pages.Page, perPage: l.Pages.PerPage, pages: l.Pages.TotalPages}
	return menuPartOf(key, func() string { return common.FitBlock(l.View(), m.Common.Width, height) })
}

// menuNoteLines is how many lines the selected item's description may
// take under the list.
const menuNoteLines = 2

func (m *MenuScreen) listHeight() int {
	return max(m.Common.Height-4-menuNoteLines-lipgloss.Height(m.helpText()), 1)
}

// keys is the menu's keys for its help: x is listed only when there is
// a saved game to delete.
func (m *MenuScreen) keys() menuKeyMap {
	k := menuKeys
	hasSave := false
	for _, mi := range m.List.Items {
		if mi.action == actContinue {
			hasSave = true
		}
	}
	k.Delete.SetEnabled(hasSave)
	return k
}

// Init is part of common.Screen.
func (m *MenuScreen) Init() tea.Cmd {
	if m.savesRead {
		return nil
	}
	return m.readSaves()
}

// menuKeyMap is the menu's keys; ? shows them all.
type menuKeyMap struct {
	Up, Down, Choose, Delete, Yes, Theme, Mouse, HelpAll, Quit key.Binding
}

var menuKeys = menuKeyMap{
	Up: common.KeyUp, Down: common.KeyDown,
	Choose: common.Bind([]string{"enter", "space"}, "enter", "select"),
	Delete: common.Bind([]string{"x", "delete"}, "x", "delete saved game"),
	Yes:    common.Bind([]string{"y", "Y"}, "y", "yes"),
	Theme:  common.KeyTheme, Mouse: common.KeyMouse, HelpAll: common.KeyHelpAll, Quit: common.KeyQuit,
}

// ShortHelp is the keys most needed, with ? for the rest.
func (k menuKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Choose, k.Theme, k.HelpAll, k.Quit}
}

// FullHelp is every key of the menu.
func (k menuKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Choose, k.Delete}, {k.Theme, k.Mouse}, {common.KeyHelpFewer, k.Quit}}
}

// Update is part of common.Screen.
func (m *MenuScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case common.SheetLoadedMsg, common.SheetTickMsg:
		m.refreshSheets()
	case tea.WindowSizeMsg:
		m.resize()
	case common.NoticeMsg:
		m.Status = string(msg)
	case deletedMsg:
		m.deleted(msg)
	case savesMsg:
		m.gotSaves(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			m.List.CursorUp()
		case tea.MouseWheelDown:
			m.List.CursorDown()
		}
	case tea.MouseClickMsg:
		// On the press, as the board's and the setup's clicks act: the
		// release of a click that opened this menu (the result's
		// [ Menu ]) then acts on nothing.
		if msg.Button == tea.MouseLeft {
			// The list starts on line 3 (after title, subtitle, blank).
			row := msg.Y - 3
			if row >= 0 && row < m.List.Pages.ItemsOnPage(len(m.List.Items)) {
				m.List.Select(m.List.Pages.Page*m.List.Pages.PerPage + row)
				return m.choose()
			}
		}
	case tea.KeyPressMsg:
		if m.deleting != nil {
			return m, m.answerDelete(key.Matches(msg, menuKeys.Yes))
		}
		switch {
		case key.Matches(msg, menuKeys.Quit):
			return m, tea.Quit
		case key.Matches(msg, menuKeys.HelpAll):
			m.helpAll = !m.helpAll
			m.resize()
			return m, nil
		case key.Matches(msg, menuKeys.Delete):
			m.askDelete()
			return m, nil
		case key.Matches(msg, menuKeys.Theme):
			var cmd tea.Cmd
			m.Status, cmd = m.Common.CycleTheme()
			m.resize()
			return m, cmd
		case key.Matches(msg, menuKeys.Choose):
			return m.choose()
		}
		m.List.Update(msg)
		return m, nil
	}
	return m, nil
}

func (m *MenuScreen) choose() (common.Screen, tea.Cmd) {
	item, ok := m.List.Selected()
	if !ok {
		return m, nil
	}
	c := m.Common
	c.MenuChosen = item.Title
	switch item.action {
	case actSheet:
		m.Status = item.Title + ": " + item.problem
		return m, nil
	case actContinue:
		if item.problem != "" {
			m.Status = "cannot continue: " + item.problem + " (x deletes the saved game)"
			return m, nil
		}
		if item.save.Sheet.Hash != "" && !savefmt.SheetLoaded(item.save.Sheet) {
			return m.continueSheet(item), nil
		}
		b, err := board.BoardFromSlot(c, *item.save, item.slot)
		if err != nil {
			m.Status = "cannot continue: " + err.Error()
			return m, nil
		}
		return b, nil
	case actPlay:
		return NewSetup(c, item.variant, false), nil
	case actCreateRoom:
		return newVariantPicker(c), nil
	case actJoinRoom:
		return newJoinScreen(c), nil
	case actRoomList:
		return newRoomList(c), nil
	case actRatings:
		return NewStandings(c), nil
	case actQuickMatch:
		return NewQuickMatch(c), nil
	case actAnalysis:
		return newAnalysisSetup(c, nil, ""), nil
	case actRules:
		return board.NewRules(c, nil, m), nil
	case actQuit:
		return m, tea.Quit
	}
	return m, nil
}

// View is part of common.Screen.
func (m *MenuScreen) View() string {
	return common.JoinPadded(m.Common.Height, Heading(m.Common.Styles), m.listView(), "\n", m.NoteView(), m.helpView())
}

// NoteView is what the menu says under the list: the status, or the
// selected item's description in full when the list cut it, or nothing
// (two lines, each ended). Drawn once for all sessions per text, width
// and theme colours: wrapping and styling the description on every
// frame was a tenth of a menu key's cost.
func (m *MenuScreen) NoteView() string {
	item, _ := m.List.Selected()
	k := noteKey{style: common.StyleKeyOf(m.Common), errColour: m.Common.Styles.Theme.Error, width: m.Common.Width, status: m.Status}
	if k.status == "" && common.TextWidth(item.Desc) > descWidth(&m.List) {
		k.desc = item.Desc
	}
	return menuNotes.Get(k, func() string { return drawNote(m.Common.Styles, k) })
}

// noteKey is what the menu's note is drawn from: the status, else the
// description to show in full ("" when the list shows it whole).
type noteKey struct {
	style        common.MenuStyleKey
	errColour    string // the status's colour, beside the menu's
	width        int
	status, desc string
}

// menuNotes keeps the notes drawn (a pure memo of drawNote).
var menuNotes = common.NewDrawnSet[noteKey](common.MenuPartsMax)

func drawNote(st *themes.Styles, k noteKey) string {
	switch {
	case k.status != "":
		return st.Error.Render(" "+common.Ellipsis(k.status, k.width-2)) + "\n\n"
	case k.desc != "":
		lines := common.SplitLines(ansi.Wordwrap(k.desc, max(k.width-2, 1), ""))
		for len(lines) < menuNoteLines {
			lines = append(lines, "")
		}
		var b strings.Builder
		for _, l := range lines[:menuNoteLines] {
			b.WriteString(st.Muted.Render(" " + common.Ellipsis(l, k.width-2)))
			b.WriteByte('\n')
		}
		return b.String()
	default:
		return "\n\n"
	}
}
