package tictacchess

// Skip implements game.Skipper: control passes to the next player and the
// step counter advances, exactly as a noop does, so a search that skips
// players still sees the game end at step 33. The turns of players who
// resigned are passed as well.
func (s *State) Skip() {
	s.hash ^= zobTurn[s.step] ^ zobTurn[s.step+1]
	s.step++
	if s.out != 0 {
		s.passRetired()
	}
}
