package ui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	"github.com/charmbracelet/bubbles/paginator"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tabletop/tabletop/game"
)

type menuAction int

const (
	actContinue menuAction = iota
	actPlay
	actCreateRoom
	actJoinRoom
	actRoomList
	actRules
	actQuit
)

// menuItem is one line of the menu.
type menuItem struct {
	title, desc string
	action      menuAction
	variant     *game.Variant
}

func (i menuItem) FilterValue() string { return i.title }

// menuDelegate draws one item per line with the session's styles.
type menuDelegate struct{ c *common }

func (d menuDelegate) Height() int                         { return 1 }
func (d menuDelegate) Spacing() int                        { return 0 }
func (d menuDelegate) Update(tea.Msg, *list.Model) tea.Cmd { return nil }
func (d menuDelegate) Render(w io.Writer, m list.Model, index int, it list.Item) {
	item, ok := it.(menuItem)
	if !ok {
		return
	}
	st := d.c.st
	tw := 0
	for _, it := range m.Items() {
		if mi, ok := it.(menuItem); ok {
			tw = max(tw, len([]rune(mi.title)))
		}
	}
	cursor, title := "  ", st.Text.Render(padRight(item.title, tw))
	if index == m.Index() {
		cursor = st.Accent.Render("> ")
		title = st.Accent.Render(padRight(item.title, tw))
	}
	line := cursor + title + " " + st.Muted.Render(item.desc)
	fmt.Fprint(w, cutANSI(line, m.Width()))
}

// menuScreen is the main menu.
type menuScreen struct {
	c      *common
	list   list.Model
	help   help.Model
	status string
	save   *SavedGame
}

func newMenu(c *common, status string) *menuScreen {
	m := &menuScreen{c: c, status: status}
	var items []list.Item
	if c.store != nil {
		data, err := c.store.Load()
		switch {
		case err == nil:
			sv, perr := ParseSave(data)
			if perr != nil {
				if m.status == "" {
					m.status = "The saved game cannot be read (" + perr.Error() + "); a new game will replace it."
				}
			} else {
				m.save = &sv
				items = append(items, menuItem{title: "Continue", desc: saveSummary(sv), action: actContinue})
			}
		case !errors.Is(err, os.ErrNotExist):
			if m.status == "" {
				m.status = "The saved game cannot be read: " + err.Error()
			}
		}
	}
	for _, v := range game.Variants() {
		items = append(items, menuItem{title: v.Title, desc: v.Summary, action: actPlay, variant: v})
	}
	if c.opts.Lobby != nil {
		items = append(items,
			menuItem{title: "Create room", desc: "start a shared game others can join", action: actCreateRoom},
			menuItem{title: "Join room", desc: "enter a room code", action: actJoinRoom},
			menuItem{title: "Room list", desc: "see the open rooms", action: actRoomList},
		)
	}
	items = append(items,
		menuItem{title: "Rules", desc: "how each game is played", action: actRules},
		menuItem{title: "Quit", desc: "leave tabletop", action: actQuit},
	)
	l := list.New(items, menuDelegate{c}, 40, 10)
	l.SetShowTitle(false)
	l.SetShowStatusBar(false)
	l.SetFilteringEnabled(false)
	l.SetShowHelp(false)
	l.DisableQuitKeybindings()
	l.Paginator.Type = paginator.Arabic
	l.Styles.ArabicPagination = c.st.Muted
	l.Styles.PaginationStyle = c.st.Base().PaddingLeft(2)
	l.Styles.NoItems = c.st.Muted
	l.KeyMap.CursorUp = keyUp
	l.KeyMap.CursorDown = keyDown
	l.KeyMap.NextPage = bind([]string{"right", "l", "d", "pgdown"}, "→", "next page")
	l.KeyMap.PrevPage = bind([]string{"left", "h", "a", "pgup"}, "←", "prev page")
	m.list = l
	m.help = c.newHelp()
	m.resize()
	return m
}

func saveSummary(sv SavedGame) string {
	names := make([]string, len(sv.Seats))
	for i, s := range sv.Seats {
		names[i] = s.displayName()
	}
	return fmt.Sprintf("%s, %d moves: %s", sv.Variant, len(sv.Moves), strings.Join(names, " vs "))
}

func (m *menuScreen) resize() {
	m.list.SetSize(max(m.c.width-2, 10), max(m.c.height-6, 1))
	m.help.Width = m.c.width
}

func (m *menuScreen) init() tea.Cmd { return nil }

// menuKeyMap is the menu's keys; its help lists them all.
type menuKeyMap struct {
	Up, Down, Choose, Theme, Mouse, Quit key.Binding
}

var menuKeys = menuKeyMap{
	Up: keyUp, Down: keyDown,
	Choose: bind([]string{"enter", " "}, "enter", "select"),
	Theme:  keyTheme, Mouse: keyMouse, Quit: keyQuit,
}

// ShortHelp is every key of the menu.
func (k menuKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Choose, k.Theme, k.Mouse, k.Quit}
}

// FullHelp is the short help on one line.
func (k menuKeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

func (m *menuScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize()
	case NoticeMsg:
		m.status = string(msg)
	case tea.MouseMsg:
		if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonWheelUp {
			m.list.CursorUp()
		}
		if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonWheelDown {
			m.list.CursorDown()
		}
		if msg.Action == tea.MouseActionRelease && msg.Button == tea.MouseButtonLeft {
			// The list starts on line 3 (after title, subtitle, blank).
			row := msg.Y - 3
			if row >= 0 && row < m.list.Paginator.ItemsOnPage(len(m.list.Items())) {
				m.list.Select(m.list.Paginator.Page*m.list.Paginator.PerPage + row)
				return m.choose()
			}
		}
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, menuKeys.Quit):
			return m, tea.Quit
		case key.Matches(msg, menuKeys.Theme):
			m.c.nextTheme()
			m.help = m.c.newHelp()
			m.status = "theme: " + m.c.theme.Name
			return m, nil
		case key.Matches(msg, menuKeys.Choose):
			return m.choose()
		}
		var cmd tea.Cmd
		m.list, cmd = m.list.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m *menuScreen) choose() (screen, tea.Cmd) {
	item, ok := m.list.SelectedItem().(menuItem)
	if !ok {
		return m, nil
	}
	c := m.c
	switch item.action {
	case actContinue:
		b, err := boardFromSave(c, *m.save)
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
	case actRules:
		return newRules(c, nil, m), nil
	case actQuit:
		return m, tea.Quit
	}
	return m, nil
}

func (m *menuScreen) view() string {
	st := m.c.st
	var b strings.Builder
	b.WriteString(st.Title.Render(" tabletop") + "\n")
	b.WriteString(st.Muted.Render(" abstract strategy games in your terminal") + "\n\n")
	b.WriteString(fitBlock(m.list.View(), m.c.width, max(m.c.height-6, 1)) + "\n")
	if m.status != "" {
		b.WriteString(st.Error.Render(" "+truncate(m.status, m.c.width-2)) + "\n")
	} else {
		b.WriteString("\n")
	}
	b.WriteString(" " + m.help.View(menuKeys))
	return b.String()
}
