package pentago

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// ResultReason implements game.Explainer: the five in a row that won
// (in the QXY cells players type), both fives for a draw, or a full
// board without one.
func (s *State) ResultReason() string {
	v := s.Variant()
	switch s.status {
	case redWins, blackWins:
		w := s.Winner()
		for _, line := range s.WinningLines() {
			if s.owner(line[0]) == w {
				return v.RoleName(w) + " makes five in a row: " + lineText(line)
			}
		}
		return v.RoleName(w) + " makes five in a row"
	case draw:
		if hasLine(s.stones[0]) && hasLine(s.stones[1]) {
			return "both made five: draw"
		}
		return "the board is full and nobody made five: draw"
	}
	return ""
}

// owner returns the role whose stone is on sq, NoRole when it is empty.
func (s *State) owner(sq Square) game.Role {
	switch s.At(sq.Row, sq.Col) {
	case Red:
		return RoleRed
	case Black:
		return RoleBlack
	}
	return game.NoRole
}

// lineText writes the cells of a line as QXY, joined by dashes.
func lineText(line [5]Square) string {
	out := make([]string, len(line))
	for i, sq := range line {
		q, x, y := CellQXY(sq.Row, sq.Col)
		out[i] = fmt.Sprintf("%d%d%d", q, x, y)
	}
	return strings.Join(out, "–")
}
