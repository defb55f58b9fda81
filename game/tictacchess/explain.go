package tictacchess

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// ResultReason implements game.Explainer: the centre line that won, or
// who had most pieces when the game ran out of steps.
func (s *State) ResultReason() string {
	if !s.Terminal() {
		return ""
	}
	if line, owner, ok := s.CentreLine(); ok {
		cells := make([]string, len(line))
		for i, p := range line {
			cells[i] = fmt.Sprintf("%d%d", p.X, p.Y)
		}
		return Variant.RoleName(owner) + " has three in a row in the centre: " + strings.Join(cells, "–")
	}
	if last := s.lastStanding(); last >= 0 {
		return s.retiredNames() + " resigned: " + roleNames[last] + " is the last player in the game"
	}
	// The winners are those with the best goal, which caps at 99 (ten
	// pieces), so the words agree with the result beside them.
	var counts []string
	for r := range Players {
		if !s.Retired(game.Role(r)) {
			counts = append(counts, fmt.Sprintf("%s %d", Variant.RoleName(game.Role(r)), s.Pieces(game.Role(r))))
		}
	}
	var top []string
	for _, r := range game.Winners(s) {
		top = append(top, Variant.RoleName(r))
	}
	var why string
	switch len(top) {
	case 1:
		why = fmt.Sprintf("step %d: %s has most pieces (%s)", LastStep, top[0], strings.Join(counts, ", "))
	case len(counts):
		why = fmt.Sprintf("step %d: nobody has more pieces (%s)", LastStep, strings.Join(counts, ", "))
	default:
		why = fmt.Sprintf("step %d: %s have most pieces (%s)", LastStep, game.JoinAnd(top), strings.Join(counts, ", "))
	}
	if out := s.retiredNames(); out != "" {
		why += "; " + out + " resigned"
	}
	return why
}
