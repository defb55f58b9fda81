package store

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/tabletop/tabletop/server/store/glicko2"
)

// Waiting is a key holder's place in a variant's quick-match queue.
type Waiting struct {
	Player  string // fingerprint
	Name    string
	Variant string
	Rating  float64 // the player's rating in the variant when they joined
	Since   time.Time
}

// MatchWindow says how far apart two ratings may be for a player who has
// waited so long; it should widen with the wait.
type MatchWindow func(waited time.Duration) float64

// DefaultMatchWindow starts at ±100 and widens by 10 a second, to ±1000.
func DefaultMatchWindow(waited time.Duration) float64 {
	return math.Min(100+10*waited.Seconds(), 1000)
}

// Enqueue implements Store.
func (e *engine) Enqueue(ctx context.Context, fingerprint, name, variant string, at time.Time) (Waiting, error) {
	if fingerprint == "" {
		return Waiting{}, errors.New("store: quick match needs a key")
	}
	w := Waiting{Player: fingerprint, Name: name, Variant: variant, Rating: glicko2.Default().Rating, Since: at}
	err := e.write(ctx, func(t tx) (Event, error) {
		err := t.queryRow(ctx, `SELECT rating FROM ratings WHERE player = $1 AND variant = $2`, fingerprint, variant).Scan(&w.Rating)
		if err != nil && !errors.Is(err, errNoRows) {
			return Event{}, err
		}
		_, err = t.exec(ctx, `INSERT INTO match_queue (player, name, variant, rating, since_ms) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (player) DO UPDATE SET name = excluded.name, variant = excluded.variant,
			rating = excluded.rating, since_ms = excluded.since_ms`, fingerprint, name, variant, w.Rating, ms(at))
		return Event{}, err
	})
	return w, err
}

// Dequeue implements Store.
func (e *engine) Dequeue(ctx context.Context, fingerprint string) error {
	return e.write(ctx, func(t tx) (Event, error) {
		_, err := t.exec(ctx, `DELETE FROM match_queue WHERE player = $1`, fingerprint)
		return Event{}, err
	})
}

func scanWaiting(rs rows) ([]Waiting, error) {
	defer rs.Close()
	var out []Waiting
	for rs.Next() {
		var w Waiting
		var since int64
		if err := rs.Scan(&w.Player, &w.Name, &w.Variant, &w.Rating, &since); err != nil {
			return nil, err
		}
		w.Since = fromMS(since)
		out = append(out, w)
	}
	return out, rs.Err()
}

const queueQuery = `SELECT player, name, variant, rating, since_ms FROM match_queue WHERE variant = $1 ORDER BY since_ms, player`

// Queue implements Store.
func (e *engine) Queue(ctx context.Context, variant string) ([]Waiting, error) {
	rs, err := e.db.query(ctx, queueQuery, variant)
	if err != nil {
		return nil, err
	}
	return scanWaiting(rs)
}

// MatchQueue implements Store.
func (e *engine) MatchQueue(ctx context.Context, variant string, now time.Time, window MatchWindow) ([][2]Waiting, error) {
	if window == nil {
		window = DefaultMatchWindow
	}
	var pairs [][2]Waiting
	err := e.write(ctx, func(t tx) (Event, error) {
		// Lock the variant's queue: of two nodes matching at once, the
		// second waits and then sees only who is left.
		rs, err := t.query(ctx, queueQuery+e.forUpdate, variant)
		if err != nil {
			return Event{}, err
		}
		waiting, err := scanWaiting(rs)
		if err != nil {
			return Event{}, err
		}
		pairs = pairWaiting(waiting, now, window)
		for _, p := range pairs {
			for _, w := range p {
				if _, err := t.exec(ctx, `DELETE FROM match_queue WHERE player = $1`, w.Player); err != nil {
					return Event{}, err
				}
			}
		}
		return Event{}, nil
	})
	if err != nil {
		return nil, err
	}
	return pairs, nil
}

// pairWaiting pairs a queue (oldest first): each player, longest waiting
// first, with the closest-rated player left whom both windows accept.
func pairWaiting(waiting []Waiting, now time.Time, window MatchWindow) [][2]Waiting {
	taken := make([]bool, len(waiting))
	var pairs [][2]Waiting
	for i, a := range waiting {
		if taken[i] {
			continue
		}
		best, gap := -1, math.Inf(1)
		for j := i + 1; j < len(waiting); j++ {
			b := waiting[j]
			d := math.Abs(a.Rating - b.Rating)
			if taken[j] || d >= gap || d > window(now.Sub(a.Since)) || d > window(now.Sub(b.Since)) {
				continue
			}
			best, gap = j, d
		}
		if best >= 0 {
			taken[i], taken[best] = true, true
			pairs = append(pairs, [2]Waiting{a, waiting[best]})
		}
	}
	return pairs
}
