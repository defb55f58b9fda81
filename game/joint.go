package game

// JointState is an optional capability of a State, for games where
// several roles may choose at the same time (simultaneous moves, as GDL
// allows). On such a turn ToMove returns NoRole, Legal returns nothing,
// and a caller that wants to play on asks each role's moves with LegalOf
// and plays them all at once with ApplyJoint. On turn-taking turns the
// State methods work as usual and ApplyJoint with each role's move does
// the same as Apply. It is asked of a State (s.(JointState)), as
// io.WriterTo is of a Writer, so it does not repeat State's methods.
type JointState interface {
	// LegalOf appends the legal moves of role r to buf and returns the
	// extended slice; a role whose only legal move is the pass gets Noop.
	// It returns buf unchanged in a terminal position.
	LegalOf(r Role, buf []Move) []Move

	// ApplyJoint plays moves[r] for every role r at once; each must be
	// legal for its role. It must not allocate.
	ApplyJoint(moves []Move)
}
