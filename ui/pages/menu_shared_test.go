package pages

import (
	"slices"
	"testing"

	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/common"
)

// newMenuCommon is the Common of a session with no files and no saves,
// as a server's guest has.
func newMenuCommon() *common.Common {
	return &common.Common{Styles: &themes.Styles{}, IO: common.NewIOQueue(), Width: 80, Height: 24, Opts: common.Options{Remote: true}}
}

// Two sessions with the same menu hold one copy of its items, equal to
// the items drawn fresh; a list's change to its items (a deleted line)
// is its own.
func TestMenusShareTheirItems(t *testing.T) {
	a, b := newMenu(newMenuCommon(), ""), newMenu(newMenuCommon(), "")
	fresh := a.allItems(nil)
	if !slices.EqualFunc(a.list.items, fresh, sameItem) || !slices.EqualFunc(b.list.items, fresh, sameItem) {
		t.Fatalf("a menu's items differ from the items drawn fresh:\n%v\n%v", a.list.items, fresh)
	}
	if &a.list.items[0] != &b.list.items[0] {
		t.Error("two menus alike each hold their own copy of the items")
	}
	a.list.removeItem(0)
	a.list.setItems(append(a.list.items, MenuItem{title: "extra"}))
	if !slices.EqualFunc(b.list.items, fresh, sameItem) {
		t.Errorf("one menu's change to its items reached another's:\n%v", b.list.items)
	}
	if c := newMenu(newMenuCommon(), ""); !slices.EqualFunc(c.list.items, fresh, sameItem) {
		t.Errorf("a later menu's items are changed:\n%v", c.list.items)
	}
}

// A menu with a saved game keeps its items to itself.
func TestMenuWithASaveKeepsItsOwnItems(t *testing.T) {
	m := newMenu(newMenuCommon(), "")
	items := append([]MenuItem{{title: "Continue", action: actContinue, save: &savefmt.SavedGame{}}}, m.allItems(nil)...)
	if got := shareItems(items, itemTexts(items)); &got[0] != &items[0] {
		t.Error("a menu with a saved game was given a shared copy")
	}
}
