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
	a, b := NewMenu(newMenuCommon(), ""), NewMenu(newMenuCommon(), "")
	fresh := a.allItems(nil)
	if !slices.EqualFunc(a.List.Items, fresh, sameItem) || !slices.EqualFunc(b.List.Items, fresh, sameItem) {
		t.Fatalf("a menu's items differ from the items drawn fresh:\n%v\n%v", a.List.Items, fresh)
	}
	if &a.List.Items[0] != &b.List.Items[0] {
		t.Error("two menus alike each hold their own copy of the items")
	}
	a.List.RemoveItem(0)
	a.List.SetItems(append(a.List.Items, MenuItem{Title: "extra"}))
	if !slices.EqualFunc(b.List.Items, fresh, sameItem) {
		t.Errorf("one menu's change to its items reached another's:\n%v", b.List.Items)
	}
	if c := NewMenu(newMenuCommon(), ""); !slices.EqualFunc(c.List.Items, fresh, sameItem) {
		t.Errorf("a later menu's items are changed:\n%v", c.List.Items)
	}
}

// A menu with a saved game keeps its items to itself.
func TestMenuWithASaveKeepsItsOwnItems(t *testing.T) {
	m := NewMenu(newMenuCommon(), "")
	items := append([]MenuItem{{Title: "Continue", action: actContinue, save: &savefmt.SavedGame{}}}, m.allItems(nil)...)
	if got := shareItems(items, itemTexts(items)); &got[0] != &items[0] {
		t.Error("a menu with a saved game was given a shared copy")
	}
}
