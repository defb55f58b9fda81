package ggp

import (
	"context"
	"errors"

	"github.com/tabletop/tabletop/game"
)

// What a Game Manager that plays turn by turn needs (the client, where
// people at the keyboard play the other seats and RunGame cannot wait
// for them): the same checks RunGame makes of a remote player's reply.

// LegalTexts returns the KIF texts of role r's legal moves in s, sorted:
// on a turn-taking turn a role not in control has "noop" alone.
func LegalTexts(s game.State, r game.Role) []string { return legalTexts(s, r, nil) }

// CheckMove accepts a remote player's reply (or the error of sending the
// message) when it is one of the legal moves, compared without case, and
// returns it as the game spells it; otherwise the fault says what was
// wrong, for a report and the record, and the caller plays another move.
func CheckMove(reply string, err error, legal []string) (string, Fault) {
	return checkMove(reply, err, legal)
}

// StartFault is the record's error of a start message that got no
// answer ("TO" or "CE"), "" when it got one.
func StartFault(err error) string {
	switch {
	case errors.Is(err, ErrNoReply), errors.Is(err, context.DeadlineExceeded):
		return CodeTimeout
	case errors.Is(err, ErrConnection):
		return CodeConnection
	}
	return ""
}
