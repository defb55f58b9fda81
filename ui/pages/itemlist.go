package pages

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/list"
	"charm.land/bubbles/v2/paginator"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// itemList is the menu's (and the room's game picker's) list of items:
// one line each, in pages, with a cursor. It draws exactly what the
// bubbles list drew with the title, status bar, filter and help off,
// which is all these screens used of it; it exists because a bubbles
// list.Model is a 29 KB value that its methods copy on every call: a
// frame of the menu nested several such copies, which grew each
// session's goroutine stack to hundreds of kilobytes (the server's
// largest cost per session) and cost a keypress most of its time.
type itemList struct {
	items  []MenuItem
	d      menuDelegate
	width  int
	height int
	cursor int // the selected line of the page
	pages  paginator.Model
	keys   listKeys
	// styles of the pagination (and of an empty list), as the bubbles
	// list styled them; shared, not changed.
	pagination, arabic, noItems *lipgloss.Style
}

// listKeys are the keys the list moves by.
type listKeys struct {
	up, down, prevPage, nextPage, start, end key.Binding
}

// defaultListKeys are the bubbles list's own keys for these moves.
func defaultListKeys() listKeys {
	k := list.DefaultKeyMap()
	return listKeys{up: k.CursorUp, down: k.CursorDown, prevPage: k.PrevPage, nextPage: k.NextPage, start: k.GoToStart, end: k.GoToEnd}
}

// listDefaults are the bubbles list's default styles that itemList uses,
// made once: list.DefaultStyles makes every style of a list (15 KB).
var listDefaults = func() (d struct {
	pagination, arabic, noItems lipgloss.Style
	activeDot, inactiveDot      string
}) {
	st := list.DefaultStyles(true)
	d.pagination, d.arabic, d.noItems = st.PaginationStyle, st.ArabicPagination, st.NoItems
	d.activeDot, d.inactiveDot = st.ActivePaginationDot.String(), st.InactivePaginationDot.String()
	return d
}()

// newItemList makes a list of items of width×height drawn by d, in the
// bubbles list's default styles (dots for the pages).
func newItemList(items []MenuItem, d menuDelegate, width, height int) itemList {
	st := &listDefaults
	p := paginator.New()
	p.Type = paginator.Dots
	p.ActiveDot, p.InactiveDot = st.activeDot, st.inactiveDot
	// Counted from paged: where the items fill the height exactly or a
	// line short, a single page and two are both consistent counts (the
	// pagination takes the line that decides), and the bubbles list,
	// whose first count left out room for its title, status bar and
	// help, came to two pages.
	p.TotalPages = 2
	l := itemList{items: items, d: d, width: width, height: height, pages: p, keys: defaultListKeys(),
		pagination: &st.pagination, arabic: &st.arabic, noItems: &st.noItems}
	l.paginate()
	return l
}

// Index is the selected item's index in the whole list.
func (l *itemList) Index() int { return l.pages.Page*l.pages.PerPage + l.cursor }

// selected is the selected item; false when the list is empty.
func (l *itemList) selected() (MenuItem, bool) {
	i := l.Index()
	if i < 0 || i >= len(l.items) {
		return MenuItem{}, false
	}
	return l.items[i], true
}

// Select makes item i the selected one, on its page.
func (l *itemList) Select(i int) {
	l.pages.Page = i / l.pages.PerPage
	l.cursor = i % l.pages.PerPage
}

// setSize fits the list to width×height.
func (l *itemList) setSize(width, height int) {
	l.width, l.height = width, height
	l.paginate()
}

// setItems replaces the items, keeping the selected index.
func (l *itemList) setItems(items []MenuItem) {
	l.items = items
	l.paginate()
}

// removeItem takes item i out of the list.
func (l *itemList) removeItem(i int) {
	if i < 0 || i >= len(l.items) {
		return
	}
	l.items = append(l.items[:i:i], l.items[i+1:]...)
	l.paginate()
}

// paginate counts the lines a page has and the pages, keeping the
// selected index. A count takes the pagination's height from the pages
// counted before it, as the bubbles list's did: the count is repeated
// until it holds (a second time at most), where the bubbles list could
// stay a count behind until the next window change and draw a line
// fewer.
func (l *itemList) paginate() {
	for range 3 {
		perPage, total := l.pages.PerPage, l.pages.TotalPages
		index := l.Index()
		l.pages.PerPage = max(1, l.height-lipgloss.Height(l.paginationView()))
		l.pages.SetTotalPages(max(len(l.items), 1))
		l.pages.Page = index / l.pages.PerPage
		l.cursor = index % l.pages.PerPage
		if l.pages.Page >= l.pages.TotalPages-1 {
			l.pages.Page = max(0, l.pages.TotalPages-1)
		}
		if l.pages.PerPage == perPage && l.pages.TotalPages == total {
			return
		}
	}
}

func (l *itemList) lastCursor() int { return max(0, l.pages.ItemsOnPage(len(l.items))-1) }

// cursorUp selects the line above, the last of the page before at the
// top of a page.
func (l *itemList) cursorUp() {
	l.cursor--
	switch {
	case l.cursor >= 0:
	case l.pages.OnFirstPage():
		l.cursor = 0
	default:
		l.pages.PrevPage()
		l.cursor = l.lastCursor()
	}
}

// cursorDown selects the line below, the first of the next page at the
// bottom of a page.
func (l *itemList) cursorDown() {
	last := l.lastCursor()
	l.cursor++
	switch {
	case l.cursor <= last:
	case !l.pages.OnLastPage():
		l.pages.NextPage()
		l.cursor = 0
	default:
		l.cursor = last
	}
}

// Update moves the cursor or the page by the list's keys.
func (l *itemList) Update(msg tea.Msg) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return
	}
	hasItems, hasPages := len(l.items) > 0, l.pages.TotalPages > 1
	switch {
	case hasItems && key.Matches(k, l.keys.up):
		l.cursorUp()
	case hasItems && key.Matches(k, l.keys.down):
		l.cursorDown()
	case hasPages && key.Matches(k, l.keys.prevPage):
		l.pages.PrevPage()
	case hasPages && key.Matches(k, l.keys.nextPage):
		l.pages.NextPage()
	case hasItems && key.Matches(k, l.keys.start):
		l.pages.Page, l.cursor = 0, 0
	case hasItems && key.Matches(k, l.keys.end):
		l.pages.Page = max(0, l.pages.TotalPages-1)
		l.cursor = l.lastCursor()
	}
	l.cursor = min(max(l.cursor, 0), l.lastCursor())
}

// View draws the page's lines, padded to the page's height, and the
// pagination under them when there is more than one page.
func (l *itemList) View() string {
	pagination := l.paginationView()
	content := lipgloss.NewStyle().Height(l.height - lipgloss.Height(pagination)).Render(l.pageView())
	return lipgloss.JoinVertical(lipgloss.Left, content, pagination)
}

func (l *itemList) paginationView() string {
	if l.pages.TotalPages < 2 {
		return ""
	}
	s := l.pages.View()
	if ansi.StringWidth(s) > l.width {
		// Dots wider than the list: the page's number instead.
		p := l.pages
		p.Type = paginator.Arabic
		s = l.arabic.Render(p.View())
	}
	style := *l.pagination
	if style.GetMarginTop() == 0 {
		style = style.MarginTop(1)
	}
	return style.Render(s)
}

func (l *itemList) pageView() string {
	if len(l.items) == 0 {
		return l.noItems.Render("No items.")
	}
	var b strings.Builder
	start, end := l.pages.GetSliceBounds(len(l.items))
	for i := start; i < end; i++ {
		b.WriteString(l.d.line(l, l.items[i], i == l.Index()))
		if i != end-1 {
			b.WriteByte('\n')
		}
	}
	if n := l.pages.ItemsOnPage(len(l.items)); n < l.pages.PerPage {
		b.WriteString(strings.Repeat("\n", l.pages.PerPage-n))
	}
	return b.String()
}
