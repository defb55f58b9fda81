package server

import (
	"context"
	"sort"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/server/store"
	"github.com/tabletop/tabletop/ui"
)

// quickMatch is one session's "play anyone": the store's queue per game
// (MatchQueue pairs atomically across nodes), a rated room per pair made
// by whichever node pairs it with both seats held for the players' keys,
// and each player's session finding the room among its own ("your
// games") and joining it.
type quickMatch struct {
	queue   store.QueueStore
	roomsOf store.RoomStore // the player's rooms, where a pairing made elsewhere shows
	host    *rooms.Host
	p       rooms.Player
	since   time.Time // rooms made before the player queued are not the match
}

var _ ui.QuickMatch = (*quickMatch)(nil)

// quickMatchFor is the session's quick match, or nil for a guest or a
// server without the storage layer. The session's end takes the player
// out of the queue.
func (s *Server) quickMatchFor(p rooms.Player, sl *sessionLobby) ui.QuickMatch {
	rs, ok := s.cfg.Store.(*RoomStore)
	if !ok || p.ID == "" {
		return nil
	}
	q := &quickMatch{queue: rs.DB(), roomsOf: rs.DB(), host: s.lobby, p: p}
	sl.atEnd(q.Cancel)
	return q
}

func quickCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

// Enqueue implements ui.QuickMatch.
func (q *quickMatch) Enqueue(variant string) error {
	ctx, cancel := quickCtx()
	defer cancel()
	q.since = time.Now()
	_, err := q.queue.Enqueue(ctx, q.p.ID, q.p.Name, variant, q.since)
	return err
}

// Poll implements ui.QuickMatch.
func (q *quickMatch) Poll(variant string) (string, []string, error) {
	ctx, cancel := quickCtx()
	defer cancel()
	pairs, err := q.queue.MatchQueue(ctx, variant, time.Now(), nil)
	if err != nil {
		return "", nil, err
	}
	for _, pair := range pairs {
		players := []rooms.Player{{ID: pair[0].Player, Name: pair[0].Name}, {ID: pair[1].Player, Name: pair[1].Name}}
		if _, err := q.host.CreateMatched(variant, players); err != nil {
			return "", nil, err
		}
	}
	if code := q.matched(ctx, variant); code != "" {
		return code, nil, nil
	}
	queue, err := q.queue.Queue(ctx, variant)
	names := make([]string, len(queue))
	for i, w := range queue {
		names[i] = SanitizeName(w.Name)
	}
	return "", names, err
}

// matched returns the newest room of the variant made since the player
// queued where a seat is held for them.
func (q *quickMatch) matched(ctx context.Context, variant string) string {
	rs, err := q.roomsOf.PlayerRooms(ctx, q.p.ID)
	if err != nil {
		return ""
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Created.After(rs[j].Created) })
	for _, r := range rs {
		if r.Variant != variant || r.Created.Before(q.since.Add(-time.Second)) {
			continue
		}
		for _, s := range r.Seats {
			if s.Player == q.p.ID && s.Kind == store.SeatHeld {
				return r.Code
			}
		}
	}
	return ""
}

// Cancel implements ui.QuickMatch.
func (q *quickMatch) Cancel() {
	ctx, cancel := quickCtx()
	defer cancel()
	_ = q.queue.Dequeue(ctx, q.p.ID)
}
