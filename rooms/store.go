package rooms

import (
	"context"
	"errors"
	"sort"
	"sync"
	"time"

	"github.com/tabletop/tabletop/roomapi"
)

// Record is the durable state of a room, in plain values that a shared
// store keeps in a database: everything needed to rebuild the room's game
// (variant, start position, moves), its seats, options and clocks. Live
// things — connected sessions, mailboxes, AI searches — are not part of it.
type Record struct {
	Code       string
	Variant    string
	Start      string   // position string the game started from
	Creator    string   // key fingerprint of the creator; "" for a guest
	Moves      []string // KIF text of every action so far
	Seats      []SeatRecord
	AfterHold  SeatKind
	Rated      bool
	Clock      TimeControl
	Spectators Spectators
	Started    bool // every seat was filled once; play has begun
	Finished   bool
	Result     string // when finished, in words
	// TurnStarted is when the clock of the seat to move began to run;
	// zero while no clock runs.
	TurnStarted time.Time
	// Adjourned is when every player had gone from a game with moves:
	// it waits for them (a running clock still runs) until the host's
	// AdjournedExpiry after it. Zero while someone plays.
	Adjourned time.Time
	// Version is the store's version of the room: it increases with every
	// write, by any node, and is the compare-and-set of UpdateSeats.
	Version uint64
	Created time.Time
	// SpectatorChat lets spectators write in the chat.
	SpectatorChat bool
	// Offer is the offer waiting for an answer, in the room's own text
	// form (see offer.go), "" when none; the store keeps it as it is.
	Offer string
	// Chat is the room's latest chat lines, oldest first (Load reads at
	// most ChatKept).
	Chat []ChatLine
	// Changes is how a rated game moved its players' ratings, once the
	// store rated it (Load reads them; nil otherwise).
	Changes []RatingChange
}

// ChatKept is how many of a room's latest chat lines a room keeps and
// shows.
const ChatKept = 50

// ChatLine and RatingChange are the room contract's (see package roomapi).
type (
	ChatLine     = roomapi.ChatLine
	RatingChange = roomapi.RatingChange
)

// SeatRecord is one seat of a room.
type SeatRecord struct {
	Kind      SeatKind
	Level     string        // AI level when Kind is SeatAI
	PlayerID  string        // key fingerprint of the seated player ("" for a guest)
	Name      string        // display name, already sanitized
	HeldUntil time.Time     // when Kind is SeatHeld
	Remaining time.Duration // the seat's clock when TurnStarted was set
	// Node is the host (see HostConfig.Node) holding the player's
	// connection while Kind is SeatPlayer, "" otherwise: when that node's
	// heartbeat lapses, the seat is held as after a disconnect.
	Node string
	// Rating is the player's rating in the room's game when they sat
	// down (0: a guest, unrated, or no ratings kept).
	Rating float64
}

// MoveRecord is one accepted action as the store keeps it.
type MoveRecord struct {
	// Number is the move's index (0 for the first); the store accepts it
	// only as the next move, which makes one writer win each move.
	Number    int
	Text      string
	Seat      int
	Remaining time.Duration // the mover's clock after the move
	At        time.Time     // the next turn's clock runs from here
}

// SeatsUpdate replaces a room's seats, turn clock and adjournment in
// one write.
type SeatsUpdate struct {
	Seats       []SeatRecord
	Started     bool
	TurnStarted time.Time // zero pauses the clocks
	Adjourned   time.Time // see Record.Adjourned
}

// FinishRecord is the end of a room's game.
type FinishRecord struct {
	Moves  int   // the number of moves the result is based on
	Goals  []int // per seat
	Result string
	Reason string // "" for a normal end, "time" for a flag, ReasonAbandoned
	At     time.Time
	// Unrated keeps a rated room's result from the ratings: nobody won
	// an abandoned game.
	Unrated bool
}

// ReasonAbandoned is FinishRecord.Reason of a game its players left for
// good: it is recorded, unrated, instead of deleted.
const ReasonAbandoned = "abandoned"

// Reasons of the ends the players agree on: an aborted game (unrated,
// nobody won) and a draw by agreement.
const (
	ReasonAborted = "aborted"
	ReasonAgreed  = "agreed"
)

// Event tells that a room changed in the store, written by this node or
// another. Version is 0 when the room was deleted; Lost means events may
// have been missed and every room should be reloaded.
type Event struct {
	Room    string
	Version uint64
	// Move is the move a move's event is about, when the store sends it:
	// a host whose copy of the room is one version behind plays it
	// without reading the room again. Nil for other changes.
	Move *MoveRecord
	Lost bool
}

func (r Record) clone() Record {
	r.Moves = append([]string(nil), r.Moves...)
	r.Seats = append([]SeatRecord(nil), r.Seats...)
	r.Chat = append([]ChatLine(nil), r.Chat...)
	r.Changes = append([]RatingChange(nil), r.Changes...)
	return r
}

// Store errors.
var (
	// ErrCodeTaken is returned by Store.Create for a code in use.
	ErrCodeTaken = errors.New("room code in use")
	// ErrNoRoom is returned for a room code that names no room.
	ErrNoRoom = errors.New("no room with that code")
	// ErrStale is returned by a write whose compare-and-set lost: another
	// writer (another node) changed the room first.
	ErrStale = errors.New("room changed meanwhile")
	// ErrEnded is returned by a write to a room whose game the store
	// already closed (finished or quarantined).
	ErrEnded = errors.New("the room's game is over")
	// ErrLeaseHeld is returned by ClaimAI while another node plays the
	// room's AI seats.
	ErrLeaseHeld = errors.New("another node plays this room's AI")
)

// TalkStore keeps what a room's players settle besides their moves: the
// offer waiting for an answer, a takeback, and the chat (HostConfig.Talk).
// Each write moves the room's version, so that other hosts reload the
// room.
type TalkStore interface {
	// SetOffer writes the room's offer if the room is still at version
	// (else ErrStale), also once its game is over (a rematch); it
	// returns the new version. AppendMove clears the offer.
	SetOffer(ctx context.Context, code string, version uint64, offer string) (uint64, error)
	// TakeBack keeps the first keep moves and drops the rest, if the
	// room is still at version (else ErrStale; ErrEnded once over); the
	// mover's clock runs from at (zero: no clock). It clears the offer
	// and returns the new version.
	TakeBack(ctx context.Context, code string, version uint64, keep int, at time.Time) (uint64, error)
	// AddChat adds a line to the room's chat (also once its game is
	// over) and returns the room's new version.
	AddChat(ctx context.Context, code string, line ChatLine) (uint64, error)
}

// RatingReader is a store's optional reading of a player's rating in a
// variant (0 when they have none), shown beside their name in a room.
type RatingReader interface {
	Rating(ctx context.Context, player, variant string) (float64, error)
}

// RecordStore keeps the rooms' records: seats, moves and ends, the claim
// on their AI seats, and the events of their changes. A shared store
// (server/store's database behind an adapter) lets several hosts —
// server nodes — share rooms: its compare-and-sets serialise their
// writes, its leases give each room's AI to one node, and its events
// tell each host of the others' changes. Every method is safe for
// concurrent use.
type RecordStore interface {
	// Create adds a new room at version 1; ErrCodeTaken if the code is in use.
	Create(ctx context.Context, rec Record) error
	// Load returns a room with its moves, or ErrNoRoom.
	Load(ctx context.Context, code string) (Record, error)
	// Live lists the rooms whose game goes on (waiting or playing),
	// oldest first, without their moves.
	Live(ctx context.Context) ([]Record, error)
	// PlayerRooms lists the live rooms where the key holds a seat.
	PlayerRooms(ctx context.Context, playerID string) ([]Record, error)
	// AppendMove stores m as the next move and returns the new version;
	// ErrStale if m.Number is not the next move, ErrEnded if the game is over.
	AppendMove(ctx context.Context, code string, m MoveRecord) (uint64, error)
	// UpdateSeats writes u if the room is still at version; else ErrStale
	// (or ErrEnded). It returns the new version.
	UpdateSeats(ctx context.Context, code string, version uint64, u SeatsUpdate) (uint64, error)
	// Finish records the end of the game (and, in a rated room, the
	// ratings); ErrStale if more moves were stored meanwhile.
	Finish(ctx context.Context, code string, f FinishRecord) error
	// Quarantine marks a room whose moves do not replay.
	Quarantine(ctx context.Context, code, reason string) error
	// Delete removes a room in which no move was played (everyone left
	// before the first); ErrStale if the store holds moves of it. A
	// host's copy may have missed moves made through another host, and
	// they must not be erased with it.
	Delete(ctx context.Context, code string) error
	// ClaimAI gives this host the room's AI seats for ttl (or renews its
	// claim); ErrLeaseHeld while another host's claim runs.
	ClaimAI(ctx context.Context, code string, ttl time.Duration) error
	// ReleaseAI gives up this host's claim, if it has one.
	ReleaseAI(ctx context.Context, code string) error
	// Subscribe delivers an Event after every write; the channel closes
	// when ctx ends or the store closes.
	Subscribe(ctx context.Context) <-chan Event
}

// NodeStore keeps the hosts' heartbeats, for the seats of a host that
// died and the downtime of a store that nobody served.
type NodeStore interface {
	// Heartbeat records that node is alive until now+ttl (a new node, or
	// a renewal: a running host renews every third of ttl).
	Heartbeat(ctx context.Context, node string, now time.Time, ttl time.Duration) error
	// Nodes returns every node the store knows with the time its
	// heartbeat lapses (or lapsed: dead nodes stay listed for a while).
	Nodes(ctx context.Context) (map[string]time.Time, error)
	// DropNode forgets node: it stopped cleanly, having begun to stop at
	// at — the store was served until then.
	DropNode(ctx context.Context, node string, at time.Time) error
	// Resume is a starting node's first heartbeat. In the same write it
	// reports when a node last served the store before (its heartbeats
	// and clean stops mark it; zero for a store never served) and
	// whether another node's heartbeat runs now: with none, the time
	// from last to now was downtime, which clocks and holds must not
	// count.
	Resume(ctx context.Context, node string, now time.Time, ttl time.Duration) (last time.Time, others bool, err error)
}

// MemoryStore is a Store in this process's memory, for a single host that
// need not survive a restart (tests, a throw-away server). Its events go
// to every subscriber of the same MemoryStore.
type MemoryStore struct {
	mu     sync.Mutex
	rooms  map[string]Record
	subs   map[chan Event]struct{}
	nodes  map[string]time.Time // node -> when its heartbeat lapses
	served time.Time            // the latest heartbeat or clean stop
}

var (
	_ RecordStore = (*MemoryStore)(nil)
	_ NodeStore   = (*MemoryStore)(nil)
	_ TalkStore   = (*MemoryStore)(nil)
)

// NewMemoryStore returns an empty store.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{rooms: map[string]Record{}, subs: map[chan Event]struct{}{}, nodes: map[string]time.Time{}}
}

// emit sends ev to every subscriber that has room for it; a full one is
// sent a Lost event later instead. Called with mu held.
func (m *MemoryStore) emit(ev Event) {
	for ch := range m.subs {
		select {
		case ch <- ev:
		default:
			select {
			case ch <- Event{Lost: true}:
			default:
			}
		}
	}
}

// Create implements Store.
func (m *MemoryStore) Create(_ context.Context, rec Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.rooms[rec.Code]; ok {
		return ErrCodeTaken
	}
	rec.Version = 1
	m.rooms[rec.Code] = rec.clone()
	m.emit(Event{Room: rec.Code, Version: 1})
	return nil
}

// Load implements Store.
func (m *MemoryStore) Load(_ context.Context, code string) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.rooms[code]
	if !ok {
		return Record{}, ErrNoRoom
	}
	return r.clone(), nil
}

// Live implements Store.
func (m *MemoryStore) Live(context.Context) ([]Record, error) {
	return m.list(func(Record) bool { return true }), nil
}

// PlayerRooms implements Store.
func (m *MemoryStore) PlayerRooms(_ context.Context, playerID string) ([]Record, error) {
	return m.list(func(r Record) bool {
		for _, s := range r.Seats {
			if s.PlayerID == playerID && (s.Kind == SeatPlayer || s.Kind == SeatHeld) {
				return true
			}
		}
		return false
	}), nil
}

func (m *MemoryStore) list(keep func(Record) bool) []Record {
	m.mu.Lock()
	out := make([]Record, 0, len(m.rooms))
	for _, r := range m.rooms {
		if !r.Finished && keep(r) {
			r = r.clone()
			r.Moves = nil
			out = append(out, r)
		}
	}
	m.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.Before(out[j].Created)
		}
		return out[i].Code < out[j].Code
	})
	return out
}

// live returns the room for a write, or why it cannot be written.
// Called with mu held.
func (m *MemoryStore) live(code string) (Record, error) {
	r, ok := m.rooms[code]
	switch {
	case !ok:
		return Record{}, ErrNoRoom
	case r.Finished:
		return Record{}, ErrEnded
	}
	return r, nil
}

// AppendMove implements Store.
func (m *MemoryStore) AppendMove(_ context.Context, code string, mv MoveRecord) (uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.changeWith(code, 0, true, &mv, func(r *Record) error {
		if mv.Number != len(r.Moves) {
			return ErrStale
		}
		r.Moves = append(r.Moves, mv.Text)
		if mv.Seat >= 0 && mv.Seat < len(r.Seats) {
			r.Seats[mv.Seat].Remaining = mv.Remaining
		}
		r.TurnStarted, r.Started, r.Offer = mv.At, true, ""
		return nil
	})
}

// UpdateSeats implements Store.
func (m *MemoryStore) UpdateSeats(_ context.Context, code string, version uint64, u SeatsUpdate) (uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.change(code, version, true, func(r *Record) error {
		if u.Seats != nil {
			r.Seats = append([]SeatRecord(nil), u.Seats...)
		}
		r.Started = r.Started || u.Started
		r.TurnStarted, r.Adjourned = u.TurnStarted, u.Adjourned
		return nil
	})
}

// Finish implements Store.
func (m *MemoryStore) Finish(_ context.Context, code string, f FinishRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.live(code)
	if err != nil {
		return err
	}
	if f.Moves != len(r.Moves) {
		return ErrStale
	}
	r = r.clone()
	r.Finished, r.Result, r.TurnStarted, r.Adjourned = true, f.Result, time.Time{}, time.Time{}
	r.Version++
	m.rooms[code] = r
	m.emit(Event{Room: code, Version: r.Version})
	return nil
}

// Quarantine implements Store; a memory store forgets such a room.
func (m *MemoryStore) Quarantine(_ context.Context, code, _ string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.forget(code)
	return nil
}

// Delete implements Store.
func (m *MemoryStore) Delete(_ context.Context, code string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if rec, ok := m.rooms[code]; ok && len(rec.Moves) > 0 {
		return ErrStale
	}
	m.forget(code)
	return nil
}

// forget removes room code, if there is one. Called with mu held.
func (m *MemoryStore) forget(code string) {
	if _, ok := m.rooms[code]; ok {
		delete(m.rooms, code)
		m.emit(Event{Room: code})
	}
}

// ClaimAI implements Store: one process holds every claim.
func (m *MemoryStore) ClaimAI(context.Context, string, time.Duration) error { return nil }

// ReleaseAI implements Store.
func (m *MemoryStore) ReleaseAI(context.Context, string) error { return nil }

// Subscribe implements Store.
func (m *MemoryStore) Subscribe(ctx context.Context) <-chan Event {
	ch := make(chan Event, 256)
	m.mu.Lock()
	m.subs[ch] = struct{}{}
	m.mu.Unlock()
	go func() {
		<-ctx.Done()
		m.mu.Lock()
		delete(m.subs, ch)
		close(ch)
		m.mu.Unlock()
	}()
	return ch
}

// Heartbeat implements Store.
func (m *MemoryStore) Heartbeat(_ context.Context, node string, now time.Time, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.nodes[node] = now.Add(ttl)
	m.served = now
	return nil
}

// Nodes implements Store.
func (m *MemoryStore) Nodes(context.Context) (map[string]time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]time.Time, len(m.nodes))
	for n, t := range m.nodes {
		out[n] = t
	}
	return out, nil
}

// DropNode implements Store.
func (m *MemoryStore) DropNode(_ context.Context, node string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.nodes, node)
	m.served = at
	return nil
}

// Resume implements Store.
func (m *MemoryStore) Resume(_ context.Context, node string, now time.Time, ttl time.Duration) (time.Time, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	last, others := m.served, false
	for n, lapses := range m.nodes {
		others = others || (n != node && now.Before(lapses))
	}
	m.nodes[node], m.served = now.Add(ttl), now
	return last, others, nil
}

// change applies f to a copy of the room and stores it as the next
// version, if the room is at version (any version when version is 0)
// and, with live, its game goes on. Called with mu held.
func (m *MemoryStore) change(code string, version uint64, live bool, f func(r *Record) error) (uint64, error) {
	return m.changeWith(code, version, live, nil, f)
}

// changeWith is change for a move mv, which its event carries.
func (m *MemoryStore) changeWith(code string, version uint64, live bool, mv *MoveRecord, f func(r *Record) error) (uint64, error) {
	r, ok := m.rooms[code]
	switch {
	case !ok:
		return 0, ErrNoRoom
	case live && r.Finished:
		return 0, ErrEnded
	case version != 0 && r.Version != version:
		return 0, ErrStale
	}
	r = r.clone()
	if err := f(&r); err != nil {
		return 0, err
	}
	r.Version++
	m.rooms[code] = r
	m.emit(Event{Room: code, Version: r.Version, Move: mv})
	return r.Version, nil
}

// SetOffer implements Store.
func (m *MemoryStore) SetOffer(_ context.Context, code string, version uint64, offer string) (uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.change(code, version, false, func(r *Record) error { r.Offer = offer; return nil })
}

// TakeBack implements Store.
func (m *MemoryStore) TakeBack(_ context.Context, code string, version uint64, keep int, at time.Time) (uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.change(code, version, true, func(r *Record) error {
		if keep < 0 || keep > len(r.Moves) {
			return errors.New("no such move to take back to")
		}
		r.Moves, r.Offer, r.TurnStarted = r.Moves[:keep], "", at
		return nil
	})
}

// AddChat implements Store.
func (m *MemoryStore) AddChat(_ context.Context, code string, line ChatLine) (uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.change(code, 0, false, func(r *Record) error {
		r.Chat = append(r.Chat, line)
		if n := len(r.Chat); n > ChatKept {
			r.Chat = r.Chat[n-ChatKept:]
		}
		return nil
	})
}
