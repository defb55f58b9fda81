package pages

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
	"github.com/tabletop/tabletop/ui/match"
)

// The bundled rule sheets are games of the client in its tests too.
func init() { uitest.RegisterBundled() }

// newClient is the client ui.New(opts) is: the first screen opts ask for
// (First) in a common.Shell, neither started nor sized.
func newClient(opts common.Options) *common.Shell {
	c := common.NewCommon(opts)
	return common.NewShell(c, First(c))
}

// newTestClient returns a client sized w×h on the board of variant with
// every seat human.
func newTestClient(t testing.TB, variant string, w, h int) (*common.Shell, *board.BoardScreen) {
	t.Helper()
	v := uitest.MustVariant(t, variant)
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Start: common.Start{Variant: variant, Seats: uitest.HotSeat(v)}, Seed: 1, AIDelay: -1})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m, m.Cur.(*board.BoardScreen)
}

// lm is the board's local match.
func lm(b *board.BoardScreen) *match.LocalMatch { return match.LocalOf(b.Match) }

// waitWrites waits for the client's writes queued so far (saves, records,
// files) and gives the match their report, as the commands that report
// them would: a test reads the store or the match's word on it after.
func waitWrites(m *common.Shell) {
	m.C.IO.Wait()
	m.Update(match.KeptMsg{})
}

// TestMain keeps the tests away from the user's settings (see uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m) }

// rm is the board's room match, nil for a local game.
func rm(b *board.BoardScreen) *match.RoomMatch {
	r, _ := b.Match.(*match.RoomMatch)
	return r
}

// lastQuad is the quadrant the last move turned, as the board shows it:
// the overlay region marked as the last move's (Pentago's handles click
// 2q and 2q+1).
func lastQuad(b *board.BoardScreen) int {
	for _, g := range b.Regions(b.Recent()) {
		if g.Last {
			return g.Parts[0].Click / 2
		}
	}
	return 0
}
