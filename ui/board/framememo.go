package board

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ui/common"
)

// frameMemo keeps what drawing one frame of the board asks for several
// times — the layout (the frame, its cursor and the size check each ask
// for it), the size the screen needs, the key bar — while that frame is
// drawn: View is a pure function of the model, which cannot change
// during it. It stays good after the frame until the model is updated
// again (common.Common.Updates): the size check of the next message (is
// the screen hidden?) and a click's layout ask for the same things of
// the same model, and each key typed at the prompt laid the whole
// screen out again to answer it.
type frameMemo struct {
	frame, updates    uint64
	layout            boardLayout
	minW, minH        int
	help              string
	hasLayout, hasMin bool
	hasHelp           bool
	// keptLayout: the layout is the board's keptParts', made for
	// statusN lines of status and helpH of key bar.
	keptLayout     bool
	statusN, helpH int
	// status is the status line drawn for at most statusMax lines; it
	// has statusLines (see statusView).
	status                 string
	statusMax, statusLines int
	hasStatus              bool
	// field is the prompt's text field, fieldCursor the terminal's
	// cursor in it (see promptField).
	field       string
	fieldCursor *tea.Cursor
	hasField    bool
}

// frameMemoOf returns m for the frame c is drawing (emptied if it kept
// another frame's), or, outside View, m when it is the last frame's and
// the model has not been updated since; else nil.
func frameMemoOf(c *common.Common, m *frameMemo) *frameMemo {
	if !c.InView {
		if m.frame == c.Frame && m.updates == c.Updates && c.Frame != 0 {
			return m
		}
		return nil
	}
	if m.frame != c.Frame || m.updates != c.Updates {
		*m = frameMemo{frame: c.Frame, updates: c.Updates}
	}
	return m
}
