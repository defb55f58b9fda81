package quad

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// ResultReason implements game.Explainer: the completed square, the open
// quad that decided a game out of marks, or the blockers left.
func (s *State) ResultReason() string {
	if !s.over {
		return ""
	}
	x, o := s.Variant().RoleName(RoleX), s.Variant().RoleName(RoleO)
	score := fmt.Sprintf("%d–%d", s.goals[RoleX], s.goals[RoleO])
	if sq, ok := s.WinningSquare(); ok {
		if s.goals[RoleX] == 95 {
			return fmt.Sprintf("marks exhausted, %s has an open quad %s (%s empty): %s",
				x, joinPoints(sq[:3]), pointText(sq[3]), score)
		}
		winner := x
		if s.goals[RoleO] == game.MaxGoal {
			winner = o
		}
		return winner + " completes the square " + joinPoints(sq[:])
	}
	xb, ob := s.blockers[RoleX], s.blockers[RoleO]
	switch {
	case xb > ob:
		return fmt.Sprintf("marks exhausted, no open quad, %s has more blockers left (%d to %d): %s", x, xb, ob, score)
	case xb < ob:
		return fmt.Sprintf("marks exhausted, no open quad, %s has more blockers left (%d to %d): %s", o, ob, xb, score)
	}
	if xb == 0 {
		return "marks exhausted, no open quad, no blockers left: " + score
	}
	return fmt.Sprintf("marks exhausted, no open quad, blockers left equal (%d each): %s", xb, score)
}

func pointText(p Point) string { return fmt.Sprintf("r%dc%d", p.R, p.C) }

// joinPoints writes cells as players type them, joined by dashes.
func joinPoints(ps []Point) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = pointText(p)
	}
	return strings.Join(out, "–")
}
