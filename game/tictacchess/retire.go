package tictacchess

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// A player who resigns drops out and the others play on (game.Retirer):
// its pieces stay on the board (they may be captured), its turns are
// passed — each pass counts on the step counter, as every action does,
// so the game still ends at step 33 — and its goal is 0. The game also
// ends when one player is left, who scores 100.

// Retired reports whether role r has resigned and dropped out.
func (s *State) Retired(r game.Role) bool {
	return r >= 0 && r < Players && s.out&(1<<r) != 0
}

// retire takes role r out of the game; its turn passes at once when it is
// in control. The game must not be over.
func (s *State) retire(r game.Role) {
	if !s.Retired(r) && r >= 0 && r < Players {
		s.out |= 1 << r
		s.hash ^= zobOut[r]
	}
	s.passRetired()
}

// passRetired passes the turns of the players who dropped out until one
// still in the game is in control, or the game is over.
func (s *State) passRetired() {
	for !s.Terminal() && s.out&(1<<s.role()) != 0 {
		s.hash ^= zobTurn[s.step] ^ zobTurn[s.step+1]
		s.step++
	}
}

// retiredText is the resigned roles for a position string, "rb", or ""
// when nobody resigned.
func (s *State) retiredText() string {
	var b []byte
	for r := 0; r < Players; r++ {
		if s.out&(1<<r) != 0 {
			b = append(b, roleLetters[r])
		}
	}
	return string(b)
}

// retiredNames is the resigned roles in words, "yellow and green", or ""
// when nobody resigned.
func (s *State) retiredNames() string {
	var names []string
	for r := 0; r < Players; r++ {
		if s.out&(1<<r) != 0 {
			names = append(names, roleNames[r])
		}
	}
	return game.JoinAnd(names)
}

// lastStanding is the one player left in the game, or -1.
func (s *State) lastStanding() int {
	if bits.OnesCount8(s.out) != Players-1 {
		return -1
	}
	return bits.TrailingZeros8(^s.out)
}
