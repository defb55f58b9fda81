package game

// Opener is an optional interface for states whose game carries an
// opening book: a turn chosen offline for the position by a deeper search
// than the levels can afford while playing (Pentago's first turns). The
// AI's hard and max levels play it without searching.
type Opener interface {
	// OpeningTurn returns the book's turn for this position, every action
	// of the mover's turn in order, with the expected goal (0–100) of the
	// mover the search that chose it found; ok is false when the position
	// is not in the book.
	OpeningTurn() (turn []Move, score float64, ok bool)
}
