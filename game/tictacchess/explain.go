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
	// The winners are those with the best goal, which caps at 99 (ten
	// pieces), so the words agree with the result beside them.
	counts := make([]string, Players)
	for r := range Players {
		counts[r] = fmt.Sprintf("%s %d", Variant.RoleName(game.Role(r)), s.Pieces(game.Role(r)))
	}
	var top []string
	for _, r := range game.Winners(s) {
		top = append(top, Variant.RoleName(r))
	}
	switch len(top) {
	case 1:
		return fmt.Sprintf("step %d: %s has most pieces (%s)", LastStep, top[0], strings.Join(counts, ", "))
	case Players:
		return fmt.Sprintf("step %d: nobody has more pieces (%s)", LastStep, strings.Join(counts, ", "))
	}
	who := strings.Join(top[:len(top)-1], ", ") + " and " + top[len(top)-1]
	return fmt.Sprintf("step %d: %s have most pieces (%s)", LastStep, who, strings.Join(counts, ", "))
}
