// Package ui is the Bubble Tea client of tabletop: the menu, match setup,
// the board screens of every game, rules, saving, and shared rooms.
//
// ui never decides a rule: legality, targets and results come from the
// game package, moves from the ai package. No style is global: each
// client draws in its own theme, in full colour, and its Bubble Tea
// program downsamples the colours for its terminal, so one process can
// serve many terminals.
package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// Model is the root model: a common.Shell on the first screen the
// options ask for.
type Model = common.Shell

// New returns the client for one terminal.
func New(opts common.Options) tea.Model {
	c := common.NewCommon(opts)
	return common.NewShell(c, firstScreen(c))
}

// firstScreen honours Options.Start; any problem lands on the menu with
// the error shown.
func firstScreen(c *common.Common) common.Screen {
	st := c.Opts.Start
	switch {
	case st.Join != "":
		if c.Opts.Lobby == nil {
			return pages.NewMenu(c, "no server: cannot join room "+st.Join)
		}
		room, err := c.Opts.Lobby.Join(c.Opts.Player, st.Join)
		if err != nil {
			return pages.NewMenu(c, "join "+st.Join+": "+err.Error())
		}
		return pages.NewRoomBoard(c, room)
	case st.Load != "":
		if c.Opts.Remote {
			return pages.NewMenu(c, "loading files is not available here")
		}
		data, err := os.ReadFile(st.Load)
		if err != nil {
			return pages.NewMenu(c, "load: "+err.Error())
		}
		sv, err := savefmt.ParseSave(data)
		if errors.Is(err, savefmt.ErrSheetNotLoaded) {
			return pages.LoadSaveSheet(c, st.Load, sv.Sheet, data)
		}
		if err != nil {
			return pages.NewMenu(c, "load "+filepath.Base(st.Load)+": "+err.Error())
		}
		b, err := board.BoardFromSave(c, sv)
		if err != nil {
			return pages.NewMenu(c, "load "+filepath.Base(st.Load)+": "+err.Error())
		}
		return b
	case st.Game != nil:
		if c.Opts.Remote {
			return pages.NewMenu(c, "loading files is not available here")
		}
		b, err := board.BoardFromSave(c, *st.Game)
		if err != nil {
			return pages.NewMenu(c, "open: "+err.Error())
		}
		if !b.Reviewing() {
			// A match that stopped early is a record to look at first;
			// esc goes on with it.
			b.ShowReview(len(b.History()))
		}
		return b
	case st.Sheet != "" && !c.Opts.Remote:
		return pages.NewSheetLoad(c, st.Sheet, "", func(v *game.Variant) (common.Screen, error) { return startBoard(c, v, st) })
	case st.Variant != "":
		v, err := game.Lookup(st.Variant)
		if err != nil {
			return pages.NewMenu(c, err.Error())
		}
		b, err := startBoard(c, v, st)
		if err != nil {
			return pages.NewMenu(c, err.Error())
		}
		return b
	}
	return pages.NewMenu(c, "")
}

// startBoard opens a new game of v with the seats and position st asks
// for.
func startBoard(c *common.Common, v *game.Variant, st common.Start) (common.Screen, error) {
	seats := common.DefaultSeats(c, v)
	for role, sc := range st.Seats {
		i := v.RoleIndexFold(role)
		if i == game.NoRole {
			return nil, fmt.Errorf("%s has no role %q (roles: %s)", v.Name, role, strings.Join(v.Roles, ", "))
		}
		seats[i] = sc
	}
	if c.Opts.NoAIOnlyGames && common.AIOnly(seats) {
		return nil, errors.New(common.NoAIOnlyGame)
	}
	return board.NewBoard(c, v, st.Position, seats)
}
