package board

import (
	"hash/maphash"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/common"
)

// sharedPanels keeps the side panels drawn by every session: after a
// move in a room each of its players and watchers draws the panel of the
// same position, moves, seats and size, which is the costliest part of
// the frame (its move list, seats and border) and the same for all.
var sharedPanels = common.NewDrawnSet[sharedPanelKey](sharedPanelsMax)

// sharedPanelsMax bounds sharedPanels: panels of a few kilobytes, more
// than the rooms a server holds change in a second.
const sharedPanelsMax = 4096

// sharedPanelKey is what a panel is drawn from across sessions: the
// styles (one per theme, glyphs and colour profile), the game, the
// panel's inputs with the match's version (a count of this client's
// own) replaced by what it stands for, the game's start and moves
// (moves, a 64-bit hash of them), and the end buttons' labels.
type sharedPanelKey struct {
	st      *themes.Styles
	v       *game.Variant
	in      panelInputs
	moves   uint64
	buttons string
}

// sharedKey is the sharedPanelKey of the panel drawn from in in layout l.
func (sp sidePanel) sharedKey(in panelInputs, l boardLayout) sharedPanelKey {
	b := sp.b
	in.version = 0
	k := sharedPanelKey{st: b.Common.Styles, v: b.variant, in: in}
	var h maphash.Hash
	h.SetSeed(panelSeed)
	start, _ := b.Match.Replay()
	h.WriteString(start.String())
	for _, m := range b.History() {
		h.WriteByte(0)
		h.WriteString(m.Mover)
		h.WriteByte(1)
		h.WriteString(m.Text)
		if m.Resign {
			h.WriteByte(2)
		}
	}
	// The position shown, which a move on its way is part of.
	h.WriteByte(3)
	h.WriteString(b.Game().String())
	k.moves = h.Sum64()
	for _, bt := range l.Buttons {
		k.buttons += bt.label + "\x00"
	}
	return k
}

// panelSeed is the process's seed of sharedPanelKey's hashes.
var panelSeed = maphash.MakeSeed()
