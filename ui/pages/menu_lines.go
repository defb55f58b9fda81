package pages

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tabletop/tabletop/ui/common"
)

// menuLineKey is everything a drawn menu line depends on. The text,
// muted and accent styles are made from these theme colours in the
// styles' palette (themes.Styles.Palette), so two sessions with equal
// keys draw the same bytes.
type menuLineKey struct {
	style                 common.MenuStyleKey
	title, desc           string
	titleWidth, descWidth int
	width                 int
	selected              bool
}

// menuLineCacheMax bounds the shared cache; past it the cache starts
// again, so a stream of odd window widths cannot grow it for good.
const menuLineCacheMax = 4096

// MenuLines is the menu's drawn lines, shared by every session of the
// process: most sessions sit on the same menu in a few themes and
// widths, and styling each line with lipgloss on every frame was most
// of a keypress's cost. It is a pure memo of drawMenuLine.
var MenuLines = common.NewDrawnSet[menuLineKey](menuLineCacheMax)

// menuLine returns drawMenuLine(d.C.St, k), from the shared cache when
// drawn before.
func (d MenuDelegate) menuLine(k menuLineKey) string {
	return MenuLines.Get(k, func() string { return d.drawMenuLine(k) })
}

// drawMenuLine draws one item: the cursor, the title padded to the
// longest, and the description cut to its room.
func (d MenuDelegate) drawMenuLine(k menuLineKey) string {
	st := d.Common.Styles
	cursor, title := "  ", st.Text.Render(common.PadRight(k.title, k.titleWidth))
	if k.selected {
		cursor = st.Accent.Render("> ")
		title = st.Accent.Render(common.PadRight(k.title, k.titleWidth))
	}
	// A description that does not fit ends in "…", so it reads as cut.
	desc := common.Ellipsis(k.desc, k.descWidth)
	line := cursor + title + " " + st.Muted.Render(desc)
	return common.CutANSI(line, k.width)
}

// lineKey is the key of item drawn in list l.
func (d MenuDelegate) lineKey(l *ItemList, item MenuItem, selected bool) menuLineKey {
	return menuLineKey{
		style: common.StyleKeyOf(d.Common),
		title: item.Title, desc: item.Desc,
		titleWidth: titleWidth(l), descWidth: descWidth(l),
		width: l.Width, selected: selected,
	}
}

// titleWidth is the width of the list's longest title.
func titleWidth(l *ItemList) int {
	tw := 0
	for _, mi := range l.Items {
		tw = max(tw, utf8.RuneCountInString(mi.Title))
	}
	return tw
}

// menuPart names a piece of the menu's frame kept in MenuParts.
type menuPart int

const (
	partHelp     menuPart = iota // the help bubble's view, for its height
	partHelpView                 // the help as drawn under the menu
	partList                     // the list, fitted to its room
)

// menuPartKey is everything one part of the menu's frame depends on.
// items is the menu's titles and descriptions (MenuScreen.items), and
// the list fields are its cursor and pages: equal keys draw equal parts.
type menuPartKey struct {
	style            common.MenuStyleKey
	part             menuPart
	width, height    int
	showAll, hasSave bool
	listStyle        common.MenuStyleKey
	items            string
	listWidth        int
	listHeight       int
	index, page      int
	perPage, pages   int
}

// MenuParts is the menu's help and list as drawn, shared by every
// session: the bubbles help and list re-render all of their text on
// each frame, while the menus of most sessions are alike. A pure memo.
var MenuParts = common.NewDrawnSet[menuPartKey](common.MenuPartsMax)

// menuPartOf returns draw(), from the shared cache when drawn before
// under k. draw runs under the cache's lock, so it must not take it again.
func menuPartOf(k menuPartKey, draw func() string) string {
	return MenuParts.Get(k, draw)
}

// menuItemTexts keeps one copy of each distinct items string, so that
// sessions with the same menu share it rather than each holding its own.
var menuItemTexts = common.NewDrawnSet[string](common.MenuPartsMax)

// itemTexts is every title and description of items, one string that
// names what the list draws; equal menus get the same shared string.
func itemTexts(items []MenuItem) string {
	var b strings.Builder
	for _, mi := range items {
		b.WriteString(mi.Title)
		b.WriteByte(0)
		b.WriteString(mi.Desc)
		b.WriteByte(0)
	}
	s := b.String()
	return menuItemTexts.Get(s, func() string { return s })
}

// sharedItems keeps one copy of each distinct menu without saved games,
// by its itemTexts: most sessions of a server see the same menu, and
// each would otherwise hold its own slice of it (a couple of kilobytes).
var sharedItems = struct {
	sync.Mutex
	m map[string][]MenuItem
}{m: map[string][]MenuItem{}}

// sameItem reports whether a and b, neither a saved game (no data), are
// the same line.
func sameItem(a, b MenuItem) bool {
	return a.Title == b.Title && a.Desc == b.Desc && a.action == b.action && a.variant == b.variant &&
		a.save == b.save && a.slot == b.slot && a.problem == b.problem
}

// sharedItemsMax bounds sharedItems: one menu per set of services and
// games a session can have, far fewer than this.
const sharedItemsMax = 64

// shareItems returns the kept copy of items (whose itemTexts is texts)
// when one equal to it is kept, else items, kept when it holds no saved
// game (a saved game is one session's own). The copy is full to its
// capacity, so an append to it never writes into the shared array.
func shareItems(items []MenuItem, texts string) []MenuItem {
	for _, mi := range items {
		if mi.save != nil || mi.data != nil {
			return items
		}
	}
	sharedItems.Lock()
	defer sharedItems.Unlock()
	if kept, ok := sharedItems.m[texts]; ok && slices.EqualFunc(kept, items, sameItem) {
		return kept
	}
	if len(sharedItems.m) >= sharedItemsMax {
		clear(sharedItems.m)
	}
	kept := slices.Clip(slices.Clone(items))
	sharedItems.m[texts] = kept
	return kept
}
