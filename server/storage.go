package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/server/metrics"
	"github.com/tabletop/tabletop/server/store"
)

// RoomStore adapts the storage layer's rooms to what rooms need, so that
// the rooms package stays free of SQL: it maps records, seats and errors
// between the two vocabularies. The nodes' heartbeats need no adapting:
// the store's NodeStore is rooms' (see NodeStore).
type RoomStore struct {
	db *store.Store
	// exclusive is set for SQLite: one server process owns the file.
	exclusive bool
}

var (
	_ rooms.RecordStore = (*RoomStore)(nil)
	_ rooms.NodeStore   = store.NodeStore(nil)
)

// NewRoomStore returns rooms' view of db; exclusive says no other server
// process uses it (SQLite: see SharedDSN).
func NewRoomStore(db *store.Store, exclusive bool) *RoomStore {
	return &RoomStore{db: db, exclusive: exclusive}
}

// SharedDSN reports whether a store DSN names a database several server
// processes can share (PostgreSQL); an SQLite file is one process's.
func SharedDSN(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Exclusive reports whether no other server process uses the store.
func (s *RoomStore) Exclusive() bool { return s.exclusive }

// DB is the storage layer behind the adapter.
func (s *RoomStore) DB() *store.Store { return s.db }

// NodeStore is the store's heartbeats, which rooms use as they are (see
// rooms.NodesOf).
func (s *RoomStore) NodeStore() rooms.NodeStore { return s.db.NodeStore }

// roomError maps the storage layer's errors to rooms'.
func roomError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrConflict):
		return errors.Join(rooms.ErrStale, err)
	case errors.Is(err, store.ErrClosed):
		return errors.Join(rooms.ErrEnded, err)
	case errors.Is(err, store.ErrNoRoom):
		return errors.Join(rooms.ErrNoRoom, err)
	case errors.Is(err, store.ErrCodeTaken):
		return errors.Join(rooms.ErrCodeTaken, err)
	case errors.Is(err, store.ErrLeaseHeld):
		return errors.Join(rooms.ErrLeaseHeld, err)
	}
	return err
}

func toStoreSeats(seats []rooms.SeatRecord) []store.Seat {
	if seats == nil {
		return nil
	}
	out := make([]store.Seat, len(seats))
	for i, s := range seats {
		out[i] = store.Seat{Kind: store.SeatKind(s.Kind), Player: s.PlayerID, Name: s.Name, AILevel: s.Level, HeldUntil: s.HeldUntil, Remaining: s.Remaining, Node: s.Node, Rating: s.Rating}
	}
	return out
}

func fromStoreRoom(r store.Room) rooms.Record {
	rec := rooms.Record{
		Code:       r.Code,
		Variant:    r.Variant,
		Start:      r.Start,
		Creator:    r.Creator,
		Moves:      r.Moves,
		AfterHold:  rooms.SeatKind(r.Options.AfterHold),
		Rated:      r.Options.Rated,
		Clock:      rooms.TimeControl(r.Options.Clock),
		Spectators: rooms.Spectators(r.Options.Spectators),
		Started:    r.Status != store.StatusWaiting,
		Finished:   r.Status == store.StatusFinished,
		Result:     r.Result,
		Version:    uint64(r.Version),
		Created:    r.Created,
	}
	rec.TurnStarted, rec.Adjourned = r.TurnStarted, r.Adjourned
	for _, s := range r.Seats {
		rec.Seats = append(rec.Seats, rooms.SeatRecord{Kind: rooms.SeatKind(s.Kind), Level: s.AILevel, PlayerID: s.Player, Name: s.Name, HeldUntil: s.HeldUntil, Remaining: s.Remaining, Node: s.Node, Rating: s.Rating})
	}
	fromStoreTalk(&rec, r)
	return rec
}

// Create implements rooms.RecordStore.
func (s *RoomStore) Create(ctx context.Context, rec rooms.Record) error {
	status := store.StatusWaiting
	if rec.Started {
		status = store.StatusPlaying
	}
	return roomError(s.db.CreateRoom(ctx, store.Room{
		Code:    rec.Code,
		Variant: rec.Variant,
		Start:   rec.Start,
		Creator: rec.Creator,
		Options: store.Options{
			Rated:      rec.Rated,
			Clock:      store.TimeControl(rec.Clock),
			AfterHold:  store.SeatKind(rec.AfterHold),
			Spectators: store.Spectators(rec.Spectators),

			SpectatorChat: rec.SpectatorChat,
		},
		Seats:       toStoreSeats(rec.Seats),
		Status:      status,
		TurnStarted: rec.TurnStarted,
		Created:     rec.Created,
	}))
}

// Load implements rooms.RecordStore; a quarantined room is no room.
func (s *RoomStore) Load(ctx context.Context, code string) (rooms.Record, error) {
	r, err := s.db.Room(ctx, code)
	if err != nil {
		return rooms.Record{}, roomError(err)
	}
	if r.Status == store.StatusQuarantined {
		return rooms.Record{}, rooms.ErrNoRoom
	}
	return fromStoreRoom(r), nil
}

// Live implements rooms.RecordStore.
func (s *RoomStore) Live(ctx context.Context) ([]rooms.Record, error) {
	rs, err := s.db.Rooms(ctx, store.StatusWaiting, store.StatusPlaying)
	return fromStoreRooms(rs), roomError(err)
}

// PlayerRooms implements rooms.RecordStore.
func (s *RoomStore) PlayerRooms(ctx context.Context, playerID string) ([]rooms.Record, error) {
	rs, err := s.db.PlayerRooms(ctx, playerID)
	return fromStoreRooms(rs), roomError(err)
}

func fromStoreRooms(rs []store.Room) []rooms.Record {
	out := make([]rooms.Record, len(rs))
	for i, r := range rs {
		out[i] = fromStoreRoom(r)
	}
	return out
}

// AppendMove implements rooms.RecordStore.
func (s *RoomStore) AppendMove(ctx context.Context, code string, m rooms.MoveRecord) (uint64, error) {
	v, err := s.db.AppendMove(ctx, code, store.Move{Number: m.Number, Text: m.Text, Seat: m.Seat, Remaining: m.Remaining, At: m.At})
	return uint64(v), roomError(err)
}

// fromStoreMove is the move a store's event carries, as rooms see it.
func fromStoreMove(m *store.Move) *rooms.MoveRecord {
	if m == nil {
		return nil
	}
	return &rooms.MoveRecord{Number: m.Number, Text: m.Text, Seat: m.Seat, Remaining: m.Remaining, At: m.At}
}

// UpdateSeats implements rooms.RecordStore.
func (s *RoomStore) UpdateSeats(ctx context.Context, code string, version uint64, u rooms.SeatsUpdate) (uint64, error) {
	v, err := s.db.UpdateRoom(ctx, code, int64(version), store.RoomUpdate{Seats: toStoreSeats(u.Seats), Started: u.Started, TurnStarted: u.TurnStarted, Adjourned: u.Adjourned})
	return uint64(v), roomError(err)
}

// Finish implements rooms.RecordStore.
func (s *RoomStore) Finish(ctx context.Context, code string, f rooms.FinishRecord) error {
	_, err := s.db.FinishRoom(ctx, code, store.Finish{Moves: f.Moves, Goals: f.Goals, Result: f.Result, Reason: f.Reason, At: f.At, Unrated: f.Unrated})
	return roomError(err)
}

// Quarantine implements rooms.RecordStore.
func (s *RoomStore) Quarantine(ctx context.Context, code, reason string) error {
	return roomError(s.db.QuarantineRoom(ctx, code, reason))
}

// Delete implements rooms.RecordStore.
func (s *RoomStore) Delete(ctx context.Context, code string) error {
	return roomError(s.db.DeleteRoom(ctx, code, 0))
}

// ClaimAI implements rooms.RecordStore.
func (s *RoomStore) ClaimAI(ctx context.Context, code string, ttl time.Duration) error {
	_, err := s.db.ClaimAI(ctx, code, time.Now(), ttl)
	return roomError(err)
}

// ReleaseAI implements rooms.RecordStore.
func (s *RoomStore) ReleaseAI(ctx context.Context, code string) error {
	return roomError(s.db.ReleaseAI(ctx, code))
}

// storeNode is the storage layer's node id behind a rooms store, so that
// a node has one id in its AI leases and its heartbeat; "" for a store
// without one (the host makes one up).
func storeNode(s rooms.RecordStore) string {
	switch x := s.(type) {
	case *RoomStore:
		return x.db.Node()
	case *meteredStore:
		return storeNode(x.RecordStore)
	}
	return ""
}

// Subscribe implements rooms.RecordStore.
// The events are converted as the store publishes them: a goroutine
// converting them between the store and the rooms was a wake-up an
// event.
func (s *RoomStore) Subscribe(ctx context.Context) <-chan rooms.Event {
	return store.SubscribeAs(ctx, s.db, func(ev store.Event) rooms.Event {
		return rooms.Event{Room: ev.Room, Version: uint64(ev.Version), Move: fromStoreMove(ev.Move), Lost: ev.Lost}
	})
}

// exclusiveStore reports whether this server alone uses the rooms' store
// (memory, SQLite): then nobody can still be in a room when it starts.
func exclusiveStore(s rooms.RecordStore) bool {
	if x, ok := s.(interface{ Exclusive() bool }); ok {
		return x.Exclusive()
	}
	_, memory := s.(*rooms.MemoryStore)
	return memory
}

// startRooms loads the stored rooms and follows the store's events.
func (s *Server) startRooms() error {
	n, err := s.lobby.Start()
	if err != nil {
		s.lobby.Close()
		return err
	}
	if n > 0 {
		s.log.Info("rooms loaded from the store", "rooms", n)
	}
	return nil
}

// meteredStore times the calls of a rooms store (its records' and its
// heartbeats') for the metrics and counts the moves it accepts.
type meteredStore struct {
	rooms.RecordStore
	rooms.NodeStore
	rec metrics.Recorder
}

// metered wraps s, and the heartbeats' store that goes with it, for rec;
// without metrics s is returned as it is.
func metered(s rooms.RecordStore, rec metrics.Recorder) rooms.RecordStore {
	if _, none := rec.(metrics.Nop); none || rec == nil {
		return s
	}
	return &meteredStore{RecordStore: s, NodeStore: rooms.NodesOf(s), rec: rec}
}

// Exclusive passes the wrapped store's answer on.
func (m *meteredStore) Exclusive() bool { return exclusiveStore(m.RecordStore) }

func (m *meteredStore) since(op string, start time.Time) { m.rec.StoreCall(op, time.Since(start)) }

// Create implements rooms.RecordStore.
func (m *meteredStore) Create(ctx context.Context, rec rooms.Record) error {
	defer m.since("create", time.Now())
	return m.RecordStore.Create(ctx, rec)
}

// Load implements rooms.RecordStore.
func (m *meteredStore) Load(ctx context.Context, code string) (rooms.Record, error) {
	defer m.since("load", time.Now())
	return m.RecordStore.Load(ctx, code)
}

// AppendMove implements rooms.RecordStore.
func (m *meteredStore) AppendMove(ctx context.Context, code string, mv rooms.MoveRecord) (uint64, error) {
	defer m.since("move", time.Now())
	v, err := m.RecordStore.AppendMove(ctx, code, mv)
	if err == nil {
		m.rec.Moved()
	}
	return v, err
}

// UpdateSeats implements rooms.RecordStore.
func (m *meteredStore) UpdateSeats(ctx context.Context, code string, version uint64, u rooms.SeatsUpdate) (uint64, error) {
	defer m.since("seats", time.Now())
	return m.RecordStore.UpdateSeats(ctx, code, version, u)
}

// Finish implements rooms.RecordStore.
func (m *meteredStore) Finish(ctx context.Context, code string, f rooms.FinishRecord) error {
	defer m.since("finish", time.Now())
	return m.RecordStore.Finish(ctx, code, f)
}

// Heartbeat implements rooms.NodeStore.
func (m *meteredStore) Heartbeat(ctx context.Context, node string, now time.Time, ttl time.Duration) error {
	defer m.since("heartbeat", time.Now())
	return m.NodeStore.Heartbeat(ctx, node, now, ttl)
}

// ClaimAI implements rooms.RecordStore.
func (m *meteredStore) ClaimAI(ctx context.Context, code string, ttl time.Duration) error {
	defer m.since("claim_ai", time.Now())
	return m.RecordStore.ClaimAI(ctx, code, ttl)
}

// Gauges are the server's figures for the metrics endpoint.
func (s *Server) Gauges() metrics.Gauges {
	return metrics.Gauges{
		Sessions:  s.Sessions,
		Rooms:     s.lobby.Len,
		AIWaiting: s.aiSlots.Waiting,
		AIRunning: s.aiSlots.InUse,
	}
}

// Healthy reports whether the server takes players: it is not stopping
// and its store answers.
func (s *Server) Healthy() error {
	if s.stopping.Load() {
		return errors.New("stopping")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	// A code no room has: the store answers "no room" when it is up.
	if _, err := s.cfg.Store.Load(ctx, "-"); err != nil && !errors.Is(err, rooms.ErrNoRoom) {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// seePlayer records a key holder's visit (name, last seen) in the
// storage layer, if the server has one.
func (s *Server) seePlayer(p rooms.Player) {
	rs, ok := s.cfg.Store.(*RoomStore)
	if !ok || p.ID == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := rs.DB().SeePlayer(ctx, p.ID, p.Name, time.Now()); err != nil {
		s.log.Warn("store: player not recorded", "err", err)
	}
}
