package ui

import (
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/list"
	"github.com/muesli/termenv"
)

// menuLineKey is everything a drawn menu line depends on. The text,
// muted and accent styles are made from these theme colours converted
// to the terminal's profile (themes.NewStyles), so two sessions with
// equal keys draw the same bytes.
type menuLineKey struct {
	profile               termenv.Profile
	mono                  bool
	text, muted, accent   string
	title, desc           string
	titleWidth, descWidth int
	width                 int
	selected              bool
}

// menuLineCacheMax bounds the shared cache; past it the cache starts
// again, so a stream of odd window widths cannot grow it for good.
const menuLineCacheMax = 4096

// menuLines is the menu's drawn lines, shared by every session of the
// process: most sessions sit on the same menu in a few themes and
// widths, and styling each line with lipgloss on every frame was most
// of a keypress's cost. It is a pure memo of drawMenuLine.
var menuLines = struct {
	sync.Mutex
	m map[menuLineKey]string
}{m: map[menuLineKey]string{}}

// menuLine returns drawMenuLine(d.c.st, k), from the shared cache when
// drawn before.
func (d menuDelegate) menuLine(k menuLineKey) string {
	menuLines.Lock()
	defer menuLines.Unlock()
	if s, ok := menuLines.m[k]; ok {
		return s
	}
	if len(menuLines.m) >= menuLineCacheMax {
		clear(menuLines.m)
	}
	s := d.drawMenuLine(k)
	menuLines.m[k] = s
	return s
}

// drawMenuLine draws one item: the cursor, the title padded to the
// longest, and the description cut to its room.
func (d menuDelegate) drawMenuLine(k menuLineKey) string {
	st := d.c.st
	cursor, title := "  ", st.Text.Render(padRight(k.title, k.titleWidth))
	if k.selected {
		cursor = st.Accent.Render("> ")
		title = st.Accent.Render(padRight(k.title, k.titleWidth))
	}
	// A description that does not fit ends in "…", so it reads as cut.
	desc := ellipsis(k.desc, k.descWidth)
	line := cursor + title + " " + st.Muted.Render(desc)
	return cutANSI(line, k.width)
}

// lineKey is the key of item drawn in list m.
func (d menuDelegate) lineKey(m list.Model, item menuItem, selected bool) menuLineKey {
	t := d.c.st.Theme
	return menuLineKey{
		profile: d.c.r.ColorProfile(), mono: t.Mono,
		text: t.Text, muted: t.Muted, accent: t.Accent,
		title: item.title, desc: item.desc,
		titleWidth: titleWidth(m), descWidth: descWidth(m),
		width: m.Width(), selected: selected,
	}
}

// titleWidth is the width of the list's longest title.
func titleWidth(m list.Model) int {
	tw := 0
	for _, it := range m.Items() {
		if mi, ok := it.(menuItem); ok {
			tw = max(tw, utf8.RuneCountInString(mi.title))
		}
	}
	return tw
}
