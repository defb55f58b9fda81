package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// ClaimAI implements Store.
func (e *engine) ClaimAI(ctx context.Context, code string, now time.Time, ttl time.Duration) (Lease, error) {
	lease := Lease{Room: code, Node: e.node, Expires: now.Add(ttl)}
	err := e.write(ctx, func(t tx) (Event, error) {
		var one int
		if err := t.queryRow(ctx, `SELECT 1 FROM rooms WHERE code = $1`, code).Scan(&one); err != nil {
			return Event{}, notFound(err, ErrNoRoom)
		}
		// One statement decides: insert, renew our own lease, or take over
		// an expired one; a live lease of another node is left alone.
		n, err := t.exec(ctx, `INSERT INTO ai_leases (room_code, node, expires_ms) VALUES ($1, $2, $3)
			ON CONFLICT (room_code) DO UPDATE SET node = excluded.node, expires_ms = excluded.expires_ms
			WHERE ai_leases.node = excluded.node OR ai_leases.expires_ms <= $4`,
			code, e.node, ms(lease.Expires), ms(now))
		if err != nil || n == 1 {
			return Event{}, err
		}
		held := Lease{Room: code}
		var expires int64
		if err := t.queryRow(ctx, `SELECT node, expires_ms FROM ai_leases WHERE room_code = $1`, code).Scan(&held.Node, &expires); err != nil {
			return Event{}, err
		}
		held.Expires = fromMS(expires)
		return Event{}, &LeaseHeldError{Lease: held}
	})
	if err != nil {
		return Lease{}, err
	}
	return lease, nil
}

// ReleaseAI implements Store.
func (e *engine) ReleaseAI(ctx context.Context, code string) error {
	return e.write(ctx, func(t tx) (Event, error) {
		_, err := t.exec(ctx, `DELETE FROM ai_leases WHERE room_code = $1 AND node = $2`, code, e.node)
		return Event{}, err
	})
}

// SeePlayer implements Store.
func (e *engine) SeePlayer(ctx context.Context, fingerprint, name string, at time.Time) (Player, error) {
	if fingerprint == "" {
		return Player{}, errors.New("store: a player needs a key fingerprint")
	}
	var p Player
	err := e.write(ctx, func(t tx) (Event, error) {
		var created, seen int64
		err := t.queryRow(ctx, `INSERT INTO players (fingerprint, name, created_ms, last_seen_ms) VALUES ($1, $2, $3, $3)
			ON CONFLICT (fingerprint) DO UPDATE SET name = excluded.name, last_seen_ms = excluded.last_seen_ms
			RETURNING fingerprint, name, created_ms, last_seen_ms`, fingerprint, name, ms(at)).Scan(&p.Fingerprint, &p.Name, &created, &seen)
		p.Created, p.LastSeen = fromMS(created), fromMS(seen)
		return Event{}, err
	})
	return p, err
}

// Player implements Store.
func (e *engine) Player(ctx context.Context, fingerprint string) (Player, error) {
	var p Player
	var created, seen int64
	err := e.db.queryRow(ctx, `SELECT fingerprint, name, created_ms, last_seen_ms FROM players WHERE fingerprint = $1`,
		fingerprint).Scan(&p.Fingerprint, &p.Name, &created, &seen)
	if err != nil {
		return Player{}, notFound(err, ErrNotFound)
	}
	p.Created, p.LastSeen = fromMS(created), fromMS(seen)
	return p, nil
}

// defaultLimit is the length of a list asked for with limit <= 0.
const defaultLimit = 100

func listLimit(limit int) int {
	if limit <= 0 {
		return defaultLimit
	}
	return limit
}

const ratingQuery = `SELECT r.player, p.name, r.variant, r.rating, r.deviation, r.volatility, r.games, r.updated_ms
	FROM ratings r JOIN players p ON p.fingerprint = r.player `

func (e *engine) ratings(ctx context.Context, q string, args ...any) ([]Rating, error) {
	rs, err := e.db.query(ctx, ratingQuery+q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []Rating
	for rs.Next() {
		var r Rating
		var updated int64
		if err := rs.Scan(&r.Player, &r.Name, &r.Variant, &r.Rating, &r.Deviation, &r.Volatility, &r.Games, &updated); err != nil {
			return nil, err
		}
		r.Updated = fromMS(updated)
		out = append(out, r)
	}
	return out, rs.Err()
}

// Ratings implements Store.
func (e *engine) Ratings(ctx context.Context, fingerprint string) ([]Rating, error) {
	return e.ratings(ctx, `WHERE r.player = $1 ORDER BY r.variant`, fingerprint)
}

// Leaderboard implements Store.
func (e *engine) Leaderboard(ctx context.Context, variant string, limit int) ([]Rating, error) {
	return e.ratings(ctx, `WHERE r.variant = $1 ORDER BY r.rating DESC, r.player LIMIT $2`, variant, listLimit(limit))
}

const gameColumns = `g.id, g.room_code, g.variant, g.start, g.rated, g.result, g.reason, g.moves, g.created_ms, g.finished_ms`

func scanGame(sc row) (Game, string, error) {
	var g Game
	var rated, created, finished int64
	var moves string
	err := sc.Scan(&g.ID, &g.Room, &g.Variant, &g.Start, &rated, &g.Result, &g.Reason, &moves, &created, &finished)
	g.Rated, g.Created, g.Finished = rated != 0, fromMS(created), fromMS(finished)
	return g, moves, err
}

// loadGamePlayers fills in the players of games, read from the
// game_players rows matching where (over game_players gp).
func loadGamePlayers(ctx context.Context, q querier, games []Game, where string, args ...any) error {
	byID := make(map[string]*Game, len(games))
	for i := range games {
		byID[games[i].ID] = &games[i]
	}
	rs, err := q.query(ctx, `SELECT gp.game_id, gp.seat, gp.kind, gp.player, gp.name, gp.goal, gp.rating_before, gp.rating_after
		FROM game_players gp WHERE `+where+` ORDER BY gp.game_id, gp.seat`, args...)
	if err != nil {
		return err
	}
	defer rs.Close()
	for rs.Next() {
		var id, kind string
		var p GamePlayer
		if err := rs.Scan(&id, &p.Seat, &kind, &p.Player, &p.Name, &p.Goal, &p.RatingBefore, &p.RatingAfter); err != nil {
			return err
		}
		p.Kind = SeatKind(kind)
		if g := byID[id]; g != nil {
			g.Players = append(g.Players, p)
		}
	}
	return rs.Err()
}

// History implements Store.
func (e *engine) History(ctx context.Context, fingerprint string, limit int) ([]Game, error) {
	var out []Game
	err := e.read(ctx, func(t tx) error {
		const mine = `(SELECT game_id FROM game_players WHERE player = $1)`
		rs, err := t.query(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id IN `+mine+`
			ORDER BY g.finished_ms DESC, g.id LIMIT $2`, fingerprint, listLimit(limit))
		if err != nil {
			return err
		}
		for rs.Next() {
			g, _, err := scanGame(rs)
			if err != nil {
				rs.Close()
				return err
			}
			out = append(out, g)
		}
		rs.Close()
		if err := rs.Err(); err != nil || len(out) == 0 {
			return err
		}
		return loadGamePlayers(ctx, t, out, `gp.game_id IN `+mine, fingerprint)
	})
	return out, err
}

// Game implements Store.
func (e *engine) Game(ctx context.Context, id string) (Game, error) {
	var g Game
	err := e.read(ctx, func(t tx) error {
		var moves string
		var err error
		if g, moves, err = scanGame(t.queryRow(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id = $1`, id)); err != nil {
			return notFound(err, ErrNotFound)
		}
		if err := json.Unmarshal([]byte(moves), &g.Moves); err != nil {
			return err
		}
		games := []Game{g}
		err = loadGamePlayers(ctx, t, games, `gp.game_id = $1`, id)
		g = games[0]
		return err
	})
	return g, err
}

// LoadSave implements Store.
func (e *engine) LoadSave(ctx context.Context, fingerprint string) ([]byte, error) {
	var data []byte
	err := e.db.queryRow(ctx, `SELECT data FROM saves WHERE player = $1`, fingerprint).Scan(&data)
	if err != nil {
		return nil, notFound(err, ErrNotFound)
	}
	return data, nil
}

// PutSave implements Store.
func (e *engine) PutSave(ctx context.Context, fingerprint string, data []byte, at time.Time) error {
	if data == nil {
		data = []byte{}
	}
	return e.write(ctx, func(t tx) (Event, error) {
		_, err := t.exec(ctx, `INSERT INTO saves (player, data, saved_ms) VALUES ($1, $2, $3)
			ON CONFLICT (player) DO UPDATE SET data = excluded.data, saved_ms = excluded.saved_ms`, fingerprint, data, ms(at))
		return Event{}, err
	})
}

// DeleteSave implements Store.
func (e *engine) DeleteSave(ctx context.Context, fingerprint string) error {
	return e.write(ctx, func(t tx) (Event, error) {
		_, err := t.exec(ctx, `DELETE FROM saves WHERE player = $1`, fingerprint)
		return Event{}, err
	})
}

// PruneSaves implements Store.
func (e *engine) PruneSaves(ctx context.Context, keep int) (int, error) {
	var n int64
	err := e.write(ctx, func(t tx) (Event, error) {
		var err error
		n, err = t.exec(ctx, `DELETE FROM saves WHERE player NOT IN
			(SELECT player FROM saves ORDER BY saved_ms DESC, player LIMIT $1)`, max(keep, 0))
		return Event{}, err
	})
	return int(n), err
}

// forgetNodesAfter is how long a lapsed heartbeat row stays: long enough
// for every live node to have released the dead node's seats.
const forgetNodesAfter = time.Hour

// Heartbeat implements Store.
func (e *engine) Heartbeat(ctx context.Context, node string, now time.Time, ttl time.Duration) error {
	if node == "" {
		return errors.New("store: a heartbeat needs a node")
	}
	return e.write(ctx, func(t tx) (Event, error) {
		return Event{}, beat(ctx, t, node, now, ttl)
	})
}

// beat renews node's heartbeat and the served mark in t.
func beat(ctx context.Context, t tx, node string, now time.Time, ttl time.Duration) error {
	if _, err := t.exec(ctx, `INSERT INTO nodes (id, expires_ms) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET expires_ms = excluded.expires_ms`, node, ms(now.Add(ttl))); err != nil {
		return err
	}
	if _, err := t.exec(ctx, `DELETE FROM nodes WHERE expires_ms < $1`, ms(now.Add(-forgetNodesAfter))); err != nil {
		return err
	}
	return markServed(ctx, t, now)
}

// markServed records that a node served the store at now (the mark only
// moves forward).
func markServed(ctx context.Context, t tx, now time.Time) error {
	_, err := t.exec(ctx, `INSERT INTO served (id, until_ms) VALUES (1, $1)
		ON CONFLICT (id) DO UPDATE SET until_ms = CASE WHEN excluded.until_ms > served.until_ms
		THEN excluded.until_ms ELSE served.until_ms END`, ms(now))
	return err
}

// Resume implements Store.
func (e *engine) Resume(ctx context.Context, node string, now time.Time, ttl time.Duration) (time.Time, bool, error) {
	if node == "" {
		return time.Time{}, false, errors.New("store: a heartbeat needs a node")
	}
	var last int64
	var others int
	err := e.write(ctx, func(t tx) (Event, error) {
		// The mark's row is locked first (PostgreSQL; SQLite serialises
		// writers anyway): of two nodes starting at once, the second sees
		// the first's heartbeat.
		err := t.queryRow(ctx, `SELECT until_ms FROM served WHERE id = 1`+e.forUpdate).Scan(&last)
		if err != nil && !errors.Is(err, errNoRows) {
			return Event{}, err
		}
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM nodes WHERE id <> $1 AND expires_ms > $2`, node, ms(now)).Scan(&others); err != nil {
			return Event{}, err
		}
		return Event{}, beat(ctx, t, node, now, ttl)
	})
	if err != nil {
		return time.Time{}, false, err
	}
	return fromMS(last), others > 0, nil
}

// Nodes implements Store.
func (e *engine) Nodes(ctx context.Context) (map[string]time.Time, error) {
	rs, err := e.db.query(ctx, `SELECT id, expires_ms FROM nodes`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	out := map[string]time.Time{}
	for rs.Next() {
		var id string
		var expires int64
		if err := rs.Scan(&id, &expires); err != nil {
			return nil, err
		}
		out[id] = fromMS(expires)
	}
	return out, rs.Err()
}

// DropNode implements Store.
func (e *engine) DropNode(ctx context.Context, node string, at time.Time) error {
	return e.write(ctx, func(t tx) (Event, error) {
		if _, err := t.exec(ctx, `DELETE FROM nodes WHERE id = $1`, node); err != nil {
			return Event{}, err
		}
		// Set, not moved forward: the heartbeats while the node stopped
		// (its players told, their sessions ending) served nobody's turn.
		_, err := t.exec(ctx, `INSERT INTO served (id, until_ms) VALUES (1, $1)
			ON CONFLICT (id) DO UPDATE SET until_ms = excluded.until_ms`, ms(at))
		return Event{}, err
	})
}
