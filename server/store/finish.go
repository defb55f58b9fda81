package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/tabletop/tabletop/server/store/glicko2"
)

// FinishRoom implements Store.
func (e *engine) FinishRoom(ctx context.Context, code string, f Finish) ([]RatingChange, error) {
	var changes []RatingChange
	err := e.write(ctx, func(t tx) (Event, error) {
		gameID := newGameID()
		var version int64
		err := t.queryRow(ctx, `UPDATE rooms SET status = 'finished', result = $3, game_id = $4,
			version = version + 1, updated_ms = $5, turn_started_ms = 0, adjourned_ms = 0
			WHERE code = $1 AND move_count = $2 AND status IN ('waiting', 'playing')
			RETURNING version`, code, f.Moves, f.Result, gameID, ms(f.At)).Scan(&version)
		if errors.Is(err, errNoRows) {
			return Event{}, whyNot(ctx, t, code, "move", int64(f.Moves))
		} else if err != nil {
			return Event{}, err
		}
		r, err := loadRoom(ctx, t, code)
		if err != nil {
			return Event{}, err
		}
		if len(f.Goals) != len(r.Seats) {
			return Event{}, fmt.Errorf("store: room %s has %d seats, %d goals given", code, len(r.Seats), len(f.Goals))
		}
		players := make([]GamePlayer, len(r.Seats))
		for i, s := range r.Seats {
			name := s.Name
			if s.Kind == SeatAI {
				name = s.AILevel
			}
			players[i] = GamePlayer{Seat: i, Kind: s.Kind, Player: s.Player, Name: name, Goal: f.Goals[i]}
		}
		rated := ratedSeats(r)
		if f.Unrated {
			rated = nil
		}
		if len(rated) > 0 {
			if changes, err = e.rate(ctx, t, r.Variant, rated, players, f); err != nil {
				return Event{}, err
			}
		}
		if e.fault != nil {
			if err := e.fault("rated"); err != nil {
				return Event{}, err
			}
		}
		if err := insertGame(ctx, t, gameID, r, len(rated) > 0, players, f); err != nil {
			return Event{}, err
		}
		return Event{Room: code, Moves: f.Moves, Version: version}, nil
	})
	return changes, err
}

// ratedSeats returns the seats whose players' ratings the game moves: in
// a rated room, every seat played by a key holder, if there are two or
// more. A key holder in two seats makes the game unrated (whose result
// would it be?). A game of more than two (Tic-Tac-Chess) is rated
// pairwise: each pair of key holders is one game of the rating period,
// won by the higher goal.
func ratedSeats(r Room) []int {
	if !r.Options.Rated {
		return nil
	}
	var out []int
	seen := map[string]bool{}
	for i, s := range r.Seats {
		if s.Player == "" || (s.Kind != SeatPlayer && s.Kind != SeatHeld) {
			continue
		}
		if seen[s.Player] {
			return nil
		}
		seen[s.Player] = true
		out = append(out, i)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// rate updates the ratings of the players of the rated seats, locking
// their rows in a fixed order so that two finishing games that share a
// player cannot deadlock. It fills in players' ratings.
func (e *engine) rate(ctx context.Context, t tx, variant string, rated []int, players []GamePlayer, f Finish) ([]RatingChange, error) {
	order := append([]int(nil), rated...)
	sort.Slice(order, func(a, b int) bool { return players[order[a]].Player < players[order[b]].Player })
	def := glicko2.Default()
	before := make([]glicko2.Rating, len(rated))
	goals := make([]int, len(rated))
	index := map[int]int{} // seat → position in rated
	for k, seat := range rated {
		index[seat] = k
		goals[k] = players[seat].Goal
	}
	for _, seat := range order {
		p := players[seat]
		if _, err := t.exec(ctx, `INSERT INTO players (fingerprint, name, created_ms, last_seen_ms) VALUES ($1, $2, $3, $3)
			ON CONFLICT (fingerprint) DO NOTHING`, p.Player, p.Name, ms(f.At)); err != nil {
			return nil, err
		}
		if _, err := t.exec(ctx, `INSERT INTO ratings (player, variant, rating, deviation, volatility, updated_ms)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (player, variant) DO NOTHING`,
			p.Player, variant, def.Rating, def.Deviation, def.Volatility, ms(f.At)); err != nil {
			return nil, err
		}
		b := &before[index[seat]]
		if err := t.queryRow(ctx, `SELECT rating, deviation, volatility FROM ratings WHERE player = $1 AND variant = $2`+e.forUpdate,
			p.Player, variant).Scan(&b.Rating, &b.Deviation, &b.Volatility); err != nil {
			return nil, err
		}
	}
	after := pairwiseUpdate(before, goals)
	changes := make([]RatingChange, len(rated))
	for k, seat := range rated {
		p := &players[seat]
		p.RatingBefore, p.RatingAfter = before[k].Rating, after[k].Rating
		changes[k] = RatingChange{Seat: seat, Player: p.Player, Before: before[k].Rating, After: after[k].Rating}
		if _, err := t.exec(ctx, `UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1, updated_ms = $6
			WHERE player = $1 AND variant = $2`, p.Player, variant, after[k].Rating, after[k].Deviation, after[k].Volatility, ms(f.At)); err != nil {
			return nil, err
		}
	}
	return changes, nil
}

// pairwiseUpdate rates one game as a Glicko-2 rating period for each
// player, with every other player as one opponent: the higher goal wins,
// equal goals draw. For two players it is the plain Glicko-2 update.
func pairwiseUpdate(before []glicko2.Rating, goals []int) []glicko2.Rating {
	after := make([]glicko2.Rating, len(before))
	results := make([]glicko2.Result, 0, len(before)-1)
	for i := range before {
		results = results[:0]
		for j := range before {
			if i == j {
				continue
			}
			score := 0.5
			switch {
			case goals[i] > goals[j]:
				score = 1
			case goals[i] < goals[j]:
				score = 0
			}
			results = append(results, glicko2.Result{Opponent: before[j], Score: score})
		}
		after[i] = glicko2.Update(before[i], results, glicko2.DefaultTau)
	}
	return after
}

func insertGame(ctx context.Context, t tx, id string, r Room, rated bool, players []GamePlayer, f Finish) error {
	moves, err := json.Marshal(r.Moves)
	if err != nil {
		return err
	}
	if _, err := t.exec(ctx, `INSERT INTO games (id, room_code, variant, start, rated, result, reason, moves, created_ms, finished_ms)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		id, r.Code, r.Variant, r.Start, boolInt(rated), f.Result, f.Reason, string(moves), ms(r.Created), ms(f.At)); err != nil {
		return err
	}
	for _, p := range players {
		if _, err := t.exec(ctx, `INSERT INTO game_players (game_id, seat, kind, player, name, goal, rating_before, rating_after)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			id, p.Seat, string(p.Kind), p.Player, p.Name, p.Goal, p.RatingBefore, p.RatingAfter); err != nil {
			return err
		}
	}
	return nil
}
