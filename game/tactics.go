package game

// Tactics is an optional interface for states that can tell a search which
// actions matter, cheaply and without allocating: the search then extends
// forced lines past its horizon (a quiescence search) and skips actions that
// cannot help. A game that does not implement it is searched over Legal.
type Tactics interface {
	// Forcing appends to buf the actions the role in control must choose
	// among, and returns the extended slice: a single action that wins at
	// once, if there is one; otherwise, when an opponent threatens to win
	// with its next action, the actions that may still stop every such
	// threat (all of them lose if none can). It returns buf unchanged when
	// nothing is forced. Every action it lists is legal.
	Forcing(buf []Move) []Move

	// Candidates appends to buf the legal actions worth searching when
	// nothing is forced: every action that may end the turn, and those
	// actions that keep control (Quad's blocks) that may matter.
	Candidates(buf []Move) []Move
}
