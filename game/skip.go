package game

// Skipper is an optional interface for searches that need a role to pass
// control without acting even when it has a legal action (best-reply
// search lets only one opponent answer between two turns of the
// searcher). A skip is not a move of the game and never appears in play.
type Skipper interface {
	// Skip passes control to the next role as a pass would, keeping the
	// game's clock (a step counter) running. The state must not be
	// terminal.
	Skip()
}
