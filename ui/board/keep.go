package board

import (
	"slices"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/match"
)

// keptParts are the last frame's layout and body (the board block and
// the side panel side by side), kept across the messages that change
// only the move prompt's text: a key typed at the prompt, ":" opening it,
// ↑ and ↓ recalling an entry. Those messages leave everything the board
// block, the panel and the layout are drawn from as it was, so the frame
// after them draws its status and key bar and takes the rest as kept,
// without computing the board's cells, highlights, regions or the
// panel's inputs again (most of what a frame cost when only the prompt
// changed; a room's mover types three of the four frames of a move).
//
// They are good for the first frame after one or more messages the
// prompt took, and for nothing else: a message the prompt takes carries
// them from one count of the client's messages (common.Common.Updates)
// to the next (carry), any other message leaves them behind, and a
// frame drawn from them uses the carry up (a frame after no message at
// all, which only a test that sets the board's fields draws, is drawn
// whole). The window, the styles and the match's version are checked
// too, since a few changes reach the client without a message the board
// handles (a new colour profile, a match that moved on while another
// screen was in front).
type keptParts struct {
	has, carried bool
	updates      uint64
	version      uint64
	styles       *themes.Styles
	ascii        bool
	w, h         int
	// statusN and helpH are the lines of status and key bar the layout
	// was made for: the prompt's changes may change them.
	statusN, helpH int
	layout         boardLayout
	body           []string
}

// good reports whether the kept parts are those of the board as it is.
func (k *keptParts) good(b *BoardScreen) bool {
	c := b.Common
	return k.has && k.carried && k.updates == c.Updates && k.version == b.Match.Version() && k.styles == c.Styles &&
		k.ascii == c.ASCII && k.w == c.Width && k.h == c.Height
}

// keep keeps a frame's layout and body, drawn for the board as it is.
func (k *keptParts) keep(b *BoardScreen, statusN, helpH int, l boardLayout, body []string) {
	c := b.Common
	*k = keptParts{has: true, updates: c.Updates, version: b.Match.Version(), styles: c.Styles, ascii: c.ASCII,
		w: c.Width, h: c.Height, statusN: statusN, helpH: helpH, layout: l, body: body}
}

// carry keeps the parts good after the message being handled, which
// changed only the prompt's text: it is called while the client handles
// it, before the message is counted.
func (k *keptParts) carry(b *BoardScreen) {
	if k.has && k.updates == b.Common.Updates && k.version == b.Match.Version() {
		k.updates++
		k.carried = true
	}
}

// used says a frame was drawn from the kept parts.
func (k *keptParts) used() { k.carried = false }

// layoutFits returns the kept layout when it was made for statusN lines
// of status and helpH of key bar and is still good.
func (k *keptParts) layoutFits(b *BoardScreen, statusN, helpH int) (boardLayout, bool) {
	if !k.good(b) || k.statusN != statusN || k.helpH != helpH {
		return boardLayout{}, false
	}
	return k.layout, true
}

// sizeFits returns the kept layout when it is good and was made for
// helpH lines of key bar: its smallest window (needW, needH) does not
// depend on the status.
func (k *keptParts) sizeFits(b *BoardScreen, helpH int) (boardLayout, bool) {
	return k.layoutFits(b, k.statusN, helpH)
}

// historyLog is the move list last worked out (see BoardScreen.History)
// with what it was worked out from: a game that went on from the same
// start by more moves has only its new turns named, not every turn
// replayed from the start (two sessions of a room did that on each move,
// each replaying the whole game).
type historyLog struct {
	// start is the start it was played from, the match's own: compared
	// by identity (every game's State is a pointer).
	start game.State
	moves []game.Move // the moves played, in whole turns
	after game.State  // the position after them, the log's own
	list  []match.PlayedMove
}

// of is match.HistoryOf(start, moves).
func (h *historyLog) of(start game.State, moves []game.Move) []match.PlayedMove {
	if h.after == nil || start != h.start || len(moves) < len(h.moves) || !slices.Equal(moves[:len(h.moves)], h.moves) {
		*h = historyLog{start: start, after: start.Clone(), moves: h.moves[:0]}
	}
	// The list's elements before its length are never changed, so the
	// lists handed out before stay as they were.
	list, n := match.HistoryFrom(h.after, moves[len(h.moves):], h.list)
	h.list, h.moves = list, append(h.moves, moves[len(h.moves):len(h.moves)+n]...)
	return list
}
