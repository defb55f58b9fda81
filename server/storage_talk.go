package server

import (
	"context"
	"math"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/server/store"
)

// The rooms' offers, takebacks, chat and ratings (rooms.TalkStore and
// rooms.RatingReader) on the storage layer.

var (
	_ rooms.TalkStore    = (*RoomStore)(nil)
	_ rooms.RatingReader = (*RoomStore)(nil)
)

// fromStoreTalk fills in rec's offer, chat and rating changes from r.
func fromStoreTalk(rec *rooms.Record, r store.Room) {
	rec.Offer, rec.SpectatorChat = r.Offer, r.Options.SpectatorChat
	for _, l := range r.Chat {
		rec.Chat = append(rec.Chat, rooms.ChatLine{Seat: l.Seat, Name: l.Name, Text: l.Text, At: l.At})
	}
	for _, c := range r.Changes {
		rec.Changes = append(rec.Changes, rooms.RatingChange{Seat: c.Seat, Before: int(math.Round(c.Before)), After: int(math.Round(c.After))})
	}
}

// SetOffer implements rooms.TalkStore.
func (s *RoomStore) SetOffer(ctx context.Context, code string, version uint64, offer string) (uint64, error) {
	v, err := s.db.SetOffer(ctx, code, int64(version), offer)
	return uint64(v), roomError(err)
}

// TakeBack implements rooms.TalkStore.
func (s *RoomStore) TakeBack(ctx context.Context, code string, version uint64, keep int, at time.Time) (uint64, error) {
	v, err := s.db.TakeBack(ctx, code, int64(version), keep, at)
	return uint64(v), roomError(err)
}

// AddChat implements rooms.TalkStore.
func (s *RoomStore) AddChat(ctx context.Context, code string, line rooms.ChatLine) (uint64, error) {
	v, err := s.db.AddChat(ctx, code, store.ChatLine{Seat: line.Seat, Name: line.Name, Text: line.Text, At: line.At})
	return uint64(v), roomError(err)
}

// Rating implements rooms.RatingReader: the player's rating in variant,
// 0 when they have none.
func (s *RoomStore) Rating(ctx context.Context, player, variant string) (float64, error) {
	rs, err := s.db.Ratings(ctx, player)
	if err != nil {
		return 0, err
	}
	for _, r := range rs {
		if r.Variant == variant {
			return r.Rating, nil
		}
	}
	return 0, nil
}

// ratingReader is the ratings behind a rooms store, if it keeps them.
func ratingReader(s rooms.RecordStore) rooms.RatingReader {
	r, _ := unmetered(s).(rooms.RatingReader)
	return r
}

// talkStore is the offers and chat behind a rooms store, if it keeps them.
func talkStore(s rooms.RecordStore) rooms.TalkStore {
	t, _ := unmetered(s).(rooms.TalkStore)
	return t
}

// unmetered is the store behind the metrics' wrapper, if any.
func unmetered(s rooms.RecordStore) rooms.RecordStore {
	if m, ok := s.(*meteredStore); ok {
		return m.RecordStore
	}
	return s
}
