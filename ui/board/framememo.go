package board

import (
	"github.com/tabletop/tabletop/ui/common"
)

// frameMemo keeps what drawing one frame of the board asks for several
// times — the layout (the frame, its cursor and the size check each ask
// for it), the size the screen needs, the key bar — while that frame is
// drawn: View is a pure function of the model, which cannot change
// during it. Nothing is kept from one frame to the next.
type frameMemo struct {
	frame             uint64
	layout            boardLayout
	minW, minH        int
	help              string
	hasLayout, hasMin bool
	hasHelp           bool
}

// frameMemoOf returns m for the frame c is drawing (emptied if it kept
// another frame's), or nil outside View.
func frameMemoOf(c *common.Common, m *frameMemo) *frameMemo {
	if !c.InView {
		return nil
	}
	if m.frame != c.Frame {
		*m = frameMemo{frame: c.Frame}
	}
	return m
}
