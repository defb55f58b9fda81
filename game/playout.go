package game

// Playout plays uniformly random legal moves on s until the game ends or
// maxPlies moves were made (maxPlies <= 0 means no limit), and returns the
// number of moves made. It does not allocate.
func Playout(s State, rng *Rand, maxPlies int) int {
	n := 0
	for !s.Terminal() && (maxPlies <= 0 || n < maxPlies) {
		s.Apply(s.RandomMove(rng))
		n++
	}
	return n
}
