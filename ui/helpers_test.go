package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
)

// The bundled rule sheets are games of the client in its tests too.
func init() { uitest.RegisterBundled() }

// newTestClient returns a client sized w×h on the board of variant with
// every seat human.
func newTestClient(t testing.TB, variant string, w, h int) (*Model, *board.BoardScreen) {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Start: common.Start{Variant: variant, Seats: uitest.HotSeat(v)}, Seed: 1, AIDelay: -1}).(*Model)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	b, ok := m.Cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("%s: first screen is %T, not the board", variant, m.Cur)
	}
	return m, b
}

// TestMain keeps the tests away from the user's settings (see uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m) }
