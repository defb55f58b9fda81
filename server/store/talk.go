package store

import (
	"context"
	"errors"
	"slices"
	"time"
)

// TalkStore keeps what a room's players settle besides their moves: the
// offer waiting for an answer, a takeback, and the chat. Each write moves
// the room's version and sends its event, so that other nodes reload the
// room.
type TalkStore interface {
	// SetOffer writes the room's offer if the room is still at version
	// (else a *ConflictError), also once its game is over (a rematch is
	// offered then), not once it is quarantined (ErrClosed). It returns
	// the new version. AppendMove clears the offer.
	SetOffer(ctx context.Context, code string, version int64, offer string) (int64, error)
	// TakeBack keeps the room's first keep moves and drops the rest, if
	// the room is at version (else a *ConflictError; ErrClosed once
	// over); the turn's clock runs from at (zero: none). It clears the
	// offer and returns the new version.
	TakeBack(ctx context.Context, code string, version int64, keep int, at time.Time) (int64, error)
	// AddChat adds a line to the room's chat (also once its game is
	// over) and returns the room's new version.
	AddChat(ctx context.Context, code string, line ChatLine) (int64, error)
}

// ProfileStore reads a player's page: their rating over time and their
// record against another player. (Their recent games are History's.)
type ProfileStore interface {
	// RatingHistory returns the player's rating after each of their
	// latest limit rated games of variant (limit <= 0: 100), oldest
	// first.
	RatingHistory(ctx context.Context, fingerprint, variant string, limit int) ([]RatingPoint, error)
	// Versus counts the finished games between the two key holders by
	// the first one's result: a higher goal than the other's wins. Games
	// aborted or abandoned count for nothing.
	Versus(ctx context.Context, fingerprint, other string) (Tally, error)
}

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	Game   string // the game's ID
	Rating float64
	At     time.Time
}

// Tally is a player's record against another.
type Tally struct {
	Wins, Losses, Draws int
}

// SetOffer implements TalkStore.
func (e *engine) SetOffer(ctx context.Context, code string, version int64, offer string) (int64, error) {
	var next int64
	err := e.write(ctx, func(t tx) (Event, error) {
		var moves int64
		err := t.queryRow(ctx, `UPDATE rooms SET offer = $3, version = version + 1, updated_ms = $4
			WHERE code = $1 AND version = $2 AND status <> 'quarantined'
			RETURNING version, move_count`, code, version, offer, ms(time.Now())).Scan(&next, &moves)
		if errors.Is(err, errNoRows) {
			err = whyNot(ctx, t, code, "version", version)
			if errors.Is(err, ErrClosed) && !quarantined(ctx, t, code) {
				// whyNot says closed for a finished room, where offers
				// are still made: it lost the version's compare-and-set.
				err = &ConflictError{Room: code, What: "version", Want: version}
			}
			return Event{}, err
		} else if err != nil {
			return Event{}, err
		}
		return Event{Room: code, Moves: int(moves), Version: next}, nil
	})
	return next, err
}

// quarantined reports whether the room is quarantined.
func quarantined(ctx context.Context, t tx, code string) bool {
	var status string
	err := t.queryRow(ctx, `SELECT status FROM rooms WHERE code = $1`, code).Scan(&status)
	return err == nil && status == string(StatusQuarantined)
}

// TakeBack implements TalkStore.
func (e *engine) TakeBack(ctx context.Context, code string, version int64, keep int, at time.Time) (int64, error) {
	var next int64
	err := e.write(ctx, func(t tx) (Event, error) {
		if keep < 0 {
			return Event{}, errors.New("store: a takeback keeps no fewer than no moves")
		}
		err := t.queryRow(ctx, `UPDATE rooms SET move_count = $3, version = version + 1, offer = '',
			turn_started_ms = $4, updated_ms = $5
			WHERE code = $1 AND version = $2 AND move_count >= $3 AND status IN ('waiting', 'playing')
			RETURNING version`, code, version, keep, ms(at), ms(time.Now())).Scan(&next)
		if errors.Is(err, errNoRows) {
			return Event{}, whyNot(ctx, t, code, "version", version)
		} else if err != nil {
			return Event{}, err
		}
		if _, err := t.exec(ctx, `DELETE FROM moves WHERE room_code = $1 AND ply >= $2`, code, keep); err != nil {
			return Event{}, err
		}
		return Event{Room: code, Moves: keep, Version: next}, nil
	})
	return next, err
}

// AddChat implements TalkStore.
func (e *engine) AddChat(ctx context.Context, code string, line ChatLine) (int64, error) {
	var next int64
	err := e.write(ctx, func(t tx) (Event, error) {
		var moves int64
		err := t.queryRow(ctx, `UPDATE rooms SET version = version + 1 WHERE code = $1 AND status <> 'quarantined'
			RETURNING version, move_count`, code).Scan(&next, &moves)
		if err != nil {
			return Event{}, notFound(err, ErrNoRoom)
		}
		if _, err := t.exec(ctx, `INSERT INTO chat (room_code, n, seat, name, text, at_ms) VALUES ($1, $2, $3, $4, $5, $6)`,
			code, next, line.Seat, line.Name, line.Text, ms(line.At)); err != nil {
			return Event{}, err
		}
		return Event{Room: code, Moves: int(moves), Version: next}, nil
	})
	return next, err
}

// loadChat reads a room's latest ChatKept lines, oldest first.
func loadChat(ctx context.Context, q querier, code string) ([]ChatLine, error) {
	rs, err := q.query(ctx, `SELECT seat, name, text, at_ms FROM chat WHERE room_code = $1 ORDER BY n DESC LIMIT $2`, code, ChatKept)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []ChatLine
	for rs.Next() {
		var l ChatLine
		var at int64
		if err := rs.Scan(&l.Seat, &l.Name, &l.Text, &at); err != nil {
			return nil, err
		}
		l.At = fromMS(at)
		out = append(out, l)
	}
	slices.Reverse(out)
	return out, rs.Err()
}

// loadChanges reads how a finished rated game moved its players' ratings.
func loadChanges(ctx context.Context, q querier, gameID string) ([]RatingChange, error) {
	rs, err := q.query(ctx, `SELECT seat, player, rating_before, rating_after FROM game_players
		WHERE game_id = $1 AND rating_after <> 0 ORDER BY seat`, gameID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []RatingChange
	for rs.Next() {
		var c RatingChange
		if err := rs.Scan(&c.Seat, &c.Player, &c.Before, &c.After); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rs.Err()
}

// RatingHistory implements ProfileStore.
func (e *engine) RatingHistory(ctx context.Context, fingerprint, variant string, limit int) ([]RatingPoint, error) {
	rs, err := e.db.query(ctx, `SELECT g.id, gp.rating_after, g.finished_ms FROM game_players gp JOIN games g ON g.id = gp.game_id
		WHERE gp.player = $1 AND g.variant = $2 AND g.rated = 1 AND gp.rating_after <> 0
		ORDER BY g.finished_ms DESC, g.id DESC LIMIT $3`, fingerprint, variant, listLimit(limit))
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []RatingPoint
	for rs.Next() {
		var p RatingPoint
		var at int64
		if err := rs.Scan(&p.Game, &p.Rating, &at); err != nil {
			return nil, err
		}
		p.At = fromMS(at)
		out = append(out, p)
	}
	slices.Reverse(out)
	return out, rs.Err()
}

// Versus implements ProfileStore.
func (e *engine) Versus(ctx context.Context, fingerprint, other string) (Tally, error) {
	var t Tally
	if fingerprint == "" || other == "" || fingerprint == other {
		return t, nil
	}
	rs, err := e.db.query(ctx, `SELECT a.goal, b.goal FROM game_players a
		JOIN game_players b ON b.game_id = a.game_id AND b.seat <> a.seat
		JOIN games g ON g.id = a.game_id
		WHERE a.player = $1 AND b.player = $2 AND g.reason NOT IN ('aborted', 'abandoned')`, fingerprint, other)
	if err != nil {
		return t, err
	}
	defer rs.Close()
	for rs.Next() {
		var mine, theirs int
		if err := rs.Scan(&mine, &theirs); err != nil {
			return t, err
		}
		switch {
		case mine > theirs:
			t.Wins++
		case mine < theirs:
			t.Losses++
		default:
			t.Draws++
		}
	}
	return t, rs.Err()
}
