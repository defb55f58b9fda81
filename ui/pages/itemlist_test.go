package pages

import (
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/list"
	"charm.land/bubbles/v2/paginator"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/themes"
)

// bubblesItem and bubblesDelegate draw a bubbles list the way the menu
// drew it before itemList: the reference the menu must still match.
type bubblesItem struct{ MenuItem }

func (i bubblesItem) FilterValue() string { return i.title }

type bubblesDelegate struct{ d menuDelegate }

func (bubblesDelegate) Height() int                         { return 1 }
func (bubblesDelegate) Spacing() int                        { return 0 }
func (bubblesDelegate) Update(tea.Msg, *list.Model) tea.Cmd { return nil }
func (b bubblesDelegate) Render(w io.Writer, m list.Model, index int, it list.Item) {
	items := make([]MenuItem, 0, len(m.Items()))
	for _, x := range m.Items() {
		items = append(items, x.(bubblesItem).MenuItem)
	}
	l := &itemList{items: items, width: m.Width()}
	fmt.Fprint(w, b.d.line(l, it.(bubblesItem).MenuItem, index == m.Index()))
}

// settle counts a bubbles list's pages again until the count holds: a
// count takes the pagination's height from the count before it, so the
// list can be a count behind until its next window change (itemList
// counts until the count holds).
func settle(l *list.Model) {
	for range 3 {
		l.SetSize(l.Width(), l.Height())
	}
}

// The menu's and the game picker's lists draw and move exactly as the
// bubbles list they replace did with the same settings, over random
// sizes, item counts and keys (moves, pages, start and end, other keys),
// and window changes between them.
func TestItemListMatchesBubblesList(t *testing.T) {
	if uitest.Race {
		t.Skip("exhaustive comparison of pure drawing code: made by the plain run")
	}
	t.Parallel()
	c := &common.Common{Profile: colorprofile.ANSI256, Styles: themes.SharedStyles(themes.Default, false, colorprofile.ANSI256)}
	c.Cells = common.NewCellCache()
	d := menuDelegate{common: c}
	keys := []string{"j", "k", "up", "down", "left", "right", "h", "l", "a", "d", "b", "f", "u", "pgup", "pgdown", "home", "end", "g", "G", "x", "?", "/", "esc", "q"}
	rng := rand.New(rand.NewPCG(3, 4))
	for run := range 60 {
		menu := run%2 == 0
		var items []MenuItem
		var ref []list.Item
		for i := range 1 + rng.IntN(30) {
			mi := MenuItem{title: fmt.Sprintf("Item %d", i), desc: fmt.Sprintf("what item %d does, at some length", i)}
			items = append(items, mi)
			ref = append(ref, bubblesItem{mi})
		}
		w, h := 10+rng.IntN(90), 1+rng.IntN(30)
		ours := newItemList(items, d, w, h)
		theirs := list.New(ref, bubblesDelegate{d}, w, h)
		ours.keys.up, ours.keys.down = common.KeyUp, common.KeyDown
		theirs.KeyMap.CursorUp, theirs.KeyMap.CursorDown = common.KeyUp, common.KeyDown
		if menu {
			// As newMenu set its list up, and then sized it.
			theirs.SetShowHelp(false)
			theirs.SetShowTitle(false)
			theirs.SetShowStatusBar(false)
			theirs.SetFilteringEnabled(false)
			theirs.DisableQuitKeybindings()
			ours.pages.Type, theirs.Paginator.Type = paginator.Arabic, paginator.Arabic
			ours.arabic, theirs.Styles.ArabicPagination = &c.Styles.Muted, c.Styles.Muted
			ours.pagination, theirs.Styles.PaginationStyle = &menuPagination, c.Styles.Base().PaddingLeft(2)
			next := common.Bind([]string{"right", "l", "d", "pgdown"}, "→", "next page")
			prev := common.Bind([]string{"left", "h", "a", "pgup"}, "←", "prev page")
			ours.keys.nextPage, theirs.KeyMap.NextPage = next, next
			ours.keys.prevPage, theirs.KeyMap.PrevPage = prev, prev
			ours.setSize(w, h)
			theirs.SetSize(w, h)
		} else {
			// As newVariantPicker set its list up.
			theirs.SetShowTitle(false)
			theirs.SetShowStatusBar(false)
			theirs.SetFilteringEnabled(false)
			theirs.SetShowHelp(false)
			theirs.DisableQuitKeybindings()
		}
		settle(&theirs)
		for step := range 40 {
			what := keys[rng.IntN(len(keys))]
			if rng.IntN(8) == 0 {
				w, h = 10+rng.IntN(90), 1+rng.IntN(30)
				ours.setSize(w, h)
				theirs.SetSize(w, h)
				settle(&theirs)
				what = fmt.Sprintf("size %d×%d", w, h)
			} else {
				msg := uitest.Key(what)
				ours.Update(msg)
				// The menu takes ? (its help) before the list.
				if k := theirs.KeyMap; !key.Matches(msg, k.Quit, k.ForceQuit) && !(menu && what == "?") {
					theirs, _ = theirs.Update(msg)
					settle(&theirs)
				}
			}
			if ours.Index() != theirs.Index() || ours.View() != theirs.View() {
				t.Fatalf("run %d (menu %v, %d items) step %d (%s): index %d, want %d; view\n%q\nwant\n%q",
					run, menu, len(items), step, what, ours.Index(), theirs.Index(), ours.View(), theirs.View())
			}
		}
	}
}

// The heading, drawn once per theme colours for every session, is what
// each session's styles draw, in every theme, glyph set and profile.
func TestHeadingMatchesFresh(t *testing.T) {
	t.Parallel()
	for _, th := range themes.All {
		for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.ASCII} {
			for _, ascii := range []bool{false, true} {
				st := themes.SharedStyles(th, ascii, p)
				want := st.Title.Render(" tabletop") + "\n" + st.Muted.Render(" abstract strategy games in your terminal") + "\n\n"
				if got := heading(st); got != want {
					t.Errorf("%s %v ascii=%v: %q, want %q", th.Name, p, ascii, got, want)
				}
			}
		}
	}
}

// The menu's note, drawn once per text for every session, is what each
// session's styles draw: a status, a description cut in the list, none.
func TestMenuNoteMatchesFresh(t *testing.T) {
	t.Parallel()
	for _, th := range themes.All {
		for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI} {
			st := themes.SharedStyles(th, false, p)
			m := &menuScreen{common: &common.Common{Styles: st, Width: 30, Height: 24}}
			m.list = newItemList([]MenuItem{{title: "Go", desc: "a very long description that the list cuts at thirty columns"}}, menuDelegate{common: m.common}, 28, 10)
			wantDesc := st.Muted.Render(" a very long description that") + "\n" + st.Muted.Render(" the list cuts at thirty") + "\n"
			if got := m.noteView(); got != wantDesc {
				t.Errorf("%s %v: description note %q, want %q", th.Name, p, got, wantDesc)
			}
			m.status = "could not delete"
			if got, want := m.noteView(), st.Error.Render(" could not delete")+"\n\n"; got != want {
				t.Errorf("%s %v: status note %q, want %q", th.Name, p, got, want)
			}
		}
	}
}
