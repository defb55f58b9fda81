package ui

import (
	"strings"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/match"

	"github.com/tabletop/tabletop/game"
)

// lm is the board's local match, nil in a room.
func lm(b *board.BoardScreen) *match.LocalMatch { return match.LocalOf(b.Match) }

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

// marks are the board's highlights as the next frame draws them.
func marks(b *board.BoardScreen) [][]board.CellFlags {
	rv := b.Recent()
	return b.Marks(rv, b.Regions(rv))
}

// regionClick is where a click on the region part whose click is id
// lands on the screen: the part's outer cell; ok is false when no region
// has it.
func regionClick(b *board.BoardScreen, l board.BoardLayout, id int) (x, y int, ok bool) {
	for _, g := range b.Regions(b.Recent()) {
		xs, ws := l.PartSpans(g)
		for i, p := range g.Parts {
			if p.Click != id {
				continue
			}
			x = xs[i]
			if i == len(g.Parts)-1 {
				x += ws[i] - 1
			}
			return l.BoardX + x, l.BoardY + l.OverlayY(g.Above), true
		}
	}
	return 0, 0, false
}

// pentagoChoice is what Pentago's overlay shows for position s and the
// cursor at cur, with the person to act: the quadrant shaded as picked
// and the one whose label is bracketed (a rotation key would turn it).
func pentagoChoice(vu adapters.VariantUI, s game.State, cur adapters.Pos) (picked, bracketed int) {
	for _, g := range vu.(adapters.Overlayer).Regions(s, adapters.OverlayView{Cursor: cur, Acting: true}) {
		q := g.Parts[0].Click / 2
		if g.Chosen {
			picked = q
		}
		if strings.HasPrefix(g.Parts[1].Text, "[") {
			bracketed = q
		}
	}
	return picked, bracketed
}

// waitWrites waits for the client's writes queued so far (saves, records,
// files) and gives the match their report, as the commands that report
// them would: a test reads the store or the match's word on it after.
func waitWrites(m *Model) {
	m.C.IO.Wait()
	m.Update(match.KeptMsg{})
}
