package store

import (
	"context"
	"errors"
)

// RecordGame implements Store.
func (e *engine) RecordGame(ctx context.Context, g Game) (string, error) {
	if g.Variant == "" || len(g.Players) == 0 {
		return "", errors.New("store: a game record needs its variant and players")
	}
	id := newGameID()
	r := Room{Variant: g.Variant, Start: g.Start, Moves: g.Moves, Created: g.Created}
	if r.Moves == nil {
		r.Moves = []string{} // JSON [] rather than null
	}
	f := Finish{Result: g.Result, Reason: g.Reason, At: g.Finished}
	err := e.write(ctx, func(t tx) (Event, error) {
		return Event{}, insertGame(ctx, t, id, r, false, g.Players, f)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}
