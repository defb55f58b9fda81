package game

import "fmt"

// Checker is implemented by states that can say in the game's own words
// why a move is not legal now: "r3c4 is occupied by x", "it is time to
// rotate, not to place". A client that builds its moves with a game's
// constructors (quad.MarkMove, pentago.PlaceMove, tictacchess.MoveOf)
// rather than writing text for ParseMove to read back gets the same
// explanation through Check.
type Checker interface {
	// CheckMove returns nil when m is legal now for the role in
	// control, else why not; it agrees with IsLegal.
	CheckMove(m Move) error
}

// Check reports whether m is legal now for the role in control, and
// why not when it is not: ErrGameOver in a finished game, the game's
// own words where it has them (see Checker), else a plain refusal.
// IsLegal stays the authority: a move the game's words let through but
// IsLegal refuses is refused.
func Check(s State, m Move) error {
	if s.Terminal() {
		return ErrGameOver
	}
	if c, ok := s.(Checker); ok {
		if err := c.CheckMove(m); err != nil {
			return err
		}
	}
	if !s.IsLegal(m) {
		return fmt.Errorf("%s is not a legal move for %s now", s.FormatMove(m), s.Variant().RoleName(s.ToMove()))
	}
	return nil
}
