package pages

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
)

// First is the client's first screen, as Options.Start asks; any
// problem lands on the menu with the error shown.
func First(c *common.Common) common.Screen {
	s := first(c)
	if menu, ok := s.(*menuScreen); ok {
		menu.readSavesNow() // not in Update: the program does not run yet
	}
	return s
}

// first is the screen First shows.
func first(c *common.Common) common.Screen {
	st := c.Opts.Start
	switch {
	case st.Join != "":
		if c.Opts.Lobby == nil {
			return newMenu(c, "no server: cannot join room "+st.Join)
		}
		return joinAtStart(c, st.Join)
	case st.Load != "":
		if c.Opts.Remote {
			return newMenu(c, "loading files is not available here")
		}
		data, err := os.ReadFile(st.Load)
		if err != nil {
			return newMenu(c, "load: "+err.Error())
		}
		sv, err := savefmt.ParseSave(data)
		if errors.Is(err, savefmt.ErrSheetNotLoaded) {
			return loadSaveSheet(c, st.Load, sv.Sheet, data)
		}
		if err != nil {
			return newMenu(c, "load "+filepath.Base(st.Load)+": "+err.Error())
		}
		b, err := board.BoardFromSave(c, sv)
		if err != nil {
			return newMenu(c, "load "+filepath.Base(st.Load)+": "+err.Error())
		}
		return b
	case st.Game != nil:
		if c.Opts.Remote {
			return newMenu(c, "loading files is not available here")
		}
		b, err := board.BoardFromSave(c, *st.Game)
		if err != nil {
			return newMenu(c, "open: "+err.Error())
		}
		if !b.Reviewing() {
			// A match that stopped early is a record to look at first;
			// esc goes on with it.
			b.ShowReview(len(b.History()))
		}
		return b
	case st.Sheet != "" && !c.Opts.Remote:
		return newSheetLoad(c, st.Sheet, "", func(v *game.Variant) (common.Screen, error) {
			b, err := board.Start(c, v, st)
			if err != nil {
				return nil, err // not a nil *BoardScreen in the interface
			}
			return b, nil
		})
	case st.Variant != "":
		v, err := game.Lookup(st.Variant)
		if err != nil {
			return newMenu(c, err.Error())
		}
		b, err := board.Start(c, v, st)
		if err != nil {
			return newMenu(c, err.Error())
		}
		return b
	}
	return newMenu(c, "")
}
