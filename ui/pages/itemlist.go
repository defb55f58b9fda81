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

// ItemList is the menu's (and the room's game picker's) list of items:
// one line each, in pages, with a cursor. It draws exactly what the
// bubbles list drew with the title, status bar, filter and help off,
// which is all these screens used of it; it exists because a bubbles
// list.Model is a 29 KB value that its methods copy on every call: a
// frame of the menu nested several such copies, which grew each
// session's goroutine stack to hundreds of kilobytes (the server's
// largest cost per session) and cost a keypress most of its time.
type ItemList struct {
	Items  []MenuItem
	d      MenuDelegate
	Width  int
	height int
	cursor int // the selected line of the page
	Pages  paginator.Model
	Keys   listKeys
	// styles of the pagination (and of an empty list), as the bubbles
	// list styled them; shared, not changed.
	Pagination, Arabic, noItems *lipgloss.Style
}

// listKeys are the keys the list moves by.
type listKeys struct {
	Up, Down, PrevPage, NextPage, Start, End key.Binding
}

// defaultListKeys are the bubbles list's own keys for these moves.
func defaultListKeys() listKeys {
	k := list.DefaultKeyMap()
	return listKeys{Up: k.CursorUp, Down: k.CursorDown, PrevPage: k.PrevPage, NextPage: k.NextPage, Start: k.GoToStart, End: k.GoToEnd}
}

// listDefaults are the bubbles list's default styles that ItemList uses,
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

// NewItemList makes a list of items of width×height drawn by d, in the
// bubbles list's default styles (dots for the pages).
func NewItemList(items []MenuItem, d MenuDelegate, width, height int) ItemList {
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
	l := ItemList{Items: items, d: d, Width: width, height: height, Pages: p, Keys: defaultListKeys(),
		Pagination: &st.pagination, Arabic: &st.arabic, noItems: &st.noItems}
	l.paginate()
	return l
}

// Index is the selected item's index in the whole list.
func (l *ItemList) Index() int { return l.Pages.Page*l.Pages.PerPage + l.cursor }

// Selected is the selected item; false when the list is empty.
func (l *ItemList) Selected() (MenuItem, bool) {
	i := l.Index()
	if i < 0 || i >= len(l.Items) {
		return MenuItem{}, false
	}
	return l.Items[i], true
}

// Select makes item i the selected one, on its page.
func (l *ItemList) Select(i int) {
	l.Pages.Page = i / l.Pages.PerPage
	l.cursor = i % l.Pages.PerPage
}

// SetSize fits the list to width×height.
func (l *ItemList) SetSize(width, height int) {
	l.Width, l.height = width, height
	l.paginate()
}

// SetItems replaces the items, keeping the selected index.
func (l *ItemList) SetItems(items []MenuItem) {
	l.Items = items
	l.paginate()
}

// RemoveItem takes item i out of the list.
func (l *ItemList) RemoveItem(i int) {
	if i < 0 || i >= len(l.Items) {
		return
	}
	l.Items = append(l.Items[:i:i], l.Items[i+1:]...)
	l.paginate()
}

// paginate counts the lines a page has and the pages, keeping the
// selected index. A count takes the pagination's height from the pages
// counted before it, as the bubbles list's did: the count is repeated
// until it holds (a second time at most), where the bubbles list could
// stay a count behind until the next window change and draw a line
// fewer.
func (l *ItemList) paginate() {
	for range 3 {
		perPage, total := l.Pages.PerPage, l.Pages.TotalPages
		index := l.Index()
		l.Pages.PerPage = max(1, l.height-lipgloss.Height(l.paginationView()))
		l.Pages.SetTotalPages(max(len(l.Items), 1))
		l.Pages.Page = index / l.Pages.PerPage
		l.cursor = index % l.Pages.PerPage
		if l.Pages.Page >= l.Pages.TotalPages-1 {
			l.Pages.Page = max(0, l.Pages.TotalPages-1)
		}
		if l.Pages.PerPage == perPage && l.Pages.TotalPages == total {
			return
		}
	}
}

func (l *ItemList) lastCursor() int { return max(0, l.Pages.ItemsOnPage(len(l.Items))-1) }

// CursorUp selects the line above, the last of the page before at the
// top of a page.
func (l *ItemList) CursorUp() {
	l.cursor--
	switch {
	case l.cursor >= 0:
	case l.Pages.OnFirstPage():
		l.cursor = 0
	default:
		l.Pages.PrevPage()
		l.cursor = l.lastCursor()
	}
}

// CursorDown selects the line below, the first of the next page at the
// bottom of a page.
func (l *ItemList) CursorDown() {
	last := l.lastCursor()
	l.cursor++
	switch {
	case l.cursor <= last:
	case !l.Pages.OnLastPage():
		l.Pages.NextPage()
		l.cursor = 0
	default:
		l.cursor = last
	}
}

// Update moves the cursor or the page by the list's keys.
func (l *ItemList) Update(msg tea.Msg) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return
	}
	hasItems, hasPages := len(l.Items) > 0, l.Pages.TotalPages > 1
	switch {
	case hasItems && key.Matches(k, l.Keys.Up):
		l.CursorUp()
	case hasItems && key.Matches(k, l.Keys.Down):
		l.CursorDown()
	case hasPages && key.Matches(k, l.Keys.PrevPage):
		l.Pages.PrevPage()
	case hasPages && key.Matches(k, l.Keys.NextPage):
		l.Pages.NextPage()
	case hasItems && key.Matches(k, l.Keys.Start):
		l.Pages.Page, l.cursor = 0, 0
	case hasItems && key.Matches(k, l.Keys.End):
		l.Pages.Page = max(0, l.Pages.TotalPages-1)
		l.cursor = l.lastCursor()
	}
	l.cursor = min(max(l.cursor, 0), l.lastCursor())
}

// View draws the page's lines, padded to the page's height, and the
// pagination under them when there is more than one page.
func (l *ItemList) View() string {
	pagination := l.paginationView()
	content := lipgloss.NewStyle().Height(l.height - lipgloss.Height(pagination)).Render(l.pageView())
	return lipgloss.JoinVertical(lipgloss.Left, content, pagination)
}

func (l *ItemList) paginationView() string {
	if l.Pages.TotalPages < 2 {
		return ""
	}
	s := l.Pages.View()
	if ansi.StringWidth(s) > l.Width {
		// Dots wider than the list: the page's number instead.
		p := l.Pages
		p.Type = paginator.Arabic
		s = l.Arabic.Render(p.View())
	}
	style := *l.Pagination
	if style.GetMarginTop() == 0 {
		style = style.MarginTop(1)
	}
	return style.Render(s)
}

func (l *ItemList) pageView() string {
	if len(l.Items) == 0 {
		return l.noItems.Render("No items.")
	}
	var b strings.Builder
	start, end := l.Pages.GetSliceBounds(len(l.Items))
	for i := start; i < end; i++ {
		b.WriteString(l.d.Line(l, l.Items[i], i == l.Index()))
		if i != end-1 {
			b.WriteByte('\n')
		}
	}
	if n := l.Pages.ItemsOnPage(len(l.Items)); n < l.Pages.PerPage {
		b.WriteString(strings.Repeat("\n", l.Pages.PerPage-n))
	}
	return b.String()
}
