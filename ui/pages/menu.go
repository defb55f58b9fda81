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
	title, desc string
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

// menuDelegate draws one item per line with the session's styles.
type menuDelegate struct{ common *common.Common }

// line is item drawn in list l.
func (d menuDelegate) line(l *itemList, item MenuItem, selected bool) string {
	return d.menuLine(d.lineKey(l, item, selected))
}

// descWidth is the room a description has after the cursor and titles.
func descWidth(l *itemList) int { return max(l.width-2-titleWidth(l)-1, 1) }

// menuScreen is the main menu.
type menuScreen struct {
	common *common.Common
	list   itemList
	// helpAll is whether ? shows every key; helpWidth is the width the
	// help was last fitted to. The help bubble itself is made only when
	// its text is not drawn yet (helpModel), so a session does not hold
	// one.
	helpAll   bool
	helpWidth int
	status    string
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

// menuPagination is the style of the menu's page numbers' line.
var menuPagination = lipgloss.NewStyle().PaddingLeft(2)

// newMenu opens the menu with status in its status line.
func newMenu(c *common.Common, status string) *menuScreen {
	m := &menuScreen{common: c, status: status}
	items := m.allItems(nil) // the saved games come in Init's command
	// Nothing is read here: NewMenu is called in Update.
	m.items = itemTexts(items)
	items = shareItems(items, m.items)
	l := newItemList(items, menuDelegate{c}, 40, 10)
	l.pages.Type = paginator.Arabic
	l.arabic, l.noItems = &c.Styles.Muted, &c.Styles.Muted
	l.pagination = &menuPagination
	l.keys.up, l.keys.down = common.KeyUp, common.KeyDown
	l.keys.nextPage = common.Bind([]string{"right", "l", "d", "pgdown"}, "→", "next page")
	l.keys.prevPage = common.Bind([]string{"left", "h", "a", "pgup"}, "←", "prev page")
	m.list = l
	m.listStyle = common.StyleKeyOf(c)
	m.resize()
	for i, it := range items {
		if it.title == c.MenuChosen {
			m.list.Select(i) // after resize: the page follows the list's height
			break
		}
	}
	if m.status == "" {
		m.status, c.SettingsErr = c.SettingsErr, ""
	}
	return m
}

// askDelete asks before the selected saved game is deleted.
func (m *menuScreen) askDelete() {
	item, ok := m.list.selected()
	if !ok || item.action != actContinue {
		m.status = "x deletes a saved game: choose one under Continue first"
		return
	}
	m.deleting = &item
	m.status = "delete the saved game " + item.desc + "? y deletes it, any other key keeps it"
}

// answerDelete deletes the saved game asked about when yes, on the I/O
// queue; deletedMsg says how it went.
func (m *menuScreen) answerDelete(yes bool) tea.Cmd {
	item := m.deleting
	m.deleting, m.status = nil, ""
	if !yes {
		return nil
	}
	store := m.common.Store
	return m.common.IO.Do(func() tea.Msg {
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
func (m *menuScreen) deleted(msg deletedMsg) {
	if msg.err != nil {
		m.status = "could not delete: " + msg.err.Error()
		return
	}
	for i, mi := range m.list.items {
		if mi.action == actContinue && mi.slot == msg.item.slot && mi.desc == msg.item.desc {
			m.list.removeItem(i)
			break
		}
	}
	m.items = itemTexts(m.list.items)
	m.status = "deleted the saved game " + msg.item.desc
}

// savesMsg is the saved games read for the menu: their items, and what
// could not be read.
type savesMsg struct {
	of     *menuScreen
	items  []MenuItem
	status string
}

// readSaves reads the saved games on the client's I/O queue: after the
// writes queued before it (the game just left is offered as it was
// left), and off the UI goroutine (the saves may be a server's store).
func (m *menuScreen) readSaves() tea.Cmd {
	store := m.common.Store
	if store == nil {
		return nil
	}
	remote := m.common.Opts.Remote
	return m.common.IO.Do(func() tea.Msg {
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
				items = append(items, MenuItem{title: "Continue", desc: sv.Summary(), action: actContinue, save: &sv, slot: slot, data: data})
				return
			case errors.As(err, &se):
				// Listed, to be deleted or left for the sheet to come back.
				items = append(items, MenuItem{title: "Continue", desc: sv.Summary() + " (" + se.Error() + ")",
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

// readSavesNow reads the saved games at once, for the first screen of a
// client being made (ui.New), before its program runs; in Update the
// menu reads them in Init's command.
func (m *menuScreen) readSavesNow() {
	if store := m.common.Store; store != nil {
		items, status := continueItems(store, m.common.Opts.Remote)
		m.gotSaves(savesMsg{of: m, items: items, status: status})
		m.savesRead = true
	}
}

// gotSaves puts the saved games read at the top of the menu; the cursor
// stays on its line, or at the top if it was there.
func (m *menuScreen) gotSaves(msg savesMsg) {
	if msg.of != m {
		return
	}
	top := m.list.Index() == 0 && m.common.MenuChosen == ""
	m.setItems(msg.items)
	if top {
		m.list.Select(0)
	}
	if m.status == "" {
		m.status = msg.status
	}
}

// allItems is every line of the menu: the saved games (saves), the
// games, the user's sheets that are not games yet, and the other
// choices.
func (m *menuScreen) allItems(saves []MenuItem) []MenuItem {
	c := m.common
	items := saves
	for _, v := range game.Variants() {
		items = append(items, MenuItem{title: v.Title, desc: v.Summary, action: actPlay, variant: v})
	}
	items = append(items, libraryItems(c.Library, c.ASCII)...)
	if c.Opts.Lobby != nil {
		items = append(items,
			MenuItem{title: "Create room", desc: "start a shared game others can join", action: actCreateRoom},
			MenuItem{title: "Join room", desc: "enter a room code", action: actJoinRoom},
			MenuItem{title: "Room list", desc: "see the open rooms", action: actRoomList},
		)
	}
	if c.Opts.QuickMatch != nil && c.Opts.Lobby != nil && c.Opts.Player.ID != "" {
		items = append(items, MenuItem{title: "Play anyone", desc: "be paired with a player near your rating", action: actQuickMatch})
	}
	if c.Opts.Standings != nil {
		items = append(items, MenuItem{title: "Ratings", desc: "leaderboards and your games", action: actRatings})
	}
	items = append(items,
		MenuItem{title: "Analysis board", desc: "set up or paste any position and see the engine's analysis", action: actAnalysis},
		MenuItem{title: "Rules", desc: "how each game is played", action: actRules},
		MenuItem{title: "Quit", desc: "leave tabletop", action: actQuit},
	)
	return items
}

// resize fits the list between the title and the status and help.
func (m *menuScreen) resize() {
	m.helpWidth = m.common.Width
	m.list.setSize(max(m.common.Width-2, 10), m.listHeight())
}

// HelpView is the menu's keys, each line indented like the rest.
func (m *menuScreen) helpView() string {
	k := m.keys()
	key := menuPartKey{style: common.StyleKeyOf(m.common), part: partHelpView, width: m.common.Width,
		showAll: m.helpAll, hasSave: k.Delete.Enabled()}
	return menuPartOf(key, func() string {
		h := m.helpModel()
		h.SetWidth(max(m.common.Width-1, 1))
		lines := common.SplitLines(h.View(k))
		for i, l := range lines {
			lines[i] = " " + l
		}
		return common.JoinLines(lines)
	})
}

// helpText is the help bubble's view at its own width.
func (m *menuScreen) helpText() string {
	k := m.keys()
	key := menuPartKey{style: common.StyleKeyOf(m.common), part: partHelp, width: m.helpWidth,
		showAll: m.helpAll, hasSave: k.Delete.Enabled()}
	return menuPartOf(key, func() string { return m.helpModel().View(k) })
}

// helpModel is the help bubble in the session's styles, as the menu
// shows it now.
func (m *menuScreen) helpModel() help.Model {
	h := m.common.NewHelp()
	h.SetWidth(m.helpWidth)
	h.ShowAll = m.helpAll
	return h
}

// listView is the list fitted between the title and the notes.
func (m *menuScreen) listView() string {
	l := &m.list
	height := m.listHeight()
	key := menuPartKey{style: common.StyleKeyOf(m.common), part: partList, width: m.common.Width, height: height,
		listStyle: m.listStyle, items: m.items, listWidth: l.width, listHeight: l.height, index: l.Index(),
		page: l.pages.Page, perPage: l.pages.PerPage, pages: l.pages.TotalPages}
	return menuPartOf(key, func() string { return common.FitBlock(l.View(), m.common.Width, height) })
}

// menuNoteLines is how many lines the selected item's description may
// take under the list.
const menuNoteLines = 2

func (m *menuScreen) listHeight() int {
	return max(m.common.Height-4-menuNoteLines-lipgloss.Height(m.helpText()), 1)
}

// keys is the menu's keys for its help: x is listed only when there is
// a saved game to delete.
func (m *menuScreen) keys() menuKeyMap {
	k := menuKeys
	hasSave := false
	for _, mi := range m.list.items {
		if mi.action == actContinue {
			hasSave = true
		}
	}
	k.Delete.SetEnabled(hasSave)
	return k
}

// Init is part of common.Screen.
func (m *menuScreen) Init() tea.Cmd {
	if m.savesRead {
		return nil
	}
	return m.readSaves()
}

// menuKeyMap is the menu's keys; ? shows them all.
type menuKeyMap struct {
	up, down, choose, Delete, yes, theme, mouse, helpAll, quit key.Binding
}

var menuKeys = menuKeyMap{
	up: common.KeyUp, down: common.KeyDown,
	choose: common.Bind([]string{"enter", "space"}, "enter", "select"),
	Delete: common.Bind([]string{"x", "delete"}, "x", "delete saved game"),
	yes:    common.Bind([]string{"y", "Y"}, "y", "yes"),
	theme:  common.KeyTheme, mouse: common.KeyMouse, helpAll: common.KeyHelpAll, quit: common.KeyQuit,
}

// ShortHelp is the keys most needed, with ? for the rest.
func (k menuKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.up, k.down, k.choose, k.theme, k.helpAll, k.quit}
}

// FullHelp is every key of the menu.
func (k menuKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.up, k.down, k.choose, k.Delete}, {k.theme, k.mouse}, {common.KeyHelpFewer, k.quit}}
}

// Update is part of common.Screen.
func (m *menuScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case common.SheetLoadedMsg, common.SheetTickMsg:
		m.refreshSheets()
	case tea.WindowSizeMsg:
		m.resize()
	case common.NoticeMsg:
		m.status = string(msg)
	case deletedMsg:
		m.deleted(msg)
	case savesMsg:
		m.gotSaves(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			m.list.cursorUp()
		case tea.MouseWheelDown:
			m.list.cursorDown()
		}
	case tea.MouseClickMsg:
		// On the press, as the board's and the setup's clicks act: the
		// release of a click that opened this menu (the result's
		// [ Menu ]) then acts on nothing.
		if msg.Button == tea.MouseLeft {
			// The list starts on line 3 (after title, subtitle, blank).
			row := msg.Y - 3
			if row >= 0 && row < m.list.pages.ItemsOnPage(len(m.list.items)) {
				m.list.Select(m.list.pages.Page*m.list.pages.PerPage + row)
				return m.choose()
			}
		}
	case tea.KeyPressMsg:
		if m.deleting != nil {
			return m, m.answerDelete(key.Matches(msg, menuKeys.yes))
		}
		switch {
		case key.Matches(msg, menuKeys.quit):
			return m, tea.Quit
		case key.Matches(msg, menuKeys.helpAll):
			m.helpAll = !m.helpAll
			m.resize()
			return m, nil
		case key.Matches(msg, menuKeys.Delete):
			m.askDelete()
			return m, nil
		case key.Matches(msg, menuKeys.theme):
			var cmd tea.Cmd
			m.status, cmd = m.common.CycleTheme()
			m.resize()
			return m, cmd
		case key.Matches(msg, menuKeys.choose):
			return m.choose()
		}
		m.list.Update(msg)
		return m, nil
	}
	return m, nil
}

func (m *menuScreen) choose() (common.Screen, tea.Cmd) {
	item, ok := m.list.selected()
	if !ok {
		return m, nil
	}
	c := m.common
	c.MenuChosen = item.title
	switch item.action {
	case actSheet:
		m.status = item.title + ": " + item.problem
		return m, nil
	case actContinue:
		if item.problem != "" {
			m.status = "cannot continue: " + item.problem + " (x deletes the saved game)"
			return m, nil
		}
		if item.save.Sheet.Hash != "" && !savefmt.SheetLoaded(item.save.Sheet) {
			return m.continueSheet(item), nil
		}
		b, err := board.BoardFromSlot(c, *item.save, item.slot)
		if err != nil {
			m.status = "cannot continue: " + err.Error()
			return m, nil
		}
		return b, nil
	case actPlay:
		return newSetup(c, item.variant, false), nil
	case actCreateRoom:
		return newVariantPicker(c), nil
	case actJoinRoom:
		return newJoinScreen(c), nil
	case actRoomList:
		return newRoomList(c), nil
	case actRatings:
		return newStandings(c), nil
	case actQuickMatch:
		return newQuickMatch(c), nil
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
func (m *menuScreen) View() string {
	return common.JoinPadded(m.common.Height, heading(m.common.Styles), m.listView(), "\n", m.noteView(), m.helpView())
}

// noteView is what the menu says under the list: the status, or the
// selected item's description in full when the list cut it, or nothing
// (two lines, each ended). Drawn once for all sessions per text, width
// and theme colours: wrapping and styling the description on every
// frame was a tenth of a menu key's cost.
func (m *menuScreen) noteView() string {
	item, _ := m.list.selected()
	k := noteKey{style: common.StyleKeyOf(m.common), errColour: m.common.Styles.Theme.Error, width: m.common.Width, status: m.status}
	if k.status == "" && common.TextWidth(item.desc) > descWidth(&m.list) {
		k.desc = item.desc
	}
	return menuNotes.Get(k, func() string { return drawNote(m.common.Styles, k) })
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
